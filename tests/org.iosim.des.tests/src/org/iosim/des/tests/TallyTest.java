package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.des.statistics.Tally;
import org.junit.jupiter.api.Test;

class TallyTest {

	@Test
	void matchesTwoPassMeanAndVarianceOnLargeOffsetData() {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(11L);
		ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(random);
		// A large offset with a small spread defeats the naive sum-of-squares formula.
		double[] data = new double[100_000];
		for (int i = 0; i < data.length; i++) {
			data[i] = 1e6 + 0.01 * gaussian.sample();
		}
		Tally tally = new Tally();
		for (double x : data) {
			tally.add(x);
		}

		double mean = 0;
		for (double x : data) {
			mean += x;
		}
		mean /= data.length;
		double squaredDeviations = 0;
		double min = Double.POSITIVE_INFINITY;
		double max = Double.NEGATIVE_INFINITY;
		for (double x : data) {
			squaredDeviations += (x - mean) * (x - mean);
			min = Math.min(min, x);
			max = Math.max(max, x);
		}
		double variance = squaredDeviations / (data.length - 1);

		assertEquals(data.length, tally.count());
		// Both means carry rounding errors of order 1e-8 at this magnitude.
		assertEquals(mean, tally.mean(), 1e-6);
		assertEquals(variance, tally.variance(), 1e-6 * variance);
		assertEquals(1e-4, tally.variance(), 2e-6);
		assertEquals(Math.sqrt(variance), tally.standardDeviation(), 1e-6 * Math.sqrt(variance));
		assertEquals(min, tally.min());
		assertEquals(max, tally.max());
		assertEquals(mean * data.length, tally.sum(), 1e-3);
	}

	@Test
	void emptyAndSingleObservationHaveNoSpread() {
		Tally tally = new Tally();
		assertTrue(Double.isNaN(tally.mean()));
		assertTrue(Double.isNaN(tally.min()));
		tally.add(3);
		assertEquals(3, tally.mean());
		assertTrue(Double.isNaN(tally.variance()));
		tally.add(5);
		assertEquals(4, tally.mean());
		assertEquals(2, tally.variance());
		tally.reset();
		assertEquals(0, tally.count());
		assertTrue(Double.isNaN(tally.max()));
	}
}
