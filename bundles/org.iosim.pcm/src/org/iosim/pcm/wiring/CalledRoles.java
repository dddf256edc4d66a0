package org.iosim.pcm.wiring;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.ComposedStructure;
import org.iosim.pcm.Connector;
import org.iosim.pcm.EmitEventAction;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.InfrastructureCall;
import org.iosim.pcm.InternalCallAction;
import org.iosim.pcm.RequiredDelegationConnector;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.UsageScenario;

/**
 * The required roles that calls can go through: those of every behaviour the usage model reaches,
 * following entry-level calls, external, infrastructure and internal calls and emitted events (to
 * their sinks' handlers) through the wiring (a call out of a composite component goes through the
 * inner role and the composite's outer role).
 * A required role outside this set is never used, so leaving it unconnected cannot change results;
 * real models (e.g. TeaStore) leave such roles open.
 */
public final class CalledRoles {

	/** A required role of the component in one assembly context. */
	private record Use(AssemblyContext context, RequiredRole role) {
	}

	/** A behaviour of one component instance. */
	private record Node(ComponentInstance instance, ResourceDemandingBehaviour behaviour) {
	}

	private final ArchitectureModel model;
	private final Wiring wiring;
	private final Set<Use> used = new HashSet<>();

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
			for (Iterator<EObject> contents = scenario.eAllContents(); contents.hasNext();) {
				if (contents.next() instanceof EntryLevelSystemCall entry) {
					try {
						Wiring.Target target = wiring.entry(entry);
						pending.add(new Node(target.instance(), target.seff()));
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

	/** Records the roles the behaviour's calls go through and queues the behaviours they reach. */
	private void followCalls(Node node, Deque<Node> pending) {
		for (Iterator<EObject> contents = node.behaviour().eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			try {
				if (element instanceof ExternalCallAction call && call.getRole() != null) {
					use(node.instance(), call.getRole());
					Wiring.Target target = wiring.required(node.instance(), call.getRole(), call.getSignature(), call);
					pending.add(new Node(target.instance(), target.seff()));
				} else if (element instanceof InfrastructureCall call && call.getRole() != null) {
					use(node.instance(), call.getRole());
					Wiring.Target target = wiring.required(node.instance(), call.getRole(), call.getSignature(), call);
					pending.add(new Node(target.instance(), target.seff()));
				} else if (element instanceof InternalCallAction call && call.getBehaviour() != null) {
					pending.add(new Node(node.instance(), call.getBehaviour()));
				} else if (element instanceof EmitEventAction emit && emit.getSourceRole() != null) {
					for (Wiring.EventTarget sink : wiring.sinks(node.instance(), emit.getSourceRole(), emit.getEventType(),
							emit)) {
						pending.add(new Node(sink.handler().instance(), sink.handler().seff()));
					}
				}
			} catch (WiringException broken) {
				// the role leads nowhere: recorded above, and the validator reports it
			}
		}
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
