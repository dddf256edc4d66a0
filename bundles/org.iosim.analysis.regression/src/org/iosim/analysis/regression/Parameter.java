package org.iosim.analysis.regression;

/**
 * A tunable parameter of a technique with its search range (inclusive). Integer parameters round to
 * the nearest valid value (S3, SPEC.md §3).
 */
public record Parameter(String name, double lower, double upper, boolean integer) {

	public Parameter {
		if (!(lower <= upper)) {
			throw new IllegalArgumentException(name + ": lower bound " + lower + " above upper bound " + upper);
		}
	}

	/** The valid value nearest to {@code value}: clamped to the range, rounded for integers. */
	public double valid(double value) {
		double clamped = Math.max(lower, Math.min(upper, value));
		return integer ? Math.rint(clamped) : clamped;
	}
}
