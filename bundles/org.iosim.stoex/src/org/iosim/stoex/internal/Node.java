package org.iosim.stoex.internal;

import java.util.OptionalDouble;

import org.iosim.stoex.StoExType;

/**
 * A compiled expression node. Which accessors a parent may call follows from the node's static
 * type, which the compiler checked: {@link #asLong} for INT, {@link #asDouble} for INT and DOUBLE,
 * {@link #asBoolean} for BOOL, {@link #asObject} always; ANY nodes answer all of them and check
 * the value they produce. Nodes are immutable; per-thread sampler state lives in the
 * {@link EvaluationContext}.
 */
abstract class Node {

	final StoExType type;
	final int column;

	Node(StoExType type, int column) {
		this.type = type;
		this.column = column;
	}

	double asDouble(EvaluationContext context) {
		throw misuse("asDouble");
	}

	long asLong(EvaluationContext context) {
		throw misuse("asLong");
	}

	boolean asBoolean(EvaluationContext context) {
		throw misuse("asBoolean");
	}

	/** @return the value as Long (INT), Double (DOUBLE), Boolean (BOOL) or String (STRING, ENUM) */
	abstract Object asObject(EvaluationContext context);

	/** @return the exact mean where {@link org.iosim.stoex.Expression#mean()} defines it */
	OptionalDouble mean() {
		return OptionalDouble.empty();
	}

	boolean isConstant() {
		return false;
	}

	private IllegalStateException misuse(String accessor) {
		return new IllegalStateException(accessor + " called on a " + type + " node; the compiler must prevent this");
	}

	abstract static class OfDouble extends Node {

		OfDouble(int column) {
			super(StoExType.DOUBLE, column);
		}

		@Override
		abstract double asDouble(EvaluationContext context);

		@Override
		final Object asObject(EvaluationContext context) {
			return asDouble(context);
		}
	}

	abstract static class OfLong extends Node {

		OfLong(int column) {
			super(StoExType.INT, column);
		}

		@Override
		abstract long asLong(EvaluationContext context);

		@Override
		final double asDouble(EvaluationContext context) {
			return asLong(context);
		}

		@Override
		final Object asObject(EvaluationContext context) {
			return asLong(context);
		}
	}

	abstract static class OfBoolean extends Node {

		OfBoolean(int column) {
			super(StoExType.BOOL, column);
		}

		@Override
		abstract boolean asBoolean(EvaluationContext context);

		@Override
		final Object asObject(EvaluationContext context) {
			return asBoolean(context);
		}
	}

	/** A node whose kind of value is known only when it is evaluated. */
	abstract static class OfAny extends Node {

		OfAny(int column) {
			super(StoExType.ANY, column);
		}

		@Override
		double asDouble(EvaluationContext context) {
			return Values.toDouble(asObject(context), column);
		}

		@Override
		long asLong(EvaluationContext context) {
			return Values.toLong(asObject(context), column);
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return Values.toBoolean(asObject(context), column);
		}
	}
}
