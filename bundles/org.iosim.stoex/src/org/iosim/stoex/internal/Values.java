package org.iosim.stoex.internal;

import org.iosim.stoex.StoExEvaluationException;

/** Conversions between the run-time values of expressions (Long, Double, Boolean, String) and their printed forms. */
final class Values {

	private Values() {
	}

	/**
	 * @return the value as one of the run-time kinds (whole numbers as Long, other numbers as
	 *         Double), or {@code null} if it is of no supported kind
	 */
	static Object normalize(Object raw) {
		return switch (raw) {
			case Long number -> number;
			case Integer number -> Long.valueOf(number);
			case Short number -> Long.valueOf(number);
			case Byte number -> Long.valueOf(number);
			case Double number -> number;
			case Number number -> number.doubleValue();
			case Boolean truth -> truth;
			case String string -> string;
			default -> null;
		};
	}

	static double toDouble(Object value, int column) {
		if (value instanceof Number number) {
			return number.doubleValue();
		}
		throw mismatch("a number", value, column);
	}

	/**
	 * @return whether the value is a whole number, or a floating-point number without fraction
	 *         within the long range
	 */
	static boolean isWhole(Object value) {
		if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
			return true;
		}
		if (value instanceof Number number) {
			double d = number.doubleValue();
			return d == Math.rint(d) && Math.abs(d) < 0x1p63;
		}
		return false;
	}

	static long toLong(Object value, int column) {
		if (isWhole(value)) {
			return ((Number) value).longValue();
		}
		throw mismatch("a whole number", value, column);
	}

	static boolean toBoolean(Object value, int column) {
		if (value instanceof Boolean truth) {
			return truth;
		}
		throw mismatch("true or false", value, column);
	}

	static String toText(Object value, int column) {
		if (value instanceof String string) {
			return string;
		}
		throw mismatch("a string", value, column);
	}

	/** Equality as {@code ==} sees it: numbers by value whatever their kind, other values by {@code equals}. */
	static boolean dynamicEquals(Object left, Object right) {
		if (left instanceof Long l && right instanceof Long r) {
			return l.longValue() == r.longValue();
		}
		if (left instanceof Number l && right instanceof Number r) {
			return l.doubleValue() == r.doubleValue();
		}
		return left.equals(right);
	}

	static StoExEvaluationException mismatch(String expected, Object actual, int column) {
		return new StoExEvaluationException(column, "expected " + expected + " but got " + describe(actual));
	}

	static String describe(Object value) {
		return switch (value) {
			case String string -> quote(string);
			case Double number -> formatDouble(number);
			case Number number -> number.toString();
			case Boolean truth -> truth.toString();
			default -> "a " + value.getClass().getName();
		};
	}

	/**
	 * @return the shortest text that reads back as the same double, in plain notation unless the
	 *         magnitude is very large or small, always with a fraction or exponent so it reads back
	 *         as DOUBLE
	 */
	static String formatDouble(double value) {
		if (value == 0) {
			// Keeps the sign of -0.0, which a DoublePMF may hold and sampling gives back.
			return Double.toString(value);
		}
		String shortest = Double.toString(value);
		if (shortest.indexOf('E') < 0) {
			// already plain, with a fraction (between 10⁻³ and 10⁷): every expression parsed is printed once
			return shortest;
		}
		double magnitude = Math.abs(value);
		if (Double.isFinite(value) && magnitude >= 1e-7 && magnitude < 1e21) {
			String plain = plain(shortest);
			return plain.contains(".") ? plain : plain + ".0";
		}
		return Double.toString(value);
	}

	/**
	 * {@code shortest}, in Double.toString's E notation (one digit, a fraction, an exponent), in plain
	 * notation without trailing zeros, as BigDecimal's {@code stripTrailingZeros().toPlainString()} gives
	 * it; without BigDecimal, whose first use takes 18 ms on JDK 25, and expressions are printed as models
	 * are read.
	 */
	private static String plain(String shortest) {
		boolean negative = shortest.startsWith("-");
		int exponentAt = shortest.indexOf('E');
		String digits = shortest.substring(negative ? 1 : 0, exponentAt).replace(".", "");
		int end = digits.length();
		while (digits.charAt(end - 1) == '0') {
			end--; // the first digit is not 0
		}
		digits = digits.substring(0, end);
		int integerDigits = 1 + Integer.parseInt(shortest.substring(exponentAt + 1));
		String unsigned = integerDigits <= 0 ? "0." + "0".repeat(-integerDigits) + digits
				: integerDigits >= digits.length() ? digits + "0".repeat(integerDigits - digits.length())
				: digits.substring(0, integerDigits) + "." + digits.substring(integerDigits);
		return negative ? "-" + unsigned : unsigned;
	}

	static String quote(String value) {
		StringBuilder quoted = new StringBuilder("\"");
		for (char c : value.toCharArray()) {
			switch (c) {
				case '"' -> quoted.append("\\\"");
				case '\\' -> quoted.append("\\\\");
				case '\n' -> quoted.append("\\n");
				case '\t' -> quoted.append("\\t");
				case '\r' -> quoted.append("\\r");
				case '\b' -> quoted.append("\\b");
				case '\f' -> quoted.append("\\f");
				default -> quoted.append(c);
			}
		}
		return quoted.append('"').toString();
	}
}
