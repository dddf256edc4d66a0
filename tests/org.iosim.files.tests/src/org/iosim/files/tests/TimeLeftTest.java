package org.iosim.files.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.iosim.files.TimeLeft;
import org.junit.jupiter.api.Test;

/** The one estimate and clock of progress lines. */
class TimeLeftTest {

	@Test
	void secondsAreAClockWithHoursOnlyFromAnHourOn() {
		assertEquals("0:00", TimeLeft.clock(0.4));
		assertEquals("1:05", TimeLeft.clock(65));
		assertEquals("1:00", TimeLeft.clock(59.5));
		assertEquals("59:59", TimeLeft.clock(3599));
		assertEquals("1:02:05", TimeLeft.clock(3725));
	}

	@Test
	void theTimeLeftIsThePaceSoFarTimesWhatRemains() {
		assertEquals(30, TimeLeft.seconds(12, 4, 10), 1e-12);
		assertEquals(27, TimeLeft.seconds(3, 0.1, 0.9), 1e-9);
		assertEquals("0:12 elapsed, about 0:30 left", TimeLeft.elapsedAndLeft(12, 4, 10));
	}
}
