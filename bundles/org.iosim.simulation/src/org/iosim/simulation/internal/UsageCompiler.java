package org.iosim.simulation.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Consumer;

import org.apache.commons.rng.UniformRandomProvider;
import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.Workload;
import org.iosim.pcm.util.PcmSwitch;
import org.iosim.simulation.ArrivalRateProfile;
import org.iosim.stoex.CompiledExpression;

/**
 * Compiles the usage model: each usage scenario's behaviour into steps, with entry-level calls
 * into the system compiled by the {@link BehaviourCompiler}, and its workload into a driver that
 * starts scenario runs (a closed population or an open arrival stream).
 */
final class UsageCompiler {

	private final ModelPlan.Builder plan;
	private final BehaviourCompiler behaviours;
	/** The entry-level calls of the scenario being compiled, by their steps: one may turn out to be all it does. */
	private final Map<ModelPlan.Slot<Step>, SoleCall> soleCallCandidates = new HashMap<>();

	/** The measurement of the scenario whose only step an entry-level call is, once that is known; else null. */
	private static final class SoleCall {
		ModelPlan.Slot<Measurement> scenario;
	}

	UsageCompiler(ModelPlan.Builder plan, BehaviourCompiler behaviours) {
		this.plan = plan;
		this.behaviours = behaviours;
	}

	void compileScenario(UsageScenario scenario) {
		String id = scenario.getId();
		String name = Elements.name(scenario);
		ModelPlan.Slot<Measurement> measurement = plan.create(building -> {
			Measurement created = Measurement.ofScenario(id, name);
			building.replication.scenarios.add(created);
			return created;
		});
		List<ModelPlan.Slot<Step>> steps = userBehaviour(scenario, scenario.getBehaviour());
		if (steps.size() == 1 && soleCallCandidates.containsKey(steps.get(0))) {
			soleCallCandidates.get(steps.get(0)).scenario = measurement;
		}
		soleCallCandidates.clear();
		String origin = Elements.describe(scenario);
		ModelPlan.WorkloadCompilation workloads = workload -> workloadDriver(scenario, workload, measurement, steps,
				origin);
		plan.workload(id, workloads, workloads.compile(scenario.getWorkload()));
	}

	/**
	 * The instruction that starts a scenario's workload driver in a replication: a closed population
	 * or an open arrival stream, fixed or following a load profile. Kept by the plan with the
	 * scenario's id, so that a plan for another workload of the scenario replaces only this instruction.
	 *
	 * @param workload the scenario's workload, or another one for it (read, not kept)
	 */
	private static Consumer<ModelPlan.Building> workloadDriver(UsageScenario scenario, Workload workload,
			ModelPlan.Slot<Measurement> measurement, List<ModelPlan.Slot<Step>> steps, String origin) {
		if (workload instanceof ClosedWorkload closed && closed.getLoadProfile() != null) {
			ArrivalRateProfile profile = profile(closed.getLoadProfile());
			if (profile.maximum() < 0.5) {
				throw new Unsimulatable(closed.getLoadProfile(), "the load profile of the closed workload is never 0.5 or"
						+ " more (at most " + profile.maximum() + "), so its population, the value rounded, is always 0"
						+ " and no user would ever run the scenario");
			}
			CompiledExpression thinkTime = thinkTime(scenario, closed);
			return building -> {
				Replication replication = building.replication;
				UniformRandomProvider thinking = replication.newStream();
				ArrivalRateProfile noisy = withNoiseSeeded(profile, replication);
				Workloads.Closed users = new Workloads.Closed(replication, measurement.in(building),
						building.steps(steps), 0, thinkTime, thinking, origin, noisy, usersPerReplication(building));
				replication.onStart(users::start);
			};
		} else if (workload instanceof ClosedWorkload closed) {
			int population = closed.getPopulation();
			if (population < 1) {
				throw new Unsimulatable(scenario, "closed workload population is " + population + "; it must be at least 1");
			}
			CompiledExpression thinkTime = thinkTime(scenario, closed);
			return building -> {
				long fits = usersPerReplication(building);
				if (population > fits) {
					// the element is read only to name it in the message: how many users fit depends on the run
					throw new Unsimulatable(scenario, String.format(java.util.Locale.ROOT,
							"closed workload population %,d needs about %s of memory, more than fits (%,d users): %s",
							population, MemoryBudget.bytes((double) population * MemoryBudget.BYTES_PER_USER), fits,
							MemoryBudget.advice()));
				}
				Workloads.Closed users = new Workloads.Closed(building.replication, measurement.in(building),
						building.steps(steps), population, thinkTime, building.replication.newStream(), origin);
				building.replication.onStart(users::start);
			};
		} else if (workload instanceof OpenWorkload open && open.getLoadProfile() != null) {
			ArrivalRateProfile profile = profile(open.getLoadProfile());
			return building -> {
				Replication replication = building.replication;
				UniformRandomProvider arrivalStream = replication.newStream();
				// after the arrivals' stream, so that profiles without noise draw as they always did
				ArrivalRateProfile noisy = withNoiseSeeded(profile, replication);
				Workloads.Profiled arrivals = new Workloads.Profiled(replication, measurement.in(building),
						building.steps(steps), noisy, arrivalStream, origin, usersPerReplication(building));
				replication.onStart(arrivals::start);
			};
		} else if (workload instanceof OpenWorkload open) {
			CompiledExpression interArrival = Expressions.compiled(scenario, "inter-arrival time", open.getInterArrivalTime());
			OptionalDouble meanGap = Expressions.parse(scenario, "inter-arrival time", open.getInterArrivalTime()).mean();
			if (meanGap.isPresent() && !(meanGap.getAsDouble() > 0)) {
				throw new Unsimulatable(scenario, "inter-arrival time '" + open.getInterArrivalTime() + "' has mean "
						+ meanGap.getAsDouble() + "; an open workload needs a positive mean time between arrivals");
			}
			return building -> {
				Workloads.Open arrivals = new Workloads.Open(building.replication, measurement.in(building),
						building.steps(steps), interArrival, building.replication.newStream(), origin,
						usersPerReplication(building));
				building.replication.onStart(arrivals::start);
			};
		}
		throw new Unsimulatable(scenario, "has no workload (open or closed)");
	}

	/** The most users of a workload that fit in memory, shared by as many replications as the run has. */
	private static long usersPerReplication(ModelPlan.Building building) {
		return MemoryBudget.usersPerReplication(building.config.replications());
	}

	/**
	 * Compiles a profile the validator accepted. Whether it is ever above 0 only the bounds of its
	 * evaluation tell (the simulation's interval arithmetic, which the validator in org.iosim.pcm does not
	 * have), so that rule is the compiler's; 'validate' compiles the model as 'simulate' does and reports it too.
	 */
	private static ArrivalRateProfile profile(org.iosim.pcm.LoadProfile loadProfile) {
		ArrivalRateProfile profile = ArrivalRateProfile.compile(loadProfile);
		// where noise may take any value the maximum is not known (NaN), and the profile may be above 0
		if (!(profile.maximum() > 0) && !Double.isNaN(profile.maximum())) {
			throw new Unsimulatable(loadProfile, "the load profile is never above 0 (at most " + format(profile.maximum())
					+ "), so no user would ever arrive");
		}
		return profile;
	}

	/** Six significant digits without trailing zeros: 0 rather than 0.00000. */
	private static String format(double value) {
		return String.format(java.util.Locale.ROOT, "%.6g", value).replaceAll("\\.?0+($|e)", "$1");
	}

	private static CompiledExpression thinkTime(UsageScenario scenario, ClosedWorkload closed) {
		return Expressions.compiled(scenario, "think time",
				closed.getThinkTime() == null || closed.getThinkTime().isBlank() ? "0" : closed.getThinkTime());
	}

	private List<ModelPlan.Slot<Step>> userBehaviour(EObject owner, ScenarioBehaviour behaviour) {
		if (behaviour == null) {
			throw new Unsimulatable(owner, "has no behaviour");
		}
		UserAction start = behaviour.getActions().stream().filter(org.iosim.pcm.Start.class::isInstance).findFirst()
				.orElse(null);
		List<ModelPlan.Slot<Step>> steps = new ArrayList<>();
		UserActionCompiler compiler = new UserActionCompiler(steps);
		for (UserAction action : BehaviourCompiler.chain(behaviour, start, UserAction::getSuccessor)) {
			compiler.doSwitch(action);
		}
		return List.copyOf(steps);
	}

	private final class UserActionCompiler extends PcmSwitch<Boolean> {
		private final List<ModelPlan.Slot<Step>> steps;

		UserActionCompiler(List<ModelPlan.Slot<Step>> steps) {
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
			String origin = Elements.describe(action);
			CompiledExpression delay = Expressions.compiled(action, "delay", action.getTime());
			steps.add(plan.create(building -> new Steps.Delay(origin, delay, building.replication.newStream())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseLoop(org.iosim.pcm.Loop action) {
			String origin = Elements.describe(action);
			CompiledExpression iterations = Expressions.compiled(action, "iterations", action.getIterations());
			List<ModelPlan.Slot<Step>> body = userBehaviour(action, action.getBody());
			steps.add(plan.create(building -> new Steps.Repeat(origin, iterations, building.steps(body),
					building.replication.newStream())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseBranch(org.iosim.pcm.Branch action) {
			List<ScenarioBranchTransition> transitions = action.getTransitions();
			if (transitions.isEmpty()) {
				return Boolean.TRUE;
			}
			double[] probabilities = transitions.stream().mapToDouble(ScenarioBranchTransition::getProbability).toArray();
			List<List<ModelPlan.Slot<Step>>> bodies = transitions.stream()
					.map(transition -> userBehaviour(transition, transition.getBody())).toList();
			String origin = Elements.describe(action);
			steps.add(plan.create(building -> new Steps.ProbabilisticBranch(origin, probabilities,
					building.branches(bodies), building.replication.newStream())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseEntryLevelSystemCall(EntryLevelSystemCall call) {
			if (call.getProvidedRole() == null || call.getSignature() == null) {
				throw new Unsimulatable(call, "must name a provided role of the system and a signature");
			}
			ModelPlan.Slot<CallTarget> target = behaviours.entry(call);
			BehaviourCompiler.Instance callee = behaviours.calleeOf(target);
			String id = call.getId();
			String name = (callee == null ? "?" : callee.name()) + "." + Elements.name(call.getSignature());
			String scenario = Elements.name(scenarioOf(call));
			SoleCall sole = new SoleCall();
			ModelPlan.Slot<Measurement> measurement = plan.create(building -> {
				Measurement created = sole.scenario == null ? Measurement.ofCall(id, name, scenario)
						: Measurement.ofSoleCall(sole.scenario.in(building), id, name, scenario);
				building.replication.calls.add(created);
				building.replication.entryLevelCalls.add(created);
				return created;
			});
			String origin = Elements.describe(call);
			List<Steps.Assignment> inputs = behaviours.assignments(call, call.getInputParameterUsages());
			ModelPlan.Slot<Step> step = plan.create(building -> new Steps.Call(origin, target.in(building), inputs,
					List.of(), measurement.in(building), null, building.replication.newStream()));
			steps.add(step);
			soleCallCandidates.put(step, sole);
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

	/**
	 * The profile as one replication evaluates it: a profile with noise draws it from a seed taken from
	 * the replication's next stream, one without noise takes no stream.
	 */
	private static ArrivalRateProfile withNoiseSeeded(ArrivalRateProfile profile, Replication replication) {
		return profile.hasNoise() ? profile.withNoiseSeed(replication.newStream().nextLong()) : profile;
	}
}
