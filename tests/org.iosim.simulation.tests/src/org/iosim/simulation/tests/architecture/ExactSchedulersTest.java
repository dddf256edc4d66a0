package org.iosim.simulation.tests.architecture;

import static org.iosim.testing.Behaviours.demand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.simulation.SchedulingPolicies;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.FcfsResource;
import org.iosim.simulation.engine.Simulator;
import org.iosim.testing.ModelBuilder;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.api.Test;

/**
 * SimuCom's exact operating-system schedulers (Palladio's add-on, ids
 * {@code edu.kit.ipd.sdq.pcm.simulation.scheduler.exact.*}) are simulated as processor sharing, with a
 * warning naming the resource, its container and what it is simulated as.
 */
class ExactSchedulersTest {

	private static final String WINDOWS_SERVER = SchedulingPolicies.EXACT_SCHEDULERS + "winserver2003";
	private static final SimulationConfig RUN = SimulationConfig.defaults().withSeed(5).withMaxMeasurements(200_000)
			.withWarmupMeasurements(2_000);
	private static final double THINK_TIME = 1.0;
	private static final double DEMAND = 0.4;
	private static final int USERS = 6;
	private static final int CORES = 2;

	/** Six users, think time Exp(1), one Exp demand of mean 0.4 on a CPU of two cores with the given policy. */
	private static SingleServerModel cpuWith(String policy) {
		SingleServerModel model = new SingleServerModel("two cores");
		model.server().resource(model.cpu(), policy, CORES, "1");
		model.seff(demand(model.cpu(), "Exp(" + 1 / DEMAND + ")")).closedScenario("users", USERS,
				"Exp(" + 1 / THINK_TIME + ")");
		return model;
	}

	@Test
	void anExactSchedulerRunsAsProcessorSharingWithAWarningNamingTheResource() throws Exception {
		ArchitectureSimulation exact = ArchitectureSimulation.of(cpuWith(WINDOWS_SERVER).build());
		ArchitectureSimulation sharing = ArchitectureSimulation.of(cpuWith(ModelBuilder.PROCESSOR_SHARING).build());

		List<Diagnostic> warnings = exact.warnings();
		assertEquals(1, warnings.size(), warnings.toString());
		String warning = warnings.get(0).format();
		assertTrue(warning.contains("resource 'CPU' of resource container 'server' has SimuCom's exact scheduler of"
				+ " Windows Server 2003 (" + WINDOWS_SERVER + "), which IOSim simulates as processor sharing on its"
				+ " 2 cores (numberOfReplicas 2)"), warning);
		assertTrue(warnings.get(0).elementId().equals("container.server.cpu"), warning);
		assertEquals(List.of(), sharing.warnings());

		SimulationResult approximated = exact.run(RUN, ProgressMonitor.NONE);
		SimulationResult processorSharing = sharing.run(RUN, ProgressMonitor.NONE);
		// the same draws through the same resource: the same figures, bit for bit
		assertEquals(processorSharing.scenarios().get(0).responseTime(), approximated.scenarios().get(0).responseTime());
		ResourceResult cpu = approximated.resources().get(0);
		assertEquals("ProcessorSharing (approximates exact.winserver2003)", cpu.schedulingPolicy());
		assertEquals(processorSharing.resources().get(0).utilization(), cpu.utilization());
		assertEquals(CORES, cpu.servers());

		// and what processor sharing on two cores gives: the product-form solution of the closed network
		double[] exactSolution = twoCoreProcessorSharing();
		ExactnessTest.assertMatches(exactSolution[0], approximated.scenarios().get(0).responseTime(),
				"exact scheduler as processor sharing");
		assertEquals(exactSolution[1], approximated.scenarios().get(0).throughput(), exactSolution[1] * 0.02);
	}

	/**
	 * Response time and throughput of {@link #USERS} users thinking {@link #THINK_TIME} between requests
	 * of mean demand {@link #DEMAND} at a processor-sharing station of {@link #CORES} cores: with n users at
	 * the CPU it completes min(n, cores)/demand per time unit, and the stationary distribution is
	 * p(n) ∝ Z^(N−n)/(N−n)! · D^n/∏_{k≤n} min(k, cores) (a product form, insensitive to the demand's
	 * distribution under processor sharing).
	 */
	private static double[] twoCoreProcessorSharing() {
		double[] weight = new double[USERS + 1];
		double total = 0;
		for (int n = 0; n <= USERS; n++) {
			double w = Math.pow(THINK_TIME, USERS - n) / factorial(USERS - n) * Math.pow(DEMAND, n);
			for (int k = 1; k <= n; k++) {
				w /= Math.min(k, CORES);
			}
			weight[n] = w;
			total += w;
		}
		double throughput = 0;
		for (int n = 0; n <= USERS; n++) {
			throughput += weight[n] / total * Math.min(n, CORES) / DEMAND;
		}
		return new double[] { USERS / throughput - THINK_TIME, throughput };
	}

	private static double factorial(int n) {
		double result = 1;
		for (int k = 2; k <= n; k++) {
			result *= k;
		}
		return result;
	}

	@Test
	void everyExactSchedulerIsNamedByItsOperatingSystemOrItsId() throws Exception {
		for (String[] scheduler : new String[][] { { "winxp", "of Windows XP" }, { "win7", "of Windows 7" },
				{ "winvista", "of Windows Vista" }, { "linux26o1", "of Linux 2.6 O(1)" },
				{ "linux26cfs", "of Linux 2.6 CFS" }, { "solaris10", "'solaris10'" } }) {
			String id = SchedulingPolicies.EXACT_SCHEDULERS + scheduler[0];
			List<Diagnostic> warnings = ArchitectureSimulation.of(cpuWith(id).build()).warnings();
			assertEquals(1, warnings.size(), id);
			assertTrue(warnings.get(0).message().contains("has SimuCom's exact scheduler " + scheduler[1] + " (" + id
					+ "), which IOSim simulates as processor sharing"), warnings.get(0).message());
		}
	}

	@Test
	void aProviderOfTheExactSchedulersOwnIsUsedWithoutWarning() throws Exception {
		SchedulingPolicies policies = new SchedulingPolicies().register(new SchedulingPolicies.Provider() {
			@Override
			public String policyId() {
				return WINDOWS_SERVER;
			}

			@Override
			public ActiveResource create(Simulator simulator, String name, int servers) {
				return new FcfsResource(simulator, name, servers);
			}
		});
		ArchitectureSimulation simulation = ArchitectureSimulation.of(cpuWith(WINDOWS_SERVER).build(), policies,
				AnalysisModelRegistry.standard());

		assertEquals(List.of(), simulation.warnings());
		SimulationResult result = simulation.run(SimulationConfig.defaults().withSeed(5).withMaxMeasurements(2_000)
				.withWarmupMeasurements(100), ProgressMonitor.NONE);
		assertEquals(WINDOWS_SERVER, result.resources().get(0).schedulingPolicy());
	}

	@Test
	void anUnknownPolicyNamesTheExactSchedulersAmongThoseKnown() {
		ModelCompilationException failure = assertThrows(ModelCompilationException.class,
				() -> ArchitectureSimulation.of(cpuWith("edu.kit.ipd.sdq.pcm.simulation.scheduler.approximate.x").build()));
		assertTrue(failure.getMessage().contains("which IOSim does not know (known: Delay, FCFS, ProcessorSharing, and"
				+ " SimuCom's exact schedulers " + SchedulingPolicies.EXACT_SCHEDULERS + "*, simulated as processor"
				+ " sharing)"), failure.getMessage());
	}
}
