package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.iosim.des.statistics.TimeWeighted;
import org.junit.jupiter.api.Test;

class TimeWeightedTest {

	@Test
	void averagesOverTimeNotOverChanges() {
		TimeWeighted queueLength = new TimeWeighted(0, 0);
		queueLength.update(1, 3);
		queueLength.update(1, 5);
		queueLength.update(2, 1);
		// 0 on [0, 1), 5 on [1, 2), 1 on [2, 4).
		assertEquals(7.0 / 4, queueLength.mean(4), 1e-12);
		assertEquals(1, queueLength.value());
	}

	@Test
	void resetKeepsTheCurrentValue() {
		TimeWeighted busy = new TimeWeighted(0, 1);
		busy.update(10, 2);
		busy.reset(12);
		assertEquals(2, busy.mean(12), "no time has passed since the reset");
		busy.update(13, 0);
		assertEquals(0.5, busy.mean(16), 1e-12);
	}

	@Test
	void timeMustNotGoBackwards() {
		TimeWeighted value = new TimeWeighted(5, 0);
		assertThrows(IllegalArgumentException.class, () -> value.update(4, 1));
		assertThrows(IllegalArgumentException.class, () -> value.mean(4));
	}
}
