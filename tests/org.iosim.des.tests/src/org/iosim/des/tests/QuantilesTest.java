package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.des.statistics.Quantiles;
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
}
