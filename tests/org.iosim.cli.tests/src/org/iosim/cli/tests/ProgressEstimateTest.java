package org.iosim.cli.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.cli.internal.SimulationProgress;
import org.iosim.cli.internal.SweepCommand;
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

	/** On a cluster a sweep's points come back a file at a time: its first point once said "about 6800:07:32 left". */
	@Test
	void aSweepEstimatesOnceAHundredthOfItsPointsAreDone() {
		assertTrue(SweepCommand.progressLine(1, 999_999, 0, 9.5).endsWith("1 done, 999999 left, estimating the time left"));
		assertTrue(SweepCommand.progressLine(10_000, 990_000, 0, 20).endsWith("10000 done, 990000 left, about 33:00 left"));
		assertTrue(SweepCommand.progressLine(1, 1, 0, 3).endsWith("1 done, 1 left, about 0:03 left"));
		assertTrue(SweepCommand.progressLine(2, 0, 5, 3).endsWith("2 done, 0 left (5 kept from before)"));
	}
}
