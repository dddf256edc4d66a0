package org.iosim.des.statistics;

/**
 * The mean of a correlated output sequence (e.g. successive residence times) with a confidence
 * interval from batch means, {@code t(k−1, (1+level)/2) · s / √k} for k batch means with sample
 * standard deviation s: {@link BatchMeans} when the batches may grow with the run,
 * {@link FixedBatchMeans} when the model gives their size. The point estimate is the mean of all
 * observations, including those of the batch still being filled.
 */
public abstract sealed class SteadyStateMean permits BatchMeans, FixedBatchMeans {

	private long count;
	private double sum;
	// The t quantile only changes when the number of batches or the level
	// does, so a stop condition polled after every event stays cheap.
	private int cachedDegreesOfFreedom = -1;
	private double cachedLevel = Double.NaN;
	private double cachedTQuantile;

	public abstract void add(double observation);

	public abstract int completedBatches();

	/** The sample variance of the completed batch means; called with two or more. */
	abstract double varianceOfBatchMeans();

	/** Counts an observation into the point estimate; {@link #add} calls it first. */
	final void observe(double observation) {
		count++;
		sum += observation;
	}

	final void forgetObservations() {
		count = 0;
		sum = 0;
	}

	public final long count() {
		return count;
	}

	/** Mean of all observations; NaN without observations. */
	public final double mean() {
		return count == 0 ? Double.NaN : sum / count;
	}

	/** Half-width of the confidence interval at the given level, e.g. 0.95; infinite with fewer than two batches. */
	public final double halfWidth(double level) {
		if (!(level > 0 && level < 1)) {
			throw new IllegalArgumentException("confidence level must lie in (0, 1): " + level);
		}
		int k = completedBatches();
		if (k < 2) {
			return Double.POSITIVE_INFINITY;
		}
		return tQuantile(k - 1, level) * Math.sqrt(varianceOfBatchMeans() / k);
	}

	public final double relativeHalfWidth(double level) {
		return new ConfidenceInterval(mean(), halfWidth(level), level).relativeHalfWidth();
	}

	/** Whether the half-width at the level is at most {@code maxHalfWidth}: what a stopping rule asks. */
	public boolean halfWidthAtMost(double level, double maxHalfWidth) {
		return halfWidth(level) <= maxHalfWidth;
	}

	/** Whether the batches are trusted to be independent enough for an interval: no test was asked for, or it passed. */
	public boolean correlationTestPassed() {
		return true;
	}

	/**
	 * @return the t quantile last solved at this level, if it was for at most {@code degreesOfFreedom}
	 *         (so at least the one for them); NaN otherwise
	 */
	final double solvedQuantileAtLeast(int degreesOfFreedom, double level) {
		return level == cachedLevel && cachedDegreesOfFreedom <= degreesOfFreedom ? cachedTQuantile : Double.NaN;
	}

	private double tQuantile(int degreesOfFreedom, double level) {
		if (degreesOfFreedom != cachedDegreesOfFreedom || level != cachedLevel) {
			cachedTQuantile = StudentT.quantile(degreesOfFreedom, (1 + level) / 2);
			cachedDegreesOfFreedom = degreesOfFreedom;
			cachedLevel = level;
		}
		return cachedTQuantile;
	}
}
