package org.iosim.des.statistics;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Confidence interval for a steady-state mean by batch means of a size the model gives, the
 * method SimQPN applies to a QPME net's residence times (Pawlikowski, ACM Computing Surveys 22(2),
 * 1990): every batch has the given number of observations, all batches count, and only running
 * sums are kept, so memory stays flat however long the run.
 * <p>
 * Where {@link BatchMeans} lets its batches grow with the run, this trusts the given size, as the
 * modeller who chose it asks; a model that is not sure of it asks for the correlation test: the
 * first {@code testedBatches} batch means are tested for autocorrelation, and while they fail
 * the batch size doubles (neighbouring means merged) and the test runs again on as many batches
 * of the new size. As in SimQPN, a first test without correlated lags still doubles the size once
 * more and a second such test passes, and observations that do not vary at all pass at once.
 * <p>
 * The test looks at the lags 1 to L = ⌊n/10⌋ of the n tested means: lag k's autocorrelation is
 * estimated by the jackknife (twice the estimate over all n less the mean of the estimates over
 * each half), and it is negligible when its magnitude is below z(β/2)·√Var(k), with β the
 * significance over L and Bartlett's variance Var(1) = 1/n, Var(k) = (1 + 2 Σ_{u&lt;k} r(u)²)/n.
 */
public final class FixedBatchMeans extends SteadyStateMean {

	private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);

	private final int testedBatches;
	private final double significance;
	private long batchSize;
	/** The first batch means while the correlation test has not passed; null once it has or if none is asked. */
	private double[] tested;
	private boolean cleanOnce;

	private double sumOfSquares;
	private double currentBatchSum;
	private long currentBatchCount;
	// the completed batch means, by Welford's updates: their mean and sum of squared deviations
	private int completedBatches;
	private double meanOfBatchMeans;
	private double squaredDeviations;

	private double normalLevel = Double.NaN;
	private double normalQuantile;

	/**
	 * @param batchSize     observations per batch, at least 1
	 * @param testedBatches batch means tested for autocorrelation before the size is trusted, 0 for
	 *                      no test; an even number, else merging drops the last one, as SimQPN's does
	 * @param significance  the test's significance level, in (0, 1) (used only with a test)
	 */
	public FixedBatchMeans(long batchSize, int testedBatches, double significance) {
		if (batchSize < 1) {
			throw new IllegalArgumentException("the batch size must be at least 1: " + batchSize);
		}
		if (testedBatches < 0) {
			throw new IllegalArgumentException("the batches tested for correlation must not be negative: " + testedBatches);
		}
		if (testedBatches > 0 && !(significance > 0 && significance < 1)) {
			throw new IllegalArgumentException("the correlation test's significance must lie in (0, 1): " + significance);
		}
		this.batchSize = batchSize;
		this.testedBatches = testedBatches;
		this.significance = significance;
		this.tested = testedBatches > 0 ? new double[testedBatches] : null;
	}

	@Override
	public void add(double observation) {
		observe(observation);
		sumOfSquares += observation * observation;
		currentBatchSum += observation;
		if (++currentBatchCount == batchSize) {
			double batchMean = currentBatchSum / batchSize;
			currentBatchSum = 0;
			currentBatchCount = 0;
			addBatchMean(batchMean);
			if (tested != null) {
				tested[completedBatches - 1] = batchMean;
				if (completedBatches == testedBatches && !passesCorrelationTest()) {
					doubleBatchSize();
				}
			}
		}
	}

	private void addBatchMean(double batchMean) {
		completedBatches++;
		double deviation = batchMean - meanOfBatchMeans;
		meanOfBatchMeans += deviation / completedBatches;
		squaredDeviations += deviation * (batchMean - meanOfBatchMeans);
	}

	/** Ends the test when it passes (the tested means are no longer kept); false when the size must grow. */
	private boolean passesCorrelationTest() {
		boolean clean = negligibleCorrelation(tested, significance);
		boolean passed = clean && cleanOnce || observationsConstant();
		cleanOnce |= clean;
		if (passed) {
			tested = null;
		}
		return passed;
	}

	private boolean observationsConstant() {
		double mean = mean();
		return sumOfSquares / count() - mean * mean <= 0;
	}

	/** Batches twice as long: neighbouring tested means merged, the statistics of the means rebuilt from them. */
	private void doubleBatchSize() {
		int merged = completedBatches / 2;
		completedBatches = 0;
		meanOfBatchMeans = 0;
		squaredDeviations = 0;
		for (int i = 0; i < merged; i++) {
			tested[i] = (tested[2 * i] + tested[2 * i + 1]) / 2;
			addBatchMean(tested[i]);
		}
		batchSize *= 2;
	}

	/** Whether no lag from 1 to ⌊n/10⌋ of the means is significantly autocorrelated (jackknife, Bartlett). */
	private static boolean negligibleCorrelation(double[] means, double significance) {
		int n = means.length;
		int lags = n / 10;
		if (lags == 0) {
			return true;
		}
		double bound = Math.abs(STANDARD_NORMAL.inverseCumulativeProbability(significance / lags / 2));
		double sumOfSquaredEstimates = 0;
		for (int lag = 1; lag <= lags; lag++) {
			double estimate = jackknifeAutocorrelation(means, lag);
			double variance = (1 + 2 * sumOfSquaredEstimates) / n;
			if (!(Math.abs(estimate) < bound * Math.sqrt(variance))) {
				return false;
			}
			sumOfSquaredEstimates += estimate * estimate;
		}
		return true;
	}

	private static double jackknifeAutocorrelation(double[] means, int lag) {
		int half = means.length / 2;
		return 2 * autocorrelation(means, 0, means.length, lag)
				- (autocorrelation(means, 0, half, lag) + autocorrelation(means, half, means.length, lag)) / 2;
	}

	/**
	 * The lag's autocovariance over the lag-0 one, of {@code means[from..to)}, each over its own
	 * number of terms; 0 when the means do not vary.
	 */
	private static double autocorrelation(double[] means, int from, int to, int lag) {
		int n = to - from;
		double mean = 0;
		for (int i = from; i < to; i++) {
			mean += means[i];
		}
		mean /= n;
		double lagged = 0;
		for (int i = from + lag; i < to; i++) {
			lagged += (means[i] - mean) * (means[i - lag] - mean);
		}
		double squared = 0;
		for (int i = from; i < to; i++) {
			squared += (means[i] - mean) * (means[i] - mean);
		}
		return squared == 0 ? 0 : lagged / (n - lag) / (squared / n);
	}

	@Override
	public int completedBatches() {
		return completedBatches;
	}

	@Override
	double varianceOfBatchMeans() {
		return squaredDeviations / (completedBatches - 1);
	}

	/** Observations per batch now: the given size, doubled for each failed correlation test. */
	public long batchSize() {
		return batchSize;
	}

	@Override
	public boolean correlationTestPassed() {
		return tested == null;
	}

	/**
	 * Decides most checks without solving for the t quantile of the current number of batches, which
	 * grows at every check of a long run: the quantile is at least the normal one, and at most the one
	 * last solved, for fewer batches.
	 */
	@Override
	public boolean halfWidthAtMost(double level, double maxHalfWidth) {
		int k = completedBatches;
		if (k < 2) {
			return false;
		}
		double standardError = Math.sqrt(varianceOfBatchMeans() / k);
		if (normalQuantile(level) * standardError > maxHalfWidth) {
			return false;
		}
		if (solvedQuantileAtLeast(k - 1, level) * standardError <= maxHalfWidth) {
			return true;
		}
		return halfWidth(level) <= maxHalfWidth;
	}

	private double normalQuantile(double level) {
		if (level != normalLevel) {
			normalQuantile = STANDARD_NORMAL.inverseCumulativeProbability((1 + level) / 2);
			normalLevel = level;
		}
		return normalQuantile;
	}

}
