package org.iosim.pcm.wiring;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.BranchTransition;
import org.iosim.pcm.ComposedStructure;
import org.iosim.pcm.Connector;
import org.iosim.pcm.EmitEventAction;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.InfrastructureCall;
import org.iosim.pcm.InternalCallAction;
import org.iosim.pcm.RequiredDelegationConnector;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.SetVariableAction;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableUsage;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExParseException;

/**
 * The required roles that calls can go through: those of every behaviour the usage model reaches,
 * following entry-level calls, external, infrastructure and internal calls and emitted events (to
 * their sinks' handlers) through the wiring (a call out of a composite component goes through the
 * inner role and the composite's outer role).
 * <p>
 * Parameters whose values are known are followed, so that a guarded branch whose condition never
 * holds is not entered: a value is known where a call passes a constant, or an expression of known
 * values without anything random, and nothing in the called behaviour sets the variable. A guard
 * whose condition is false for the known values, or that comes after one that is true, is never
 * taken. Real models pick replicas that way: CIPM's TeaStore model calls the third replica only
 * where {@code authReps.VALUE == 3}, and its usage model passes 2.
 * <p>
 * A required role outside this set is never used, so leaving it unconnected cannot change results;
 * real models (e.g. TeaStore) leave such roles open.
 */
public final class CalledRoles {

	/**
	 * How many sets of known values one behaviour of one component instance is followed with;
	 * beyond that it is followed once without known values, which takes every branch, so that
	 * values passed around in circles cannot keep the analysis going.
	 */
	private static final int MAX_VALUE_SETS_PER_BEHAVIOUR = 32;

	/** A required role of the component in one assembly context. */
	private record Use(AssemblyContext context, RequiredRole role) {
	}

	/** A behaviour of one component instance, entered with the values of some of its variables known. */
	private record Node(ComponentInstance instance, ResourceDemandingBehaviour behaviour, Map<String, Object> known) {
	}

	private record Behaviour(ComponentInstance instance, ResourceDemandingBehaviour behaviour) {
	}

	private final ArchitectureModel model;
	private final Wiring wiring;
	private final Set<Use> used = new HashSet<>();
	/** The sets of known values each behaviour of each component instance was entered with. */
	private final Map<Behaviour, Set<Map<String, Object>>> valueSets = new HashMap<>();

	public CalledRoles(ArchitectureModel model) {
		this.model = model;
		this.wiring = new Wiring(model);
		collect();
	}

	/** @return whether a behaviour the usage model reaches calls through the role of the context's component */
	public boolean isCalled(AssemblyContext context, RequiredRole role) {
		return used.contains(new Use(context, role));
	}

	private void collect() {
		if (model.getUsageModel() == null) {
			return;
		}
		Set<Node> visited = new HashSet<>();
		Deque<Node> pending = new ArrayDeque<>();
		for (UsageScenario scenario : model.getUsageModel().getScenarios()) {
			for (TreeIterator<EObject> contents = scenario.eAllContents(); contents.hasNext();) {
				if (contents.next() instanceof EntryLevelSystemCall entry) {
					try {
						Wiring.Target target = wiring.entry(entry);
						pending.add(node(target, entry.getInputParameterUsages(), Map.of()));
					} catch (WiringException broken) {
						// the validator's wiring rules report it
					}
				}
			}
		}
		while (!pending.isEmpty()) {
			Node node = pending.removeFirst();
			if (visited.add(node)) {
				followCalls(node, pending);
			}
		}
	}

	/**
	 * @param inputs the parameters the caller passes
	 * @param known  the values known where the call is made
	 * @return the called behaviour with the values of its parameters that follow from the known ones
	 */
	private Node node(Wiring.Target target, List<VariableUsage> inputs, Map<String, Object> known) {
		return node(target.instance(), target.seff(), inputs, known);
	}

	private Node node(ComponentInstance instance, ResourceDemandingBehaviour behaviour, List<VariableUsage> inputs,
			Map<String, Object> known) {
		Map<String, Object> passed = new HashMap<>();
		for (VariableUsage input : inputs) {
			for (VariableCharacterisation characterisation : input.getCharacterisations()) {
				value(characterisation.getSpecification(), known).ifPresent(
						value -> passed.put(input.getVariable() + "." + characterisation.getType().getName(), value));
			}
		}
		passed.keySet().removeAll(assignedIn(behaviour));
		Set<Map<String, Object>> sets = valueSets.computeIfAbsent(new Behaviour(instance, behaviour),
				unseen -> new HashSet<>());
		if (!sets.contains(passed) && sets.size() >= MAX_VALUE_SETS_PER_BEHAVIOUR) {
			return new Node(instance, behaviour, Map.of());
		}
		sets.add(passed);
		return new Node(instance, behaviour, Map.copyOf(passed));
	}

	/** @return the variables the behaviour sets, so that their values on entry do not hold throughout */
	private static Set<String> assignedIn(ResourceDemandingBehaviour behaviour) {
		Set<String> assigned = new HashSet<>();
		for (TreeIterator<EObject> contents = behaviour.eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			if (element instanceof SetVariableAction set) {
				addNames(set.getLocalVariableUsages(), assigned);
			} else if (element instanceof ExternalCallAction call) {
				addNames(call.getReturnVariableUsages(), assigned);
			}
		}
		return assigned;
	}

	private static void addNames(List<VariableUsage> usages, Set<String> names) {
		for (VariableUsage usage : usages) {
			for (VariableCharacterisation characterisation : usage.getCharacterisations()) {
				names.add(usage.getVariable() + "." + characterisation.getType().getName());
			}
		}
	}

	/** @return the expression's value for the known values, where it has exactly one */
	private static Optional<Object> value(String specification, Map<String, Object> known) {
		if (specification == null) {
			return Optional.empty();
		}
		try {
			return StoEx.parse(specification).valueFor(Bindings.of(known));
		} catch (StoExParseException malformed) {
			// the validator reports it
			return Optional.empty();
		}
	}

	/**
	 * Records the roles the behaviour's calls go through and queues the behaviours they reach,
	 * leaving out guarded branches that are never taken.
	 */
	private void followCalls(Node node, Deque<Node> pending) {
		for (TreeIterator<EObject> contents = node.behaviour().eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			if (element instanceof BranchTransition transition && neverTaken(transition, node.known())) {
				contents.prune();
				continue;
			}
			try {
				if (element instanceof ExternalCallAction call && call.getRole() != null) {
					use(node.instance(), call.getRole());
					Wiring.Target target = wiring.required(node.instance(), call.getRole(), call.getSignature(), call);
					pending.add(node(target, call.getInputVariableUsages(), node.known()));
				} else if (element instanceof InfrastructureCall call && call.getRole() != null) {
					use(node.instance(), call.getRole());
					Wiring.Target target = wiring.required(node.instance(), call.getRole(), call.getSignature(), call);
					pending.add(node(target, call.getInputVariableUsages(), node.known()));
				} else if (element instanceof InternalCallAction call && call.getBehaviour() != null) {
					pending.add(node(node.instance(), call.getBehaviour(), call.getInputVariableUsages(), node.known()));
				} else if (element instanceof EmitEventAction emit && emit.getSourceRole() != null) {
					for (Wiring.EventTarget sink : wiring.sinks(node.instance(), emit.getSourceRole(), emit.getEventType(),
							emit)) {
						pending.add(node(sink.handler(), emit.getInputVariableUsages(), node.known()));
					}
				}
			} catch (WiringException broken) {
				// the role leads nowhere: recorded above, and the validator reports it
			}
		}
	}

	/**
	 * The first guard that holds is taken, as the simulation evaluates them in order: a guard is
	 * never taken if its condition is false for the known values, or an earlier guard's is true.
	 */
	private static boolean neverTaken(BranchTransition transition, Map<String, Object> known) {
		if (!(transition instanceof GuardedBranchTransition guarded)
				|| !(transition.eContainer() instanceof BranchAction branch)) {
			return false;
		}
		for (BranchTransition earlier : branch.getBranches()) {
			if (earlier == transition) {
				break;
			}
			if (earlier instanceof GuardedBranchTransition earlierGuard
					&& Boolean.TRUE.equals(value(earlierGuard.getCondition(), known).orElse(null))) {
				return true;
			}
		}
		return Boolean.FALSE.equals(value(guarded.getCondition(), known).orElse(null));
	}

	/** Records the role and, where a required delegation leads it out of a composite, the outer role. */
	private void use(ComponentInstance instance, RequiredRole role) {
		used.add(new Use(instance.context(), role));
		ComponentInstance parent = instance.parent();
		if (parent == null) {
			return;
		}
		ComposedStructure structure = instance.enclosingStructure(model.getSystem());
		for (Connector connector : structure.getConnectors()) {
			if (connector instanceof RequiredDelegationConnector delegation
					&& delegation.getInnerContext() == instance.context() && delegation.getInnerRole() == role
					&& delegation.getOuterRole() != null) {
				use(parent, delegation.getOuterRole());
			}
		}
	}
}
