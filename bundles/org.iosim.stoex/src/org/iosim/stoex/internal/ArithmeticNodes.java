package org.iosim.stoex.internal;

import java.util.OptionalDouble;

import org.iosim.stoex.StoExEvaluationException;

/**
 * Arithmetic nodes, specialised by static type so that INT and DOUBLE arithmetic runs on
 * primitives: whole numbers in long arithmetic with overflow checks, floating-point numbers in
 * double arithmetic, and ANY operands decided per evaluation.
 */
final class ArithmeticNodes {

	private ArithmeticNodes() {
	}

	/** Binary arithmetic: the operators {@code + - * / % ^} and the functions Min, Max and Pow. */
	enum Operation {
		ADD("+"), SUB("-"), MUL("*"), DIV("/"), MOD("%"), POW("^"), MIN("Min"), MAX("Max");

		final String symbol;

		Operation(String symbol) {
			this.symbol = symbol;
		}

		double apply(double left, double right) {
			return switch (this) {
				case ADD -> left + right;
				case SUB -> left - right;
				case MUL -> left * right;
				case DIV -> left / right;
				case MOD -> left % right;
				case POW -> Math.pow(left, right);
				case MIN -> Math.min(left, right);
				case MAX -> Math.max(left, right);
			};
		}

		/** Only for the operations whose INT operands give an INT: not DIV and POW, which give DOUBLE. */
		long apply(long left, long right, int column) {
			try {
				return switch (this) {
					case ADD -> Math.addExact(left, right);
					case SUB -> Math.subtractExact(left, right);
					case MUL -> Math.multiplyExact(left, right);
					case MOD -> left % right;
					case MIN -> Math.min(left, right);
					case MAX -> Math.max(left, right);
					case DIV, POW -> throw new IllegalStateException(this + " has no INT result");
				};
			} catch (ArithmeticException e) {
				throw new StoExEvaluationException(column,
						this == MOD ? "integer division by zero in '%'" : "integer overflow in '" + symbol + "'");
			}
		}

		/**
		 * Means of sums and products follow from the operands' means because every occurrence is
		 * sampled independently; a quotient only when the divisor is constant.
		 */
		OptionalDouble mean(double leftMean, Node right) {
			OptionalDouble rightMean = right.mean();
			if (rightMean.isEmpty()) {
				return OptionalDouble.empty();
			}
			return switch (this) {
				case ADD, SUB, MUL -> OptionalDouble.of(apply(leftMean, rightMean.getAsDouble()));
				case DIV -> right.isConstant() && rightMean.getAsDouble() != 0
						? OptionalDouble.of(leftMean / rightMean.getAsDouble())
						: OptionalDouble.empty();
				default -> OptionalDouble.empty();
			};
		}
	}

	/**
	 * One step of a chain {@code first op1 operand1 op2 operand2 ...}, whose steps apply from the
	 * left. A chain is evaluated in a loop, so a sum of many terms costs no recursion; a single
	 * binary operation is a chain of one step. The column is the operator's.
	 */
	record Step(Operation operation, Node operand, int column) {
	}

	private static double inDoubles(Node first, Step[] steps, EvaluationContext context) {
		double value = first.asDouble(context);
		for (Step step : steps) {
			value = step.operation.apply(value, step.operand.asDouble(context));
		}
		return value;
	}

	private static OptionalDouble mean(Node first, Step[] steps) {
		OptionalDouble mean = first.mean();
		for (int i = 0; i < steps.length && mean.isPresent(); i++) {
			mean = steps[i].operation.mean(mean.getAsDouble(), steps[i].operand);
		}
		return mean;
	}

	/** A chain whose steps all give INT. */
	static final class LongChain extends Node.OfLong {

		private final Node first;
		private final Step[] steps;

		LongChain(Node first, Step... steps) {
			super(steps[0].column);
			this.first = first;
			this.steps = steps;
		}

		@Override
		long asLong(EvaluationContext context) {
			long value = first.asLong(context);
			for (Step step : steps) {
				value = step.operation.apply(value, step.operand.asLong(context), step.column);
			}
			return value;
		}

		@Override
		OptionalDouble mean() {
			return ArithmeticNodes.mean(first, steps);
		}
	}

	/** A chain whose steps all give DOUBLE. */
	static final class DoubleChain extends Node.OfDouble {

		private final Node first;
		private final Step[] steps;

		DoubleChain(Node first, Step... steps) {
			super(steps[0].column);
			this.first = first;
			this.steps = steps;
		}

		@Override
		double asDouble(EvaluationContext context) {
			return inDoubles(first, steps, context);
		}

		@Override
		OptionalDouble mean() {
			return ArithmeticNodes.mean(first, steps);
		}
	}

	/** A chain with ANY operands: each step gives INT if both its values are whole numbers, DOUBLE otherwise. */
	static final class DynamicChain extends Node.OfAny {

		private final Node first;
		private final Step[] steps;

		DynamicChain(Node first, Step... steps) {
			super(steps[0].column);
			this.first = first;
			this.steps = steps;
		}

		/** Double arithmetic gives the same value as long arithmetic would, so no boxing is needed here. */
		@Override
		double asDouble(EvaluationContext context) {
			return inDoubles(first, steps, context);
		}

		@Override
		Object asObject(EvaluationContext context) {
			Object value = first.asObject(context);
			for (Step step : steps) {
				Object operand = step.operand.asObject(context);
				if (value instanceof Long l && operand instanceof Long r) {
					value = step.operation.apply(l, r, step.column);
				} else {
					// After the first step the value is a number, so only the first value can be of the wrong kind.
					value = step.operation.apply(Values.toDouble(value, first.column),
							Values.toDouble(operand, step.operand.column));
				}
			}
			return value;
		}

		@Override
		OptionalDouble mean() {
			return ArithmeticNodes.mean(first, steps);
		}
	}

	/** Unary arithmetic: prefix minus and the functions Abs and Sqrt. */
	enum UnaryOperation {
		NEGATE, ABS, SQRT;

		double apply(double value, int column) {
			return switch (this) {
				case NEGATE -> -value;
				case ABS -> Math.abs(value);
				case SQRT -> {
					if (value < 0) {
						throw new StoExEvaluationException(column,
								"Sqrt: argument must not be negative, but is " + Values.formatDouble(value));
					}
					yield Math.sqrt(value);
				}
			};
		}

		/** Only for NEGATE and ABS, which keep INT operands INT. */
		long apply(long value, int column) {
			try {
				return switch (this) {
					case NEGATE -> Math.negateExact(value);
					case ABS -> Math.absExact(value);
					case SQRT -> throw new IllegalStateException(this + " has no INT result");
				};
			} catch (ArithmeticException e) {
				throw new StoExEvaluationException(column, "integer overflow negating " + value);
			}
		}

		OptionalDouble mean(Node operand) {
			OptionalDouble mean = operand.mean();
			return this == NEGATE && mean.isPresent() ? OptionalDouble.of(-mean.getAsDouble()) : OptionalDouble.empty();
		}
	}

	static final class LongUnary extends Node.OfLong {

		private final UnaryOperation operation;
		private final Node operand;

		LongUnary(UnaryOperation operation, Node operand, int column) {
			super(column);
			this.operation = operation;
			this.operand = operand;
		}

		@Override
		long asLong(EvaluationContext context) {
			return operation.apply(operand.asLong(context), column);
		}

		@Override
		OptionalDouble mean() {
			return operation.mean(operand);
		}
	}

	static final class DoubleUnary extends Node.OfDouble {

		private final UnaryOperation operation;
		private final Node operand;

		DoubleUnary(UnaryOperation operation, Node operand, int column) {
			super(column);
			this.operation = operation;
			this.operand = operand;
		}

		@Override
		double asDouble(EvaluationContext context) {
			return operation.apply(operand.asDouble(context), column);
		}

		@Override
		OptionalDouble mean() {
			return operation.mean(operand);
		}
	}

	static final class DynamicUnary extends Node.OfAny {

		private final UnaryOperation operation;
		private final Node operand;

		DynamicUnary(UnaryOperation operation, Node operand, int column) {
			super(column);
			this.operation = operation;
			this.operand = operand;
		}

		@Override
		double asDouble(EvaluationContext context) {
			return operation.apply(operand.asDouble(context), column);
		}

		@Override
		Object asObject(EvaluationContext context) {
			Object value = operand.asObject(context);
			if (value instanceof Long whole) {
				return operation.apply(whole, column);
			}
			return operation.apply(Values.toDouble(value, operand.column), column);
		}

		@Override
		OptionalDouble mean() {
			return operation.mean(operand);
		}
	}

	/** {@code Log(x)}, natural, or {@code Log(base, x)} as in Palladio: ln(x) / ln(base). */
	static final class Logarithm extends Node.OfDouble {

		private final Node base;
		private final Node argument;

		/** @param base the base, or {@code null} for the natural logarithm */
		Logarithm(Node base, Node argument, int column) {
			super(column);
			this.base = base;
			this.argument = argument;
		}

		@Override
		double asDouble(EvaluationContext context) {
			double x = argument.asDouble(context);
			if (!(x > 0)) {
				throw new StoExEvaluationException(column,
						"Log: argument must be positive, but is " + Values.formatDouble(x));
			}
			if (base == null) {
				return Math.log(x);
			}
			double b = base.asDouble(context);
			if (!(b > 0) || b == 1) {
				throw new StoExEvaluationException(column,
						"Log: base must be positive and other than 1, but is " + Values.formatDouble(b));
			}
			return Math.log(x) / Math.log(b);
		}
	}

	/** Trunc, Round, Ceil and Floor of a DOUBLE or ANY operand; of an INT operand they are the identity. */
	static final class Rounding extends Node.OfLong {

		private final BuiltinFunction function;
		private final Node operand;

		Rounding(BuiltinFunction function, Node operand, int column) {
			super(column);
			this.function = function;
			this.operand = operand;
		}

		@Override
		long asLong(EvaluationContext context) {
			double value = operand.asDouble(context);
			if (!(Math.abs(value) < 0x1p63)) {
				throw new StoExEvaluationException(column,
						function.stoexName + " of " + Values.formatDouble(value) + " is not a representable INT");
			}
			return switch (function) {
				case TRUNC -> (long) value;
				case ROUND -> Math.round(value);
				case CEIL -> (long) Math.ceil(value);
				default -> (long) Math.floor(value);
			};
		}
	}
}
