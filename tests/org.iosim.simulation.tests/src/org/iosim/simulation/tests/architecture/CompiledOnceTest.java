package org.iosim.simulation.tests.architecture;

import static org.iosim.testing.Behaviours.acquire;
import static org.iosim.testing.Behaviours.branch;
import static org.iosim.testing.Behaviours.demand;
import static org.iosim.testing.Behaviours.loop;
import static org.iosim.testing.Behaviours.probabilistic;
import static org.iosim.testing.Behaviours.release;
import static org.iosim.testing.Behaviours.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.engine.Engine;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.Workload;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.api.Test;

/**
 * The model is compiled once, when the simulation is prepared, and every replication of every run
 * is built from that compilation: a run neither reads the model again nor carries state over from
 * the replications before it.
 */
class CompiledOnceTest {

	private static final SimulationConfig THREE_REPLICATIONS = SimulationConfig.defaults().withMaxMeasurements(3_000)
			.withWarmupMeasurements(100).withReplications(3).withSeed(7);

	/** Random draws in demands, loop counts, branches and a passive resource, for several users. */
	private static ArchitectureModel stochasticModel() {
		SingleServerModel model = new SingleServerModel("compiled once");
		model.server().delay(model.cpu(), "1");
		PassiveResource lock = model.component().passiveResource("lock", "2");
		model.seff(acquire(lock), loop("count.VALUE", demand(model.cpu(), "Exp(2)")), release(lock),
				branch(probabilistic(0.3, demand(model.cpu(), "Exp(1)")), probabilistic(0.7)))
				.closedScenario("users", 5, "Exp(4)", value("count", "IntPMF[(1;0.5)(3;0.5)]"));
		return model.build();
	}

	/** Everything a run reports but its wall-clock time. */
	private static List<Object> figures(SimulationResult result) {
		return List.of(result.events(), result.simulatedTime(), result.stopReason(), result.scenarios(),
				result.calls(), result.resources(), result.passiveResources(), result.io());
	}

	@Test
	void repeatedRunsOfOnePreparedSimulationAreIdentical() throws Exception {
		ArchitectureSimulation prepared = ArchitectureSimulation.of(stochasticModel());
		SimulationResult first = prepared.run(THREE_REPLICATIONS, ProgressMonitor.NONE);
		SimulationResult second = prepared.run(THREE_REPLICATIONS, ProgressMonitor.NONE);
		SimulationResult freshlyPrepared = ArchitectureSimulation.of(stochasticModel()).run(THREE_REPLICATIONS,
				ProgressMonitor.NONE);

		assertEquals(figures(first), figures(second));
		assertEquals(figures(first), figures(freshlyPrepared));
		// the seed still matters: runs share the compiled model, not their random streams
		assertNotEquals(figures(first), figures(prepared.run(THREE_REPLICATIONS.withSeed(8), ProgressMonitor.NONE)));
	}

	@Test
	void aRunDoesNotReadTheModelAgain() throws Exception {
		ArchitectureModel model = stochasticModel();
		ArchitectureSimulation prepared = ArchitectureSimulation.of(model);
		SimulationResult asPrepared = ArchitectureSimulation.of(stochasticModel()).run(THREE_REPLICATIONS,
				ProgressMonitor.NONE);

		// a run that compiled the model again would simulate 40 users and take no lock
		ClosedWorkload workload = (ClosedWorkload) model.getUsageModel().getScenarios().get(0).getWorkload();
		workload.setPopulation(40);
		model.eAllContents().forEachRemaining(element -> {
			if (element instanceof PassiveResource passive) {
				passive.setCapacity("1000");
			}
		});

		assertEquals(figures(asPrepared), figures(prepared.run(THREE_REPLICATIONS, ProgressMonitor.NONE)));
		assertNotEquals(figures(asPrepared),
				figures(ArchitectureSimulation.of(model).run(THREE_REPLICATIONS, ProgressMonitor.NONE)));
	}

	/** A closed and an open scenario of users on one server, with random draws on the way. */
	private static ArchitectureModel twoScenarios() {
		SingleServerModel model = new SingleServerModel("two workloads");
		model.server().delay(model.cpu(), "1");
		model.seff(loop("count.VALUE", demand(model.cpu(), "Exp(20)")),
				branch(probabilistic(0.3, demand(model.cpu(), "Exp(10)")), probabilistic(0.7)))
				.closedScenario("users", 5, "Exp(4)", value("count", "IntPMF[(1;0.5)(3;0.5)]"))
				.openScenario("arrivals", "Exp(2)", value("count", "1"));
		return model.build();
	}

	private static UsageScenario scenario(ArchitectureModel model, int index) {
		return model.getUsageModel().getScenarios().get(index);
	}

	@Test
	void otherWorkloadsGiveWhatCompilingTheChangedModelGives() throws Exception {
		ArchitectureModel changed = twoScenarios();
		ClosedWorkload users = (ClosedWorkload) scenario(changed, 0).getWorkload();
		users.setPopulation(12);
		users.setThinkTime("(Exp(4)) * 0.5");
		((OpenWorkload) scenario(changed, 1).getWorkload()).setInterArrivalTime("Exp(3.5)");
		Map<String, Workload> workloads = Map.of(scenario(changed, 0).getId(), users, scenario(changed, 1).getId(),
				scenario(changed, 1).getWorkload());

		ArchitectureSimulation original = ArchitectureSimulation.of(twoScenarios());
		Engine.PreparedSimulation withWorkloads = original.withWorkloads(workloads).orElseThrow();
		SimulationResult compiledAlone = ArchitectureSimulation.of(changed).run(THREE_REPLICATIONS,
				ProgressMonitor.NONE);

		assertEquals(figures(compiledAlone), figures(withWorkloads.run(THREE_REPLICATIONS, ProgressMonitor.NONE, List.of())));
		// the plan with the linking resources, compiled at its first use, has the workloads too
		SimulationConfig withLinks = THREE_REPLICATIONS.withLinkingResources(!THREE_REPLICATIONS.simulateLinkingResources());
		assertEquals(figures(ArchitectureSimulation.of(changed).run(withLinks, ProgressMonitor.NONE)),
				figures(withWorkloads.run(withLinks, ProgressMonitor.NONE, List.of())));
		// the original keeps its own workloads
		assertEquals(figures(ArchitectureSimulation.of(twoScenarios()).run(THREE_REPLICATIONS, ProgressMonitor.NONE)),
				figures(original.run(THREE_REPLICATIONS, ProgressMonitor.NONE)));
	}

	@Test
	void workloadsChangedOneAfterTheOtherAddUp() throws Exception {
		ArchitectureModel changed = twoScenarios();
		((ClosedWorkload) scenario(changed, 0).getWorkload()).setPopulation(9);
		((OpenWorkload) scenario(changed, 1).getWorkload()).setInterArrivalTime("Exp(1)");

		Engine.PreparedSimulation stepByStep = ArchitectureSimulation.of(twoScenarios())
				.withWorkloads(Map.of(scenario(changed, 0).getId(), scenario(changed, 0).getWorkload())).orElseThrow()
				.withWorkloads(Map.of(scenario(changed, 1).getId(), scenario(changed, 1).getWorkload())).orElseThrow();

		assertEquals(figures(ArchitectureSimulation.of(changed).run(THREE_REPLICATIONS, ProgressMonitor.NONE)),
				figures(stepByStep.run(THREE_REPLICATIONS, ProgressMonitor.NONE, List.of())));
	}

	@Test
	void aWorkloadThatCannotBeSimulatedIsRefusedNamingItsScenario() throws Exception {
		ArchitectureModel model = twoScenarios();
		ArchitectureSimulation simulation = ArchitectureSimulation.of(model);
		ClosedWorkload nobody = EcoreUtil.copy((ClosedWorkload) scenario(model, 0).getWorkload());
		nobody.setPopulation(0);
		OpenWorkload never = EcoreUtil.copy((OpenWorkload) scenario(model, 1).getWorkload());
		never.setInterArrivalTime("0");

		ModelCompilationException noUsers = assertThrows(ModelCompilationException.class,
				() -> simulation.withWorkloads(Map.of(scenario(model, 0).getId(), nobody)));
		assertTrue(noUsers.getMessage().contains("users") && noUsers.getMessage().contains("population is 0"),
				noUsers.getMessage());
		ModelCompilationException noArrivals = assertThrows(ModelCompilationException.class,
				() -> simulation.withWorkloads(Map.of(scenario(model, 1).getId(), never)));
		assertTrue(noArrivals.getMessage().contains("arrivals") && noArrivals.getMessage().contains("positive mean"),
				noArrivals.getMessage());
		assertThrows(IllegalArgumentException.class, () -> simulation.withWorkloads(Map.of("no such id", nobody)));
	}
}
