package org.iosim.testing;

import static org.iosim.testing.ModelBuilder.PCM;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.BranchTransition;
import org.iosim.pcm.Entity;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.ForkAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.SetVariableAction;
import org.iosim.pcm.StartAction;
import org.iosim.pcm.StopAction;
import org.iosim.pcm.SynchronisationPoint;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableCharacterisationType;
import org.iosim.pcm.VariableUsage;

/**
 * The actions of SEFFs, for {@link ComponentBuilder#seff} (best imported statically). Every action
 * gets a name here; its id is given when its SEFF is added to a model, below the SEFF's id.
 * Behaviours are chained from a StartAction through the given actions to a StopAction.
 */
public final class Behaviours {

	private Behaviours() {
	}

	/** An internal action {@code demand on <type>} with one demand on the resource type. */
	public static InternalAction demand(ProcessingResourceType type, String demand) {
		return internalAction("demand on " + type.getName(), resourceDemand(type, demand));
	}

	public static InternalAction internalAction(String name, ParametricResourceDemand... demands) {
		InternalAction action = named(PCM.createInternalAction(), name);
		action.getResourceDemands().addAll(List.of(demands));
		return action;
	}

	public static ParametricResourceDemand resourceDemand(ProcessingResourceType type, String demand) {
		ParametricResourceDemand resourceDemand = PCM.createParametricResourceDemand();
		resourceDemand.setRequiredResource(type);
		resourceDemand.setDemand(demand);
		return resourceDemand;
	}

	/** A call through the component's required role, e.g. {@code externalCall(frontend.requiredRole(storage), save)}. */
	public static ExternalCallAction externalCall(OperationRequiredRole role, OperationSignature signature,
			VariableUsage... parameters) {
		ExternalCallAction call = named(PCM.createExternalCallAction(), "call " + signature.getName());
		call.setRole(role);
		call.setSignature(signature);
		call.getInputVariableUsages().addAll(List.of(parameters));
		return call;
	}

	public static LoopAction loop(String iterationCount, AbstractAction... body) {
		LoopAction loop = named(PCM.createLoopAction(), "loop");
		loop.setIterationCount(iterationCount);
		loop.setBody(behaviour(body));
		return loop;
	}

	public static BranchAction branch(BranchTransition... transitions) {
		BranchAction branch = named(PCM.createBranchAction(), "branch");
		branch.getBranches().addAll(List.of(transitions));
		return branch;
	}

	/** A branch transition named after its condition. */
	public static GuardedBranchTransition guarded(String condition, AbstractAction... actions) {
		GuardedBranchTransition transition = named(PCM.createGuardedBranchTransition(), condition);
		transition.setCondition(condition);
		transition.setBehaviour(behaviour(actions));
		return transition;
	}

	public static ProbabilisticBranchTransition probabilistic(double probability, AbstractAction... actions) {
		ProbabilisticBranchTransition transition = named(PCM.createProbabilisticBranchTransition(),
				"probability " + probability);
		transition.setProbability(probability);
		transition.setBehaviour(behaviour(actions));
		return transition;
	}

	/** A fork that waits for its synchronous behaviours and starts its asynchronous ones without waiting. */
	public static ForkAction fork(List<ResourceDemandingBehaviour> synchronous,
			List<ResourceDemandingBehaviour> asynchronous) {
		ForkAction fork = named(PCM.createForkAction(), "fork");
		SynchronisationPoint join = PCM.createSynchronisationPoint();
		join.getSynchronousBehaviours().addAll(synchronous);
		fork.setSynchronisationPoint(join);
		fork.getAsynchronousBehaviours().addAll(asynchronous);
		return fork;
	}

	/** The actions chained between a start and a stop action, for loops, branches and forks. */
	public static ResourceDemandingBehaviour behaviour(AbstractAction... actions) {
		return chain(PCM.createResourceDemandingBehaviour(), actions);
	}

	public static AcquireAction acquire(PassiveResource resource) {
		AcquireAction acquire = named(PCM.createAcquireAction(), "acquire " + resource.getName());
		acquire.setPassiveResource(resource);
		return acquire;
	}

	public static ReleaseAction release(PassiveResource resource) {
		ReleaseAction release = named(PCM.createReleaseAction(), "release " + resource.getName());
		release.setPassiveResource(resource);
		return release;
	}

	public static SetVariableAction setVariable(VariableUsage... usages) {
		SetVariableAction action = named(PCM.createSetVariableAction(),
				"set " + Arrays.stream(usages).map(VariableUsage::getVariable).collect(Collectors.joining(", ")));
		action.getLocalVariableUsages().addAll(List.of(usages));
		return action;
	}

	/** {@code variable.VALUE = specification}, for parameters of calls and set-variable actions. */
	public static VariableUsage value(String variable, String specification) {
		VariableUsage usage = PCM.createVariableUsage();
		usage.setVariable(variable);
		VariableCharacterisation characterisation = PCM.createVariableCharacterisation();
		characterisation.setType(VariableCharacterisationType.VALUE);
		characterisation.setSpecification(specification);
		usage.getCharacterisations().add(characterisation);
		return usage;
	}

	static <B extends ResourceDemandingBehaviour> B chain(B behaviour, AbstractAction... actions) {
		StartAction start = named(PCM.createStartAction(), "start");
		StopAction stop = named(PCM.createStopAction(), "stop");
		List<AbstractAction> steps = new ArrayList<>();
		steps.add(start);
		steps.addAll(List.of(actions));
		steps.add(stop);
		for (int i = 0; i + 1 < steps.size(); i++) {
			steps.get(i).setSuccessor(steps.get(i + 1));
		}
		behaviour.getSteps().addAll(steps);
		return behaviour;
	}

	private static <E extends Entity> E named(E element, String name) {
		element.setName(name);
		return element;
	}
}
