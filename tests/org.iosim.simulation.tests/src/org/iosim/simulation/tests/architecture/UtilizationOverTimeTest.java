package org.iosim.simulation.tests.architecture;

import static org.iosim.testing.Behaviours.demand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.UtilizationWindow;
import org.iosim.testing.ModelBuilder;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.api.Test;

/**
 * A resource's utilization over simulated time is the first replication's busy servers per window:
 * the windows follow each other from the end of the warm-up to the end of the run, and averaged over
 * their lengths they give the resource's utilization of the whole run.
 */
class UtilizationOverTimeTest {

	@Test
	void theWindowsSpanTheMeasuredTimeAndAverageToTheUtilization() throws Exception {
		SingleServerModel model = new SingleServerModel("utilization over time");
		model.server().resource(model.cpu(), ModelBuilder.PROCESSOR_SHARING, 2, "1").fcfs(model.hdd(), "1");
		model.seff(demand(model.cpu(), "Exp(4)"), demand(model.hdd(), "Exp(10)")).openScenario("open", "Exp(5)");

		SimulationResult result = ExactnessTest.simulate(model.build(),
				SimulationConfig.defaults().withSeed(5).withMaxMeasurements(30_000).withWarmupMeasurements(1_000));

		assertEquals(2, result.resources().size());
		for (ResourceResult resource : result.resources()) {
			List<UtilizationWindow> windows = resource.utilizationOverTime();
			assertTrue(windows.size() > 10, resource.type() + ": " + windows.size() + " windows");
			assertTrue(windows.get(0).start() > 0, "the warm-up is not charted");
			assertEquals(result.simulatedTime(), windows.get(windows.size() - 1).end(), 1e-9, "up to the run's end");
			double busyTime = 0;
			for (int i = 0; i < windows.size(); i++) {
				UtilizationWindow window = windows.get(i);
				assertTrue(window.utilization() >= 0 && window.utilization() <= 1 + 1e-12, window.toString());
				if (i > 0) {
					assertEquals(windows.get(i - 1).end(), window.start(), 1e-9, "no gap before " + window);
				}
				busyTime += window.utilization() * (window.end() - window.start());
			}
			double measured = result.simulatedTime() - windows.get(0).start();
			assertEquals(resource.utilization(), busyTime / measured, 1e-9, resource.type());
		}
		// arrivals at 5 per second, 0.25 s on one of two CPU cores and 0.1 s at the disk
		assertEquals(0.625, result.resources().get(0).utilization(), 0.03, "CPU");
		assertEquals(0.5, result.resources().get(1).utilization(), 0.03, "HDD");
	}

	@Test
	void aDelayResourceHasNoUtilizationToFollow() throws Exception {
		SingleServerModel model = new SingleServerModel("delay");
		model.server().delay(model.cpu(), "1");
		model.seff(demand(model.cpu(), "Exp(4)")).openScenario("open", "Exp(5)");

		SimulationResult result = ExactnessTest.simulate(model.build(),
				SimulationConfig.defaults().withSeed(5).withMaxMeasurements(2_000));

		assertEquals(List.of(), result.resources().get(0).utilizationOverTime());
	}
}
