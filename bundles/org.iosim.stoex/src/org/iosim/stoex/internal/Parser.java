package org.iosim.stoex.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExParseException;
import org.iosim.stoex.internal.Ast.ProbabilityFunction.Kind;
import org.iosim.stoex.internal.Lexer.Token;

/**
 * Recursive-descent parser for Palladio's stochastic expressions:
 *
 * <pre>
 * expression  = conditional END
 * conditional = and [ '?' conditional ':' conditional ]
 * and         = or { 'AND' or }
 * or          = not { ('OR' | 'XOR') not }
 * not         = 'NOT' not | comparison
 * comparison  = sum [ ('==' | '&lt;&gt;' | '&lt;' | '&gt;' | '&lt;=' | '&gt;=') sum ]
 * sum         = product { ('+' | '-') product }
 * product     = power { ('*' | '/' | '%') power }
 * power       = prefix [ '^' power ]
 * prefix      = '-' prefix | 'NOT' prefix | atom
 * atom        = INT [unit] | DOUBLE [unit] | STRING | 'true' | 'false' | '(' conditional ')'
 *             | NAME '(' [ conditional { ',' conditional } ] ')'
 *             | NAME { '.' NAME } '.' CHARACTERISATION
 *             | NAME                      (formulas only)
 *             | probability function
 * unit        = '[' unit tokens ']'
 * </pre>
 *
 * It accepts every expression of Palladio's grammar and reads it the same way, and also some that
 * Palladio rejects: {@code 2^3^2} as {@code 2^(3^2)}, conditionals nested to the right, conditionals
 * as function arguments. One difference in structure but not in value: Palladio applies a leading
 * {@code NOT} to the first operand of a comparison, this grammar to the whole comparison; for the
 * BOOL operands Palladio accepts, {@code (NOT a) == b} and {@code NOT (a == b)} are equal.
 * <p>
 * The repetitions ({@code { ... }}) are loops that make one {@link Ast.Infix} of a whole chain, so
 * a sum of a million terms costs neither recursion here nor depth in the tree. Recursion is left
 * for real nesting: parentheses, arguments, prefix operators, powers and conditionals. It is
 * bounded by {@link StoEx#MAXIMUM_NESTING}, so that neither this parser nor any walk of the tree
 * can exhaust a thread's stack.
 * <p>
 * In formula mode ({@link #parseFormula}) a name that is neither called nor followed by a dot is a
 * variable named by the name itself; reserved words keep their meaning and stay unusable as names.
 */
public final class Parser {

	private static final Set<String> CHARACTERISATIONS = Set.of("VALUE", "BYTESIZE", "NUMBER_OF_ELEMENTS", "TYPE", "STRUCTURE");

	private static final Set<String> RESERVED = Set.of("AND", "OR", "XOR", "NOT", "true", "false", "INNER", "IntPMF",
			"DoublePMF", "EnumPMF", "BoolPMF", "DoublePDF", "VALUE", "BYTESIZE", "NUMBER_OF_ELEMENTS", "TYPE",
			"STRUCTURE");

	/**
	 * How far the probabilities of a probability function may sum from 1. Tools write them rounded:
	 * CIPM's TeaStore model has DoublePMFs of 100 probabilities with six decimals that sum to 0.99999.
	 * Sampling and means scale the probabilities to sum to 1, which changes them by no more than this.
	 */
	private static final double PROBABILITY_SUM_TOLERANCE = 1e-4;

	private final Lexer lexer;
	private final boolean bareNamesAreVariables;
	private Token current;
	/** Levels of nesting open at the current token, counted as the canonical text will have them. */
	private int nesting;

	private Parser(Lexer lexer, boolean bareNamesAreVariables) {
		this.lexer = lexer;
		this.bareNamesAreVariables = bareNamesAreVariables;
		this.current = lexer.next();
	}

	/**
	 * @throws StoExParseException if the text is not a well-formed expression
	 */
	public static Ast parse(String text) {
		return parse(text, false);
	}

	/**
	 * Parses a formula: a stochastic expression in which a bare name such as {@code concurrency}
	 * is also a variable, named {@code concurrency}.
	 *
	 * @throws StoExParseException if the text is not a well-formed formula
	 */
	public static Ast parseFormula(String text) {
		return parse(text, true);
	}

	private static Ast parse(String text, boolean bareNamesAreVariables) {
		if (text.length() > StoEx.MAXIMUM_LENGTH) {
			throw new StoExParseException(StoEx.MAXIMUM_LENGTH + 1, "",
					"expression longer than " + StoEx.MAXIMUM_LENGTH + " characters");
		}
		Parser parser = new Parser(new Lexer(text), bareNamesAreVariables);
		Ast expression = parser.conditional(false);
		parser.expect(Lexer.Kind.END);
		return expression;
	}

	/**
	 * Opens levels of nesting.
	 *
	 * @param opener the token that opens them, where parsing stops if they are too many
	 */
	private void nest(Token opener, int levels) {
		nesting += levels;
		if (nesting > StoEx.MAXIMUM_NESTING) {
			throw error(opener, "expression nested too deeply (limit " + StoEx.MAXIMUM_NESTING + ")");
		}
	}

	private void unnest(int levels) {
		nesting -= levels;
	}

	/** @param isBranch whether this is a branch of another conditional, which the canonical text parenthesises */
	private Ast conditional(boolean isBranch) {
		Ast condition = and();
		if (!at(Lexer.Kind.QUESTION)) {
			return condition;
		}
		Token question = advance();
		int levels = isBranch ? 2 : 1;
		nest(question, levels);
		Ast then = conditional(true);
		expect(Lexer.Kind.COLON);
		Ast otherwise = conditional(true);
		unnest(levels);
		return new Ast.Conditional(condition, then, otherwise, question.column());
	}

	private Ast and() {
		Ast first = or();
		List<Ast.Step> steps = new ArrayList<>();
		for (InfixOperator operator; (operator = operatorAt(InfixOperator.AND.precedence)) != null;) {
			int column = advance().column();
			steps.add(new Ast.Step(operator, or(), column));
		}
		return infix(first, steps);
	}

	private Ast or() {
		Ast first = not();
		List<Ast.Step> steps = new ArrayList<>();
		for (InfixOperator operator; (operator = operatorAt(InfixOperator.OR.precedence)) != null;) {
			int column = advance().column();
			steps.add(new Ast.Step(operator, not(), column));
		}
		return infix(first, steps);
	}

	private Ast not() {
		if (current.isWord("NOT")) {
			Token not = advance();
			nest(not, 1);
			Ast operand = not();
			unnest(1);
			return new Ast.Prefix(PrefixOperator.NOT, operand, not.column());
		}
		return comparison();
	}

	private Ast comparison() {
		Ast left = sum();
		InfixOperator operator = operatorAt(InfixOperator.EQ.precedence);
		if (operator == null) {
			return left;
		}
		int column = advance().column();
		Ast comparison = Ast.Infix.of(left, operator, sum(), column);
		if (operatorAt(InfixOperator.EQ.precedence) != null) {
			throw error(current, "comparisons cannot be chained; use parentheses or AND");
		}
		return comparison;
	}

	private Ast sum() {
		Ast first = product();
		List<Ast.Step> steps = new ArrayList<>();
		for (InfixOperator operator; (operator = operatorAt(InfixOperator.ADD.precedence)) != null;) {
			int column = advance().column();
			steps.add(new Ast.Step(operator, product(), column));
		}
		return infix(first, steps);
	}

	private Ast product() {
		Ast first = power();
		List<Ast.Step> steps = new ArrayList<>();
		for (InfixOperator operator; (operator = operatorAt(InfixOperator.MUL.precedence)) != null;) {
			int column = advance().column();
			steps.add(new Ast.Step(operator, power(), column));
		}
		return infix(first, steps);
	}

	/** @return the operator of that precedence at the current token, or {@code null} */
	private InfixOperator operatorAt(int precedence) {
		InfixOperator operator = InfixOperator.of(current);
		return operator != null && operator.precedence == precedence ? operator : null;
	}

	private static Ast infix(Ast first, List<Ast.Step> steps) {
		return steps.isEmpty() ? first : new Ast.Infix(first, steps);
	}

	private Ast power() {
		Ast base = prefix();
		if (!at(Lexer.Kind.CARET)) {
			return base;
		}
		Token caret = advance();
		nest(caret, 1);
		Ast exponent = power();
		unnest(1);
		return Ast.Infix.of(base, InfixOperator.POW, exponent, caret.column());
	}

	private Ast prefix() {
		if (at(Lexer.Kind.MINUS)) {
			Token minus = advance();
			nest(minus, 1);
			Ast operand = prefix();
			unnest(1);
			return new Ast.Prefix(PrefixOperator.NEGATE, operand, minus.column());
		}
		if (current.isWord("NOT")) {
			// Here NOT follows an operator that binds more tightly, so the canonical text
			// parenthesises it: it costs a level for the parentheses as well.
			Token not = advance();
			nest(not, 2);
			Ast operand = prefix();
			unnest(2);
			return new Ast.Prefix(PrefixOperator.NOT, operand, not.column());
		}
		return atom();
	}

	private Ast atom() {
		Token token = current;
		switch (token.kind()) {
			case INT -> {
				advance();
				return new Ast.IntLiteral(parseLong(token), optionalUnit(), token.column());
			}
			case DOUBLE -> {
				advance();
				return new Ast.DoubleLiteral(parseDouble(token), optionalUnit(), token.column());
			}
			case STRING -> {
				advance();
				return new Ast.StringLiteral(token.value(), token.column());
			}
			case LPAREN -> {
				advance();
				nest(token, 1);
				Ast inner = conditional(false);
				expect(Lexer.Kind.RPAREN);
				unnest(1);
				return inner;
			}
			case IDENTIFIER -> {
				return namedAtom(token);
			}
			default -> throw error(token, "expected an expression but found " + token.describe());
		}
	}

	private Ast namedAtom(Token name) {
		for (Kind kind : Kind.values()) {
			if (name.isWord(kind.keyword)) {
				return probabilityFunction(kind);
			}
		}
		if (name.isWord("true") || name.isWord("false")) {
			advance();
			return new Ast.BoolLiteral(name.isWord("true"), name.column());
		}
		if (RESERVED.contains(name.lexeme())) {
			throw error(name, "expected an expression but found " + name.describe());
		}
		advance();
		if (at(Lexer.Kind.LPAREN)) {
			return call(name);
		}
		if (at(Lexer.Kind.DOT)) {
			return variable(name);
		}
		if (bareNamesAreVariables) {
			return new Ast.Variable(name.lexeme(), name.column());
		}
		throw error(current, "expected '(' or '.' after '" + name.lexeme() + "' but found " + current.describe());
	}

	private Ast call(Token name) {
		BuiltinFunction function = BuiltinFunction.named(name.lexeme());
		if (function == null) {
			throw error(name, "unknown function '" + name.lexeme() + "'");
		}
		nest(expect(Lexer.Kind.LPAREN), 1);
		List<Ast> arguments = new ArrayList<>();
		if (!at(Lexer.Kind.RPAREN)) {
			arguments.add(conditional(false));
			while (at(Lexer.Kind.COMMA)) {
				advance();
				arguments.add(conditional(false));
			}
		}
		expect(Lexer.Kind.RPAREN);
		unnest(1);
		if (arguments.size() < function.minimumArity || arguments.size() > function.maximumArity) {
			String expected = function.minimumArity == function.maximumArity
					? function.minimumArity + (function.minimumArity == 1 ? " argument" : " arguments")
					: function.minimumArity + " or " + function.maximumArity + " arguments";
			throw error(name, "function '" + function.stoexName + "' expects " + expected + " but got "
					+ arguments.size());
		}
		return new Ast.Call(function, arguments, name.column());
	}

	/** Reads {@code .segment} parts after the first name until a characterisation ends the path. */
	private Ast variable(Token first) {
		StringBuilder path = new StringBuilder(first.lexeme());
		while (true) {
			expect(Lexer.Kind.DOT);
			Token segment = current;
			if (segment.kind() != Lexer.Kind.IDENTIFIER
					|| RESERVED.contains(segment.lexeme()) && !segment.isWord("INNER")
							&& !CHARACTERISATIONS.contains(segment.lexeme())) {
				throw error(segment, "expected a name or a characterisation (VALUE, BYTESIZE, NUMBER_OF_ELEMENTS, "
						+ "TYPE, STRUCTURE) but found " + segment.describe());
			}
			advance();
			path.append('.').append(segment.lexeme());
			if (CHARACTERISATIONS.contains(segment.lexeme())) {
				return new Ast.Variable(path.toString(), first.column());
			}
			if (!at(Lexer.Kind.DOT)) {
				throw error(current, "expected '.' and a characterisation (VALUE, BYTESIZE, NUMBER_OF_ELEMENTS, "
						+ "TYPE, STRUCTURE) after '" + path + "' but found " + current.describe());
			}
		}
	}

	private Ast probabilityFunction(Kind kind) {
		Token keyword = advance();
		boolean ordered = false;
		if ((kind == Kind.ENUM_PMF || kind == Kind.BOOL_PMF) && at(Lexer.Kind.LPAREN)) {
			advance();
			if (!current.isWord("ordered")) {
				throw error(current, "expected 'ordered' but found " + current.describe());
			}
			advance();
			expect(Lexer.Kind.RPAREN);
			ordered = true;
		}
		expect(Lexer.Kind.LBRACKET);
		List<Object> values = new ArrayList<>();
		List<Double> probabilities = new ArrayList<>();
		do {
			expect(Lexer.Kind.LPAREN);
			Token valueToken = current;
			Object value = sampleValue(kind);
			if (kind == Kind.DOUBLE_PDF && (Double) value < 0) {
				throw error(valueToken, "DoublePDF interval ends must be 0 or above, as the first interval starts at 0,"
						+ " but one is " + Values.formatDouble((Double) value));
			}
			expect(Lexer.Kind.SEMICOLON);
			values.add(value);
			probabilities.add(probability());
			expect(Lexer.Kind.RPAREN);
		} while (at(Lexer.Kind.LPAREN));
		expect(Lexer.Kind.RBRACKET);
		if (kind == Kind.DOUBLE_PDF) {
			sortByUpperEnd(values, probabilities);
		}
		double sum = probabilities.stream().mapToDouble(Double::doubleValue).sum();
		if (Math.abs(sum - 1) > PROBABILITY_SUM_TOLERANCE) {
			throw error(keyword, "probabilities of " + kind.keyword + " sum to " + Values.formatDouble(sum)
					+ " but must sum to 1 (within " + Values.formatDouble(PROBABILITY_SUM_TOLERANCE) + ")");
		}
		boolean numeric = kind == Kind.INT_PMF || kind == Kind.DOUBLE_PMF || kind == Kind.DOUBLE_PDF;
		return new Ast.ProbabilityFunction(kind, ordered, values, probabilities, numeric ? optionalUnit() : "",
				keyword.column());
	}

	/**
	 * Palladio reads a DoublePDF as a set of (upper end, probability) points and sorts them by their
	 * ends (its BoxedPDF), so tools write them in any order: mRUBiS's measured histograms have ends
	 * out of order. Points with equal ends keep their order.
	 */
	private static void sortByUpperEnd(List<Object> upperEnds, List<Double> probabilities) {
		List<Integer> order = new ArrayList<>();
		for (int i = 0; i < upperEnds.size(); i++) {
			order.add(i);
		}
		order.sort(Comparator.comparingDouble(i -> (Double) upperEnds.get(i)));
		List<Object> sortedEnds = order.stream().map(upperEnds::get).toList();
		List<Double> sortedProbabilities = order.stream().map(probabilities::get).toList();
		upperEnds.clear();
		upperEnds.addAll(sortedEnds);
		probabilities.clear();
		probabilities.addAll(sortedProbabilities);
	}

	private Object sampleValue(Kind kind) {
		Token token = current;
		switch (kind) {
			case ENUM_PMF -> {
				expect(Lexer.Kind.STRING);
				return token.value();
			}
			case BOOL_PMF -> {
				if (!token.isWord("true") && !token.isWord("false")) {
					throw error(token, "expected true or false but found " + token.describe());
				}
				advance();
				return token.isWord("true");
			}
			default -> {
				boolean negative = at(Lexer.Kind.MINUS);
				if (negative) {
					advance();
				}
				Token number = current;
				if (kind == Kind.INT_PMF) {
					if (number.kind() != Lexer.Kind.INT) {
						throw error(number, "expected an integer but found " + number.describe());
					}
					advance();
					long magnitude = parseLong(number);
					return negative ? -magnitude : magnitude;
				}
				if (number.kind() != Lexer.Kind.INT && number.kind() != Lexer.Kind.DOUBLE) {
					throw error(number, "expected a number but found " + number.describe());
				}
				advance();
				double magnitude = parseDouble(number);
				return negative ? -magnitude : magnitude;
			}
		}
	}

	private double probability() {
		Token token = current;
		if (token.kind() != Lexer.Kind.INT && token.kind() != Lexer.Kind.DOUBLE) {
			throw error(token, "expected a probability but found " + token.describe());
		}
		advance();
		double probability = parseDouble(token);
		if (probability > 1) {
			throw error(token, "probability " + token.lexeme() + " is not between 0 and 1");
		}
		return probability;
	}

	/** Palladio's unit suffix, e.g. {@code [B]} or {@code [m/s^2]}; kept for printing, without effect on values. */
	private String optionalUnit() {
		if (!at(Lexer.Kind.LBRACKET)) {
			return "";
		}
		advance();
		StringBuilder unit = new StringBuilder();
		Token previous = null;
		while (isUnitPart(current)) {
			Token part = advance();
			if (previous != null && wouldReadDifferentlyJoined(previous, part)) {
				unit.append(' ');
			}
			unit.append(part.lexeme());
			previous = part;
		}
		if (unit.isEmpty()) {
			throw error(current, "expected a unit but found " + current.describe());
		}
		expect(Lexer.Kind.RBRACKET);
		return unit.toString();
	}

	/**
	 * Units are kept without blanks, except between parts that would then read as something else:
	 * a number and a name like {@code e5}, which would be an exponent, and {@code /} before
	 * {@code *} or {@code /}, which would open a comment.
	 */
	private static boolean wouldReadDifferentlyJoined(Token first, Token second) {
		return first.kind() == Lexer.Kind.INT && second.kind() == Lexer.Kind.IDENTIFIER
				&& Character.toLowerCase(second.lexeme().charAt(0)) == 'e'
				|| first.kind() == Lexer.Kind.SLASH
						&& (second.kind() == Lexer.Kind.STAR || second.kind() == Lexer.Kind.SLASH);
	}

	private static boolean isUnitPart(Token token) {
		return switch (token.kind()) {
			case IDENTIFIER, INT, STAR, SLASH, CARET, MINUS, LPAREN, RPAREN -> true;
			default -> false;
		};
	}

	private long parseLong(Token token) {
		try {
			return Long.parseLong(token.lexeme());
		} catch (NumberFormatException e) {
			throw error(token, "integer " + token.lexeme() + " is out of range");
		}
	}

	private double parseDouble(Token token) {
		double value = Double.parseDouble(token.lexeme());
		if (Double.isInfinite(value)) {
			throw error(token, "number " + token.lexeme() + " is out of range");
		}
		return value;
	}

	private boolean at(Lexer.Kind kind) {
		return current.kind() == kind;
	}

	/** @return the current token, moving on to the next one unless at the end */
	private Token advance() {
		Token token = current;
		if (token.kind() != Lexer.Kind.END) {
			current = lexer.next();
		}
		return token;
	}

	private Token expect(Lexer.Kind kind) {
		if (!at(kind)) {
			throw error(current, "expected " + kind.expected + " but found " + current.describe());
		}
		return advance();
	}

	private static StoExParseException error(Token token, String detail) {
		return new StoExParseException(token.column(), token.lexeme(), detail);
	}
}
