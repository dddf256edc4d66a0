package org.iosim.pcm.wiring;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.EmitEventAction;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.InfrastructureCall;
import org.iosim.pcm.InternalCallAction;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.UsageScenario;

/**
 * Finds calls that, directly or through other components, call the behaviour they are made from.
 * Palladio models describe non-recursive call trees (a recursion's depth cannot be stated), and
 * a simulated recursion never ends: each call waits for the one it made. Bounded repetition is
 * modelled with a loop instead.
 * <p>
 * {@link #events} finds event cycles instead: behaviours whose emitted events, through their
 * handlers and what those call and emit, lead back to them. Nobody waits for an event, so such a
 * cycle does not stop a run, but unless a branch or filter condition breaks it every event causes
 * another, for ever.
 */
public final class CallCycles {

	/**
	 * A call cycle: the behaviours in calling order, the first repeated at the end.
	 *
	 * @param closingCall the call that reaches a behaviour already on the call path
	 * @param path        e.g. {@code Shop/Frontend.browse → Shop/Catalog.find → Shop/Frontend.browse}
	 */
	public record Cycle(EObject closingCall, String path) {
	}

	/** A behaviour of one component instance: a node of the call graph. */
	private record Node(ComponentInstance instance, ResourceDemandingBehaviour behaviour) {
		String label() {
			String name = behaviour instanceof ResourceDemandingSeff seff && seff.getDescribedService() != null
					? ComponentInstance.nameOf(seff.getDescribedService())
					: behaviour instanceof org.iosim.pcm.ResourceDemandingInternalBehaviour internal && internal.getName() != null
							? internal.getName()
							: "internal behaviour";
			return instance.name() + "." + name;
		}
	}

	/** A call out of a behaviour and the behaviour it runs. */
	private record Edge(EObject call, Node target) {
	}

	private final ArchitectureModel model;
	private final Wiring wiring;
	private final boolean events;
	private final Map<Node, List<Edge>> calls = new HashMap<>();

	/** Finds call cycles. */
	public CallCycles(ArchitectureModel model) {
		this(model, false);
	}

	private CallCycles(ArchitectureModel model, boolean events) {
		this.model = model;
		this.wiring = new Wiring(model);
		this.events = events;
	}

	/** @return a search for event cycles: cycles through at least one emitted event (call cycles are not repeated) */
	public static CallCycles events(ArchitectureModel model) {
		return new CallCycles(model, true);
	}

	/**
	 * @return the first cycle found from each usage scenario's entry-level calls, each cycle once;
	 *         calls whose wiring is broken are skipped (the validator reports them on their own)
	 */
	public List<Cycle> find() {
		List<Cycle> cycles = new ArrayList<>();
		Set<String> reported = new HashSet<>();
		Set<Node> explored = new HashSet<>();
		if (model.getUsageModel() == null) {
			return cycles;
		}
		for (UsageScenario scenario : model.getUsageModel().getScenarios()) {
			for (Iterator<EObject> contents = scenario.eAllContents(); contents.hasNext();) {
				if (contents.next() instanceof EntryLevelSystemCall entry) {
					try {
						Wiring.Target target = wiring.entry(entry);
						search(new Node(target.instance(), target.seff()), explored)
								.filter(cycle -> reported.add(cycle.path())).ifPresent(cycles::add);
					} catch (WiringException broken) {
						// reported by the validator's wiring rules
					}
				}
			}
		}
		return cycles;
	}

	/**
	 * Depth-first search with an explicit stack (call trees of generated models can be deep), so a
	 * node's edges are followed while the node is on the current path.
	 */
	private Optional<Cycle> search(Node start, Set<Node> explored) {
		if (explored.contains(start)) {
			return Optional.empty();
		}
		Deque<Iterator<Edge>> pending = new ArrayDeque<>();
		List<Node> path = new ArrayList<>();
		// the call or emission that led to each node of the path after the first
		List<EObject> via = new ArrayList<>();
		Set<Node> onPath = new HashSet<>();
		path.add(start);
		onPath.add(start);
		pending.push(callsOf(start).iterator());
		while (!pending.isEmpty()) {
			Iterator<Edge> next = pending.peek();
			if (!next.hasNext()) {
				pending.pop();
				Node done = path.remove(path.size() - 1);
				if (!via.isEmpty()) {
					via.remove(via.size() - 1);
				}
				onPath.remove(done);
				explored.add(done);
				continue;
			}
			Edge edge = next.next();
			if (onPath.contains(edge.target())) {
				int from = path.indexOf(edge.target());
				boolean throughEvent = edge.call() instanceof EmitEventAction
						|| via.subList(from, via.size()).stream().anyMatch(EmitEventAction.class::isInstance);
				if (throughEvent == events) {
					return Optional.of(new Cycle(edge.call(), describe(path.subList(from, path.size()), edge.target())));
				}
				continue;
			}
			if (explored.contains(edge.target())) {
				continue;
			}
			path.add(edge.target());
			via.add(edge.call());
			onPath.add(edge.target());
			pending.push(callsOf(edge.target()).iterator());
		}
		return Optional.empty();
	}

	private static String describe(List<Node> cyclePath, Node repeated) {
		StringBuilder text = new StringBuilder();
		for (Node node : cyclePath) {
			text.append(node.label()).append(" → ");
		}
		return text.append(repeated.label()).toString();
	}

	private List<Edge> callsOf(Node node) {
		return calls.computeIfAbsent(node, this::collectCalls);
	}

	/** External, infrastructure and internal calls anywhere in the behaviour, nested ones included. */
	private List<Edge> collectCalls(Node node) {
		List<Edge> edges = new ArrayList<>();
		for (Iterator<EObject> contents = node.behaviour().eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			try {
				if (element instanceof ExternalCallAction call) {
					Wiring.Target target = wiring.required(node.instance(), call.getRole(), call.getSignature(), call);
					edges.add(new Edge(call, new Node(target.instance(), target.seff())));
				} else if (element instanceof InfrastructureCall call) {
					EObject action = call.eContainer() instanceof AbstractInternalControlFlowAction owner ? owner : call;
					Wiring.Target target = wiring.required(node.instance(), call.getRole(), call.getSignature(), action);
					edges.add(new Edge(action, new Node(target.instance(), target.seff())));
				}
			} catch (WiringException broken) {
				// reported by the validator's wiring rules
			}
			if (element instanceof InternalCallAction call && call.getBehaviour() != null) {
				edges.add(new Edge(call, new Node(node.instance(), call.getBehaviour())));
			}
			if (events && element instanceof EmitEventAction emit && emit.getSourceRole() != null) {
				try {
					for (Wiring.EventTarget sink : wiring.sinks(node.instance(), emit.getSourceRole(), emit.getEventType(),
							emit)) {
						edges.add(new Edge(emit, new Node(sink.handler().instance(), sink.handler().seff())));
					}
				} catch (WiringException broken) {
					// reported by the validator's wiring rules
				}
			}
		}
		return edges;
	}
}
