package org.iosim.simulation.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

import org.iosim.des.statistics.BatchMeans;
import org.iosim.des.statistics.ConfidenceInterval;
import org.iosim.simulation.engine.DelayResource;
import org.iosim.simulation.engine.ProcessorSharingResource;
import org.iosim.simulation.engine.ResourceStatistics;
import org.iosim.simulation.engine.Simulator;
import org.junit.jupiter.api.Test;

class ProcessorSharingResourceTest {

	private static final long SEED = 0x5A4EL;

	private static List<Double> completionTimes(Simulator simulator, ProcessorSharingResource resource,
			double... serviceTimes) {
		List<Double> times = new ArrayList<>();
		for (double serviceTime : serviceTimes) {
			resource.serveFor(serviceTime, () -> times.add(simulator.now()));
		}
		return times;
	}

	@Test
	void oneJobOnTwoServersRunsAtFullRate() {
		Simulator simulator = new Simulator();
		ProcessorSharingResource cpu = new ProcessorSharingResource(simulator, "cpu", 2);
		List<Double> times = completionTimes(simulator, cpu, 1.0);
		simulator.run();
		assertEquals(List.of(1.0), times);
	}

	@Test
	void fourJobsOnTwoServersEachGetHalfTheRate() {
		Simulator simulator = new Simulator();
		ProcessorSharingResource cpu = new ProcessorSharingResource(simulator, "cpu", 2);
		List<Double> times = completionTimes(simulator, cpu, 1.0, 1.0, 1.0, 1.0);
		simulator.run();
		assertEquals(List.of(2.0, 2.0, 2.0, 2.0), times);
		assertEquals(1.0, cpu.statistics().utilization(), 1e-12);
		assertEquals(4.0, cpu.statistics().meanJobsInSystem(), 1e-12);
	}

	@Test
	void threeJobsOnTwoServersEachGetTwoThirds() {
		Simulator simulator = new Simulator();
		ProcessorSharingResource cpu = new ProcessorSharingResource(simulator, "cpu", 2);
		List<Double> times = completionTimes(simulator, cpu, 1.0, 1.0, 1.0);
		simulator.run();
		for (double time : times) {
			assertEquals(1.5, time, 1e-12);
		}
	}

	@Test
	void shortJobLeavesFirstAndTheRestSpeedsUp() {
		// Service times 1 and 0.5 on one server: both at half speed until the
		// short job has had its 0.5 at t = 1; the long one then has 0.5 left
		// at full speed and leaves at 1.5.
		Simulator simulator = new Simulator();
		ProcessorSharingResource cpu = new ProcessorSharingResource(simulator, "cpu", 1);
		List<String> order = new ArrayList<>();
		cpu.serveFor(1, () -> order.add("long@" + simulator.now()));
		cpu.serveFor(0.5, () -> order.add("short@" + simulator.now()));
		simulator.run();
		assertEquals(List.of("short@1.0", "long@1.5"), order);
	}

	@Test
	void lateArrivalSharesTheRemainingWork() {
		// A (3 units) alone on [0, 1) keeps 2 units; B (1 unit) arrives at 1,
		// both at half rate: B leaves at 3 with A holding 1 unit, A at 4.
		Simulator simulator = new Simulator();
		ProcessorSharingResource cpu = new ProcessorSharingResource(simulator, "cpu", 1);
		List<String> order = new ArrayList<>();
		cpu.serveFor(3, () -> order.add("A@" + simulator.now()));
		simulator.schedule(1, () -> cpu.serveFor(1, () -> order.add("B@" + simulator.now())));
		simulator.run();
		assertEquals(List.of("B@3.0", "A@4.0"), order);
		assertEquals(1.0, cpu.statistics().utilization(), 1e-12);
		assertEquals((2.0 + 4.0) / 4.0, cpu.statistics().meanJobsInSystem(), 1e-12);
	}

	@Test
	void jobsFinishingTogetherLeaveInArrivalOrder() {
		// A (2 units) has 1 left when B (1 unit) arrives at 1: equal finish tags.
		Simulator simulator = new Simulator();
		ProcessorSharingResource cpu = new ProcessorSharingResource(simulator, "cpu", 1);
		List<String> order = new ArrayList<>();
		cpu.serveFor(2, () -> order.add("A@" + simulator.now()));
		simulator.schedule(1, () -> cpu.serveFor(1, () -> order.add("B@" + simulator.now())));
		simulator.run();
		assertEquals(List.of("A@3.0", "B@3.0"), order);
	}

	@Test
	void idleResourceRestartsCleanly() {
		Simulator simulator = new Simulator();
		ProcessorSharingResource cpu = new ProcessorSharingResource(simulator, "cpu", 1);
		List<Double> times = new ArrayList<>();
		cpu.serveFor(1, () -> times.add(simulator.now()));
		simulator.schedule(5, () -> cpu.serveFor(2, () -> times.add(simulator.now())));
		simulator.run();
		assertEquals(List.of(1.0, 7.0), times);
		assertEquals(0, cpu.jobsInSystem());
		assertEquals(3.0 / 7.0, cpu.statistics().utilization(), 1e-12);
	}

	@Test
	void mm1ProcessorSharingMatchesTheExactMeanResponseTime() {
		// M/M/1-PS has the same mean response time as FCFS: 1 / (μ − λ) = 5.
		OpenStationExperiment experiment = new OpenStationExperiment(
				(simulator, name) -> new ProcessorSharingResource(simulator, name, 1), 0.8,
				OpenStationExperiment.exponential(1.0, SEED + 1), SEED).run(10_000, 2_000_000);

		ConfidenceInterval interval = experiment.responseTimeBatches.confidenceInterval(0.95);
		assertTrue(interval.contains(5.0), () -> "5.0 outside " + interval);
		assertEquals(5.0, interval.mean(), 0.03 * 5.0);
		ResourceStatistics statistics = experiment.resource.statistics();
		assertEquals(0.8, statistics.utilization(), 0.01 * 0.8);
		assertEquals(4.0, statistics.meanJobsInSystem(), 0.03 * 4.0);
	}

	@Test
	void closedNetworkMatchesMeanValueAnalysis() {
		int customers = 3;
		double thinkTime = 1.0;
		double cpuDemand = 0.5;
		double[] exact = meanValueAnalysis(customers, thinkTime, cpuDemand);
		double exactThroughput = exact[0];
		double exactResponseTime = exact[1];
		assertEquals(3 / 1.9, exactThroughput, 1e-12);
		assertEquals(0.9, exactResponseTime, 1e-12);

		Simulator simulator = new Simulator();
		DelayResource users = new DelayResource(simulator, "think");
		ProcessorSharingResource cpu = new ProcessorSharingResource(simulator, "cpu", 1);
		ClosedLoop loop = new ClosedLoop(simulator, users, cpu,
				OpenStationExperiment.exponential(thinkTime, SEED + 2),
				OpenStationExperiment.exponential(cpuDemand, SEED + 3));
		for (int i = 0; i < customers; i++) {
			loop.think();
		}
		simulator.runUntil(1_000);
		cpu.resetStatistics();
		users.resetStatistics();
		loop.measuring = true;
		simulator.runUntil(simulator.now() + 300_000);

		ConfidenceInterval responseTime = loop.cpuResidenceTimes.confidenceInterval(0.95);
		assertTrue(responseTime.contains(exactResponseTime), () -> exactResponseTime + " outside " + responseTime);
		assertEquals(exactResponseTime, responseTime.mean(), 0.03 * exactResponseTime);
		assertEquals(exactThroughput, cpu.statistics().throughput(), 0.01 * exactThroughput);
		assertEquals(exactThroughput * cpuDemand, cpu.statistics().utilization(), 0.01 * exactThroughput * cpuDemand);
		// Customers are either thinking or at the CPU.
		assertEquals(customers, users.statistics().meanJobsInSystem() + cpu.statistics().meanJobsInSystem(), 1e-6);
	}

	/** Exact MVA for a delay station and one queueing station: {throughput, response time}. */
	private static double[] meanValueAnalysis(int customers, double thinkTime, double demand) {
		double queueLength = 0;
		double throughput = 0;
		double responseTime = 0;
		for (int n = 1; n <= customers; n++) {
			responseTime = demand * (1 + queueLength);
			throughput = n / (thinkTime + responseTime);
			queueLength = throughput * responseTime;
		}
		return new double[] { throughput, responseTime };
	}

	/** Customers alternating between thinking and using the CPU. */
	private static final class ClosedLoop {

		final BatchMeans cpuResidenceTimes = new BatchMeans();
		boolean measuring;
		private final Simulator simulator;
		private final DelayResource users;
		private final ProcessorSharingResource cpu;
		private final DoubleSupplier thinkTimes;
		private final DoubleSupplier cpuDemands;

		ClosedLoop(Simulator simulator, DelayResource users, ProcessorSharingResource cpu, DoubleSupplier thinkTimes,
				DoubleSupplier cpuDemands) {
			this.simulator = simulator;
			this.users = users;
			this.cpu = cpu;
			this.thinkTimes = thinkTimes;
			this.cpuDemands = cpuDemands;
		}

		void think() {
			users.serveFor(thinkTimes.getAsDouble(), this::compute);
		}

		private void compute() {
			double arrivalTime = simulator.now();
			cpu.serveFor(cpuDemands.getAsDouble(), () -> {
				if (measuring) {
					cpuResidenceTimes.add(simulator.now() - arrivalTime);
				}
				think();
			});
		}
	}
}
