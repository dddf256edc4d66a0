package org.iosim.pcm.palladio.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.Allocation;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.AssemblyEventConnector;
import org.iosim.pcm.AssemblyInfrastructureConnector;
import org.iosim.pcm.CompositeComponent;
import org.iosim.pcm.Connector;
import org.iosim.pcm.EventChannel;
import org.iosim.pcm.EventChannelSinkConnector;
import org.iosim.pcm.EventChannelSourceConnector;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.Repository;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.RequiredDelegationConnector;
import org.iosim.pcm.SinkDelegationConnector;
import org.iosim.pcm.SinkRole;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.SourceDelegationConnector;
import org.iosim.pcm.SourceRole;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.NotImported;
import org.iosim.pcm.validation.SourceLocation;
import org.iosim.pcm.wiring.ComponentInstance;

/**
 * Flattens PCM subsystems into the system, as SimuCom simulates them. A subsystem is a composed
 * structure that, unlike a composite component, can be allocated as a whole or part by part; IOSim's
 * metamodel has no class for it. Every component instance inside a subsystem (nested ones included)
 * becomes an assembly context of the system named by its path, e.g. {@code Outer/Inner/Worker}; the
 * connectors inside each subsystem instance are copied between those contexts, and connectors that
 * lead into or out of a subsystem are resolved through its delegation connectors to the inner
 * component that serves or makes the call. Allocating a subsystem's assembly context places every
 * component inside it on that container; allocating an assembly context inside a subsystem places
 * what it holds, which is only unambiguous while the system uses that subsystem once. Events are
 * flattened alike: each instance of a subsystem gets its own copies of the event channels inside it,
 * and event connectors are resolved through source and sink delegation connectors to the inner
 * components that emit or handle the events.
 */
final class SubsystemFlattening {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;

	/** Where a call or an event through a role ends up: the role of a component that is no subsystem. */
	private record End<R>(ComponentInstance instance, R role) {
	}

	/** A delegation connector's outer role and where it leads inside, whatever its kind. */
	private record Delegation<R>(R outer, AssemblyContext innerContext, R inner) {
	}

	private final ArchitectureModel model;
	private final Set<CompositeComponent> subsystems;
	private final ImportDiagnostics diagnostics;
	private final SoftwareSystem system;
	/** The system's assembly context of each component instance inside a subsystem. */
	private final Map<ComponentInstance, AssemblyContext> flattened = new HashMap<>();
	/** Every instance of a subsystem, and of the contexts inside it, in the order the system holds them. */
	private final Map<ComponentInstance, List<AssemblyContext>> leavesByInstance = new LinkedHashMap<>();
	private final List<Connector> connectors = new ArrayList<>();
	/** Each subsystem instance's copies of the event channels inside it. */
	private final Map<ComponentInstance, Map<EventChannel, EventChannel>> channels = new LinkedHashMap<>();

	/**
	 * @param subsystems the composite components the importer made of PCM subsystems; once flattened,
	 *                   they are removed from their repositories
	 */
	SubsystemFlattening(ArchitectureModel model, Set<CompositeComponent> subsystems, ImportDiagnostics diagnostics) {
		this.model = model;
		this.subsystems = subsystems;
		this.diagnostics = diagnostics;
		this.system = model.getSystem();
	}

	void flatten() {
		if (system != null) {
			List<AssemblyContext> contexts = new ArrayList<>();
			for (AssemblyContext context : system.getAssemblyContexts()) {
				contexts.addAll(expand(ComponentInstance.ofSystem(context), List.of()));
			}
			List<Connector> original = List.copyOf(system.getConnectors());
			original.forEach(this::resolveSystemConnector);
			// while the subsystems' assembly contexts are still the system's
			if (model.getAllocation() != null) {
				flattenAllocation(model.getAllocation());
			}
			system.getAssemblyContexts().clear();
			system.getAssemblyContexts().addAll(contexts);
			system.getConnectors().clear();
			system.getConnectors().addAll(connectors);
			channels.values().forEach(copies -> system.getEventChannels().addAll(copies.values()));
		}
		reportUseInCompositeComponents();
		for (Repository repository : model.getRepositories()) {
			repository.getComponents().removeAll(subsystems);
		}
	}

	// ------------------------------------------------------------------ assembly contexts

	private boolean isSubsystem(AssemblyContext context) {
		return context != null && context.getComponent() instanceof CompositeComponent component
				&& subsystems.contains(component);
	}

	/**
	 * @param enclosing the subsystems the instance lies in, outermost first, to stop a subsystem that
	 *                  contains itself
	 * @return the system's assembly contexts of the instance: itself, or one per component inside it
	 */
	private List<AssemblyContext> expand(ComponentInstance instance, List<CompositeComponent> enclosing) {
		AssemblyContext context = instance.context();
		if (!isSubsystem(context)) {
			List<AssemblyContext> leaf = List.of(flat(instance));
			leavesByInstance.put(instance, leaf);
			return leaf;
		}
		CompositeComponent subsystem = (CompositeComponent) context.getComponent();
		if (enclosing.contains(subsystem)) {
			diagnostics.add(Diagnostic.error(context, describeSubsystem(subsystem)
					+ " contains itself (" + instance.name() + "), so it would never end"));
			leavesByInstance.put(instance, List.of());
			return List.of();
		}
		if (!context.getConfigParameterUsages().isEmpty()) {
			diagnostics.add(Diagnostic.error(context, "unsupported: component parameters set on the assembly context"
					+ " of " + describeSubsystem(subsystem) + " cannot be passed to the components"
					+ " inside it"));
		}
		List<CompositeComponent> deeper = new ArrayList<>(enclosing);
		deeper.add(subsystem);
		List<AssemblyContext> leaves = new ArrayList<>();
		for (AssemblyContext inner : subsystem.getAssemblyContexts()) {
			leaves.addAll(expand(instance.child(inner), deeper));
		}
		leavesByInstance.put(instance, leaves);
		Map<EventChannel, EventChannel> copies = new LinkedHashMap<>();
		for (EventChannel channel : subsystem.getEventChannels()) {
			EventChannel copy = EcoreUtil.copy(channel);
			copy.setId(ids(instance) + "/" + channel.getId());
			copy.setName(instance.name() + "/" + ComponentInstance.nameOf(channel));
			copyLocation(channel, copy);
			copies.put(channel, copy);
		}
		channels.put(instance, copies);
		subsystem.getConnectors().forEach(connector -> copyInnerConnector(instance, connector));
		return leaves;
	}

	/** @return the system's assembly context of a component instance that is no subsystem */
	private AssemblyContext flat(ComponentInstance instance) {
		if (instance.parent() == null) {
			return instance.context();
		}
		return flattened.computeIfAbsent(instance, key -> {
			AssemblyContext inner = key.context();
			AssemblyContext context = PCM.createAssemblyContext();
			context.setId(key.path().stream().map(AssemblyContext::getId).collect(Collectors.joining("/")));
			context.setName(key.name());
			context.setComponent(inner.getComponent());
			context.getConfigParameterUsages().addAll(EcoreUtil.copyAll(inner.getConfigParameterUsages()));
			copyLocation(inner, context);
			return context;
		});
	}

	// ------------------------------------------------------------------ connectors

	/** A connector of the system: kept, or pointed through the subsystems it touches. */
	private void resolveSystemConnector(Connector connector) {
		switch (connector) {
		case AssemblyConnector assembly -> resolveAssembly(null, assembly);
		// a delegation without its inner role is kept as it is: the validator reports what is missing
		case ProvidedDelegationConnector delegation when isSubsystem(delegation.getInnerContext())
				&& delegation.getInnerRole() != null -> {
			End<OperationProvidedRole> end = providedEnd(ComponentInstance.ofSystem(delegation.getInnerContext()),
					delegation.getInnerRole());
			if (end == null) {
				notDelegatedInside(delegation, delegation.getInnerContext(), delegation.getInnerRole());
				return;
			}
			delegation.setInnerContext(flat(end.instance()));
			delegation.setInnerRole(end.role());
			connectors.add(delegation);
		}
		case RequiredDelegationConnector delegation when isSubsystem(delegation.getInnerContext())
				&& delegation.getInnerRole() != null -> {
			List<End<OperationRequiredRole>> ends = requiredEnds(
					ComponentInstance.ofSystem(delegation.getInnerContext()), delegation.getInnerRole());
			for (int i = 0; i < ends.size(); i++) {
				RequiredDelegationConnector resolved = i == 0 ? delegation : copyOf(delegation, null, i);
				resolved.setOuterRole(delegation.getOuterRole());
				resolved.setInnerContext(flat(ends.get(i).instance()));
				resolved.setInnerRole(ends.get(i).role());
				connectors.add(resolved);
			}
		}
		case AssemblyInfrastructureConnector infrastructure when isSubsystem(infrastructure.getRequiringContext())
				|| isSubsystem(infrastructure.getProvidingContext()) ->
			diagnostics.add(Diagnostic.error(infrastructure, "unsupported: an assembly infrastructure connector to or"
					+ " from a subsystem cannot be imported; connect the components inside it"));
		case AssemblyEventConnector direct -> resolveEvents(null, direct);
		case EventChannelSourceConnector source when isSubsystem(source.getAssemblyContext())
				&& source.getSourceRole() != null -> resolveChannelSource(null, source);
		case EventChannelSinkConnector sink when isSubsystem(sink.getAssemblyContext()) && sink.getSinkRole() != null ->
			resolveChannelSink(null, sink);
		// the system's own source and sink roles: what they delegate to inside a subsystem
		case SourceDelegationConnector out when isSubsystem(out.getInnerContext()) && out.getInnerRole() != null -> {
			List<End<SourceRole>> ends = sourceEnds(ComponentInstance.ofSystem(out.getInnerContext()), out.getInnerRole());
			for (int i = 0; i < ends.size(); i++) {
				SourceDelegationConnector resolved = i == 0 ? out : copyOf(out, null, i);
				resolved.setInnerContext(flat(ends.get(i).instance()));
				resolved.setInnerRole(ends.get(i).role());
				connectors.add(resolved);
			}
		}
		case SinkDelegationConnector in when isSubsystem(in.getInnerContext()) && in.getInnerRole() != null -> {
			List<End<SinkRole>> ends = sinkEnds(ComponentInstance.ofSystem(in.getInnerContext()), in.getInnerRole());
			for (int i = 0; i < ends.size(); i++) {
				SinkDelegationConnector resolved = i == 0 ? in : copyOf(in, null, i);
				resolved.setInnerContext(flat(ends.get(i).instance()));
				resolved.setInnerRole(ends.get(i).role());
				connectors.add(resolved);
			}
		}
		default -> connectors.add(connector);
		}
	}

	/** A connector inside one instance of a subsystem, copied between the system's contexts of that instance. */
	private void copyInnerConnector(ComponentInstance subsystem, Connector connector) {
		switch (connector) {
		case AssemblyConnector assembly -> resolveAssembly(subsystem, assembly);
		case AssemblyInfrastructureConnector infrastructure when infrastructure.getRequiringContext() == null
				|| infrastructure.getProvidingContext() == null ->
			connectors.add(copyOf(infrastructure, subsystem, 0)); // the validator reports what is missing
		case AssemblyInfrastructureConnector infrastructure -> {
			ComponentInstance requiring = subsystem.child(infrastructure.getRequiringContext());
			ComponentInstance providing = subsystem.child(infrastructure.getProvidingContext());
			if (isSubsystem(requiring.context()) || isSubsystem(providing.context())) {
				diagnostics.add(Diagnostic.error(infrastructure, "unsupported: an assembly infrastructure connector to"
						+ " or from a subsystem cannot be imported; connect the components inside it"));
				return;
			}
			AssemblyInfrastructureConnector copy = copyOf(infrastructure, subsystem, 0);
			copy.setRequiringContext(flat(requiring));
			copy.setProvidingContext(flat(providing));
			connectors.add(copy);
		}
		case AssemblyEventConnector direct -> resolveEvents(subsystem, direct);
		case EventChannelSourceConnector source -> resolveChannelSource(subsystem, source);
		case EventChannelSinkConnector sink -> resolveChannelSink(subsystem, sink);
		default -> {
			// delegation connectors lead calls and events into and out of the subsystem; they are followed, not copied
		}
		}
	}

	/**
	 * An assembly connector of the system ({@code subsystem} null) or of a subsystem instance: one per
	 * component inside that makes calls through the required role, to the component inside that serves
	 * the provided role. The system's own connector is kept for the first (its id stays), copied for others.
	 */
	private void resolveAssembly(ComponentInstance subsystem, AssemblyConnector assembly) {
		if (assembly.getRequiringContext() == null || assembly.getProvidingContext() == null
				|| assembly.getRequiredRole() == null || assembly.getProvidedRole() == null) {
			// the validator reports what is missing
			connectors.add(subsystem == null ? assembly : copyOf(assembly, subsystem, 0));
			return;
		}
		boolean touchesSubsystem = isSubsystem(assembly.getRequiringContext())
				|| isSubsystem(assembly.getProvidingContext());
		if (subsystem == null && !touchesSubsystem) {
			connectors.add(assembly);
			return;
		}
		End<OperationProvidedRole> provider = providedEnd(instance(subsystem, assembly.getProvidingContext()),
				assembly.getProvidedRole());
		if (provider == null) {
			notDelegatedInside(assembly, assembly.getProvidingContext(), assembly.getProvidedRole());
			return;
		}
		List<End<OperationRequiredRole>> requirers = requiredEnds(instance(subsystem, assembly.getRequiringContext()),
				assembly.getRequiredRole());
		for (int i = 0; i < requirers.size(); i++) {
			AssemblyConnector resolved = subsystem == null && i == 0 ? assembly : copyOf(assembly, subsystem, i);
			resolved.setRequiringContext(flat(requirers.get(i).instance()));
			resolved.setRequiredRole(requirers.get(i).role());
			resolved.setProvidingContext(flat(provider.instance()));
			resolved.setProvidedRole(provider.role());
			connectors.add(resolved);
		}
	}

	private static ComponentInstance instance(ComponentInstance subsystem, AssemblyContext context) {
		return subsystem == null ? ComponentInstance.ofSystem(context) : subsystem.child(context);
	}

	/**
	 * @return the component inside the instance (itself unless it is a subsystem) whose role serves
	 *         calls to {@code role}, following provided delegation; null if a subsystem delegates it nowhere
	 */
	private End<OperationProvidedRole> providedEnd(ComponentInstance instance, OperationProvidedRole role) {
		if (!isSubsystem(instance.context())) {
			return new End<>(instance, role);
		}
		for (Connector connector : ((CompositeComponent) instance.component()).getConnectors()) {
			if (connector instanceof ProvidedDelegationConnector delegation && delegation.getOuterRole() == role
					&& delegation.getInnerContext() != null) {
				return providedEnd(instance.child(delegation.getInnerContext()), delegation.getInnerRole());
			}
		}
		return null;
	}

	/**
	 * @return the components inside the instance (itself unless it is a subsystem) whose calls leave
	 *         through {@code role}, following required delegation; none if nothing inside uses it
	 */
	private List<End<OperationRequiredRole>> requiredEnds(ComponentInstance instance, OperationRequiredRole role) {
		return ends(instance, role, connector -> connector instanceof RequiredDelegationConnector delegation
				? new Delegation<>(delegation.getOuterRole(), delegation.getInnerContext(), delegation.getInnerRole())
				: null);
	}

	/** @return the components inside the instance whose events leave through {@code role}, following source delegation */
	private List<End<SourceRole>> sourceEnds(ComponentInstance instance, SourceRole role) {
		return ends(instance, role, connector -> connector instanceof SourceDelegationConnector delegation
				? new Delegation<>(delegation.getOuterRole(), delegation.getInnerContext(), delegation.getInnerRole())
				: null);
	}

	/** @return the components inside the instance that handle the events arriving at {@code role}, following sink delegation */
	private List<End<SinkRole>> sinkEnds(ComponentInstance instance, SinkRole role) {
		return ends(instance, role, connector -> connector instanceof SinkDelegationConnector delegation
				? new Delegation<>(delegation.getOuterRole(), delegation.getInnerContext(), delegation.getInnerRole())
				: null);
	}

	/**
	 * @param delegationOf the connector as a delegation of the kind followed, or null
	 * @return the ends of every delegation from {@code role} inward, through nested subsystems; the
	 *         instance itself unless it is a subsystem
	 */
	private <R> List<End<R>> ends(ComponentInstance instance, R role, Function<Connector, Delegation<R>> delegationOf) {
		if (!isSubsystem(instance.context())) {
			return List.of(new End<>(instance, role));
		}
		List<End<R>> ends = new ArrayList<>();
		for (Connector connector : ((CompositeComponent) instance.component()).getConnectors()) {
			Delegation<R> delegation = delegationOf.apply(connector);
			if (delegation != null && delegation.outer() == role && delegation.innerContext() != null) {
				ends.addAll(ends(instance.child(delegation.innerContext()), delegation.inner(), delegationOf));
			}
		}
		return ends;
	}

	// ------------------------------------------------------------------ events

	/**
	 * An assembly event connector of the system ({@code subsystem} null) or of a subsystem instance:
	 * one per pair of a component inside that emits through the source role and one inside that
	 * handles what the sink role receives. The system's own connector is kept for the first pair.
	 */
	private void resolveEvents(ComponentInstance subsystem, AssemblyEventConnector direct) {
		if (direct.getSourceContext() == null || direct.getSourceRole() == null || direct.getSinkContext() == null
				|| direct.getSinkRole() == null) {
			// the validator reports what is missing
			connectors.add(subsystem == null ? direct : copyOf(direct, subsystem, 0));
			return;
		}
		if (subsystem == null && !isSubsystem(direct.getSourceContext()) && !isSubsystem(direct.getSinkContext())) {
			connectors.add(direct);
			return;
		}
		List<End<SourceRole>> sources = sourceEnds(instance(subsystem, direct.getSourceContext()), direct.getSourceRole());
		List<End<SinkRole>> sinks = sinkEnds(instance(subsystem, direct.getSinkContext()), direct.getSinkRole());
		if (sinks.isEmpty()) {
			eventsLost(direct, direct.getSinkContext(), direct.getSinkRole());
		}
		int number = 0;
		for (End<SourceRole> source : sources) {
			for (End<SinkRole> sink : sinks) {
				AssemblyEventConnector resolved = subsystem == null && number == 0 ? direct
						: copyOf(direct, subsystem, number);
				resolved.setSourceContext(flat(source.instance()));
				resolved.setSourceRole(source.role());
				resolved.setSinkContext(flat(sink.instance()));
				resolved.setSinkRole(sink.role());
				connectors.add(resolved);
				number++;
			}
		}
	}

	/** A source connector to an event channel: one per component inside that emits through the role. */
	private void resolveChannelSource(ComponentInstance subsystem, EventChannelSourceConnector source) {
		if (source.getAssemblyContext() == null || source.getSourceRole() == null) {
			connectors.add(subsystem == null ? source : copyOf(source, subsystem, 0));
			return;
		}
		List<End<SourceRole>> ends = sourceEnds(instance(subsystem, source.getAssemblyContext()), source.getSourceRole());
		for (int i = 0; i < ends.size(); i++) {
			EventChannelSourceConnector resolved = subsystem == null && i == 0 ? source : copyOf(source, subsystem, i);
			resolved.setEventChannel(channel(subsystem, source.getEventChannel()));
			resolved.setAssemblyContext(flat(ends.get(i).instance()));
			resolved.setSourceRole(ends.get(i).role());
			connectors.add(resolved);
		}
	}

	/** A sink connector from an event channel: one per component inside that handles what the role receives. */
	private void resolveChannelSink(ComponentInstance subsystem, EventChannelSinkConnector sink) {
		if (sink.getAssemblyContext() == null || sink.getSinkRole() == null) {
			connectors.add(subsystem == null ? sink : copyOf(sink, subsystem, 0));
			return;
		}
		List<End<SinkRole>> ends = sinkEnds(instance(subsystem, sink.getAssemblyContext()), sink.getSinkRole());
		if (ends.isEmpty()) {
			eventsLost(sink, sink.getAssemblyContext(), sink.getSinkRole());
		}
		for (int i = 0; i < ends.size(); i++) {
			EventChannelSinkConnector resolved = subsystem == null && i == 0 ? sink : copyOf(sink, subsystem, i);
			resolved.setEventChannel(channel(subsystem, sink.getEventChannel()));
			resolved.setAssemblyContext(flat(ends.get(i).instance()));
			resolved.setSinkRole(ends.get(i).role());
			connectors.add(resolved);
		}
	}

	/** @return the subsystem instance's copy of an event channel inside it; a system's channel as it is */
	private EventChannel channel(ComponentInstance subsystem, EventChannel channel) {
		if (subsystem == null) {
			return channel;
		}
		// a channel from elsewhere stays as it is, for the validator to report
		return channels.getOrDefault(subsystem, Map.of()).getOrDefault(channel, channel);
	}

	private void eventsLost(Connector connector, AssemblyContext context, SinkRole role) {
		diagnostics.add(Diagnostic.warning(connector, "it leads events to sink role " + Diagnostic.describe(role)
				+ " of " + describeSubsystem(context.getComponent()) + " (assembly context " + Diagnostic.describe(context)
				+ "), which no sink delegation connector of the subsystem leads to a component inside; the events"
				+ " reach no sink there"));
	}

	private void notDelegatedInside(Connector connector, AssemblyContext context, OperationProvidedRole role) {
		diagnostics.add(Diagnostic.error(connector, "it leads to provided role " + Diagnostic.describe(role)
				+ " of " + describeSubsystem(context.getComponent()) + " (assembly context "
				+ Diagnostic.describe(context) + "), which no provided delegation connector of the subsystem leads"
				+ " to a component inside it"));
	}

	/**
	 * A copy of a connector for one instance of the subsystem that holds it ({@code subsystem}), or for
	 * the {@code number}-th component a system connector is resolved to, named and identified by that.
	 */
	private <C extends Connector> C copyOf(C connector, ComponentInstance subsystem, int number) {
		C copy = EcoreUtil.copy(connector);
		String prefix = subsystem == null ? "" : ids(subsystem) + "/";
		String suffix = number == 0 ? "" : "/" + (number + 1);
		copy.setId(prefix + connector.getId() + suffix);
		copy.setName(subsystem == null ? connector.getName() : subsystem.name() + "/" + ComponentInstance.nameOf(connector));
		copyLocation(connector, copy);
		return copy;
	}

	private static String ids(ComponentInstance instance) {
		return instance.path().stream().map(AssemblyContext::getId).collect(Collectors.joining("/"));
	}

	// ------------------------------------------------------------------ allocation

	/**
	 * Allocating a subsystem's assembly context places every component inside it; so does allocating
	 * an assembly context inside a subsystem, for what it holds. Placements of one component that
	 * agree (e.g. the subsystem and a component inside it on the same container) are one; placements
	 * that disagree are left for the validator to report.
	 */
	private void flattenAllocation(Allocation allocation) {
		List<AllocationContext> placements = new ArrayList<>();
		Map<AssemblyContext, List<ResourceContainer>> placed = new HashMap<>();
		for (AllocationContext placement : allocation.getContexts()) {
			AssemblyContext context = placement.getAssemblyContext();
			boolean ofSubsystem = isSubsystem(context) && context.eContainer() == system;
			boolean insideSubsystem = context != null && context.eContainer() instanceof CompositeComponent holder
					&& subsystems.contains(holder);
			if (!ofSubsystem && !insideSubsystem) {
				placements.add(placement);
				continue;
			}
			List<ComponentInstance> instances = leavesByInstance.keySet().stream()
					.filter(instance -> instance.context() == context).toList();
			if (instances.isEmpty()) {
				diagnostics.add(Diagnostic.warning(placement, "it allocates assembly context "
						+ Diagnostic.describe(context) + " inside " + describeSubsystem(context.eContainer())
						+ ", which the allocation's system does not use; it is ignored"));
			} else if (instances.size() > 1) {
				diagnostics.add(Diagnostic.error(placement, "it allocates assembly context " + Diagnostic.describe(context)
						+ " inside " + describeSubsystem(context.eContainer()) + ", which the system uses "
						+ instances.size() + " times (" + instances.stream().map(ComponentInstance::name)
								.collect(Collectors.joining(", "))
						+ "); an allocation context cannot tell them apart, so allocate the system's assembly"
						+ " contexts of the subsystem instead"));
				// what stays unallocated only follows from this error
				instances.stream().flatMap(instance -> leavesByInstance.get(instance).stream())
						.forEach(leaf -> NotImported.reference(leaf, "allocation"));
			} else {
				List<AssemblyContext> leaves = leavesByInstance.get(instances.get(0)).stream()
						// without a container (reported by the validator) no placement can repeat it
						.filter(leaf -> placement.getContainer() == null
								|| !placed.getOrDefault(leaf, List.of()).contains(placement.getContainer()))
						.toList();
				for (int i = 0; i < leaves.size(); i++) {
					// the first keeps the allocation context's id; the others are told apart by their component
					AllocationContext resolved = i == 0 ? placement : EcoreUtil.copy(placement);
					if (i > 0) {
						resolved.setId(placement.getId() + "/" + leaves.get(i).getId());
						copyLocation(placement, resolved);
					}
					resolved.setAssemblyContext(leaves.get(i));
					placements.add(resolved);
					placed.computeIfAbsent(leaves.get(i), leaf -> new ArrayList<>()).add(placement.getContainer());
				}
			}
		}
		allocation.getContexts().clear();
		allocation.getContexts().addAll(placements);
	}

	// ------------------------------------------------------------------ subsystems elsewhere

	/** Composite components are not flattened, so a subsystem inside one cannot be. */
	private void reportUseInCompositeComponents() {
		for (Repository repository : model.getRepositories()) {
			for (EObject component : repository.getComponents()) {
				if (component instanceof CompositeComponent composite && !subsystems.contains(composite)) {
					for (AssemblyContext context : composite.getAssemblyContexts()) {
						if (isSubsystem(context)) {
							diagnostics.add(Diagnostic.error(context, "unsupported: "
									+ describeSubsystem(context.getComponent()) + " inside composite component "
									+ Diagnostic.describe(composite) + " cannot be imported; IOSim flattens subsystems"
									+ " into the system and into other subsystems only"));
						}
					}
				}
			}
		}
	}

	/** How messages name a subsystem: not by the composite component it was read as. */
	private static String describeSubsystem(EObject subsystem) {
		return "subsystem '" + ComponentInstance.nameOf(subsystem) + "'"
				+ (subsystem instanceof CompositeComponent composite && composite.getId() != null
						? " (" + composite.getId() + ")"
						: "");
	}

	private static void copyLocation(EObject from, EObject to) {
		SourceLocation.of(from).ifPresent(location -> SourceLocation.attach(to, location.file(), location.line()));
	}
}
