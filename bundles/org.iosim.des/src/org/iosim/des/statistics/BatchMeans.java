package org.iosim.des.statistics;

/**
 * Confidence interval for the steady-state mean of a correlated output
 * sequence (e.g. successive response times) by the method of batch means, in
 * constant memory.
 * <p>
 * Rules:
 * <ul>
 * <li>Observations are grouped into consecutive batches of equal size; the
 * batch size starts at one, or at a given size.</li>
 * <li>At most {@code maxBatches} completed batch means are kept. When a new
 * batch begins and all slots are taken, neighbouring batches are merged
 * pairwise (their means averaged, which is exact because they have equal
 * size) and the batch size doubles. Batches therefore grow with the run
 * length, which makes their means approximately independent, while memory
 * stays fixed.</li>
 * <li>The point estimate is the mean of all observations, including the batch
 * still being filled. The half-width uses only completed batches:
 * {@code t(k−1, (1+level)/2) · s / √k} for k batch means with sample standard
 * deviation s.</li>
 * <li>Fewer than two completed batches give an infinite half-width.</li>
 * </ul>
 */
public final class BatchMeans extends SteadyStateMean {

	public static final int DEFAULT_MAX_BATCHES = 32;
	public static final double DEFAULT_LEVEL = 0.95;

	private final double[] batchMeans;
	private int completedBatches;
	private long batchSize = 1;
	private double currentBatchSum;
	private long currentBatchCount;

	public BatchMeans() {
		this(DEFAULT_MAX_BATCHES);
	}

	/** @param maxBatches an even number of at least 4 */
	public BatchMeans(int maxBatches) {
		this(maxBatches, 1);
	}

	/**
	 * @param maxBatches       an even number of at least 4
	 * @param initialBatchSize observations per batch until the first merge, at least 1 (e.g. SimQPN's
	 *                         fixed batch size, so that no interval rests on batches shorter than that)
	 */
	public BatchMeans(int maxBatches, long initialBatchSize) {
		if (maxBatches < 4 || maxBatches % 2 != 0) {
			throw new IllegalArgumentException("the number of batches must be even and at least 4: " + maxBatches);
		}
		if (initialBatchSize < 1) {
			throw new IllegalArgumentException("the batch size must be at least 1: " + initialBatchSize);
		}
		this.batchMeans = new double[maxBatches];
		this.batchSize = initialBatchSize;
	}

	@Override
	public void add(double observation) {
		if (currentBatchCount == 0 && completedBatches == batchMeans.length) {
			// Merging only when the next batch begins lets that batch fill up
			// to the new, doubled size.
			mergeNeighbouringBatches();
		}
		observe(observation);
		currentBatchSum += observation;
		if (++currentBatchCount == batchSize) {
			batchMeans[completedBatches++] = currentBatchSum / batchSize;
			currentBatchSum = 0;
			currentBatchCount = 0;
		}
	}

	private void mergeNeighbouringBatches() {
		int merged = completedBatches / 2;
		for (int i = 0; i < merged; i++) {
			batchMeans[i] = (batchMeans[2 * i] + batchMeans[2 * i + 1]) / 2;
		}
		completedBatches = merged;
		batchSize *= 2;
	}

	@Override
	public int completedBatches() {
		return completedBatches;
	}

	public int maxBatches() {
		return batchMeans.length;
	}

	/** Number of observations per completed batch. */
	public long batchSize() {
		return batchSize;
	}

	public double halfWidth() {
		return halfWidth(DEFAULT_LEVEL);
	}

	public ConfidenceInterval confidenceInterval(double level) {
		return new ConfidenceInterval(mean(), halfWidth(level), level);
	}

	public ConfidenceInterval confidenceInterval() {
		return confidenceInterval(DEFAULT_LEVEL);
	}

	public double relativeHalfWidth() {
		return relativeHalfWidth(DEFAULT_LEVEL);
	}

	/**
	 * Whether the estimate is precise enough to stop: at least
	 * {@code minBatches} completed batches and a relative half-width at the
	 * given level of at most {@code maxRelativeHalfWidth}.
	 *
	 * @param minBatches at most {@link #maxBatches()}; after the first merge
	 *        the number of batches never drops below half of it
	 */
	public boolean isPrecise(double level, double maxRelativeHalfWidth, int minBatches) {
		if (minBatches > batchMeans.length) {
			throw new IllegalArgumentException(
					"at most " + batchMeans.length + " batches are kept, " + minBatches + " were required");
		}
		if (completedBatches < Math.max(2, minBatches)) {
			return false;
		}
		return relativeHalfWidth(level) <= maxRelativeHalfWidth;
	}

	/**
	 * Lag-1 autocorrelation of the completed batch means; NaN with fewer than
	 * three batches. Values well above zero mean the batches are still too
	 * short for the interval to be trusted: small batches of correlated
	 * output underestimate the variance, so a stop rule should look at this
	 * too, or demand a minimum run length.
	 */
	public double lag1Autocorrelation() {
		int k = completedBatches;
		if (k < 3) {
			return Double.NaN;
		}
		double meanOfBatchMeans = meanOfBatchMeans();
		double lagged = 0;
		double squared = 0;
		for (int i = 0; i < k; i++) {
			double deviation = batchMeans[i] - meanOfBatchMeans;
			squared += deviation * deviation;
			if (i > 0) {
				lagged += deviation * (batchMeans[i - 1] - meanOfBatchMeans);
			}
		}
		return squared == 0 ? 0 : lagged / squared;
	}

	private double meanOfBatchMeans() {
		double total = 0;
		for (int i = 0; i < completedBatches; i++) {
			total += batchMeans[i];
		}
		return total / completedBatches;
	}

	@Override
	double varianceOfBatchMeans() {
		int k = completedBatches;
		double meanOfBatchMeans = meanOfBatchMeans();
		double squaredDeviations = 0;
		for (int i = 0; i < k; i++) {
			double deviation = batchMeans[i] - meanOfBatchMeans;
			squaredDeviations += deviation * deviation;
		}
		return squaredDeviations / (k - 1);
	}

	public void reset() {
		completedBatches = 0;
		batchSize = 1;
		currentBatchSum = 0;
		currentBatchCount = 0;
		forgetObservations();
	}
}
