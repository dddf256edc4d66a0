package org.iosim.stoex.internal;

/**
 * Prints the canonical text of an expression: single spaces around binary operators and
 * {@code ? :}, {@code ", "} between arguments, probability functions without blanks, and
 * parentheses only where the grammar needs them to read the tree back.
 */
public final class Printer {

	private static final int CONDITIONAL = 0;
	private static final int ATOM = 9;

	private Printer() {
	}

	public static String print(Ast ast) {
		StringBuilder out = new StringBuilder();
		print(ast, out);
		return out.toString();
	}

	private static void print(Ast ast, StringBuilder out) {
		switch (ast) {
			case Ast.IntLiteral literal -> out.append(literal.value()).append(unit(literal.unit()));
			case Ast.DoubleLiteral literal ->
				out.append(Values.formatDouble(literal.value())).append(unit(literal.unit()));
			case Ast.StringLiteral literal -> out.append(Values.quote(literal.value()));
			case Ast.BoolLiteral literal -> out.append(literal.value());
			case Ast.Variable variable -> out.append(variable.name());
			case Ast.Prefix prefix -> {
				out.append(prefix.operator().symbol);
				if (prefix.operator() == PrefixOperator.NOT) {
					out.append(' ');
				}
				operand(prefix.operand(), precedence(prefix.operand()) < prefix.operator().precedence, out);
			}
			case Ast.Infix infix -> infix(infix, out);
			case Ast.Conditional conditional -> {
				operand(conditional.condition(), precedence(conditional.condition()) == CONDITIONAL, out);
				out.append(" ? ");
				operand(conditional.then(), precedence(conditional.then()) == CONDITIONAL, out);
				out.append(" : ");
				operand(conditional.otherwise(), precedence(conditional.otherwise()) == CONDITIONAL, out);
			}
			case Ast.Call call -> {
				out.append(call.function().stoexName).append('(');
				for (int i = 0; i < call.arguments().size(); i++) {
					out.append(i == 0 ? "" : ", ");
					print(call.arguments().get(i), out);
				}
				out.append(')');
			}
			case Ast.ProbabilityFunction function -> probabilityFunction(function, out);
		}
	}

	private static void infix(Ast.Infix infix, StringBuilder out) {
		InfixOperator operator = infix.operator();
		int own = operator.precedence;
		// Sums, products and boolean operators group to the left, powers to the right, and
		// comparisons do not group at all.
		boolean firstNeedsParentheses = operator == InfixOperator.POW || operator.isComparison()
				? precedence(infix.first()) <= own
				: precedence(infix.first()) < own;
		operand(infix.first(), firstNeedsParentheses, out);
		for (Ast.Step step : infix.steps()) {
			int right = precedence(step.operand());
			out.append(' ').append(step.operator().symbol).append(' ');
			operand(step.operand(), operator == InfixOperator.POW ? right < own : right <= own, out);
		}
	}

	private static void operand(Ast operand, boolean parenthesize, StringBuilder out) {
		if (parenthesize) {
			out.append('(');
			print(operand, out);
			out.append(')');
		} else {
			print(operand, out);
		}
	}

	private static int precedence(Ast ast) {
		return switch (ast) {
			case Ast.Conditional conditional -> CONDITIONAL;
			case Ast.Infix infix -> infix.operator().precedence;
			case Ast.Prefix prefix -> prefix.operator().precedence;
			default -> ATOM;
		};
	}

	private static void probabilityFunction(Ast.ProbabilityFunction function, StringBuilder out) {
		out.append(function.kind().keyword).append(function.ordered() ? "(ordered)" : "").append('[');
		for (int i = 0; i < function.values().size(); i++) {
			Object value = function.values().get(i);
			out.append('(').append(switch (value) {
				case Double number -> Values.formatDouble(number);
				case String string -> Values.quote(string);
				default -> value.toString();
			});
			out.append(';').append(Values.formatDouble(function.probabilities().get(i))).append(')');
		}
		out.append(']').append(unit(function.unit()));
	}

	private static String unit(String unit) {
		return unit.isEmpty() ? "" : "[" + unit + "]";
	}
}
