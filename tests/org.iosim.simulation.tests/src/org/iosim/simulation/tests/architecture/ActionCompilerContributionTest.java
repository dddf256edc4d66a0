package org.iosim.simulation.tests.architecture;

import static org.iosim.testing.Behaviours.demand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.emf.ecore.util.Switch;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.engine.Engine;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.InternalAction;
import org.iosim.simulation.ActionCompilers;
import org.iosim.simulation.ArchitectureEngine;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.simulation.SchedulingPolicies;
import org.iosim.simulation.actions.ActionCompilation;
import org.iosim.simulation.actions.ActionCompilerContribution;
import org.iosim.testing.SingleServerModel;
import org.iosim.testing.SleepExtension;
import org.junit.jupiter.api.Test;

/**
 * A kind of action IOSim does not know ({@link SleepExtension}) is simulated once a compiler for its
 * package is contributed, without changes to the simulation; the I/O extension is compiled the same way.
 */
class ActionCompilerContributionTest {

	private static final SimulationConfig SHORT = SimulationConfig.defaults().withMaxMeasurements(1_000)
			.withWarmupMeasurements(10);

	/** Compiles a sleep action as what it is, an internal action, then a wait for its duration. */
	private static final class SleepCompiler implements ActionCompilerContribution {
		@Override
		public Switch<Boolean> compiler(ActionCompilation compilation) {
			return new SleepExtension.SleepSwitch<>() {
				@Override
				protected Boolean caseSleepAction(InternalAction action) {
					compilation.internalAction(action);
					compilation.delay(action, compilation.expression(action, "duration", SleepExtension.duration(action)));
					return Boolean.TRUE;
				}
			};
		}
	}

	/** One user calls a service that demands 1 time unit of a delay (infinite-server) CPU, then sleeps 2.5. */
	private static ArchitectureModel sleeper() {
		SingleServerModel model = new SingleServerModel("sleeper");
		model.server().delay(model.cpu(), "1");
		InternalAction nap = SleepExtension.sleep("nap", "2.5");
		nap.getResourceDemands().add(demand(model.cpu(), "0.25").getResourceDemands().get(0));
		return model.seff(demand(model.cpu(), "1.0"), nap).closedScenario("sleeper", 1, "0").build();
	}

	private static double meanResponseTime(ArchitectureModel model, ActionCompilers compilers) throws Exception {
		return ArchitectureSimulation.of(model, SchedulingPolicies.standard(), AnalysisModelRegistry.standard(), compilers)
				.run(SHORT, ProgressMonitor.NONE).scenarios().get(0).responseTime().mean();
	}

	@Test
	void aContributedCompilerSimulatesItsPackagesAction() throws Exception {
		double withCompiler = meanResponseTime(sleeper(), ActionCompilers.standard().with(new SleepCompiler()));

		// the demand, the sleep action's own demand as an internal action, its sleep
		assertEquals(1.0 + 0.25 + 2.5, withCompiler, 1e-9);
	}

	@Test
	void withoutOneTheActionIsOnlyTheInternalActionItExtends() throws Exception {
		assertEquals(1.0 + 0.25, meanResponseTime(sleeper(), ActionCompilers.standard()), 1e-9);
	}

	@Test
	void theEngineTakesTheCallersCompilers() throws Exception {
		Engine.PreparedSimulation prepared = new ArchitectureEngine().prepare(sleeper(),
				Engine.Services.of(ActionCompilers.standard().with(new SleepCompiler())));

		assertEquals(3.75, prepared.run(SHORT, ProgressMonitor.NONE, List.of()).scenarios().get(0)
				.responseTime().mean(), 1e-9);
	}

	@Test
	void anActionItsPackagesCompilerDoesNotCompileCannotBeSimulated() {
		ActionCompilerContribution declining = compilation -> new SleepExtension.SleepSwitch<Boolean>() {
			@Override
			protected Boolean caseSleepAction(InternalAction action) {
				return null;
			}
		};

		ModelCompilationException refused = assertThrows(ModelCompilationException.class,
				() -> meanResponseTime(sleeper(), ActionCompilers.standard().with(declining)));

		assertTrue(refused.getMessage().contains("nap") && refused.getMessage().contains("is not an action IOSim can simulate"),
				refused::getMessage);
	}

	@Test
	void theIoExtensionIsFoundAsAContribution() {
		ActionCompilers standard = ActionCompilers.standard();

		assertEquals(List.of(), standard.problems());
		assertTrue(standard.contributions().stream()
				.anyMatch(contribution -> contribution.getClass().getSimpleName().equals("IoActionCompiler")),
				standard.contributions()::toString);
	}
}
