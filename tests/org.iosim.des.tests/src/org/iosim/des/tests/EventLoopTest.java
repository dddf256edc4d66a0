package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.iosim.des.EventLoop;
import org.iosim.des.SimulationClock;
import org.junit.jupiter.api.Test;

/** The general event loop: time order, ties in scheduling order, cancelled events never run. */
class EventLoopTest {

	@Test
	void eventsRunInTimeOrderAndTiesInTheOrderTheyWereScheduled() {
		EventLoop loop = new EventLoop();
		List<String> ran = new ArrayList<>();
		loop.schedule(2, () -> ran.add("b@" + loop.now()));
		loop.schedule(1, () -> {
			ran.add("a@" + loop.now());
			loop.schedule(1, () -> ran.add("c@" + loop.now()));
		});
		loop.schedule(0.5, () -> ran.add("first@" + loop.now()));

		loop.run();

		assertEquals(List.of("first@0.5", "a@1.0", "b@2.0", "c@2.0"), ran);
		assertEquals(2, loop.now());
	}

	@Test
	void aCancelledEventNeverRunsAndCancellingItAgainSaysSo() {
		EventLoop loop = new EventLoop();
		List<Double> ran = new ArrayList<>();
		SimulationClock.Scheduled cancelled = loop.schedule(1, () -> ran.add(loop.now()));
		loop.schedule(2, () -> ran.add(loop.now()));

		assertTrue(cancelled.cancel());
		assertFalse(cancelled.cancel());
		loop.run();

		assertEquals(List.of(2.0), ran);
	}

	@Test
	void runningUntilATimeLeavesLaterEventsAndTheClockAtThatTime() {
		EventLoop loop = new EventLoop();
		List<Double> ran = new ArrayList<>();
		loop.schedule(1, () -> ran.add(loop.now()));
		loop.schedule(3, () -> ran.add(loop.now()));

		loop.runUntil(2);
		assertEquals(List.of(1.0), ran);
		assertEquals(2, loop.now());
		loop.runUntil(3);
		assertEquals(List.of(1.0, 3.0), ran);
		assertThrows(IllegalArgumentException.class, () -> loop.schedule(-1, () -> { }));
	}
}
