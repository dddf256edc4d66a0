package org.iosim.stoex.internal;

import static org.iosim.stoex.StoExType.ANY;
import static org.iosim.stoex.StoExType.BOOL;
import static org.iosim.stoex.StoExType.DOUBLE;
import static org.iosim.stoex.StoExType.ENUM;
import static org.iosim.stoex.StoExType.INT;
import static org.iosim.stoex.StoExType.STRING;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.iosim.stoex.StoExType;
import org.iosim.stoex.StoExTypeException;
import org.iosim.stoex.TypeEnvironment;

/**
 * Static typing rules, shared by the type checker and the compiler. ANY fits wherever a value is
 * expected and is checked when sampled.
 * <p>
 * The walks of the tree use loops rather than streams: they recurse once per level of nesting,
 * and a stream would add several frames to each.
 */
public final class Typing {

	private Typing() {
	}

	public static StoExType typeOf(Ast ast, TypeEnvironment environment) {
		return switch (ast) {
			case Ast.IntLiteral literal -> INT;
			case Ast.DoubleLiteral literal -> DOUBLE;
			case Ast.StringLiteral literal -> STRING;
			case Ast.BoolLiteral literal -> BOOL;
			case Ast.Variable variable -> declared(environment, variable.name());
			case Ast.Prefix prefix -> prefix(prefix.operator(), typeOf(prefix.operand(), environment), prefix.column());
			case Ast.Infix infix -> {
				StoExType type = typeOf(infix.first(), environment);
				for (Ast.Step step : infix.steps()) {
					type = infix(step.operator(), type, typeOf(step.operand(), environment), step.column());
				}
				yield type;
			}
			case Ast.Conditional conditional -> conditional(typeOf(conditional.condition(), environment),
					typeOf(conditional.then(), environment), typeOf(conditional.otherwise(), environment),
					conditional.column());
			case Ast.Call call -> {
				List<StoExType> arguments = new ArrayList<>();
				for (Ast argument : call.arguments()) {
					arguments.add(typeOf(argument, environment));
				}
				yield call(call.function(), arguments, call.column());
			}
			case Ast.ProbabilityFunction function -> switch (function.kind()) {
				case INT_PMF -> INT;
				case DOUBLE_PMF, DOUBLE_PDF -> DOUBLE;
				case ENUM_PMF -> ENUM;
				case BOOL_PMF -> BOOL;
			};
		};
	}

	public static Set<String> variables(Ast ast) {
		Set<String> names = new LinkedHashSet<>();
		collectVariables(ast, names);
		return Collections.unmodifiableSet(names);
	}

	private static void collectVariables(Ast ast, Set<String> names) {
		switch (ast) {
			case Ast.Variable variable -> names.add(variable.name());
			case Ast.Prefix prefix -> collectVariables(prefix.operand(), names);
			case Ast.Infix infix -> {
				collectVariables(infix.first(), names);
				for (Ast.Step step : infix.steps()) {
					collectVariables(step.operand(), names);
				}
			}
			case Ast.Conditional conditional -> {
				collectVariables(conditional.condition(), names);
				collectVariables(conditional.then(), names);
				collectVariables(conditional.otherwise(), names);
			}
			case Ast.Call call -> {
				for (Ast argument : call.arguments()) {
					collectVariables(argument, names);
				}
			}
			default -> {
			}
		}
	}

	/** @return whether the expression has no variable and nothing random */
	public static boolean isConstant(Ast ast) {
		return switch (ast) {
			case Ast.Variable variable -> false;
			case Ast.ProbabilityFunction function -> false;
			case Ast.Prefix prefix -> isConstant(prefix.operand());
			case Ast.Infix infix -> isConstant(infix.first()) && operandsConstant(infix.steps());
			case Ast.Conditional conditional -> isConstant(conditional.condition()) && isConstant(conditional.then())
					&& isConstant(conditional.otherwise());
			case Ast.Call call -> !call.function().random && allConstant(call.arguments());
			default -> true;
		};
	}

	/** @return whether evaluating the expression draws random numbers: it holds a distribution or probability function */
	public static boolean isRandom(Ast ast) {
		return switch (ast) {
			case Ast.ProbabilityFunction function -> true;
			case Ast.Prefix prefix -> isRandom(prefix.operand());
			case Ast.Infix infix -> isRandom(infix.first())
					|| infix.steps().stream().anyMatch(step -> isRandom(step.operand()));
			case Ast.Conditional conditional -> isRandom(conditional.condition()) || isRandom(conditional.then())
					|| isRandom(conditional.otherwise());
			case Ast.Call call -> call.function().random || call.arguments().stream().anyMatch(Typing::isRandom);
			default -> false;
		};
	}

	private static boolean operandsConstant(List<Ast.Step> steps) {
		for (Ast.Step step : steps) {
			if (!isConstant(step.operand())) {
				return false;
			}
		}
		return true;
	}

	private static boolean allConstant(List<Ast> expressions) {
		for (Ast expression : expressions) {
			if (!isConstant(expression)) {
				return false;
			}
		}
		return true;
	}

	static StoExType declared(TypeEnvironment environment, String variable) {
		StoExType type = environment.typeOf(variable);
		return type == null ? ANY : type;
	}

	static StoExType prefix(PrefixOperator operator, StoExType operand, int column) {
		boolean fits = operator == PrefixOperator.NOT ? isBoolean(operand) : operand.isNumeric();
		if (!fits) {
			throw new StoExTypeException(column, "operator '" + operator.symbol + "' is not defined for " + operand);
		}
		return operator == PrefixOperator.NOT ? BOOL : operand;
	}

	static StoExType infix(InfixOperator operator, StoExType left, StoExType right, int column) {
		boolean fits = switch (operator) {
			case AND, OR, XOR -> isBoolean(left) && isBoolean(right);
			case EQ, NE -> left == ANY || right == ANY || left.isNumeric() && right.isNumeric()
					|| left == BOOL && right == BOOL || isText(left) && isText(right);
			default -> left.isNumeric() && right.isNumeric();
		};
		if (!fits) {
			throw new StoExTypeException(column,
					"operator '" + operator.symbol + "' is not defined for " + left + " and " + right);
		}
		return switch (operator) {
			case AND, OR, XOR, EQ, NE, LT, GT, LE, GE -> BOOL;
			case DIV, POW -> DOUBLE;
			case ADD, SUB, MUL, MOD -> arithmetic(left, right);
		};
	}

	static StoExType conditional(StoExType condition, StoExType then, StoExType otherwise, int column) {
		if (!isBoolean(condition)) {
			throw new StoExTypeException(column, "condition of '?' must be BOOL but is " + condition);
		}
		if (then == otherwise || then == ANY || otherwise == ANY) {
			return then == otherwise ? then : ANY;
		}
		if (then.isNumeric() && otherwise.isNumeric()) {
			return arithmetic(then, otherwise);
		}
		if (isText(then) && isText(otherwise)) {
			return STRING;
		}
		throw new StoExTypeException(column, "branches of '?' have incompatible types " + then + " and " + otherwise);
	}

	static StoExType call(BuiltinFunction function, List<StoExType> arguments, int column) {
		for (int i = 0; i < arguments.size(); i++) {
			StoExType argument = arguments.get(i);
			boolean wholeNumberExpected = function == BuiltinFunction.UNI_INT
					|| function == BuiltinFunction.BINOM && i == 0;
			if (wholeNumberExpected ? argument != INT && argument != ANY : !argument.isNumeric()) {
				throw new StoExTypeException(column, "function '" + function.stoexName + "' expects "
						+ (wholeNumberExpected ? "an INT" : "a number") + " as argument " + (i + 1) + " but got "
						+ argument);
			}
		}
		return switch (function) {
			case EXP, NORM, UNI_DOUBLE, GAMMA, GAMMA_MOMENTS, LOGNORM, LOGNORM_MOMENTS, SQRT, LOG, POW -> DOUBLE;
			case POIS, UNI_INT, BINOM, TRUNC, ROUND, CEIL, FLOOR -> INT;
			case ABS -> arguments.get(0);
			case MIN, MAX -> arithmetic(arguments.get(0), arguments.get(1));
		};
	}

	/** Result of {@code + - * %}, Min and Max on numeric operands: DOUBLE wins, then ANY, else INT. */
	static StoExType arithmetic(StoExType left, StoExType right) {
		if (left == DOUBLE || right == DOUBLE) {
			return DOUBLE;
		}
		return left == ANY || right == ANY ? ANY : INT;
	}

	private static boolean isBoolean(StoExType type) {
		return type == BOOL || type == ANY;
	}

	private static boolean isText(StoExType type) {
		return type == STRING || type == ENUM;
	}
}
