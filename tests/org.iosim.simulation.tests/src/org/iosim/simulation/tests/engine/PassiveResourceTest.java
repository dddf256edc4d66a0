package org.iosim.simulation.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.iosim.simulation.engine.PassiveResource;
import org.iosim.simulation.engine.Simulator;
import org.junit.jupiter.api.Test;

class PassiveResourceTest {

	@Test
	void waitersAreGrantedInArrivalOrderAtTheReleaseTimes() {
		Simulator simulator = new Simulator();
		PassiveResource lock = new PassiveResource(simulator, "lock", 1);
		List<String> grants = new ArrayList<>();
		double[] holdingTimes = { 1, 2, 3 };
		String[] names = { "A", "B", "C" };
		for (int i = 0; i < 3; i++) {
			String name = names[i];
			double holdingTime = holdingTimes[i];
			simulator.schedule(0, () -> lock.acquire(() -> {
				grants.add(name + "@" + simulator.now());
				simulator.schedule(holdingTime, lock::release);
			}));
		}

		simulator.run();

		assertEquals(List.of("A@0.0", "B@1.0", "C@3.0"), grants);
		assertEquals(1, lock.available());
		assertEquals(0, lock.waiting());
		assertEquals(3, lock.grants());
		assertEquals((0 + 1 + 3) / 3.0, lock.meanWaitingTime(), 1e-12);
		assertEquals(3.0, lock.waitingTimes().max(), 1e-12);
		assertEquals(1.0, lock.utilization(), 1e-12);
		// Two wait on [0, 1), one on [1, 3), none on [3, 6).
		assertEquals((2 + 2) / 6.0, lock.meanWaiting(), 1e-12);
	}

	@Test
	void releasedPermitCannotBeTakenByALaterAcquirer() {
		Simulator simulator = new Simulator();
		PassiveResource lock = new PassiveResource(simulator, "lock", 1);
		List<String> grants = new ArrayList<>();
		lock.acquire(() -> grants.add("holder"));
		lock.acquire(() -> grants.add("waiter@" + simulator.now()));
		simulator.schedule(1, () -> {
			lock.release();
			// Arrives after the release in the same instant; the waiter was first.
			lock.acquire(() -> grants.add("latecomer@" + simulator.now()));
		});

		simulator.run();

		assertEquals(List.of("holder", "waiter@1.0"), grants);
		assertEquals(1, lock.waiting());
	}

	@Test
	void severalPermitsAreGrantedAtOnce() {
		Simulator simulator = new Simulator();
		PassiveResource pool = new PassiveResource(simulator, "pool", 2);
		List<String> grants = new ArrayList<>();
		pool.acquire(() -> grants.add("first"));
		pool.acquire(() -> grants.add("second"));
		pool.acquire(() -> grants.add("third"));
		assertEquals(List.of("first", "second"), grants);
		assertEquals(0, pool.available());
		assertEquals(1, pool.waiting());
	}

	@Test
	void releasingAnUnheldPermitFails() {
		PassiveResource pool = new PassiveResource(new Simulator(), "pool", 2);
		assertThrows(IllegalStateException.class, pool::release);
		assertThrows(IllegalArgumentException.class, () -> new PassiveResource(new Simulator(), "pool", 0));
	}

	@Test
	void resetForgetsEarlierWaits() {
		Simulator simulator = new Simulator();
		PassiveResource lock = new PassiveResource(simulator, "lock", 1);
		lock.acquire(() -> { });
		lock.acquire(() -> { });
		simulator.schedule(5, lock::release);
		simulator.runUntil(10);
		lock.resetStatistics();
		simulator.runUntil(12);

		assertEquals(0, lock.grants());
		assertEquals(1.0, lock.utilization(), 1e-12);
		assertEquals(0.0, lock.meanWaiting(), 1e-12);
		assertEquals(2.0, lock.observationTime(), 1e-12);
	}
}
