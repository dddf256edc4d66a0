package org.iosim.simulation.tests.architecture;

import static org.iosim.testing.Behaviours.demand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.TimeWindow;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.api.Test;

/**
 * The response time over simulated time holds only windows the run covered whole: a run stopped by
 * its number of measurements ends inside a window, whose few completions were reported as a full
 * window's mean (the dip at the end of every chart).
 */
class ResponseTimeOverTimeTest {

	@Test
	void theWindowTheRunEndedInIsLeftOut() throws Exception {
		SingleServerModel model = new SingleServerModel("partial window");
		model.server().fcfs(model.cpu(), "1");
		model.seff(demand(model.cpu(), "Exp(10)")).openScenario("open", "Exp(5)");

		SimulationResult result = ExactnessTest.simulate(model.build(),
				SimulationConfig.defaults().withSeed(3).withMaxMeasurements(20_000));

		List<TimeWindow> windows = result.scenarios().get(0).overTime();
		assertFalse(windows.isEmpty());
		TimeWindow last = windows.get(windows.size() - 1);
		double length = last.end() - last.start();
		assertTrue(last.end() <= result.simulatedTime(), "the last window ends at " + last.end()
				+ ", after the run's end at " + result.simulatedTime());
		assertTrue(result.simulatedTime() < last.end() + length, "a whole window before the run's end is missing");
		for (TimeWindow window : windows) {
			assertEquals(length, window.end() - window.start(), 1e-9, "every window is a whole one");
		}
	}
}
