package org.iosim.simulation.tests.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.iosim.simulation.engine.ProcessorSharingResource;
import org.iosim.simulation.engine.ResourceStatistics;
import org.junit.jupiter.api.Test;

class DeterminismTest {

	/** Everything a run reports, as raw bits so that equality means bit-for-bit. */
	private static long[] fingerprint(long seed) {
		OpenStationExperiment experiment = new OpenStationExperiment(
				(simulator, name) -> new ProcessorSharingResource(simulator, name, 2), 1.5,
				OpenStationExperiment.exponential(1.0, seed + 1), seed).run(1_000, 200_000);
		ResourceStatistics statistics = experiment.resource.statistics();
		return new long[] {
			experiment.simulator.eventCount(),
			Double.doubleToRawLongBits(experiment.simulator.now()),
			Double.doubleToRawLongBits(experiment.responseTimes.mean()),
			Double.doubleToRawLongBits(experiment.responseTimes.variance()),
			Double.doubleToRawLongBits(experiment.responseTimes.max()),
			Double.doubleToRawLongBits(experiment.responseTimeBatches.halfWidth()),
			Double.doubleToRawLongBits(statistics.utilization()),
			Double.doubleToRawLongBits(statistics.meanJobsInSystem()),
			Double.doubleToRawLongBits(statistics.throughput()),
			statistics.completions(),
		};
	}

	@Test
	void sameSeedGivesIdenticalResults() {
		long[] first = fingerprint(99);
		long[] second = fingerprint(99);
		assertArrayEquals(first, second);
		assertTrue(first[0] > 400_000);
	}

	@Test
	void differentSeedGivesDifferentResults() {
		assertFalse(Arrays.equals(fingerprint(99), fingerprint(100)));
	}
}
