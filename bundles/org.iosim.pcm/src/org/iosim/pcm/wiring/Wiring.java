package org.iosim.pcm.wiring;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.AssemblyEventConnector;
import org.iosim.pcm.AssemblyInfrastructureConnector;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.ComposedStructure;
import org.iosim.pcm.CompositeComponent;
import org.iosim.pcm.Connector;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.EventChannel;
import org.iosim.pcm.EventChannelSinkConnector;
import org.iosim.pcm.EventChannelSourceConnector;
import org.iosim.pcm.EventType;
import org.iosim.pcm.Identified;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.ProvidedRole;
import org.iosim.pcm.RequiredDelegationConnector;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.Signature;
import org.iosim.pcm.SinkDelegationConnector;
import org.iosim.pcm.SinkRole;
import org.iosim.pcm.SourceDelegationConnector;
import org.iosim.pcm.SourceRole;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.VirtualizedStorage;

/**
 * Where calls and requests go: resolves entry-level calls and the roles of component instances
 * through the system's and composite components' connectors (assembly, assembly-infrastructure,
 * provided and required delegation) to the SEFF that serves them, emitted events through event
 * channels and assembly event connectors to the handlers of their sinks, component instances to the
 * resource container they run on, and containers (nested ones through their hosts) to the
 * virtualized storage that serves their I/O in a refined model. The simulator, the validator and
 * the refinement transformation all ask this one resolver, so they agree on every call.
 */
public final class Wiring {

	/** The behaviour a call runs, and the component instance it runs in. */
	public record Target(ComponentInstance instance, ResourceDemandingSeff seff) {
	}

	/** A connector's filter condition on the way of an event, for messages with its connector. */
	public record Filter(Connector connector, String condition) {
	}

	/** A sink an event reaches, if it passes every filter condition on the way there. */
	public record EventTarget(Target handler, List<Filter> filters) {
	}

	private final ArchitectureModel model;
	private Map<ResourceContainer, VirtualizedStorage> storages;

	public Wiring(ArchitectureModel model) {
		this.model = model;
	}

	/** @return the I/O configuration a refined model holds (see the completion transformation), or null */
	public static IoConfiguration ioConfiguration(ArchitectureModel model) {
		for (EObject extension : model.getExtensions()) {
			if (extension instanceof IoConfiguration configuration) {
				return configuration;
			}
		}
		return null;
	}

	/**
	 * @return the virtualized storage that serves the container's I/O: the one naming it among its
	 *         served containers, else the one serving the container it is nested in; null if none
	 */
	public VirtualizedStorage storage(ResourceContainer container) {
		if (storages == null) {
			storages = new IdentityHashMap<>();
			IoConfiguration configuration = ioConfiguration(model);
			if (configuration != null) {
				for (VirtualizedStorage storage : configuration.getStorages()) {
					storage.getServedContainers().forEach(served -> storages.putIfAbsent(served, storage));
				}
			}
		}
		for (ResourceContainer current = container; current != null; current = host(current)) {
			VirtualizedStorage storage = storages.get(current);
			if (storage != null) {
				return storage;
			}
		}
		return null;
	}

	/** @return the SEFF an entry-level call of the usage model runs */
	public Target entry(EntryLevelSystemCall call) throws WiringException {
		ProvidedRole role = call.getProvidedRole();
		if (model.getSystem() != null) {
			for (Connector connector : model.getSystem().getConnectors()) {
				if (connector instanceof ProvidedDelegationConnector delegation && delegation.getOuterRole() == role
						&& delegation.getInnerContext() != null) {
					return provided(ComponentInstance.ofSystem(delegation.getInnerContext()), delegation.getInnerRole(),
							call.getSignature(), call);
				}
			}
		}
		throw new WiringException(call, "calls role '" + nameOf(role)
				+ "', which no provided delegation connector of the system connects to a component");
	}

	/**
	 * @param caller the call, for the message if the role leads nowhere
	 * @return the SEFF that serves {@code signature} of {@code role} of {@code provider}, following
	 *         provided delegation into composite components
	 */
	public Target provided(ComponentInstance provider, ProvidedRole role, Signature signature, EObject caller)
			throws WiringException {
		if (provider.component() instanceof BasicComponent component) {
			for (ResourceDemandingSeff seff : component.getSeffs()) {
				if (sameElement(seff.getDescribedService(), signature)) {
					return new Target(provider, seff);
				}
			}
			throw new WiringException(caller, "calls '" + nameOf(signature) + "' of '" + provider.name()
					+ "', but component '" + nameOf(component) + "' has no SEFF for it");
		}
		if (provider.component() instanceof CompositeComponent composite) {
			for (Connector connector : composite.getConnectors()) {
				if (connector instanceof ProvidedDelegationConnector delegation && delegation.getOuterRole() == role
						&& delegation.getInnerContext() != null) {
					return provided(provider.child(delegation.getInnerContext()), delegation.getInnerRole(), signature,
							caller);
				}
			}
			throw new WiringException(caller, "calls role '" + nameOf(role) + "' of composite component '"
					+ nameOf(composite) + "', which delegates it to no inner component");
		}
		throw new WiringException(caller, "calls '" + provider.name() + "', whose assembly context encapsulates no component");
	}

	/**
	 * @return the SEFF a call through {@code role} of {@code requirer} reaches: along an assembly (or
	 *         assembly-infrastructure) connector of the enclosing structure, or out of a composite
	 *         through required delegation and on from there
	 */
	public Target required(ComponentInstance requirer, RequiredRole role, Signature signature, EObject caller)
			throws WiringException {
		ComposedStructure structure = requirer.enclosingStructure(model.getSystem());
		if (structure != null) {
			ComponentInstance parent = requirer.parent();
			for (Connector connector : structure.getConnectors()) {
				if (connector instanceof AssemblyConnector assembly && assembly.getRequiringContext() == requirer.context()
						&& assembly.getRequiredRole() == role && assembly.getProvidingContext() != null) {
					return provided(sibling(parent, assembly.getProvidingContext()), assembly.getProvidedRole(), signature,
							caller);
				}
				if (connector instanceof AssemblyInfrastructureConnector infrastructure
						&& infrastructure.getRequiringContext() == requirer.context()
						&& infrastructure.getRequiredRole() == role && infrastructure.getProvidingContext() != null) {
					return provided(sibling(parent, infrastructure.getProvidingContext()), infrastructure.getProvidedRole(),
							signature, caller);
				}
				if (connector instanceof RequiredDelegationConnector delegation
						&& delegation.getInnerContext() == requirer.context() && delegation.getInnerRole() == role
						&& parent != null) {
					return required(parent, delegation.getOuterRole(), signature, caller);
				}
			}
		}
		throw new WiringException(caller, "in '" + requirer.name() + "' uses required role '" + nameOf(role)
				+ "', which no connector connects to a providing component");
	}

	/**
	 * The sinks an event reaches: through every assembly event connector from the source role, and
	 * through every event channel the role is connected to, to each of the channel's sinks (once per
	 * sink connector, however many of the role's connectors lead to the channel). Connectors are those
	 * of the structure enclosing the source; an unconnected role reaches no sink. A source delegation
	 * connector leads the event on from the enclosing composite component's own source role, in the
	 * structure around it; a sink that is a composite component passes the event on through its sink
	 * delegation connectors. Events leaving the system reach nothing.
	 *
	 * @param emitter the emitting action, for the message if a sink has no handler
	 * @return the handler SEFF of the event type in each sink's component instance, in connector order,
	 *         with the filter conditions of the connectors on the way
	 */
	public List<EventTarget> sinks(ComponentInstance source, SourceRole role, EventType type, EObject emitter)
			throws WiringException {
		return sinks(source, role, type, emitter, List.of());
	}

	private List<EventTarget> sinks(ComponentInstance source, SourceRole role, EventType type, EObject emitter,
			List<Filter> filters) throws WiringException {
		List<EventTarget> handlers = new ArrayList<>();
		ComposedStructure structure = source.enclosingStructure(model.getSystem());
		if (structure == null) {
			return handlers;
		}
		ComponentInstance parent = source.parent();
		List<EventChannel> channels = new ArrayList<>();
		for (Connector connector : structure.getConnectors()) {
			if (connector instanceof AssemblyEventConnector direct && direct.getSourceContext() == source.context()
					&& direct.getSourceRole() == role && direct.getSinkContext() != null) {
				deliver(sibling(parent, direct.getSinkContext()), direct.getSinkRole(), type, emitter,
						with(filters, direct, direct.getFilterCondition()), handlers);
			} else if (connector instanceof EventChannelSourceConnector toChannel
					&& toChannel.getAssemblyContext() == source.context() && toChannel.getSourceRole() == role
					&& toChannel.getEventChannel() != null && !channels.contains(toChannel.getEventChannel())) {
				channels.add(toChannel.getEventChannel());
			} else if (connector instanceof SourceDelegationConnector out && parent != null
					&& out.getInnerContext() == source.context() && out.getInnerRole() == role && out.getOuterRole() != null) {
				handlers.addAll(sinks(parent, out.getOuterRole(), type, emitter, filters));
			}
		}
		for (EventChannel channel : channels) {
			for (Connector connector : structure.getConnectors()) {
				if (connector instanceof EventChannelSinkConnector fromChannel && fromChannel.getEventChannel() == channel
						&& fromChannel.getAssemblyContext() != null) {
					deliver(sibling(parent, fromChannel.getAssemblyContext()), fromChannel.getSinkRole(), type, emitter,
							with(filters, fromChannel, fromChannel.getFilterCondition()), handlers);
				}
			}
		}
		return handlers;
	}

	private static List<Filter> with(List<Filter> filters, Connector connector, String condition) {
		if (condition == null || condition.isBlank()) {
			return filters;
		}
		List<Filter> more = new ArrayList<>(filters);
		more.add(new Filter(connector, condition));
		return List.copyOf(more);
	}

	/** Adds the handler of the event in the sink, or in the components a composite sink delegates it to. */
	private void deliver(ComponentInstance sink, SinkRole role, EventType type, EObject emitter, List<Filter> filters,
			List<EventTarget> handlers) throws WiringException {
		if (sink.component() instanceof CompositeComponent composite) {
			boolean delegated = false;
			for (Connector connector : composite.getConnectors()) {
				if (connector instanceof SinkDelegationConnector in && in.getOuterRole() == role
						&& in.getInnerContext() != null) {
					deliver(sink.child(in.getInnerContext()), in.getInnerRole(), type, emitter, filters, handlers);
					delegated = true;
				}
			}
			if (!delegated) {
				throw new WiringException(emitter, "emits event '" + nameOf(type) + "', which reaches sink role '"
						+ nameOf(role) + "' of composite component '" + nameOf(composite) + "' in '" + sink.name()
						+ "', but no sink delegation connector of the composite component leads it to a component inside");
			}
			return;
		}
		handlers.add(new EventTarget(handler(sink, role, type, emitter), filters));
	}

	/** @return the SEFF of the sink's component that handles the event type */
	private Target handler(ComponentInstance sink, SinkRole role, EventType type, EObject emitter)
			throws WiringException {
		if (sink.component() instanceof BasicComponent component) {
			for (ResourceDemandingSeff seff : component.getSeffs()) {
				if (sameElement(seff.getDescribedService(), type)) {
					return new Target(sink, seff);
				}
			}
			throw new WiringException(emitter, "emits event '" + nameOf(type) + "', which reaches sink role '"
					+ nameOf(role) + "' of '" + sink.name() + "', but component '" + nameOf(component)
					+ "' has no SEFF handling it");
		}
		throw new WiringException(emitter, "emits event '" + nameOf(type) + "', which reaches '" + sink.name()
				+ "', a context without component; events are delivered to basic components only");
	}

	private static ComponentInstance sibling(ComponentInstance parent, AssemblyContext context) {
		return parent == null ? ComponentInstance.ofSystem(context) : parent.child(context);
	}

	/**
	 * @return whether a connector of the structure binds the assembly context's required role: an
	 *         assembly connector, a required delegation or an assembly infrastructure connector
	 */
	public static boolean isBound(ComposedStructure structure, AssemblyContext context, RequiredRole role) {
		for (Connector connector : structure.getConnectors()) {
			if (connector instanceof AssemblyConnector assembly && assembly.getRequiringContext() == context
					&& assembly.getRequiredRole() == role
					|| connector instanceof RequiredDelegationConnector delegation && delegation.getInnerContext() == context
							&& delegation.getInnerRole() == role
					|| connector instanceof AssemblyInfrastructureConnector infrastructure
							&& infrastructure.getRequiringContext() == context && infrastructure.getRequiredRole() == role) {
				return true;
			}
		}
		return false;
	}

	/** @return the resource container the allocation places the instance's outermost assembly context on */
	public ResourceContainer container(ComponentInstance instance) throws WiringException {
		AssemblyContext allocated = instance.allocated();
		if (model.getAllocation() != null) {
			for (AllocationContext placement : model.getAllocation().getContexts()) {
				if (placement.getAssemblyContext() == allocated && placement.getContainer() != null) {
					return placement.getContainer();
				}
			}
		}
		throw new WiringException(allocated, "is not allocated to any resource container");
	}

	/** @return every resource container of the model, each nested one after the container it runs inside */
	public static List<ResourceContainer> containers(ArchitectureModel model) {
		List<ResourceContainer> all = new ArrayList<>();
		if (model.getResourceEnvironment() != null) {
			model.getResourceEnvironment().getContainers().forEach(container -> addWithNested(container, all));
		}
		return all;
	}

	private static void addWithNested(ResourceContainer container, List<ResourceContainer> all) {
		all.add(container);
		container.getNestedContainers().forEach(nested -> addWithNested(nested, all));
	}

	/**
	 * How users name a container (in an I/O configuration, a transformation's parameters): by id, or,
	 * where no container has that id, by name.
	 *
	 * @return the container with that id, else those with that name: empty if none, several if the
	 *         name is ambiguous (the caller asks for the id then)
	 */
	public static List<ResourceContainer> named(List<ResourceContainer> containers, String reference) {
		List<ResourceContainer> byId = containers.stream().filter(container -> reference.equals(container.getId()))
				.toList();
		return !byId.isEmpty() ? byId
				: containers.stream().filter(container -> reference.equals(container.getName())).toList();
	}

	/** @return the file set of the configuration with that name, or null if it has none */
	public static FileSet fileSet(IoConfiguration configuration, String name) {
		return configuration.getFileSets().stream().filter(fileSet -> name.equals(fileSet.getName())).findFirst()
				.orElse(null);
	}

	/** @return the container a nested container runs inside, or null for a top-level container */
	public static ResourceContainer host(ResourceContainer container) {
		return container.eContainer() instanceof ResourceContainer host ? host : null;
	}

	/**
	 * Identity, or the same id: Palladio's default models (resource types, primitive types) may be
	 * loaded once per file that refers to them.
	 */
	public static boolean sameElement(EObject a, EObject b) {
		if (a == b) {
			return true;
		}
		return a instanceof Identified x && b instanceof Identified y && x.getId() != null && x.getId().equals(y.getId());
	}

	private static String nameOf(EObject element) {
		return element == null ? "(none)" : ComponentInstance.nameOf(element);
	}
}
