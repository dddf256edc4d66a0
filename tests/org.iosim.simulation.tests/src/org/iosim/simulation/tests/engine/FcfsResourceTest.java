package org.iosim.simulation.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.iosim.des.statistics.ConfidenceInterval;
import org.iosim.simulation.engine.FcfsResource;
import org.iosim.simulation.engine.ResourceStatistics;
import org.iosim.simulation.engine.Simulator;
import org.junit.jupiter.api.Test;

class FcfsResourceTest {

	private static final long SEED = 0x10517L;

	@Test
	void singleServerServesInArrivalOrder() {
		Simulator simulator = new Simulator();
		FcfsResource resource = new FcfsResource(simulator, "disk", 1);
		List<String> completions = new ArrayList<>();
		resource.serveFor(1, () -> completions.add("a@" + simulator.now()));
		resource.serveFor(2, () -> completions.add("b@" + simulator.now()));
		resource.serveFor(3, () -> completions.add("c@" + simulator.now()));
		assertEquals(2, resource.queueLength());

		simulator.run();

		assertEquals(List.of("a@1.0", "b@3.0", "c@6.0"), completions);
	}

	@Test
	void twoServersTakeTheNextJobWhenEitherFrees() {
		Simulator simulator = new Simulator();
		FcfsResource resource = new FcfsResource(simulator, "cpu", 2);
		List<String> completions = new ArrayList<>();
		resource.serveFor(1, () -> completions.add("a@" + simulator.now()));
		resource.serveFor(2, () -> completions.add("b@" + simulator.now()));
		resource.serveFor(3, () -> completions.add("c@" + simulator.now()));

		simulator.run();

		assertEquals(List.of("a@1.0", "b@2.0", "c@4.0"), completions);
		ResourceStatistics statistics = resource.statistics();
		// Busy servers: 2 on [0, 2), 1 on [2, 4); c waits on [0, 1).
		assertEquals(0.75, statistics.utilization(), 1e-12);
		assertEquals(1.5, statistics.meanBusyServers(), 1e-12);
		assertEquals(0.25, statistics.meanWaiting(), 1e-12);
		assertEquals(1.75, statistics.meanJobsInSystem(), 1e-12);
		assertEquals(3, statistics.completions());
		assertEquals(0.75, statistics.throughput(), 1e-12);
		assertEquals(2.0, statistics.meanServiceTime(), 1e-12);
		assertEquals((1 + 2 + 4) / 3.0, statistics.meanResidenceTime(), 1e-12);
	}

	@Test
	void queueGrowsBeyondItsInitialCapacityAndKeepsOrder() {
		Simulator simulator = new Simulator();
		FcfsResource resource = new FcfsResource(simulator, "disk", 1);
		List<Integer> order = new ArrayList<>();
		// Interleave arrivals with completions so that the ring wraps before it grows.
		for (int i = 0; i < 10; i++) {
			int job = i;
			resource.serveFor(1, () -> order.add(job));
		}
		simulator.runUntil(5.5);
		for (int i = 10; i < 100; i++) {
			int job = i;
			resource.serveFor(1, () -> order.add(job));
		}
		simulator.run();

		for (int i = 0; i < 100; i++) {
			assertEquals(i, order.get(i));
		}
		assertEquals(100.0, simulator.now(), 1e-9);
	}

	@Test
	void rejectsInvalidServiceTimes() {
		FcfsResource resource = new FcfsResource(new Simulator(), "disk", 1);
		assertThrows(IllegalArgumentException.class, () -> resource.serveFor(-1, () -> { }));
		assertThrows(IllegalArgumentException.class, () -> resource.serveFor(Double.NaN, () -> { }));
		assertThrows(IllegalArgumentException.class, () -> resource.serveFor(Double.POSITIVE_INFINITY, () -> { }));
		assertThrows(IllegalArgumentException.class, () -> new FcfsResource(new Simulator(), "disk", 0));
	}

	@Test
	void mm1MatchesTheExactMeanResponseTime() {
		// λ = 0.8, μ = 1: R = 1 / (μ − λ) = 5, ρ = 0.8, L = ρ / (1 − ρ) = 4.
		OpenStationExperiment experiment = new OpenStationExperiment(
				(simulator, name) -> new FcfsResource(simulator, name, 1), 0.8,
				OpenStationExperiment.exponential(1.0, SEED + 1), SEED).run(10_000, 2_000_000);

		ConfidenceInterval interval = experiment.responseTimeBatches.confidenceInterval(0.95);
		assertTrue(interval.contains(5.0), () -> "5.0 outside " + interval);
		assertEquals(5.0, interval.mean(), 0.03 * 5.0);

		ResourceStatistics statistics = experiment.resource.statistics();
		assertEquals(0.8, statistics.utilization(), 0.01 * 0.8);
		assertEquals(0.8, statistics.throughput(), 0.01 * 0.8);
		assertEquals(4.0, statistics.meanJobsInSystem(), 0.03 * 4.0);
		assertEquals(3.2, statistics.meanWaiting(), 0.03 * 3.2);
		// The resource's own residence times cover exactly the measured jobs.
		assertEquals(experiment.responseTimes.mean(), statistics.meanResidenceTime(), 1e-9);
		// Little's law holds for the time averages of the same run.
		assertEquals(statistics.meanJobsInSystem(), statistics.throughput() * statistics.meanResidenceTime(),
				0.005 * statistics.meanJobsInSystem());
	}

	@Test
	void mm2MatchesTheErlangCWaitingTime() {
		// λ = 1.6, μ = 1, c = 2: offered load a = 1.6, ρ = 0.8.
		double arrivalRate = 1.6;
		int servers = 2;
		double expectedWaitingTime = erlangC(servers, arrivalRate) / (servers - arrivalRate);
		assertEquals(16.0 / 9, expectedWaitingTime, 1e-12);

		OpenStationExperiment experiment = new OpenStationExperiment(
				(simulator, name) -> new FcfsResource(simulator, name, servers), arrivalRate,
				OpenStationExperiment.exponential(1.0, SEED + 3), SEED + 2).run(10_000, 2_000_000);

		ConfidenceInterval interval = experiment.waitingTimeBatches.confidenceInterval(0.95);
		assertTrue(interval.contains(expectedWaitingTime), () -> expectedWaitingTime + " outside " + interval);
		assertEquals(expectedWaitingTime, interval.mean(), 0.03 * expectedWaitingTime);
		assertEquals(0.8, experiment.resource.statistics().utilization(), 0.01 * 0.8);
	}

	/** Probability that an arrival must wait in an M/M/c queue with offered load a (Erlang C). */
	private static double erlangC(int servers, double offeredLoad) {
		double term = 1;
		double sumBelowServers = 0;
		for (int k = 0; k < servers; k++) {
			sumBelowServers += term;
			term *= offeredLoad / (k + 1);
		}
		double waitingTerm = term * servers / (servers - offeredLoad);
		return waitingTerm / (sumBelowServers + waitingTerm);
	}

	@Test
	void md1MatchesPollaczekKhinchine() {
		// λ = 0.8, deterministic service 1: R = S + λ S² / (2 (1 − ρ)) = 3.
		double arrivalRate = 0.8;
		double serviceTime = 1.0;
		double rho = arrivalRate * serviceTime;
		double expectedResponseTime = serviceTime + arrivalRate * serviceTime * serviceTime / (2 * (1 - rho));

		OpenStationExperiment experiment = new OpenStationExperiment(
				(simulator, name) -> new FcfsResource(simulator, name, 1), arrivalRate,
				() -> serviceTime, SEED + 4).run(10_000, 1_000_000);

		ConfidenceInterval interval = experiment.responseTimeBatches.confidenceInterval(0.95);
		assertTrue(interval.contains(expectedResponseTime), () -> expectedResponseTime + " outside " + interval);
		assertEquals(expectedResponseTime, interval.mean(), 0.03 * expectedResponseTime);
		assertEquals(rho, experiment.resource.statistics().utilization(), 0.01 * rho);
	}
}
