package org.iosim.simulation.tests.architecture;

import static org.iosim.testing.Behaviours.acquire;
import static org.iosim.testing.Behaviours.behaviour;
import static org.iosim.testing.Behaviours.branch;
import static org.iosim.testing.Behaviours.demand;
import static org.iosim.testing.Behaviours.fork;
import static org.iosim.testing.Behaviours.guarded;
import static org.iosim.testing.Behaviours.loop;
import static org.iosim.testing.Behaviours.release;
import static org.iosim.testing.Behaviours.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.PassiveResource;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationException;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResponseTime;
import org.iosim.testing.ComponentBuilder;
import org.iosim.testing.ContainerBuilder;
import org.iosim.testing.ModelBuilder;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.api.Test;

/**
 * Control flow and resources with deterministic times on a delay (infinite-server) resource, so
 * the expected response times are exact.
 */
class SemanticsTest {

	private static final SimulationConfig SHORT = SimulationConfig.defaults().withMaxMeasurements(2_000)
			.withWarmupMeasurements(10);

	private static SingleServerModel delayServer() {
		SingleServerModel model = new SingleServerModel("semantics");
		model.server().delay(model.cpu(), "1");
		return model;
	}

	private static double meanResponseTime(SingleServerModel model) throws Exception {
		return ExactnessTest.simulate(model.build(), SHORT).scenarios().get(0).responseTime().mean();
	}

	@Test
	void passiveResourceSerialisesItsHolders() throws Exception {
		SingleServerModel model = delayServer();
		PassiveResource lock = model.component().passiveResource("lock", "1");
		model.seff(acquire(lock), demand(model.cpu(), "1.0"), release(lock)).closedScenario("two users", 2, "0");

		SimulationResult result = ExactnessTest.simulate(model.build(), SHORT);
		// each user holds the lock for 1 time unit and waits for the other's turn
		assertEquals(2.0, result.scenarios().get(0).responseTime().mean(), 1e-9);
		assertEquals(1.0, result.passiveResources().get(0).utilization(), 1e-3);
	}

	@Test
	void synchronisedForkWaitsForItsLongestBehaviourAsynchronousOneDoesNot() throws Exception {
		SingleServerModel model = delayServer();
		model.seff(fork(List.of(behaviour(demand(model.cpu(), "1.0")), behaviour(demand(model.cpu(), "2.5"))),
				List.of(behaviour(demand(model.cpu(), "100"))))).closedScenario("forking", 1, "1");

		assertEquals(2.5, meanResponseTime(model), 1e-9);
	}

	@Test
	void loopRepeatsItsBodyAndGuardedBranchFollowsPassedParameter() throws Exception {
		SingleServerModel model = delayServer();
		model.seff(loop("count.VALUE", demand(model.cpu(), "0.5")),
				branch(guarded("count.VALUE > 2", demand(model.cpu(), "10")), guarded("count.VALUE <= 2")))
				.closedScenario("parameters", 1, "0", value("count", "IntPMF[(1;0.5)(3;0.5)]"));

		// count 1: one iteration (0.5); count 3: three iterations (1.5) plus the large branch (10)
		double exact = 0.5 * 0.5 + 0.5 * (1.5 + 10);
		SimulationResult result = ExactnessTest.simulate(model.build(),
				SimulationConfig.defaults().withMaxMeasurements(40_000));
		var time = result.scenarios().get(0).responseTime();
		assertEquals(exact, time.mean(), 4 * time.ci95());
		assertEquals(0.5, time.min(), 1e-9);
		assertEquals(11.5, time.max(), 1e-9);
	}

	@Test
	void aCallThatIsAllItsScenarioDoesHasTheScenariosResponseTimesAndACallAfterADelayItsOwn() throws Exception {
		SingleServerModel model = new SingleServerModel("calls");
		model.server().processorSharing(model.cpu(), "1");
		model.seff(demand(model.cpu(), "Exp(10)")).closedScenario("call alone", 2, "Exp(1)")
				.closedScenarioCallingAfter("0.5", "delay, then call", 2, "Exp(1)");

		SimulationResult result = ExactnessTest.simulate(model.build(), SHORT);
		ResponseTime alone = result.scenarios().get(0).responseTime();
		assertEquals(alone, callOf(result, "call alone"), "the same runs, started and ended in the same events");
		ResponseTime delayed = result.scenarios().get(1).responseTime();
		ResponseTime call = callOf(result, "delay, then call");
		assertEquals(delayed.count(), call.count());
		assertEquals(delayed.mean() - 0.5, call.mean(), 1e-9);
		assertEquals(delayed.min() - 0.5, call.min(), 1e-9);
		assertEquals(delayed.max() - 0.5, call.max(), 1e-9);
	}

	/** The second call's frame is the first one's, finished and reused: the variables it had must be gone. */
	@Test
	void aCallSeesOnlyTheParametersItIsPassedNotThoseOfTheCallBefore() {
		SingleServerModel model = delayServer();
		model.seff(branch(guarded("flag.VALUE == 1", demand(model.cpu(), "1.0")), guarded("flag.VALUE <> 1")));
		model.closedScenarioOfActions("two calls", 1, "0").call(model.systemRole(), model.operation(), value("flag", "1"))
				.call(model.systemRole(), model.operation());

		SimulationException failure = assertThrows(SimulationException.class,
				() -> ExactnessTest.simulate(model.build(), SHORT));
		assertTrue(failure.getMessage().contains("flag.VALUE"), failure.getMessage());
	}

	private static ResponseTime callOf(SimulationResult result, String scenario) {
		return result.calls().stream().filter(call -> call.caller().equals(scenario)).findFirst().orElseThrow()
				.responseTime();
	}

	@Test
	void processingRateScalesDemands() throws Exception {
		SingleServerModel model = new SingleServerModel("fast link");
		model.server().delay(model.cpu(), "4");
		model.seff(demand(model.cpu(), "8")).closedScenario("users", 1, "1");

		SimulationResult result = ExactnessTest.simulate(model.build(), SHORT);
		// 8 demand units at 4 units per time unit
		assertEquals(2.0, result.scenarios().get(0).responseTime().mean(), 1e-9);
		assertEquals(2.0, result.resources().get(0).meanServiceTime(), 1e-9, "the service time each request asked for");
	}

	/**
	 * Two VMs nested in one host, each without a CPU of its own, run on the host's one
	 * processor-sharing CPU: one user in each, with no think time and a demand of 1, each gets half
	 * the CPU, so every run takes 2 (on CPUs of their own it would take 1).
	 */
	@Test
	void nestedContainersWithoutACpuShareTheirHostsCpu() throws Exception {
		ModelBuilder model = new ModelBuilder("two VMs on one host");
		ContainerBuilder host = model.container("host").processorSharing(model.cpu(), "1");
		for (String vmName : List.of("database", "files")) {
			ContainerBuilder vm = model.container(vmName, host);
			OperationInterface api = model.operationInterface("I" + vmName, "serve");
			ComponentBuilder server = model.component(vmName + " server").provides(api);
			server.seff(ModelBuilder.signature(api, "serve"), demand(model.cpu(), "1.0"));
			var role = model.systemProvides(api, model.deploy(server, vm));
			model.closedScenario(vmName + " user", 1, "0").call(role, ModelBuilder.signature(api, "serve"));
		}
		ArchitectureModel built = model.build();
		assertEquals(1, built.getResourceEnvironment().getContainers().size(), "the VMs are nested in the host");

		SimulationResult result = ExactnessTest.simulate(built, SHORT);
		for (var scenario : result.scenarios()) {
			assertEquals(2.0, scenario.responseTime().mean(), 1e-9, scenario.name());
		}
		assertEquals(1, result.resources().size(), "one CPU, the host's");
		assertEquals(1.0, result.resources().get(0).utilization(), 1e-3);
	}

	@Test
	void negativeDemandStopsTheRunNamingTheAction() {
		SingleServerModel model = delayServer();
		model.seff(demand(model.cpu(), "Norm(0.1, 1)")).closedScenario("bad", 1, "1");
		String failure = stopMessage(model);
		assertTrue(failure.contains("InternalAction 'demand on CPU'"), failure);
		assertTrue(failure.contains("evaluated to -"), failure);
	}

	/** The message of the SimulationException that stops the model's run. */
	private static String stopMessage(SingleServerModel model) {
		return assertThrows(SimulationException.class, () -> ExactnessTest.simulate(model.build(), SHORT)).getMessage();
	}

	@Test
	void negativeThinkOrInterArrivalTimeStopsTheRunNamingTheWorkload() {
		SingleServerModel thinking = delayServer();
		thinking.seff(demand(thinking.cpu(), "0.1")).closedScenario("thinkers", 1, "Norm(0.1, 1)");
		String think = stopMessage(thinking);
		assertTrue(think.contains("'thinkers'") && think.contains("think time 'Norm(0.1, 1)' evaluated to -"), think);

		SingleServerModel arriving = delayServer();
		arriving.seff(demand(arriving.cpu(), "0.1")).openScenario("arrivals", "Norm(0.5, 1)");
		String arrival = stopMessage(arriving);
		assertTrue(arrival.contains("'arrivals'") && arrival.contains("inter-arrival time 'Norm(0.5, 1)' evaluated to -"),
				arrival);
	}

	@Test
	void demandOnAMissingResourceTypeIsRejectedBeforeRunning() {
		SingleServerModel model = delayServer();
		model.seff(demand(model.hdd(), "1")).closedScenario("no disk", 1, "1");
		ModelCompilationException failure = assertThrows(ModelCompilationException.class,
				() -> ExactnessTest.simulate(model.build(), SHORT));
		assertTrue(failure.getMessage().contains("needs a HDD resource, but its container 'server' has none"),
				failure.getMessage());
	}

	@Test
	void unknownSchedulingPolicyIsRejected() {
		SingleServerModel model = new SingleServerModel("unknown policy");
		model.server().resource(model.cpu(), "RoundRobinDeluxe", 1, "1");
		model.seff(demand(model.cpu(), "1")).closedScenario("users", 1, "1");
		ModelCompilationException failure = assertThrows(ModelCompilationException.class,
				() -> ExactnessTest.simulate(model.build(), SHORT));
		assertTrue(failure.getMessage().contains("scheduling policy 'RoundRobinDeluxe', which IOSim does not know"),
				failure.getMessage());
	}
}
