package org.iosim.simulation.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.simulation.engine.Event;
import org.iosim.simulation.engine.EventHandle;
import org.iosim.simulation.engine.Simulator;
import org.junit.jupiter.api.Test;

class SimulatorTest {

	@Test
	void firesInTimeOrderAndTiesInSchedulingOrder() {
		Simulator simulator = new Simulator();
		List<String> fired = new ArrayList<>();
		simulator.schedule(2, () -> fired.add("c@" + simulator.now()));
		simulator.schedule(1, () -> fired.add("a@" + simulator.now()));
		simulator.schedule(2, () -> fired.add("d@" + simulator.now()));
		simulator.schedule(1, () -> {
			fired.add("b@" + simulator.now());
			// Scheduled later than c and d for the same instant: fires after them.
			simulator.schedule(1, () -> fired.add("e@" + simulator.now()));
		});

		simulator.run();

		assertEquals(List.of("a@1.0", "b@1.0", "c@2.0", "d@2.0", "e@2.0"), fired);
		assertEquals(5, simulator.eventCount());
		assertEquals(2.0, simulator.now());
	}

	/** How a run budget looks at a run: the simulator hands back control at an event count, and goes on. */
	@Test
	void anEventLimitHandsBackControlAndTheRunGoesOnWhereItStopped() {
		Simulator simulator = new Simulator();
		List<Double> fired = new ArrayList<>();
		for (int time = 1; time <= 5; time++) {
			simulator.schedule(time, () -> fired.add(simulator.now()));
		}
		simulator.setEventLimit(2);
		simulator.runUntil(10);
		assertTrue(simulator.atEventLimit());
		assertEquals(List.of(1.0, 2.0), fired);
		assertEquals(2.0, simulator.now(), "the clock stays at the last event, not at the end time");

		simulator.setEventLimit(Long.MAX_VALUE);
		simulator.runUntil(10);
		assertFalse(simulator.atEventLimit());
		assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0), fired);
		assertEquals(10.0, simulator.now());
	}

	@Test
	void cancelledEventNeverFires() {
		Simulator simulator = new Simulator();
		List<String> fired = new ArrayList<>();
		EventHandle doomed = simulator.scheduleCancellable(1, () -> fired.add("doomed"));
		simulator.schedule(2, () -> fired.add("kept"));
		assertTrue(doomed.isPending());
		assertEquals(2, simulator.pendingEventCount());

		assertTrue(doomed.cancel());
		assertFalse(doomed.isPending());
		assertFalse(doomed.cancel());
		assertEquals(1, simulator.pendingEventCount());

		simulator.run();

		assertEquals(List.of("kept"), fired);
		assertEquals(1, simulator.eventCount());
		assertEquals(0, simulator.pendingEventCount());
	}

	@Test
	void eventCanCancelAnotherOneDueAtTheSameInstant() {
		Simulator simulator = new Simulator();
		List<String> fired = new ArrayList<>();
		EventHandle[] victim = new EventHandle[1];
		simulator.schedule(1, () -> victim[0].cancel());
		victim[0] = simulator.scheduleCancellable(1, () -> fired.add("victim"));
		simulator.run();
		assertEquals(List.of(), fired);
	}

	@Test
	void firedEventCannotBeCancelled() {
		Simulator simulator = new Simulator();
		EventHandle handle = simulator.scheduleCancellable(1, () -> { });
		simulator.run();
		assertFalse(handle.isPending());
		assertFalse(handle.cancel());
		assertEquals(0, simulator.pendingEventCount());
	}

	@Test
	void randomCancellationsMatchAReferenceModel() {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(42L);
		Simulator simulator = new Simulator();
		List<Scheduled> expected = new ArrayList<>();
		List<Integer> fired = new ArrayList<>();
		List<EventHandle> handles = new ArrayList<>();
		int events = 20_000;
		for (int id = 0; id < events; id++) {
			// A coarse grid of times produces many ties.
			double time = random.nextInt(500);
			int eventId = id;
			handles.add(simulator.scheduleCancellable(time, () -> fired.add(eventId)));
			expected.add(new Scheduled(time, id));
		}
		// Cancelling most of them also exercises compaction of the event list.
		boolean[] cancelled = new boolean[events];
		for (int id = 0; id < events; id++) {
			if (random.nextDouble() < 0.7) {
				assertTrue(handles.get(id).cancel());
				cancelled[id] = true;
			}
		}
		int live = events;
		for (boolean c : cancelled) {
			live -= c ? 1 : 0;
		}
		assertEquals(live, simulator.pendingEventCount());

		simulator.run();

		List<Integer> expectedOrder = expected.stream()
				.filter(scheduled -> !cancelled[scheduled.id])
				.sorted(Comparator.comparingDouble(Scheduled::time).thenComparingInt(Scheduled::id))
				.map(Scheduled::id)
				.toList();
		assertEquals(expectedOrder, fired);
		assertEquals(live, simulator.eventCount());
		for (EventHandle handle : handles) {
			assertFalse(handle.cancel());
		}
	}

	private record Scheduled(double time, int id) {
	}

	@Test
	void cancellationsDuringTheRunMatchAReferenceModel() {
		// Each event cancels a random later one: every cancel succeeds once.
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(7L);
		Simulator simulator = new Simulator();
		int events = 5_000;
		EventHandle[] handles = new EventHandle[events];
		boolean[] cancelled = new boolean[events];
		List<Integer> fired = new ArrayList<>();
		for (int id = 0; id < events; id++) {
			int eventId = id;
			handles[id] = simulator.scheduleCancellable(id, () -> {
				fired.add(eventId);
				int victim = eventId + 1 + random.nextInt(10);
				if (victim < events && !cancelled[victim]) {
					assertTrue(handles[victim].cancel());
					cancelled[victim] = true;
				}
			});
		}
		simulator.run();

		for (int id = 0; id < events; id++) {
			assertEquals(!cancelled[id], fired.contains(id), "event " + id);
		}
		assertEquals(fired.stream().sorted().toList(), fired);
	}

	@Test
	void anEventThatSchedulesAndCancelsWhileFiringLeavesTheListOnceAndInOrder() {
		// The fired event's entry stays at the front until its first successor replaces it; neither a
		// compaction of cancelled entries nor a count of pending events may see it as pending.
		Simulator simulator = new Simulator();
		List<Integer> fired = new ArrayList<>();
		int[] pendingWhileFiring = new int[1];
		simulator.schedule(1, () -> {
			fired.add(-1);
			pendingWhileFiring[0] = simulator.pendingEventCount();
			List<EventHandle> later = new ArrayList<>();
			for (int id = 0; id < 200; id++) {
				int eventId = id;
				later.add(simulator.scheduleCancellable(200 - id, () -> fired.add(eventId)));
			}
			for (int id = 0; id < 200; id += 4) {
				later.get(id).cancel();
				later.get(id + 1).cancel();
				later.get(id + 2).cancel();
			}
		});
		simulator.schedule(300, () -> fired.add(1000));

		simulator.run();

		assertEquals(1, pendingWhileFiring[0], "only the event at 300 is pending while the first fires");
		List<Integer> expected = new ArrayList<>(List.of(-1));
		for (int id = 199; id >= 0; id--) {
			if (id % 4 == 3) {
				expected.add(id);
			}
		}
		expected.add(1000);
		assertEquals(expected, fired);
		assertEquals(0, simulator.pendingEventCount());
	}

	@Test
	void runUntilTimeStopsAtTheEndTimeAndCanResume() {
		Simulator simulator = new Simulator();
		List<Double> fired = new ArrayList<>();
		for (double time : new double[] { 1, 2, 3, 4 }) {
			simulator.scheduleAt(time, () -> fired.add(simulator.now()));
		}

		simulator.runUntil(2.5);
		assertEquals(List.of(1.0, 2.0), fired);
		assertEquals(2.5, simulator.now());
		assertEquals(2, simulator.pendingEventCount());

		simulator.runUntil(3.0);
		assertEquals(List.of(1.0, 2.0, 3.0), fired);

		simulator.runUntil(10);
		assertEquals(10.0, simulator.now());
		assertEquals(4, simulator.eventCount());

		simulator.schedule(1, () -> { });
		simulator.runUntil(Double.POSITIVE_INFINITY);
		assertEquals(11.0, simulator.now(), "an open-ended run leaves the clock at the last event");
	}

	@Test
	void stopEndsTheRunAfterTheCurrentEvent() {
		Simulator simulator = new Simulator();
		List<Double> fired = new ArrayList<>();
		simulator.schedule(1, () -> fired.add(simulator.now()));
		simulator.schedule(2, () -> {
			fired.add(simulator.now());
			simulator.stop();
		});
		simulator.schedule(3, () -> fired.add(simulator.now()));

		simulator.runUntil(100);
		assertEquals(List.of(1.0, 2.0), fired);
		assertEquals(2.0, simulator.now(), "a stopped run does not jump to the end time");

		simulator.run();
		assertEquals(List.of(1.0, 2.0, 3.0), fired);
	}

	@Test
	void rejectsInvalidTimesAndReentrantRuns() {
		Simulator simulator = new Simulator();
		assertThrows(IllegalArgumentException.class, () -> simulator.schedule(-1, () -> { }));
		assertThrows(IllegalArgumentException.class, () -> simulator.schedule(Double.NaN, () -> { }));
		assertThrows(IllegalArgumentException.class, () -> simulator.schedule(Double.POSITIVE_INFINITY, () -> { }));
		assertThrows(NullPointerException.class, () -> simulator.schedule(1, (Event) null));
		assertThrows(NullPointerException.class, () -> simulator.schedule(1, (Runnable) null));
		simulator.runUntil(5);
		assertThrows(IllegalArgumentException.class, () -> simulator.scheduleAt(4, () -> { }));
		assertThrows(IllegalArgumentException.class, () -> simulator.runUntil(4));

		List<Class<?>> failures = new ArrayList<>();
		simulator.schedule(1, () -> {
			try {
				simulator.run();
			} catch (IllegalStateException expected) {
				failures.add(expected.getClass());
			}
		});
		simulator.run();
		assertEquals(List.of(IllegalStateException.class), failures);
	}

	@Test
	void largeEventListKeepsOrder() {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(3L);
		Simulator simulator = new Simulator();
		List<Double> fired = new ArrayList<>();
		for (int i = 0; i < 100_000; i++) {
			simulator.schedule(random.nextDouble() * 1000, () -> fired.add(simulator.now()));
		}
		simulator.run();
		assertEquals(100_000, fired.size());
		for (int i = 1; i < fired.size(); i++) {
			assertTrue(fired.get(i - 1) <= fired.get(i));
		}
	}
}
