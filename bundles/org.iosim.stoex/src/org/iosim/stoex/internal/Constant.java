package org.iosim.stoex.internal;

import java.util.OptionalDouble;

import org.iosim.stoex.StoExType;

/** A literal or a folded constant sub-expression. */
final class Constant extends Node {

	private final Object value;
	private final double number;
	private final long whole;
	private final boolean truth;

	/** @param value Long (INT), Double (DOUBLE), Boolean (BOOL) or String (STRING, ENUM) */
	Constant(StoExType type, Object value, int column) {
		super(type, column);
		this.value = value;
		this.number = value instanceof Number n ? n.doubleValue() : Double.NaN;
		this.whole = value instanceof Long n ? n : 0;
		this.truth = Boolean.TRUE.equals(value);
	}

	@Override
	double asDouble(EvaluationContext context) {
		return number;
	}

	@Override
	long asLong(EvaluationContext context) {
		return whole;
	}

	@Override
	boolean asBoolean(EvaluationContext context) {
		return truth;
	}

	@Override
	Object asObject(EvaluationContext context) {
		return value;
	}

	@Override
	OptionalDouble mean() {
		return switch (value) {
			case Number n -> OptionalDouble.of(number);
			case Boolean b -> OptionalDouble.of(truth ? 1 : 0);
			default -> OptionalDouble.empty();
		};
	}

	@Override
	boolean isConstant() {
		return true;
	}
}
