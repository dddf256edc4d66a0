package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.DoubleSupplier;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.des.statistics.FixedBatchMeans;
import org.junit.jupiter.api.Test;

class FixedBatchMeansTest {

	@Test
	void everyBatchOfTheGivenSizeCounts() {
		FixedBatchMeans batchMeans = new FixedBatchMeans(3, 0, 0.05);
		for (int i = 1; i <= 13; i++) {
			batchMeans.add(i);
		}
		assertEquals(4, batchMeans.completedBatches(), "batches {1,2,3} {4,5,6} {7,8,9} {10,11,12}, 13 open");
		assertEquals(3, batchMeans.batchSize());
		assertTrue(batchMeans.correlationTestPassed(), "no test was asked for");
		assertEquals(7, batchMeans.mean(), 1e-12, "the mean of all observations");
		// Batch means 2, 5, 8, 11: standard deviation √15, t(3, 0.975) · √15 / 2.
		double t = new TDistribution(3).inverseCumulativeProbability(0.975);
		assertEquals(t * Math.sqrt(15) / 2, batchMeans.halfWidth(0.95), 1e-9);
		assertEquals(t * Math.sqrt(15) / 2 / 7, batchMeans.relativeHalfWidth(0.95), 1e-9);
	}

	@Test
	void theBatchSizeStaysWhatTheModelGaveOverAMillionObservations() {
		FixedBatchMeans batchMeans = new FixedBatchMeans(200, 0, 0.05);
		add(batchMeans, 1_000_000, RandomSource.XO_SHI_RO_256_PP.create(3L)::nextDouble);
		assertEquals(200, batchMeans.batchSize());
		assertEquals(5_000, batchMeans.completedBatches());
		// independent uniforms: a batch mean's variance is 1/12/200, so the mean's half-width at 95 %
		// is about 1.96 · √(1/12/200/5000)
		assertEquals(1.96 * Math.sqrt(1.0 / 12 / 200 / 5_000), batchMeans.halfWidth(0.95), 2e-5);
	}

	@Test
	void correlatedBatchesGrowUntilTheTestPasses() {
		// an autoregressive sequence whose neighbours are 0.99 alike: batches of 1 are far from independent
		FixedBatchMeans batchMeans = new FixedBatchMeans(1, 20, 0.1);
		DoubleSupplier correlated = autoregressive(0.99, RandomSource.XO_SHI_RO_256_PP.create(11L));
		add(batchMeans, 20, correlated);
		assertEquals(2, batchMeans.batchSize(), "the first test failed: batches of two, the means merged");
		assertEquals(10, batchMeans.completedBatches());
		assertFalse(batchMeans.correlationTestPassed());
		for (int i = 0; i < 2_000_000 && !batchMeans.correlationTestPassed(); i++) {
			batchMeans.add(correlated.getAsDouble());
		}
		assertTrue(batchMeans.correlationTestPassed());
		assertTrue(batchMeans.batchSize() >= 64, "batches long against the correlation: " + batchMeans.batchSize());
		assertEquals(1, Long.bitCount(batchMeans.batchSize()), "the size doubles: " + batchMeans.batchSize());
		long size = batchMeans.batchSize();
		add(batchMeans, (int) (100 * size), correlated);
		assertEquals(size, batchMeans.batchSize(), "once passed, the size is kept");
	}

	@Test
	void independentBatchesPassTheSecondCleanTest() {
		FixedBatchMeans batchMeans = new FixedBatchMeans(1, 100, 0.1);
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(5L);
		add(batchMeans, 100, random::nextDouble);
		assertFalse(batchMeans.correlationTestPassed(), "as in SimQPN, the first clean test doubles the size once more");
		assertEquals(2, batchMeans.batchSize());
		add(batchMeans, 100, random::nextDouble);
		assertTrue(batchMeans.correlationTestPassed());
		assertEquals(2, batchMeans.batchSize());
		assertEquals(100, batchMeans.completedBatches());
	}

	@Test
	void observationsThatDoNotVaryPassAtOnce() {
		FixedBatchMeans batchMeans = new FixedBatchMeans(1, 10, 0.05);
		for (int i = 0; i < 10; i++) {
			batchMeans.add(4);
		}
		assertTrue(batchMeans.correlationTestPassed());
		assertEquals(1, batchMeans.batchSize());
		assertEquals(0, batchMeans.halfWidth(0.95));
	}

	@Test
	void theStoppingCheckAgreesWithTheIntervalWithoutSolvingForEveryBatchCount() {
		// the same observations twice: one only asked what a stopping rule asks, the other for its interval
		FixedBatchMeans checked = new FixedBatchMeans(10, 0, 0.05);
		FixedBatchMeans reference = new FixedBatchMeans(10, 0, 0.05);
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(7L);
		int checks = 0;
		for (int i = 0; i < 50_000; i++) {
			double observation = random.nextDouble();
			checked.add(observation);
			reference.add(observation);
			if (i % 37 == 0 && reference.completedBatches() >= 2) {
				double halfWidth = reference.halfWidth(0.9);
				for (double factor : new double[] { 0.5, 0.98, 0.9999, 1, 1.0001, 1.02, 2 }) {
					assertEquals(halfWidth <= halfWidth * factor, checked.halfWidthAtMost(0.9, halfWidth * factor),
							"at " + checked.completedBatches() + " batches, limit " + factor + " × the half-width");
					checks++;
				}
			}
		}
		assertTrue(checks > 9_000);
		assertFalse(new FixedBatchMeans(10, 0, 0.05).halfWidthAtMost(0.9, 1e300), "no interval before two batches");
	}

	@Test
	void fewerThanTwoBatchesGiveNoInterval() {
		FixedBatchMeans batchMeans = new FixedBatchMeans(5, 0, 0.05);
		for (int i = 0; i < 9; i++) {
			batchMeans.add(i);
		}
		assertEquals(Double.POSITIVE_INFINITY, batchMeans.halfWidth(0.95));
		assertThrows(IllegalArgumentException.class, () -> new FixedBatchMeans(0, 0, 0.05));
		assertThrows(IllegalArgumentException.class, () -> new FixedBatchMeans(1, -1, 0.05));
		assertThrows(IllegalArgumentException.class, () -> new FixedBatchMeans(1, 10, 0));
	}

	private static void add(FixedBatchMeans batchMeans, int count, DoubleSupplier observations) {
		for (int i = 0; i < count; i++) {
			batchMeans.add(observations.getAsDouble());
		}
	}

	/** 10 plus a sequence whose neighbours are {@code likeness} alike: x ← likeness · x + standard normal noise. */
	private static DoubleSupplier autoregressive(double likeness, UniformRandomProvider random) {
		ZigguratSampler.NormalizedGaussian noise = ZigguratSampler.NormalizedGaussian.of(random);
		double[] value = { 0 };
		return () -> 10 + (value[0] = likeness * value[0] + noise.sample());
	}
}
