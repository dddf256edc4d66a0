package org.iosim.des.statistics;

/**
 * The mean of a correlated output sequence (e.g. successive residence times) with a confidence
 * interval from batch means: {@link BatchMeans} when the batches may grow with the run,
 * {@link FixedBatchMeans} when the model gives their size.
 */
public interface SteadyStateMean {

	void add(double observation);

	long count();

	/** Mean of all observations; NaN without observations. */
	double mean();

	int completedBatches();

	/** Half-width of the confidence interval at the given level, e.g. 0.95; infinite with fewer than two batches. */
	double halfWidth(double level);

	double relativeHalfWidth(double level);

	/** Whether the half-width at the level is at most {@code maxHalfWidth}: what a stopping rule asks. */
	default boolean halfWidthAtMost(double level, double maxHalfWidth) {
		return halfWidth(level) <= maxHalfWidth;
	}

	/** Whether the batches are trusted to be independent enough for an interval: no test was asked for, or it passed. */
	default boolean correlationTestPassed() {
		return true;
	}
}
