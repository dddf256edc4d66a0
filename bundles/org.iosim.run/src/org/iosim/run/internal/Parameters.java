package org.iosim.run.internal;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.iosim.files.FileProblems;

/** Checks of a transformation's parameters shared by IOSim's own transformations. */
final class Parameters {

	private Parameters() {
	}

	/** Rejects parameters the transformation does not know, since a misspelt one would be ignored silently. */
	static void requireOnly(String transformation, Map<String, String> parameters, Set<String> known) {
		Set<String> unknown = new TreeSet<>(parameters.keySet());
		unknown.removeAll(known);
		if (!unknown.isEmpty()) {
			throw new IllegalArgumentException(transformation + ": unknown parameter" + (unknown.size() == 1 ? " " : "s ")
					+ String.join(", ", unknown.stream().map(FileProblems::excerpt).toList()) + "; known parameters: " + String.join(", ", new TreeSet<>(known)));
		}
	}

	static String required(String transformation, Map<String, String> parameters, String name) {
		String value = parameters.get(name);
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException(transformation + " needs the parameter '" + name + "'");
		}
		return value.strip();
	}

	static double positiveNumber(String transformation, Map<String, String> parameters, String name) {
		String text = required(transformation, parameters, name);
		double value;
		try {
			value = Double.parseDouble(text);
		} catch (NumberFormatException notANumber) {
			value = Double.NaN;
		}
		if (!(value > 0) || Double.isInfinite(value)) {
			throw new IllegalArgumentException(transformation + ": '" + name + "' must be a positive number, got '" + text + "'");
		}
		return value;
	}

	/** e.g. {@code 2} or {@code 0.5}: how a number is written into a stochastic expression. */
	static String plain(double value) {
		return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
				: String.format(Locale.ROOT, "%s", value);
	}
}
