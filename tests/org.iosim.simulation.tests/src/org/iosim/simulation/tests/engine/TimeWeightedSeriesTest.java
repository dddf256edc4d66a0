package org.iosim.simulation.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.iosim.simulation.statistics.TimeWeightedSeries;
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
