package org.iosim.simulation.tests.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.simulation.bench.ClosedNetworkBenchmark;
import org.junit.jupiter.api.Test;

/** The model file of {@code iosim bench}: it loads from the simulation bundle and is the reference network. */
class BenchmarkNetworkTest {

	@Test
	void networkLoadsValidWithThePopulationAskedFor() {
		ArchitectureModel network = ClosedNetworkBenchmark.network(17);

		assertEquals(List.of(), new ModelValidator().validate(network).stream().map(Diagnostic::format).toList());
		assertEquals(17, ((ClosedWorkload) network.getUsageModel().getScenarios().get(0).getWorkload()).getPopulation());
	}

	/** Think time 1, processor-sharing CPU demand 0.02, FCFS disk demand 0.04, all exponential. */
	@Test
	void networkMatchesMeanValueAnalysis() throws Exception {
		int users = 20;
		SimulationResult result = ExactnessTest.simulate(ClosedNetworkBenchmark.network(users),
				SimulationConfig.defaults().withSeed(3).withMaxMeasurements(400_000).withWarmupMeasurements(5_000));

		MeanValueAnalysis.Solution exact = MeanValueAnalysis.closed(1.0, new double[] { 0.02, 0.04 }, users);
		ExactnessTest.assertMatches(exact.responseTime(), result.scenarios().get(0).responseTime(), "bench network");
	}
}
