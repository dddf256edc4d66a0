package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.iosim.des.statistics.TimeWeighted;
import org.iosim.des.statistics.TimeWeightedPair;
import org.junit.jupiter.api.Test;

class TimeWeightedPairTest {

	@Test
	void averagesAreThoseOfTwoSeparateTimeAveragesToTheBit() {
		SplittableRandom random = new SplittableRandom(7);
		TimeWeightedPair pair = new TimeWeightedPair(0.5, 0, 0);
		TimeWeighted jobs = new TimeWeighted(0.5, 0);
		TimeWeighted busy = new TimeWeighted(0.5, 0);
		double now = 0.5;
		for (int change = 0; change < 10_000; change++) {
			now += random.nextDouble() < 0.1 ? 0 : -Math.log(1 - random.nextDouble()) / 3;
			int jobsNow = random.nextInt(12);
			int busyNow = Math.min(jobsNow, 4);
			pair.update(now, jobsNow, busyNow);
			jobs.update(now, jobsNow);
			busy.update(now, busyNow);
			if (change == 5_000) {
				pair.reset(now);
				jobs.reset(now);
				busy.reset(now);
			}
			if (change % 997 == 0) {
				double later = now + random.nextDouble();
				assertEquals(jobs.mean(later), pair.meanOfFirst(later), 0.0, "after " + change + " changes");
				assertEquals(busy.mean(later), pair.meanOfSecond(later), 0.0, "after " + change + " changes");
			}
		}
		assertEquals(jobs.mean(now + 2), pair.meanOfFirst(now + 2), 0.0);
		assertEquals(busy.mean(now + 2), pair.meanOfSecond(now + 2), 0.0);
		assertEquals(jobs.value(), pair.first());
		assertEquals(busy.value(), pair.second());
	}

	@Test
	void averagesOverTimeAndKeepTheCurrentValuesAtAReset() {
		TimeWeightedPair pair = new TimeWeightedPair(0, 0, 0);
		pair.update(1, 3, 1);
		pair.update(1, 5, 1);
		pair.update(2, 1, 1);
		// first: 0 on [0, 1), 5 on [1, 2), 1 on [2, 4); second: 0 on [0, 1), 1 on [1, 4)
		assertEquals(7.0 / 4, pair.meanOfFirst(4), 1e-12);
		assertEquals(3.0 / 4, pair.meanOfSecond(4), 1e-12);
		pair.reset(4);
		assertEquals(1, pair.meanOfFirst(4), "no time has passed since the reset");
		pair.update(5, 0, 0);
		assertEquals(1.0 / 3, pair.meanOfFirst(7), 1e-12);
		assertEquals(1.0 / 3, pair.meanOfSecond(7), 1e-12);
	}

	@Test
	void timeMustNotGoBackwards() {
		TimeWeightedPair pair = new TimeWeightedPair(5, 0, 0);
		assertThrows(IllegalArgumentException.class, () -> pair.update(4, 1, 1));
		assertThrows(IllegalArgumentException.class, () -> pair.meanOfFirst(4));
		assertThrows(IllegalArgumentException.class, () -> pair.meanOfSecond(4));
		assertThrows(IllegalArgumentException.class, () -> pair.reset(4));
	}
}
