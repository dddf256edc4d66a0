package org.iosim.des.statistics;

/**
 * Count, mean, variance, minimum and maximum of a stream of observations in
 * constant memory.
 * <p>
 * Mean and variance follow Welford's update, which stays accurate when the
 * mean is large compared with the spread, where the naive sum-of-squares
 * formula loses all significant digits.
 */
public final class Tally {

	private long count;
	private double mean;
	private double sumOfSquaredDeviations;
	private double minimum = Double.POSITIVE_INFINITY;
	private double maximum = Double.NEGATIVE_INFINITY;

	public void add(double observation) {
		count++;
		double deviationFromOldMean = observation - mean;
		mean += deviationFromOldMean / count;
		sumOfSquaredDeviations += deviationFromOldMean * (observation - mean);
		if (observation < minimum) {
			minimum = observation;
		}
		if (observation > maximum) {
			maximum = observation;
		}
	}

	public long count() {
		return count;
	}

	/** Arithmetic mean; NaN without observations. */
	public double mean() {
		return count == 0 ? Double.NaN : mean;
	}

	public double sum() {
		return mean * count;
	}

	/** Unbiased sample variance (divisor n − 1); NaN with fewer than two observations. */
	public double variance() {
		return count < 2 ? Double.NaN : sumOfSquaredDeviations / (count - 1);
	}

	public double standardDeviation() {
		return Math.sqrt(variance());
	}

	/** Smallest observation; NaN without observations. */
	public double min() {
		return count == 0 ? Double.NaN : minimum;
	}

	/** Largest observation; NaN without observations. */
	public double max() {
		return count == 0 ? Double.NaN : maximum;
	}

	public void reset() {
		count = 0;
		mean = 0;
		sumOfSquaredDeviations = 0;
		minimum = Double.POSITIVE_INFINITY;
		maximum = Double.NEGATIVE_INFINITY;
	}
}
