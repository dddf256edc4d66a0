package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.iosim.des.statistics.TimeWeightedSeries;
import org.junit.jupiter.api.Test;

class TimeWeightedSeriesTest {

	@Test
	void averagesThePiecewiseConstantValuePerWindow() {
		TimeWeightedSeries users = new TimeWeightedSeries(0, 1, 4, 2);
		users.update(0.5, 4); // window 0: 2 for 0.5, 4 for 0.5
		users.update(2.25, 0); // window 1: 4; window 2: 4 for 0.25, 0 for 0.75
		users.extendTo(3.5); // window 3: 0, covered until 3.5

		assertEquals(4, users.windowCount());
		assertEquals(3.0, users.mean(0), 1e-12);
		assertEquals(4.0, users.mean(1), 1e-12);
		assertEquals(1.0, users.mean(2), 1e-12);
		assertEquals(0.0, users.mean(3), 1e-12);
		assertEquals(3.5, users.windowEnd(3), 1e-12, "the last window ends where the series was brought to");
	}

	@Test
	void mergesWindowsPairwiseWhenTheRunOutgrowsThem() {
		TimeWeightedSeries users = new TimeWeightedSeries(0, 1, 4, 1);
		users.update(1, 3);
		users.update(6, 5); // beyond 4 windows of 1: windows of 2
		users.extendTo(7.5);

		assertEquals(2, users.windowLength(), 1e-12);
		assertEquals(4, users.windowCount());
		assertEquals(2.0, users.mean(0), 1e-12, "1 for 1, 3 for 1");
		assertEquals(3.0, users.mean(1), 1e-12);
		assertEquals(3.0, users.mean(2), 1e-12);
		assertEquals(5.0, users.mean(3), 1e-12);
	}

	/** A value that holds across many windows fills each of them, whatever the rounding of their ends. */
	@Test
	void aLongConstantStretchFillsEveryWindow() {
		TimeWeightedSeries users = new TimeWeightedSeries(0, 1, 20);
		users.update(10, 20);
		users.reset(50.34);
		users.extendTo(1301);

		assertEquals(8, users.windowLength(), 1e-12);
		assertEquals(157, users.windowCount());
		for (int window = 0; window < users.windowCount(); window++) {
			assertEquals(20, users.mean(window), 1e-9, "window " + window);
		}
	}

	/**
	 * Many changes, most of them within the window of the one before (the common case of a resource's
	 * busy servers) and some on a window's very end, across merges and a reset: every window's mean is
	 * the value's integral over it, computed here segment by segment, divided by its length.
	 */
	@Test
	void manyChangesGiveEachWindowTheIntegralOfItsSegments() {
		SplittableRandom random = new SplittableRandom(11);
		TimeWeightedSeries busy = new TimeWeightedSeries(0, 0.5, 16, 0);
		List<double[]> segments = new ArrayList<>(); // {from, until, value} since the reset
		double time = 0;
		double value = 0;
		double resetTime = Double.NaN;
		for (int change = 0; change < 5_000; change++) {
			if (Double.isNaN(resetTime) && time >= 3.7) {
				busy.reset(time);
				resetTime = time;
			}
			// every 50th change falls on the end of the window the last one fell into
			double length = busy.windowLength();
			double windowEnd = busy.startTime() + (Math.floor((time - busy.startTime()) / length) + 1) * length;
			double next = change % 50 == 0 ? windowEnd : time + random.nextDouble(0.02);
			if (!Double.isNaN(resetTime)) {
				segments.add(new double[] { time, next, value });
			}
			value = random.nextInt(3);
			busy.update(next, value);
			time = next;
		}
		busy.extendTo(time + 0.01);
		segments.add(new double[] { time, time + 0.01, value });

		assertEquals(resetTime, busy.startTime(), 1e-12);
		assertTrue(busy.windowLength() > 0.5, "the windows were merged");
		for (int window = 0; window < busy.windowCount(); window++) {
			double start = busy.windowStart(window);
			double end = busy.windowEnd(window);
			double integral = 0;
			for (double[] segment : segments) {
				integral += segment[2] * Math.max(0, Math.min(end, segment[1]) - Math.max(start, segment[0]));
			}
			assertEquals(integral / (end - start), busy.mean(window), 1e-9, "window " + window + " of " + busy.windowCount());
		}
		assertEquals(time + 0.01, busy.windowEnd(busy.windowCount() - 1), 1e-12);
	}

	@Test
	void resetForgetsTheHistoryButKeepsTheValue() {
		TimeWeightedSeries users = new TimeWeightedSeries(0, 1, 4, 7);
		users.update(2, 3);
		users.reset(2.5);
		users.extendTo(3.5);

		assertEquals(1, users.windowCount());
		assertEquals(2.5, users.windowStart(0), 1e-12);
		assertEquals(3.0, users.mean(0), 1e-12);
		assertThrows(IllegalArgumentException.class, () -> users.update(1, 2));
	}
}
