package org.iosim.sweep;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One parameter a sweep varies and the values it takes, as the command line gives it:
 * {@code NAME=VALUES}, where VALUES is a list ({@code 1,5,10}), a range from a first to a last
 * value in steps ({@code 1..40:5}, the last value included when a step lands on it; {@code 1..4}
 * steps by 1), or a list of both ({@code 1,2,5..40:5}).
 *
 * @param name   the parameter, e.g. {@code population} or {@code server.CPU.rate} (see {@link SweepParameters})
 * @param values its values in order, as text
 */
public record SweepParameter(String name, List<String> values) {

	/** More values than this for one parameter is a typing mistake, not a sweep. */
	public static final int MAX_VALUES = 10_000;

	public SweepParameter {
		Objects.requireNonNull(name, "name");
		values = List.copyOf(values);
		if (values.isEmpty()) {
			throw new IllegalArgumentException("parameter '" + name + "' has no values");
		}
	}

	/**
	 * @param definition e.g. {@code population=1..40:5}
	 * @throws IllegalArgumentException saying what is wrong with it
	 */
	public static SweepParameter parse(String definition) {
		int equals = definition.indexOf('=');
		if (equals <= 0 || equals == definition.length() - 1) {
			throw new IllegalArgumentException("'" + definition + "' is not NAME=VALUES (e.g. population=1..40:5 or"
					+ " population=1,5,10)");
		}
		String name = definition.substring(0, equals).strip();
		String text = definition.substring(equals + 1).strip();
		List<String> values = new ArrayList<>();
		for (String item : text.split(",", -1)) {
			String value = item.strip();
			if (value.isEmpty()) {
				throw new IllegalArgumentException("parameter '" + name + "': empty value in '" + text + "'");
			}
			if (value.contains("..")) {
				range(name, value, values);
			} else {
				values.add(value);
			}
			if (values.size() > MAX_VALUES) {
				throw new IllegalArgumentException("parameter '" + name + "' has more than " + MAX_VALUES + " values");
			}
		}
		return new SweepParameter(name, values);
	}

	/** Adds the values of {@code first..last:step}, computed in decimal so that 0.1 steps stay exact. */
	private static void range(String name, String range, List<String> values) {
		String problem = "parameter '" + name + "': '" + range + "' is not a range FIRST..LAST[:STEP] with"
				+ " FIRST <= LAST and a positive STEP";
		int dots = range.indexOf("..");
		int colon = range.indexOf(':', dots);
		BigDecimal first;
		BigDecimal last;
		BigDecimal step;
		try {
			first = new BigDecimal(range.substring(0, dots).strip());
			last = new BigDecimal(range.substring(dots + 2, colon < 0 ? range.length() : colon).strip());
			step = colon < 0 ? BigDecimal.ONE : new BigDecimal(range.substring(colon + 1).strip());
		} catch (NumberFormatException notNumbers) {
			throw new IllegalArgumentException(problem);
		}
		if (step.signum() <= 0 || first.compareTo(last) > 0) {
			throw new IllegalArgumentException(problem);
		}
		if (last.subtract(first).divide(step, java.math.MathContext.DECIMAL64).compareTo(BigDecimal.valueOf(MAX_VALUES)) > 0) {
			throw new IllegalArgumentException("parameter '" + name + "': '" + range + "' has more than " + MAX_VALUES
					+ " values");
		}
		for (BigDecimal value = first; value.compareTo(last) <= 0; value = value.add(step)) {
			values.add(value.stripTrailingZeros().toPlainString());
		}
	}
}
