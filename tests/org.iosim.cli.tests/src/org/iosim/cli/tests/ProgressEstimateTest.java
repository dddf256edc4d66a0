package org.iosim.cli.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.cli.internal.SimulationProgress;
import org.iosim.engine.ProgressMonitor.Progress;
import org.iosim.engine.SimulationConfig;
import org.junit.jupiter.api.Test;

/** The time left is estimated only from enough progress: the first line of a 10-second run once said "about 4:51:01 left". */
class ProgressEstimateTest {

	private final SimulationConfig config = SimulationConfig.defaults().withMaxMeasurements(1_000_000);

	@Test
	void tooLittleProgressSaysItIsEstimating() {
		String early = SimulationProgress.line(config, 1, new Progress(0, 3, 1_000, 10_000));
		assertTrue(early.endsWith("; 0 % done, estimating the time left"), early);
		String tooSoon = SimulationProgress.line(config, 1, new Progress(0, 3, 200_000, 10_000));
		assertTrue(tooSoon.endsWith("; 20 % done, estimating the time left"), tooSoon);
	}

	@Test
	void enoughProgressGivesTheTimeLeftAtThePaceSoFar() {
		String line = SimulationProgress.line(config, 3, new Progress(0, 3, 100_000, 10_000));
		assertTrue(line.endsWith("; 10 % done, about 0:27 left"), line);
	}
}
