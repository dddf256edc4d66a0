package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.des.statistics.TimeSeries;
import org.junit.jupiter.api.Test;

class TimeSeriesTest {

	@Test
	void groupsObservationsByWindow() {
		TimeSeries series = new TimeSeries(10, 1.0, 8);
		series.add(10.0, 1);
		series.add(10.5, 3);
		series.add(12.2, 7);
		assertEquals(3, series.windowCount());
		assertEquals(2, series.count(0));
		assertEquals(2.0, series.mean(0), 1e-12);
		assertEquals(0, series.count(1));
		assertTrue(Double.isNaN(series.mean(1)));
		assertEquals(7.0, series.mean(2), 1e-12);
		assertEquals(12.0, series.windowStart(2), 1e-12);
	}

	@Test
	void windowsDoubleWhenTheRunOutgrowsThem() {
		TimeSeries series = new TimeSeries(0, 1.0, 8);
		for (int t = 0; t < 8; t++) {
			series.add(t + 0.5, t);
		}
		assertEquals(8, series.windowCount());
		assertEquals(1.0, series.windowLength());

		series.add(8.5, 8);
		assertEquals(2.0, series.windowLength());
		assertEquals(5, series.windowCount());
		assertEquals(0.5, series.mean(0), 1e-12);
		assertEquals(6.5, series.mean(3), 1e-12);
		assertEquals(1, series.count(4));

		// Far ahead: merges repeatedly until the observation fits.
		series.add(100, 50);
		assertEquals(16.0, series.windowLength());
		assertEquals(7, series.windowCount());
		long total = 0;
		for (int i = 0; i < series.windowCount(); i++) {
			total += series.count(i);
		}
		assertEquals(10, total);
		assertEquals((0 + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8) / 9.0, series.mean(0), 1e-12);
	}

	@Test
	void memoryStaysBoundedOverALongRun() {
		TimeSeries series = new TimeSeries(0, 0.001);
		for (int i = 0; i < 1_000_000; i++) {
			series.add(i * 0.37, 1.0);
		}
		assertTrue(series.windowCount() <= series.maxWindows());
		assertTrue(series.windowCount() > series.maxWindows() / 2);
		long total = 0;
		for (int i = 0; i < series.windowCount(); i++) {
			total += series.count(i);
			assertEquals(1.0, series.mean(i), 1e-12);
		}
		assertEquals(1_000_000, total);
	}

	@Test
	void resetStartsAnEmptySeries() {
		TimeSeries series = new TimeSeries(0, 1.0, 4);
		series.add(100, 1);
		series.reset(50);
		assertEquals(0, series.windowCount());
		assertEquals(1.0, series.windowLength());
		assertThrows(IllegalArgumentException.class, () -> series.add(49, 1));
		assertThrows(IndexOutOfBoundsException.class, () -> series.mean(0));
	}
}
