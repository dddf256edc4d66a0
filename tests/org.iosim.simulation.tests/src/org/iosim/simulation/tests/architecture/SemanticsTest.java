package org.iosim.simulation.tests.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.ForkAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.SynchronisationPoint;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationException;
import org.iosim.engine.SimulationResult;
import org.junit.jupiter.api.Test;

/**
 * Control flow and resources with deterministic times on a delay (infinite-server) resource, so
 * the expected response times are exact.
 */
class SemanticsTest {

	private static final SimulationConfig SHORT = SimulationConfig.defaults().withMaxMeasurements(2_000)
			.withWarmupMeasurements(10);

	private static TestModels delayServer() {
		TestModels models = new TestModels();
		models.resource(models.cpu, "Delay", 1, "1");
		return models;
	}

	private static double meanResponseTime(TestModels models) throws Exception {
		return ExactnessTest.simulate(models, SHORT).scenarios().get(0).responseTime().mean();
	}

	@Test
	void passiveResourceSerialisesItsHolders() throws Exception {
		TestModels models = delayServer();
		PassiveResource lock = TestModels.PCM.createPassiveResource();
		lock.setName("lock");
		lock.setCapacity("1");
		models.component.getPassiveResources().add(lock);
		AcquireAction acquire = TestModels.PCM.createAcquireAction();
		acquire.setPassiveResource(lock);
		ReleaseAction release = TestModels.PCM.createReleaseAction();
		release.setPassiveResource(lock);
		models.seff(acquire, TestModels.demand(models.cpu, "1.0"), release).closedScenario("two users", 2, "0");

		SimulationResult result = ExactnessTest.simulate(models, SHORT);
		// each user holds the lock for 1 time unit and waits for the other's turn
		assertEquals(2.0, result.scenarios().get(0).responseTime().mean(), 1e-9);
		assertEquals(1.0, result.passiveResources().get(0).utilization(), 1e-3);
	}

	@Test
	void synchronisedForkWaitsForItsLongestBehaviourAsynchronousOneDoesNot() throws Exception {
		TestModels models = delayServer();
		ForkAction fork = TestModels.PCM.createForkAction();
		SynchronisationPoint join = TestModels.PCM.createSynchronisationPoint();
		join.getSynchronousBehaviours().add(TestModels.behaviour(TestModels.demand(models.cpu, "1.0")));
		join.getSynchronousBehaviours().add(TestModels.behaviour(TestModels.demand(models.cpu, "2.5")));
		fork.setSynchronisationPoint(join);
		fork.getAsynchronousBehaviours().add(TestModels.behaviour(TestModels.demand(models.cpu, "100")));
		models.seff(fork).closedScenario("forking", 1, "1");

		assertEquals(2.5, meanResponseTime(models), 1e-9);
	}

	@Test
	void loopRepeatsItsBodyAndGuardedBranchFollowsPassedParameter() throws Exception {
		TestModels models = delayServer();
		LoopAction loop = TestModels.PCM.createLoopAction();
		loop.setIterationCount("count.VALUE");
		loop.setBody(TestModels.behaviour(TestModels.demand(models.cpu, "0.5")));
		var branch = TestModels.PCM.createBranchAction();
		GuardedBranchTransition large = TestModels.PCM.createGuardedBranchTransition();
		large.setCondition("count.VALUE > 2");
		large.setBehaviour(TestModels.behaviour(TestModels.demand(models.cpu, "10")));
		GuardedBranchTransition small = TestModels.PCM.createGuardedBranchTransition();
		small.setCondition("count.VALUE <= 2");
		small.setBehaviour(TestModels.behaviour());
		branch.getBranches().addAll(List.of(large, small));
		models.seff(loop, branch);
		ClosedWorkload workload = TestModels.PCM.createClosedWorkload();
		workload.setPopulation(1);
		workload.setThinkTime("0");
		models.scenario("parameters", workload, List.of(TestModels.value("count", "IntPMF[(1;0.5)(3;0.5)]")));

		// count 1: one iteration (0.5); count 3: three iterations (1.5) plus the large branch (10)
		double exact = 0.5 * 0.5 + 0.5 * (1.5 + 10);
		SimulationResult result = ExactnessTest.simulate(models, SimulationConfig.defaults().withMaxMeasurements(40_000));
		var time = result.scenarios().get(0).responseTime();
		assertEquals(exact, time.mean(), 4 * time.ci95());
		assertEquals(0.5, time.min(), 1e-9);
		assertEquals(11.5, time.max(), 1e-9);
	}

	@Test
	void negativeDemandStopsTheRunNamingTheAction() {
		TestModels models = delayServer();
		models.seff(TestModels.demand(models.cpu, "Norm(0.1, 1)")).closedScenario("bad", 1, "1");
		SimulationException failure = assertThrows(SimulationException.class, () -> ExactnessTest.simulate(models, SHORT));
		assertTrue(failure.getMessage().contains("InternalAction 'demand on CPU'"), failure.getMessage());
		assertTrue(failure.getMessage().contains("evaluated to -"), failure.getMessage());
	}

	@Test
	void demandOnAMissingResourceTypeIsRejectedBeforeRunning() {
		TestModels models = delayServer();
		models.seff(TestModels.demand(models.hdd, "1")).closedScenario("no disk", 1, "1");
		ModelCompilationException failure = assertThrows(ModelCompilationException.class,
				() -> ExactnessTest.simulate(models, SHORT));
		assertTrue(failure.getMessage().contains("needs a HDD resource, but its container 'server' has none"),
				failure.getMessage());
	}

	@Test
	void unknownSchedulingPolicyIsRejected() {
		TestModels models = new TestModels();
		models.resource(models.cpu, "FCFS", 1, "1");
		models.server.getProcessingResources().get(0).getSchedulingPolicy().setId("RoundRobinDeluxe");
		models.seff(TestModels.demand(models.cpu, "1")).closedScenario("users", 1, "1");
		ModelCompilationException failure = assertThrows(ModelCompilationException.class,
				() -> ExactnessTest.simulate(models, SHORT));
		assertTrue(failure.getMessage().contains("scheduling policy 'RoundRobinDeluxe', which IOSim does not know"),
				failure.getMessage());
	}
}
