package org.iosim.stoex.internal;

import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExType;

/** A characterised variable, looked up in the bindings at every evaluation and checked against its declared type. */
final class VariableNode extends Node {

	private final String name;

	VariableNode(String name, StoExType declared, int column) {
		super(declared, column);
		this.name = name;
	}

	private Object value(EvaluationContext context) {
		Object value = context.lookup(name);
		if (value == null) {
			throw new StoExEvaluationException(column, "variable '" + name + "' is not bound");
		}
		return value;
	}

	@Override
	double asDouble(EvaluationContext context) {
		if (type == StoExType.INT) {
			return asLong(context);
		}
		Object value = value(context);
		if (value instanceof Number number) {
			return number.doubleValue();
		}
		throw mismatch("a number", value);
	}

	@Override
	long asLong(EvaluationContext context) {
		Object value = value(context);
		if (Values.isWhole(value)) {
			return ((Number) value).longValue();
		}
		throw mismatch("a whole number", value);
	}

	@Override
	boolean asBoolean(EvaluationContext context) {
		Object value = value(context);
		if (value instanceof Boolean truth) {
			return truth;
		}
		throw mismatch("true or false", value);
	}

	@Override
	Object asObject(EvaluationContext context) {
		return switch (type) {
			case INT -> asLong(context);
			case DOUBLE -> {
				Object value = value(context);
				if (value instanceof Number number) {
					yield value instanceof Double ? value : Double.valueOf(number.doubleValue());
				}
				throw mismatch("a number", value);
			}
			case BOOL -> asBoolean(context);
			case STRING, ENUM -> {
				Object value = value(context);
				if (value instanceof String) {
					yield value;
				}
				throw mismatch("a string", value);
			}
			case ANY -> {
				Object value = value(context);
				Object normalized = Values.normalize(value);
				if (normalized == null) {
					throw mismatch("a number, true, false or a string", value);
				}
				yield normalized;
			}
		};
	}

	private StoExEvaluationException mismatch(String expected, Object actual) {
		return new StoExEvaluationException(column,
				"variable '" + name + "' should be " + expected + " but is " + Values.describe(actual));
	}
}
