package org.iosim.simulation.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

import org.apache.commons.rng.UniformRandomProvider;
import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.util.PcmSwitch;
import org.iosim.engine.SimulationConfig;
import org.iosim.simulation.ArrivalRateProfile;
import org.iosim.stoex.CompiledExpression;

/**
 * Compiles the usage model: each usage scenario's behaviour into steps, with entry-level calls
 * into the system compiled by the {@link BehaviourCompiler}, and its workload into a driver that
 * starts scenario runs (a closed population or an open arrival stream).
 */
final class UsageCompiler {

	private final Replication replication;
	private final SimulationConfig config;
	private final BehaviourCompiler behaviours;

	UsageCompiler(Replication replication, SimulationConfig config, BehaviourCompiler behaviours) {
		this.replication = replication;
		this.config = config;
		this.behaviours = behaviours;
	}

	void compileScenario(UsageScenario scenario) {
		Measurement measurement = Measurement.ofScenario(scenario.getId(), Elements.name(scenario));
		replication.scenarios.add(measurement);
		Step[] steps = userBehaviour(scenario, scenario.getBehaviour());
		if (scenario.getWorkload() instanceof ClosedWorkload closed && closed.getLoadProfile() != null) {
			ArrivalRateProfile profile = profile(closed.getLoadProfile());
			if (profile.maximum() < 0.5) {
				throw new Unsimulatable(closed.getLoadProfile(), "the load profile of the closed workload is never 0.5 or"
						+ " more (at most " + profile.maximum() + "), so its population, the value rounded, is always 0"
						+ " and no user would ever run the scenario");
			}
			CompiledExpression thinkTime = thinkTime(scenario, closed);
			UniformRandomProvider thinking = replication.newStream();
			if (profile.hasNoise()) {
				profile = profile.withNoiseSeed(replication.newStream().nextLong());
			}
			Workloads.Closed users = new Workloads.Closed(replication, measurement, steps, 0, thinkTime, thinking,
					Elements.describe(scenario), profile, MemoryBudget.usersPerReplication(config.replications()));
			replication.onStart(users::start);
		} else if (scenario.getWorkload() instanceof ClosedWorkload closed) {
			if (closed.getPopulation() < 1) {
				throw new Unsimulatable(scenario, "closed workload population is " + closed.getPopulation()
						+ "; it must be at least 1");
			}
			long fits = MemoryBudget.usersPerReplication(config.replications());
			if (closed.getPopulation() > fits) {
				throw new Unsimulatable(scenario, String.format(java.util.Locale.ROOT,
						"closed workload population %,d needs about %s of memory, more than fits (%,d users): %s",
						closed.getPopulation(), MemoryBudget.bytes((double) closed.getPopulation() * MemoryBudget.BYTES_PER_USER),
						fits, MemoryBudget.advice()));
			}
			Workloads.Closed users = new Workloads.Closed(replication, measurement, steps, closed.getPopulation(),
					thinkTime(scenario, closed), replication.newStream(), Elements.describe(scenario));
			replication.onStart(users::start);
		} else if (scenario.getWorkload() instanceof OpenWorkload open && open.getLoadProfile() != null) {
			ArrivalRateProfile profile = profile(open.getLoadProfile());
			UniformRandomProvider arrivalStream = replication.newStream();
			if (profile.hasNoise()) {
				// after the arrivals' stream, so that profiles without noise draw as they always did
				profile = profile.withNoiseSeed(replication.newStream().nextLong());
			}
			Workloads.Profiled arrivals = new Workloads.Profiled(replication, measurement, steps, profile,
					arrivalStream, Elements.describe(scenario), MemoryBudget.usersPerReplication(config.replications()));
			replication.onStart(arrivals::start);
		} else if (scenario.getWorkload() instanceof OpenWorkload open) {
			CompiledExpression interArrival = Expressions.compiled(scenario, "inter-arrival time", open.getInterArrivalTime());
			OptionalDouble meanGap = Expressions.parse(scenario, "inter-arrival time", open.getInterArrivalTime()).mean();
			if (meanGap.isPresent() && !(meanGap.getAsDouble() > 0)) {
				throw new Unsimulatable(scenario, "inter-arrival time '" + open.getInterArrivalTime() + "' has mean "
						+ meanGap.getAsDouble() + "; an open workload needs a positive mean time between arrivals");
			}
			Workloads.Open arrivals = new Workloads.Open(replication, measurement, steps, interArrival,
					replication.newStream(), Elements.describe(scenario),
					MemoryBudget.usersPerReplication(config.replications()));
			replication.onStart(arrivals::start);
		} else {
			throw new Unsimulatable(scenario, "has no workload (open or closed)");
		}
	}

	private static ArrivalRateProfile profile(org.iosim.pcm.LoadProfile loadProfile) {
		try {
			return ArrivalRateProfile.compile(loadProfile);
		} catch (ArrivalRateProfile.InvalidProfileException invalid) {
			throw new Unsimulatable(invalid.element(), invalid.getMessage());
		}
	}

	private static CompiledExpression thinkTime(UsageScenario scenario, ClosedWorkload closed) {
		return Expressions.compiled(scenario, "think time",
				closed.getThinkTime() == null || closed.getThinkTime().isBlank() ? "0" : closed.getThinkTime());
	}

	private Step[] userBehaviour(EObject owner, ScenarioBehaviour behaviour) {
		if (behaviour == null) {
			throw new Unsimulatable(owner, "has no behaviour");
		}
		UserAction start = behaviour.getActions().stream().filter(org.iosim.pcm.Start.class::isInstance).findFirst()
				.orElse(null);
		List<Step> steps = new ArrayList<>();
		UserActionCompiler compiler = new UserActionCompiler(steps);
		for (UserAction action : BehaviourCompiler.chain(behaviour, start, UserAction::getSuccessor)) {
			compiler.doSwitch(action);
		}
		return steps.toArray(Step[]::new);
	}

	private final class UserActionCompiler extends PcmSwitch<Boolean> {
		private final List<Step> steps;

		UserActionCompiler(List<Step> steps) {
			this.steps = steps;
		}

		@Override
		public Boolean caseStart(org.iosim.pcm.Start action) {
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseStop(org.iosim.pcm.Stop action) {
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseDelay(org.iosim.pcm.Delay action) {
			steps.add(new Steps.Delay(Elements.describe(action), Expressions.compiled(action, "delay", action.getTime()),
					replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseLoop(org.iosim.pcm.Loop action) {
			steps.add(new Steps.Repeat(Elements.describe(action), Expressions.compiled(action, "iterations", action.getIterations()),
					userBehaviour(action, action.getBody()), replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseBranch(org.iosim.pcm.Branch action) {
			List<ScenarioBranchTransition> transitions = action.getTransitions();
			if (transitions.isEmpty()) {
				return Boolean.TRUE;
			}
			double[] probabilities = transitions.stream().mapToDouble(ScenarioBranchTransition::getProbability).toArray();
			Step[][] bodies = transitions.stream().map(transition -> userBehaviour(transition, transition.getBody()))
					.toArray(Step[][]::new);
			steps.add(new Steps.ProbabilisticBranch(Elements.describe(action), probabilities, bodies,
					replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseEntryLevelSystemCall(EntryLevelSystemCall call) {
			if (call.getProvidedRole() == null || call.getSignature() == null) {
				throw new Unsimulatable(call, "must name a provided role of the system and a signature");
			}
			CallTarget target = behaviours.entry(call);
			BehaviourCompiler.Instance callee = behaviours.calleeOf(target);
			Measurement measurement = Measurement.ofCall(call.getId(),
					(callee == null ? "?" : callee.name()) + "." + Elements.name(call.getSignature()),
					Elements.name(scenarioOf(call)));
			replication.calls.add(measurement);
			replication.entryLevelCalls.add(measurement);
			steps.add(new Steps.Call(Elements.describe(call), target, behaviours.assignments(call, call.getInputParameterUsages()),
					List.of(), measurement, null, replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean defaultCase(EObject object) {
			throw new Unsimulatable(object, "is not a usage-model action IOSim can simulate");
		}
	}

	private static EObject scenarioOf(EObject element) {
		for (EObject current = element; current != null; current = current.eContainer()) {
			if (current instanceof UsageScenario) {
				return current;
			}
		}
		return element;
	}
}
