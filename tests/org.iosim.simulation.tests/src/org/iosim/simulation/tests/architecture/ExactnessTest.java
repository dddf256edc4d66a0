package org.iosim.simulation.tests.architecture;

import static org.iosim.testing.Behaviours.demand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ResponseTime;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Product-form networks modelled as Palladio architectures must reproduce exact queueing results:
 * the exact mean lies in the reported 95 % confidence interval and within 2 %.
 */
class ExactnessTest {

	private static final double THINK_TIME = 1.0;
	private static final double CPU_DEMAND = 0.02;
	private static final double DISK_DEMAND = 0.03;

	static SimulationResult simulate(ArchitectureModel model, SimulationConfig config) throws Exception {
		return ArchitectureSimulation.of(model).run(config, ProgressMonitor.NONE);
	}

	static void assertMatches(double exact, ResponseTime measured, String what) {
		double relativeError = Math.abs(measured.mean() - exact) / exact;
		assertTrue(Math.abs(measured.mean() - exact) <= measured.ci95(), what + ": exact " + exact
				+ " outside the 95 % interval " + measured.mean() + " ± " + measured.ci95());
		assertTrue(relativeError <= 0.02, what + ": exact " + exact + ", simulated " + measured.mean()
				+ " (" + relativeError * 100 + " % off)");
	}

	/** Think time, a processor-sharing CPU and an FCFS disk, exponential demands. */
	@ParameterizedTest(name = "{0} users")
	@ValueSource(ints = { 1, 2, 5, 10, 20, 35, 50 })
	void closedNetworkMatchesMeanValueAnalysis(int users) throws Exception {
		SingleServerModel model = new SingleServerModel("closed network");
		model.server().processorSharing(model.cpu(), "1000").fcfs(model.hdd(), "1000");
		model.seff(demand(model.cpu(), "Exp(" + 1 / (CPU_DEMAND * 1000) + ")"),
				demand(model.hdd(), "Exp(" + 1 / (DISK_DEMAND * 1000) + ")"))
				.closedScenario("closed", users, "Exp(" + 1 / THINK_TIME + ")");

		SimulationResult result = simulate(model.build(), SimulationConfig.defaults().withSeed(42)
				.withMaxMeasurements(400_000).withWarmupMeasurements(5_000));

		MeanValueAnalysis.Solution exact = MeanValueAnalysis.closed(THINK_TIME,
				new double[] { CPU_DEMAND, DISK_DEMAND }, users);
		assertMatches(exact.responseTime(), result.scenarios().get(0).responseTime(), users + " users");
		assertEquals(exact.throughput(), result.scenarios().get(0).throughput(), exact.throughput() * 0.02);
		ResourceResult disk = result.resources().stream().filter(r -> r.type().equals("HDD")).findFirst().orElseThrow();
		assertEquals(exact.utilizations()[1], disk.utilization(), 0.02);
	}

	@Test
	void openSingleServerMatchesMM1() throws Exception {
		double arrivalRate = 8;
		double serviceRate = 10;
		SingleServerModel model = new SingleServerModel("M/M/1");
		model.server().fcfs(model.cpu(), "1");
		model.seff(demand(model.cpu(), "Exp(" + serviceRate + ")")).openScenario("open", "Exp(" + arrivalRate + ")");

		SimulationResult result = simulate(model.build(), SimulationConfig.defaults().withSeed(7)
				.withMaxMeasurements(1_000_000).withWarmupMeasurements(10_000));

		assertMatches(1 / (serviceRate - arrivalRate), result.scenarios().get(0).responseTime(), "M/M/1");
		assertEquals(arrivalRate / serviceRate, result.resources().get(0).utilization(), 0.01);
	}

	@Test
	void openTandemMatchesSumOfMM1() throws Exception {
		double arrivalRate = 5;
		SingleServerModel model = new SingleServerModel("tandem");
		model.server().fcfs(model.cpu(), "1").fcfs(model.hdd(), "1");
		model.seff(demand(model.cpu(), "Exp(10)"), demand(model.hdd(), "Exp(8)")).openScenario("tandem",
				"Exp(" + arrivalRate + ")");

		SimulationResult result = simulate(model.build(), SimulationConfig.defaults().withSeed(11)
				.withMaxMeasurements(1_000_000).withWarmupMeasurements(10_000));

		double exact = 1 / (10 - arrivalRate) + 1 / (8 - arrivalRate);
		assertMatches(exact, result.scenarios().get(0).responseTime(), "tandem");
	}
}
