package org.iosim.stoex.internal;

import java.util.OptionalDouble;

import org.iosim.stoex.StoExType;

/** Boolean operators, comparisons, the conditional and the conversions the conditional needs for its branches. */
final class LogicNodes {

	private LogicNodes() {
	}

	static final class Not extends Node.OfBoolean {

		private final Node operand;

		Not(Node operand, int column) {
			super(column);
			this.operand = operand;
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return !operand.asBoolean(context);
		}
	}

	/**
	 * A chain of AND, or of OR and XOR, applied from the left in a loop. AND and OR evaluate an
	 * operand only when it decides the result, as the value so far is sampled first.
	 */
	static final class Logical extends Node.OfBoolean {

		private final Node first;
		private final InfixOperator[] operators;
		private final Node[] operands;

		Logical(Node first, InfixOperator[] operators, Node[] operands, int column) {
			super(column);
			this.first = first;
			this.operators = operators;
			this.operands = operands;
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			boolean value = first.asBoolean(context);
			for (int i = 0; i < operators.length; i++) {
				value = switch (operators[i]) {
					case AND -> value && operands[i].asBoolean(context);
					case OR -> value || operands[i].asBoolean(context);
					default -> value ^ operands[i].asBoolean(context);
				};
			}
			return value;
		}
	}

	enum Comparison {
		EQ, NE, LT, GT, LE, GE;

		static Comparison of(InfixOperator operator) {
			return switch (operator) {
				case EQ -> EQ;
				case NE -> NE;
				case LT -> LT;
				case GT -> GT;
				case LE -> LE;
				default -> GE;
			};
		}

		boolean isEquality() {
			return this == EQ || this == NE;
		}

		boolean test(long left, long right) {
			return switch (this) {
				case EQ -> left == right;
				case NE -> left != right;
				case LT -> left < right;
				case GT -> left > right;
				case LE -> left <= right;
				case GE -> left >= right;
			};
		}

		boolean test(double left, double right) {
			return switch (this) {
				case EQ -> left == right;
				case NE -> left != right;
				case LT -> left < right;
				case GT -> left > right;
				case LE -> left <= right;
				case GE -> left >= right;
			};
		}

		/** For EQ and NE only. */
		boolean fromEquality(boolean equal) {
			return this == EQ == equal;
		}
	}

	static final class LongComparison extends Node.OfBoolean {

		private final Comparison comparison;
		private final Node left;
		private final Node right;

		LongComparison(Comparison comparison, Node left, Node right, int column) {
			super(column);
			this.comparison = comparison;
			this.left = left;
			this.right = right;
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return comparison.test(left.asLong(context), right.asLong(context));
		}
	}

	static final class DoubleComparison extends Node.OfBoolean {

		private final Comparison comparison;
		private final Node left;
		private final Node right;

		DoubleComparison(Comparison comparison, Node left, Node right, int column) {
			super(column);
			this.comparison = comparison;
			this.left = left;
			this.right = right;
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return comparison.test(left.asDouble(context), right.asDouble(context));
		}
	}

	static final class BooleanEquality extends Node.OfBoolean {

		private final Comparison comparison;
		private final Node left;
		private final Node right;

		BooleanEquality(Comparison comparison, Node left, Node right, int column) {
			super(column);
			this.comparison = comparison;
			this.left = left;
			this.right = right;
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return comparison.fromEquality(left.asBoolean(context) == right.asBoolean(context));
		}
	}

	/** Equality of strings, and of values whose kind is known only when evaluated. */
	static final class ObjectEquality extends Node.OfBoolean {

		private final Comparison comparison;
		private final Node left;
		private final Node right;

		ObjectEquality(Comparison comparison, Node left, Node right, int column) {
			super(column);
			this.comparison = comparison;
			this.left = left;
			this.right = right;
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return comparison.fromEquality(Values.dynamicEquals(left.asObject(context), right.asObject(context)));
		}
	}

	/** {@code condition ? then : otherwise}; the compiler converts both branches to the conditional's type. */
	static final class Conditional extends Node {

		private final Node condition;
		private final Node then;
		private final Node otherwise;

		Conditional(Node condition, Node then, Node otherwise, int column) {
			super(then.type, column);
			this.condition = condition;
			this.then = then;
			this.otherwise = otherwise;
		}

		private Node branch(EvaluationContext context) {
			return condition.asBoolean(context) ? then : otherwise;
		}

		@Override
		double asDouble(EvaluationContext context) {
			return branch(context).asDouble(context);
		}

		@Override
		long asLong(EvaluationContext context) {
			return branch(context).asLong(context);
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return branch(context).asBoolean(context);
		}

		@Override
		Object asObject(EvaluationContext context) {
			return branch(context).asObject(context);
		}

		/** The condition is sampled independently of the branches, so its probability weighs their means. */
		@Override
		OptionalDouble mean() {
			OptionalDouble probability = condition.mean();
			OptionalDouble thenMean = then.mean();
			OptionalDouble otherwiseMean = otherwise.mean();
			if (probability.isEmpty() || thenMean.isEmpty() || otherwiseMean.isEmpty()) {
				return OptionalDouble.empty();
			}
			double p = probability.getAsDouble();
			return OptionalDouble.of(p * thenMean.getAsDouble() + (1 - p) * otherwiseMean.getAsDouble());
		}
	}

	/** An INT branch of a DOUBLE conditional. */
	static final class AsDouble extends Node.OfDouble {

		private final Node operand;

		AsDouble(Node operand) {
			super(operand.column);
			this.operand = operand;
		}

		@Override
		double asDouble(EvaluationContext context) {
			return operand.asDouble(context);
		}

		@Override
		OptionalDouble mean() {
			return operand.mean();
		}

		@Override
		boolean isConstant() {
			return operand.isConstant();
		}
	}

	/** A typed branch of an ANY conditional: answers every accessor, checking those its type does not serve. */
	static final class AsAny extends Node.OfAny {

		private final Node operand;

		AsAny(Node operand) {
			super(operand.column);
			this.operand = operand;
		}

		@Override
		double asDouble(EvaluationContext context) {
			return operand.type == StoExType.INT || operand.type == StoExType.DOUBLE
					? operand.asDouble(context)
					: super.asDouble(context);
		}

		@Override
		long asLong(EvaluationContext context) {
			return operand.type == StoExType.INT ? operand.asLong(context) : super.asLong(context);
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return operand.type == StoExType.BOOL ? operand.asBoolean(context) : super.asBoolean(context);
		}

		@Override
		Object asObject(EvaluationContext context) {
			return operand.asObject(context);
		}

		@Override
		OptionalDouble mean() {
			return operand.mean();
		}

		@Override
		boolean isConstant() {
			return operand.isConstant();
		}
	}
}
