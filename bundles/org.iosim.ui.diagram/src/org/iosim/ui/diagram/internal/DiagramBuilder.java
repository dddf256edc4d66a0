package org.iosim.ui.diagram.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AbstractLoopAction;
import org.iosim.pcm.Allocation;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.AssemblyEventConnector;
import org.iosim.pcm.AssemblyInfrastructureConnector;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.Branch;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.BranchTransition;
import org.iosim.pcm.ComposedStructure;
import org.iosim.pcm.CompositeComponent;
import org.iosim.pcm.Connector;
import org.iosim.pcm.EventChannel;
import org.iosim.pcm.EventChannelSinkConnector;
import org.iosim.pcm.EventChannelSourceConnector;
import org.iosim.pcm.ForkAction;
import org.iosim.pcm.InfrastructureProvidedRole;
import org.iosim.pcm.InfrastructureRequiredRole;
import org.iosim.pcm.Interface;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.Loop;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.ProvidedRole;
import org.iosim.pcm.Repository;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.RequiredDelegationConnector;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceEnvironment;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.SinkRole;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.SourceRole;
import org.iosim.pcm.StartAction;
import org.iosim.pcm.Start;
import org.iosim.pcm.Stop;
import org.iosim.pcm.StopAction;
import org.iosim.pcm.SynchronisationPoint;
import org.iosim.pcm.UsageModel;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.diagram.internal.DiagramEdge.EdgeStyle;

/** Makes the nodes and lines of one kind of diagram from the model as it is now. */
public final class DiagramBuilder {

	private final Labels labels;

	public DiagramBuilder(org.eclipse.emf.common.notify.AdapterFactory adapterFactory) {
		this.labels = new Labels(adapterFactory);
	}

	/** The diagram of a kind for its subject (see {@link org.iosim.ui.diagram.DiagramViewer}). */
	public Diagram build(DiagramKind kind, EObject subject) {
		return switch (kind) {
			case REPOSITORY -> repositories(model(subject));
			case SYSTEM -> system(model(subject));
			case ALLOCATION -> allocation(model(subject));
			case RDSEFF -> seffs(subject);
			case USAGE -> usage(subject);
		};
	}

	private static ArchitectureModel model(EObject subject) {
		for (EObject element = subject; element != null; element = element.eContainer()) {
			if (element instanceof ArchitectureModel model) {
				return model;
			}
		}
		return null;
	}

	// ------------------------------------------------------------------ repository

	private Diagram repositories(ArchitectureModel model) {
		List<Repository> repositories = model == null ? List.of()
				: model.getRepositories().stream().filter(repository -> !isDataTypeLibrary(repository)).toList();
		Diagram diagram = new Diagram(repositories.isEmpty() ? null : repositories.get(0),
				"The model set has no repository.");
		Map<EObject, DiagramNode> nodes = new HashMap<>();
		for (Repository repository : repositories) {
			DiagramNode region = region(diagram, null, repository);
			for (Interface declared : repository.getInterfaces()) {
				nodes.put(declared, diagram.node(region, declared, declared, labels.text(declared), NodeShape.INTERFACE));
			}
			for (RepositoryComponent component : repository.getComponents()) {
				// a composite is a box holding its assemblies and their connectors
				nodes.put(component, diagram.node(region, component, component, labels.text(component),
						component instanceof CompositeComponent ? NodeShape.REGION : NodeShape.BOX));
			}
		}
		for (Repository repository : repositories) {
			for (RepositoryComponent component : repository.getComponents()) {
				DiagramNode node = nodes.get(component);
				// the interface a component provides lies before it, the one it requires after it
				for (ProvidedRole role : component.getProvidedRoles()) {
					diagram.edge(role, nodes.get(providedInterface(role)), providedRole(diagram, node, role), "provides",
							EdgeStyle.LINE);
				}
				for (RequiredRole role : component.getRequiredRoles()) {
					diagram.edge(role, requiredRole(diagram, node, role), nodes.get(requiredInterface(role)), "requires",
							EdgeStyle.DASHED_ARROW);
				}
				if (component instanceof CompositeComponent composite) {
					// its delegations start and end at the composite's own lollipops and sockets, drawn just now
					composedStructure(diagram, node, composite, diagram::nodeOf, Set.of(composite));
				}
			}
		}
		return diagram;
	}

	/** A provided role as Palladio draws it: a lollipop on its component's (or assembly's) border. */
	private DiagramNode providedRole(Diagram diagram, DiagramNode owner, ProvidedRole role) {
		return diagram.role(owner, role, Labels.name(providedInterface(role)), NodeShape.PROVIDED_ROLE);
	}

	/** A required role as Palladio draws it: a socket on its component's (or assembly's) border. */
	private DiagramNode requiredRole(Diagram diagram, DiagramNode owner, RequiredRole role) {
		return diagram.role(owner, role, Labels.name(requiredInterface(role)), NodeShape.REQUIRED_ROLE);
	}

	/**
	 * A repository of data types only, such as Palladio's PrimitiveTypes that every imported Palladio
	 * model set brings along: infrastructure the modeller did not draw, with nothing for this diagram
	 * (components and interfaces) but an empty box. An empty repository is the modeller's own and stays.
	 */
	private static boolean isDataTypeLibrary(Repository repository) {
		return repository.getComponents().isEmpty() && repository.getInterfaces().isEmpty()
				&& !repository.getDataTypes().isEmpty();
	}

	private static EObject providedInterface(ProvidedRole role) {
		return switch (role) {
			case OperationProvidedRole operation -> operation.getProvidedInterface();
			case InfrastructureProvidedRole infrastructure -> infrastructure.getProvidedInterface();
			case SinkRole sink -> sink.getEventGroup();
			default -> null;
		};
	}

	private static EObject requiredInterface(RequiredRole role) {
		return switch (role) {
			case OperationRequiredRole operation -> operation.getRequiredInterface();
			case InfrastructureRequiredRole infrastructure -> infrastructure.getRequiredInterface();
			case SourceRole source -> source.getEventGroup();
			default -> null;
		};
	}

	// ------------------------------------------------------------------ system

	private Diagram system(ArchitectureModel model) {
		SoftwareSystem system = model == null ? null : model.getSystem();
		Diagram diagram = new Diagram(system, "The model set has no system.");
		if (system == null) {
			return diagram;
		}
		DiagramNode region = region(diagram, null, system);
		for (ProvidedRole role : system.getProvidedRoles()) {
			diagram.node(null, role, role, labels.text(role), NodeShape.ROLE);
		}
		for (RequiredRole role : system.getRequiredRoles()) {
			diagram.node(null, role, role, labels.text(role), NodeShape.ROLE);
		}
		composedStructure(diagram, region, system, diagram::nodeOf, Set.of());
		return diagram;
	}

	/**
	 * The assemblies of a system or composite in its region, with their connectors. An assembly of a
	 * composite component is itself a region holding the composite's assemblies (unless the
	 * composite contains itself, which would never end).
	 *
	 * @param outerRoles the nodes of the structure's own roles, where its delegations end
	 * @param enclosing  the composites drawn around this structure
	 */
	private void composedStructure(Diagram diagram, DiagramNode region, ComposedStructure structure,
			Function<EObject, DiagramNode> outerRoles, Set<ComposedStructure> enclosing) {
		// the same component's role appears on each of its assemblies: a role's node is found by both
		Map<AssemblyContext, Map<EObject, DiagramNode>> roles = new HashMap<>();
		for (AssemblyContext assembly : structure.getAssemblyContexts()) {
			boolean nested = assembly.getComponent() instanceof CompositeComponent composite && !enclosing.contains(composite);
			DiagramNode node = diagram.node(region, assembly, assembly, labels.text(assembly),
					nested ? NodeShape.REGION : NodeShape.BOX);
			Map<EObject, DiagramNode> rolesOfAssembly = roles.computeIfAbsent(assembly, key -> new HashMap<>());
			if (assembly.getComponent() != null) {
				for (ProvidedRole role : assembly.getComponent().getProvidedRoles()) {
					rolesOfAssembly.put(role, providedRole(diagram, node, role));
				}
				for (RequiredRole role : assembly.getComponent().getRequiredRoles()) {
					rolesOfAssembly.put(role, requiredRole(diagram, node, role));
				}
			}
			if (nested) {
				CompositeComponent composite = (CompositeComponent) assembly.getComponent();
				Set<ComposedStructure> inside = new HashSet<>(enclosing);
				inside.add(composite);
				composedStructure(diagram, node, composite, rolesOfAssembly::get, inside);
			}
		}
		BiFunction<AssemblyContext, EObject, DiagramNode> roleOf = (assembly, role) -> {
			DiagramNode node = roles.getOrDefault(assembly, Map.of()).get(role);
			return node != null ? node : diagram.nodeOf(assembly);
		};
		for (EventChannel channel : structure.getEventChannels()) {
			diagram.node(region, channel, channel, labels.text(channel), NodeShape.INTERFACE);
		}
		for (Connector connector : structure.getConnectors()) {
			String label = Labels.name(connector);
			switch (connector) {
				case AssemblyConnector assembly -> diagram.edge(connector,
						roleOf.apply(assembly.getRequiringContext(), assembly.getRequiredRole()),
						roleOf.apply(assembly.getProvidingContext(), assembly.getProvidedRole()),
						assembly.getRequiredRole() == null ? label : Labels.name(assembly.getRequiredRole().getRequiredInterface()),
						EdgeStyle.ARROW);
				case AssemblyInfrastructureConnector infrastructure -> diagram.edge(connector,
						diagram.nodeOf(infrastructure.getRequiringContext()), diagram.nodeOf(infrastructure.getProvidingContext()),
						label, EdgeStyle.ARROW);
				case AssemblyEventConnector event -> diagram.edge(connector, diagram.nodeOf(event.getSourceContext()),
						diagram.nodeOf(event.getSinkContext()), label, EdgeStyle.ARROW);
				case EventChannelSourceConnector source -> diagram.edge(connector, diagram.nodeOf(source.getAssemblyContext()),
						diagram.nodeOf(source.getEventChannel()), label, EdgeStyle.ARROW);
				case EventChannelSinkConnector sink -> diagram.edge(connector, diagram.nodeOf(sink.getEventChannel()),
						diagram.nodeOf(sink.getAssemblyContext()), label, EdgeStyle.ARROW);
				case ProvidedDelegationConnector delegation -> diagram.edge(connector, outerRoles.apply(delegation.getOuterRole()),
						roleOf.apply(delegation.getInnerContext(), delegation.getInnerRole()), "delegates", EdgeStyle.DASHED_ARROW);
				case RequiredDelegationConnector delegation -> diagram.edge(connector,
						roleOf.apply(delegation.getInnerContext(), delegation.getInnerRole()), outerRoles.apply(delegation.getOuterRole()),
						"delegates", EdgeStyle.DASHED_ARROW);
				default -> {
					// a connector kind without ends the diagram draws
				}
			}
		}
	}

	// ------------------------------------------------------------------ resource environment and allocation

	private Diagram allocation(ArchitectureModel model) {
		ResourceEnvironment environment = model == null ? null : model.getResourceEnvironment();
		Diagram diagram = new Diagram(environment, "The model set has no resource environment.");
		if (environment == null) {
			return diagram;
		}
		Allocation allocation = model.getAllocation();
		for (ResourceContainer container : environment.getContainers()) {
			container(diagram, null, container, allocation);
		}
		for (LinkingResource link : environment.getLinkingResources()) {
			DiagramNode node = diagram.node(null, link, link, labels.text(link), NodeShape.BOX);
			for (ResourceContainer connected : link.getConnectedContainers()) {
				diagram.edge(null, node, diagram.nodeOf(connected), "", EdgeStyle.LINE);
			}
		}
		for (EObject extension : model.getExtensions()) {
			if (extension instanceof VirtualizedStorage storage) {
				DiagramNode node = diagram.node(null, storage, storage, labels.text(storage), NodeShape.BOX);
				for (ResourceContainer served : storage.getServedContainers()) {
					diagram.edge(null, node, diagram.nodeOf(served), "serves", EdgeStyle.LINE);
				}
			}
		}
		return diagram;
	}

	private void container(Diagram diagram, DiagramNode parent, ResourceContainer container, Allocation allocation) {
		DiagramNode region = region(diagram, parent, container);
		for (ProcessingResourceSpecification resource : container.getProcessingResources()) {
			diagram.node(region, resource, null, labels.text(resource), NodeShape.BOX);
		}
		if (allocation != null) {
			for (AllocationContext deployment : allocation.getContexts()) {
				if (deployment.getContainer() == container && deployment.getAssemblyContext() != null) {
					AssemblyContext assembly = deployment.getAssemblyContext();
					diagram.node(region, deployment, assembly, labels.text(assembly), NodeShape.ACTION);
				} else if (deployment.getContainer() == container && deployment.getEventChannel() != null) {
					EventChannel channel = deployment.getEventChannel();
					diagram.node(region, deployment, channel, labels.text(channel), NodeShape.INTERFACE);
				}
			}
		}
		for (ResourceContainer nested : container.getNestedContainers()) {
			container(diagram, region, nested, allocation);
		}
	}

	// ------------------------------------------------------------------ RDSEFF

	private Diagram seffs(EObject subject) {
		if (subject instanceof ResourceDemandingBehaviour behaviour) {
			Diagram diagram = new Diagram(behaviour, "The behaviour has no actions.");
			steps(diagram, null, behaviour);
			return diagram;
		}
		BasicComponent component = subject instanceof BasicComponent basic ? basic : firstComponentWithSeffs(model(subject));
		Diagram diagram = new Diagram(component == null || component.getSeffs().isEmpty() ? null : component.getSeffs().get(0),
				"The model set has no RDSEFF.");
		if (component != null) {
			for (ResourceDemandingSeff seff : component.getSeffs()) {
				steps(diagram, region(diagram, null, seff), seff);
			}
		}
		return diagram;
	}

	private static BasicComponent firstComponentWithSeffs(ArchitectureModel model) {
		if (model == null) {
			return null;
		}
		return model.getRepositories().stream().flatMap(repository -> repository.getComponents().stream())
				.filter(BasicComponent.class::isInstance).map(BasicComponent.class::cast)
				.filter(component -> !component.getSeffs().isEmpty()).findFirst().orElse(null);
	}

	private void steps(Diagram diagram, DiagramNode parent, ResourceDemandingBehaviour behaviour) {
		for (AbstractAction action : behaviour.getSteps()) {
			switch (action) {
				case StartAction start -> diagram.node(parent, start, null, labels.title(start), NodeShape.START);
				case StopAction stop -> diagram.node(parent, stop, null, labels.title(stop), NodeShape.STOP);
				case AbstractLoopAction loop -> {
					DiagramNode region = region(diagram, parent, loop);
					if (loop.getBody() != null) {
						steps(diagram, region, loop.getBody());
					}
				}
				case BranchAction branch -> {
					DiagramNode region = region(diagram, parent, branch);
					for (BranchTransition transition : branch.getBranches()) {
						DiagramNode transitionRegion = region(diagram, region, transition);
						if (transition.getBehaviour() != null) {
							steps(diagram, transitionRegion, transition.getBehaviour());
						}
					}
				}
				case ForkAction fork -> {
					DiagramNode region = region(diagram, parent, fork);
					for (ResourceDemandingBehaviour forked : fork.getAsynchronousBehaviours()) {
						steps(diagram, diagram.node(region, forked, null, "asynchronous", NodeShape.REGION), forked);
					}
					SynchronisationPoint point = fork.getSynchronisationPoint();
					if (point != null) {
						for (ResourceDemandingBehaviour forked : point.getSynchronousBehaviours()) {
							steps(diagram, diagram.node(region, forked, null, "synchronous", NodeShape.REGION), forked);
						}
					}
				}
				default -> diagram.node(parent, action, action, labels.text(action), NodeShape.ACTION);
			}
		}
		for (AbstractAction action : behaviour.getSteps()) {
			if (action.getSuccessor() != null) {
				diagram.edge(null, diagram.nodeOf(action), diagram.nodeOf(action.getSuccessor()), "", EdgeStyle.ARROW);
			}
		}
	}

	// ------------------------------------------------------------------ usage model

	private Diagram usage(EObject subject) {
		if (subject instanceof UsageScenario scenario) {
			Diagram diagram = new Diagram(scenario.getBehaviour(), "The scenario has no behaviour.");
			scenario(diagram, null, scenario);
			return diagram;
		}
		UsageModel usageModel = subject instanceof UsageModel given ? given
				: model(subject) == null ? null : model(subject).getUsageModel();
		Diagram diagram = new Diagram(usageModel, "The model set has no usage scenario.");
		if (usageModel != null) {
			for (UsageScenario scenario : usageModel.getScenarios()) {
				scenario(diagram, region(diagram, null, scenario), scenario);
			}
		}
		return diagram;
	}

	private void scenario(Diagram diagram, DiagramNode parent, UsageScenario scenario) {
		if (scenario.getWorkload() != null) {
			diagram.node(parent, scenario.getWorkload(), null, labels.text(scenario.getWorkload()), NodeShape.WORKLOAD);
		}
		if (scenario.getBehaviour() != null) {
			userActions(diagram, parent, scenario.getBehaviour());
			UserAction first = scenario.getBehaviour().getActions().stream().filter(Start.class::isInstance).findFirst()
					.orElse(null);
			if (first != null && scenario.getWorkload() != null) {
				diagram.edge(null, diagram.nodeOf(scenario.getWorkload()), diagram.nodeOf(first), "", EdgeStyle.DASHED_ARROW);
			}
		}
	}

	private void userActions(Diagram diagram, DiagramNode parent, ScenarioBehaviour behaviour) {
		for (UserAction action : behaviour.getActions()) {
			switch (action) {
				case Start start -> diagram.node(parent, start, null, labels.title(start), NodeShape.START);
				case Stop stop -> diagram.node(parent, stop, null, labels.title(stop), NodeShape.STOP);
				case Loop loop -> {
					DiagramNode region = region(diagram, parent, loop);
					if (loop.getBody() != null) {
						userActions(diagram, region, loop.getBody());
					}
				}
				case Branch branch -> {
					DiagramNode region = region(diagram, parent, branch);
					for (ScenarioBranchTransition transition : branch.getTransitions()) {
						DiagramNode transitionRegion = region(diagram, region, transition);
						if (transition.getBody() != null) {
							userActions(diagram, transitionRegion, transition.getBody());
						}
					}
				}
				default -> diagram.node(parent, action, action, labels.text(action), NodeShape.ACTION);
			}
		}
		for (UserAction action : behaviour.getActions()) {
			if (action.getSuccessor() != null) {
				diagram.edge(null, diagram.nodeOf(action), diagram.nodeOf(action.getSuccessor()), "", EdgeStyle.ARROW);
			}
		}
	}

	/** A region for an element; the element's name is renamed through it when it has one. */
	private DiagramNode region(Diagram diagram, DiagramNode parent, EObject element) {
		EObject named = element.eClass().getEStructuralFeature("name") != null ? element : null;
		return diagram.node(parent, element, named, labels.text(element), NodeShape.REGION);
	}
}
