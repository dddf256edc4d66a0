package org.iosim.simulation.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.DelayResource;
import org.iosim.simulation.engine.ResourceStatistics;
import org.iosim.simulation.engine.Simulator;
import org.junit.jupiter.api.Test;

class DelayResourceTest {

	@Test
	void jobsDoNotWaitForEachOther() {
		Simulator simulator = new Simulator();
		DelayResource network = new DelayResource(simulator, "network");
		List<String> order = new ArrayList<>();
		network.serveFor(3, () -> order.add("slow@" + simulator.now()));
		network.serveFor(1, () -> order.add("fast@" + simulator.now()));
		network.serveFor(2, () -> order.add("medium@" + simulator.now()));
		assertEquals(3, network.jobsInSystem());

		simulator.run();

		assertEquals(List.of("fast@1.0", "medium@2.0", "slow@3.0"), order);
		ResourceStatistics statistics = network.statistics();
		assertEquals(ActiveResource.UNLIMITED_SERVERS, network.servers());
		assertEquals(0, statistics.utilization());
		assertEquals(2.0, statistics.meanJobsInSystem(), 1e-12);
		assertEquals(2.0, statistics.meanBusyServers(), 1e-12);
		assertEquals(0, statistics.meanWaiting(), 1e-12);
		assertEquals(2.0, statistics.meanResidenceTime(), 1e-12);
	}

	@Test
	void resetForgetsTheWarmUp() {
		Simulator simulator = new Simulator();
		DelayResource think = new DelayResource(simulator, "think");
		think.serveFor(10, () -> { });
		simulator.runUntil(4);
		think.resetStatistics();
		think.serveFor(1, () -> { });
		simulator.runUntil(8);

		ResourceStatistics statistics = think.statistics();
		assertEquals(4.0, statistics.observationTime(), 1e-12);
		assertEquals(1, statistics.arrivals());
		assertEquals(1, statistics.completions());
		assertEquals(0.25, statistics.throughput(), 1e-12);
		// One job throughout, a second one on [4, 5).
		assertEquals(1.25, statistics.meanJobsInSystem(), 1e-12);
	}
}
