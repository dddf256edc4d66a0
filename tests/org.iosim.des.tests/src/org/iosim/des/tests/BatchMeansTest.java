package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.des.statistics.BatchMeans;
import org.iosim.des.statistics.ConfidenceInterval;
import org.junit.jupiter.api.Test;

class BatchMeansTest {

	@Test
	void batchCountStaysBoundedOverTenMillionObservations() {
		BatchMeans batchMeans = new BatchMeans(32);
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(5L);
		int maxSeen = 0;
		for (int i = 1; i <= 10_000_000; i++) {
			batchMeans.add(random.nextDouble());
			int batches = batchMeans.completedBatches();
			maxSeen = Math.max(maxSeen, batches);
			if (i > 32) {
				assertTrue(batches >= 16, "fell to " + batches + " batches");
			}
		}
		assertEquals(32, maxSeen);
		assertEquals(10_000_000, batchMeans.count());
		long batchSize = batchMeans.batchSize();
		assertEquals(1, Long.bitCount(batchSize), "batch size doubles: " + batchSize);
		assertTrue(batchSize * batchMeans.completedBatches() <= 10_000_000);
		assertTrue(batchSize * (batchMeans.completedBatches() + 1) > 10_000_000);
		assertEquals(0.5, batchMeans.mean(), 1e-3);
	}

	@Test
	void mergesPairsWhenTheNextBatchBegins() {
		BatchMeans batchMeans = new BatchMeans(4);
		for (int i = 1; i <= 4; i++) {
			batchMeans.add(i);
		}
		assertEquals(4, batchMeans.completedBatches());
		assertEquals(1, batchMeans.batchSize());

		batchMeans.add(5);
		assertEquals(2, batchMeans.completedBatches(), "merged to {1.5, 3.5}, batch {5} open");
		assertEquals(2, batchMeans.batchSize());
		batchMeans.add(6);
		assertEquals(3, batchMeans.completedBatches());
		assertEquals(3.5, batchMeans.mean(), 1e-12);

		// Batch means 1.5, 3.5, 5.5: standard deviation 2, t(2, 0.975) · 2 / √3.
		double t = new TDistribution(2).inverseCumulativeProbability(0.975);
		assertEquals(t * 2 / Math.sqrt(3), batchMeans.halfWidth(0.95), 1e-9);
		// Deviations −2, 0, 2: no product of neighbours is non-zero.
		assertEquals(0, batchMeans.lag1Autocorrelation(), 1e-12);
	}

	@Test
	void intervalsCoverTheTrueMeanAtTheNominalRate() {
		int replications = 1000;
		int covered = 0;
		for (int replication = 0; replication < replications; replication++) {
			UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(1000L + replication);
			ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(random);
			BatchMeans batchMeans = new BatchMeans();
			for (int i = 0; i < 4096; i++) {
				batchMeans.add(10 + 2 * gaussian.sample());
			}
			if (batchMeans.confidenceInterval(0.95).contains(10)) {
				covered++;
			}
		}
		// The binomial standard error of the coverage is about 0.007.
		assertEquals(0.95, covered / (double) replications, 0.025);
	}

	@Test
	void intervalOfIndependentDataIsAsWideAsTheClassicalOne() {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(8L);
		ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(random);
		BatchMeans batchMeans = new BatchMeans();
		int n = 1 << 20;
		for (int i = 0; i < n; i++) {
			batchMeans.add(10 + 2 * gaussian.sample());
		}
		ConfidenceInterval interval = batchMeans.confidenceInterval();
		double t = new TDistribution(batchMeans.completedBatches() - 1).inverseCumulativeProbability(0.975);
		double classical = t * 2 / Math.sqrt(n);
		// Batch variances of k means scatter by about √(2/k); 50 % allows that.
		assertEquals(classical, interval.halfWidth(), 0.5 * classical);
		assertEquals(0, batchMeans.lag1Autocorrelation(), 0.5);
		assertEquals(interval.halfWidth() / interval.mean(), batchMeans.relativeHalfWidth(), 1e-12);
	}

	@Test
	void correlatedOutputShowsInTheLag1Autocorrelation() {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(9L);
		ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(random);
		BatchMeans batchMeans = new BatchMeans();
		// AR(1) with coefficient 0.999 decorrelates only over thousands of steps.
		double x = 0;
		for (int i = 0; i < 1024; i++) {
			x = 0.999 * x + gaussian.sample();
			batchMeans.add(x);
		}
		assertTrue(batchMeans.lag1Autocorrelation() > 0.5, "lag-1 " + batchMeans.lag1Autocorrelation());
	}

	@Test
	void isPreciseNeedsEnoughBatchesAndANarrowInterval() {
		BatchMeans batchMeans = new BatchMeans();
		assertFalse(batchMeans.isPrecise(0.95, 0.05, 10));
		assertTrue(Double.isInfinite(batchMeans.halfWidth()));
		for (int i = 0; i < 9; i++) {
			batchMeans.add(100 + (i % 2));
		}
		assertFalse(batchMeans.isPrecise(0.95, 0.05, 10), "only 9 batches");
		batchMeans.add(100);
		assertTrue(batchMeans.isPrecise(0.95, 0.05, 10));
		assertFalse(batchMeans.isPrecise(0.95, 0.001, 10));
		assertThrows(IllegalArgumentException.class, () -> batchMeans.isPrecise(0.95, 0.05, 33));
		assertThrows(IllegalArgumentException.class, () -> batchMeans.halfWidth(1.0));

		batchMeans.reset();
		assertEquals(0, batchMeans.count());
		assertEquals(0, batchMeans.completedBatches());
		assertEquals(1, batchMeans.batchSize());
	}
}
