package org.iosim.pcm.palladio.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.simulation.ArchitectureSimulation;

/**
 * Simulates imported model sets. The hand-written models run constant demands on delay resources
 * (no queueing), so every run of a scenario takes exactly its demands over the processing rates,
 * and the simulated mean response time equals the value derived by hand up to rounding.
 */
final class Simulations {

	private Simulations() {
	}

	/** @return the first scenario's mean response time over 2,000 runs after 100 of warm-up */
	static double meanResponseTime(ModelSet modelSet) throws Exception {
		SimulationResult result = ArchitectureSimulation.of(modelSet.model()).run(SimulationConfig.defaults()
				.withSeed(1).withMaxMeasurements(2_000).withWarmupMeasurements(100), ProgressMonitor.NONE);
		return result.scenarios().get(0).responseTime().mean();
	}

	/** Asserts that the model set simulates with the mean response time derived by hand. */
	static void assertMeanResponseTime(double derived, ModelSet modelSet) throws Exception {
		assertEquals(derived, meanResponseTime(modelSet), derived * 1e-9, modelSet.name());
	}
}
