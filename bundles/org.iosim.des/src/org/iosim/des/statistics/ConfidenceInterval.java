package org.iosim.des.statistics;

/**
 * A symmetric confidence interval {@code mean ± halfWidth} at the given
 * confidence level. An infinite half-width means there is not yet enough data
 * for an interval.
 */
public record ConfidenceInterval(double mean, double halfWidth, double level) {

	public double lower() {
		return mean - halfWidth;
	}

	public double upper() {
		return mean + halfWidth;
	}

	public boolean contains(double value) {
		return value >= lower() && value <= upper();
	}

	/**
	 * Half-width relative to the magnitude of the mean. A zero mean gives an
	 * infinite relative half-width unless the half-width is zero as well.
	 */
	public double relativeHalfWidth() {
		if (halfWidth == 0) {
			return 0;
		}
		return halfWidth / Math.abs(mean);
	}
}
