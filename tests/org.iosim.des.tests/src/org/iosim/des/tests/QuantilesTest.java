package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.des.statistics.Quantiles;
import org.iosim.des.statistics.StudentT;
import org.junit.jupiter.api.Test;

class QuantilesTest {

	@Test
	void uniformQuantilesWithinOnePercent() {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(21L);
		Quantiles quantiles = new Quantiles();
		for (int i = 0; i < 1_000_000; i++) {
			quantiles.add(random.nextDouble());
		}
		assertEquals(1_000_000, quantiles.count());
		assertEquals(0.5, quantiles.median(), 0.01 * 0.5);
		assertEquals(0.9, quantiles.p90(), 0.01 * 0.9);
		assertEquals(0.95, quantiles.p95(), 0.01 * 0.95);
		assertEquals(0.99, quantiles.p99(), 0.01 * 0.99);
	}

	@Test
	void exponentialTailQuantilesWithinOnePercent() {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(22L);
		ZigguratSampler.Exponential exponential = ZigguratSampler.Exponential.of(random, 5.0);
		Quantiles quantiles = new Quantiles();
		for (int i = 0; i < 1_000_000; i++) {
			quantiles.add(exponential.sample());
		}
		// Quantile q of Exp(mean 5): −5 ln(1 − q).
		assertEquals(-5 * Math.log(0.1), quantiles.p90(), 0.01 * -5 * Math.log(0.1));
		assertEquals(-5 * Math.log(0.01), quantiles.p99(), 0.01 * -5 * Math.log(0.01));
	}

	@Test
	void estimatesStayWithinTheRelativeAccuracyOfTheExactRankValue() {
		Quantiles quantiles = new Quantiles();
		// 1 … 1000: the exact 0.5-quantile lies between 500 and 501.
		for (int i = 1000; i >= 1; i--) {
			quantiles.add(i);
		}
		double median = quantiles.median();
		assertTrue(median >= 500 * (1 - 0.005) && median <= 501 * (1 + 0.005), "median " + median);
		assertEquals(1000, quantiles.quantile(1.0), 1000 * 0.005);
		assertEquals(1, quantiles.quantile(0.0), 0.005);
	}

	@Test
	void mergePoolsObservations() {
		Quantiles low = new Quantiles();
		Quantiles high = new Quantiles();
		for (int i = 0; i < 1000; i++) {
			low.add(1);
			high.add(100);
		}
		low.merge(high);
		assertEquals(2000, low.count());
		assertEquals(100, low.p90(), 100 * 0.005);
		assertEquals(1, low.quantile(0.4), 0.005);
		assertThrows(IllegalArgumentException.class, () -> low.merge(new Quantiles(0.01, 100)));
	}

	@Test
	void emptySketchHasNoQuantiles() {
		Quantiles quantiles = new Quantiles();
		assertTrue(Double.isNaN(quantiles.p99()));
		assertThrows(IllegalArgumentException.class, () -> quantiles.quantile(1.5));
		quantiles.add(2);
		quantiles.reset();
		assertEquals(0, quantiles.count());
	}
	/** Many quantiles in one pass are each exactly the one asked for alone, with zeros and negative values too. */
	@Test
	void severalQuantilesAtOnceAreEachTheQuantileAlone() {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(5L);
		double[] ascending = new double[101];
		for (int i = 0; i <= 100; i++) {
			ascending[i] = i / 100.0;
		}
		for (int observations : new int[] { 1, 2, 7, 1_000, 100_000 }) {
			Quantiles quantiles = new Quantiles();
			for (int i = 0; i < observations; i++) {
				double kind = random.nextDouble();
				quantiles.add(kind < 0.1 ? 0 : kind < 0.2 ? -ZigguratSampler.Exponential.of(random).sample()
						: ZigguratSampler.Exponential.of(random).sample());
			}
			double[] together = quantiles.quantiles(ascending);
			for (int i = 0; i < ascending.length; i++) {
				assertEquals(quantiles.quantile(ascending[i]), together[i], 0, observations + " observations, q = "
						+ ascending[i]);
			}
		}
		assertTrue(Double.isNaN(new Quantiles().quantiles(0.5, 0.9)[1]));
		assertThrows(IllegalArgumentException.class, () -> new Quantiles().quantiles(0.9, 0.5));
	}

	@Test
	void studentsTQuantilesAreTheDistributionsOwn() {
		for (int degreesOfFreedom : new int[] { 1, 2, 9, 30, 499 }) {
			for (double probability : new double[] { 0.95, 0.975, 0.995 }) {
				double expected = new org.apache.commons.math3.distribution.TDistribution(degreesOfFreedom)
						.inverseCumulativeProbability(probability);
				assertEquals(expected, StudentT.quantile(degreesOfFreedom, probability), 0);
				assertEquals(expected, StudentT.quantile(degreesOfFreedom, probability), 0, "kept");
			}
		}
	}
}
