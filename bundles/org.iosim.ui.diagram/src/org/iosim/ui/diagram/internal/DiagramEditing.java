package org.iosim.ui.diagram.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CompoundCommand;
import org.eclipse.emf.common.command.UnexecutableCommand;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.edit.command.AddCommand;
import org.eclipse.emf.edit.command.CommandParameter;
import org.eclipse.emf.edit.command.CreateChildCommand;
import org.eclipse.emf.edit.command.DeleteCommand;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.ComposedStructure;
import org.iosim.pcm.Identified;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.PcmPackage.Literals;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.ProvidedRole;
import org.iosim.pcm.RequiredDelegationConnector;
import org.iosim.pcm.Repository;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.Role;
import org.iosim.pcm.Start;
import org.iosim.pcm.StartAction;
import org.iosim.pcm.Stop;
import org.iosim.pcm.StopAction;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.ui.diagram.DiagramKind;

/**
 * The model changes a diagram makes, each one command for the editing domain's stack: renaming,
 * setting a resource demand's expression, deleting (an action's neighbours are joined so its chain stays whole), adding what the diagram
 * draws (an action after another goes into its successor chain), and connecting two nodes (an
 * assembly connector, a delegation, a successor, a deployment on another container).
 */
public final class DiagramEditing {

	/**
	 * A way to add an element: what the menu says, and the command doing it. Additions of one group
	 * (e.g. a provided role, one for each interface) are a choice under the group's name; the group is
	 * null for an addition of its own.
	 */
	public record Addition(String group, String label, Command command) {

		public Addition(String label, Command command) {
			this(null, label, command);
		}
	}

	private final EditingDomain domain;

	public DiagramEditing(EditingDomain domain) {
		this.domain = domain;
	}

	/** Sets the name; null when the element has no name. */
	public Command rename(EObject named, String name) {
		EStructuralFeature feature = named == null ? null : named.eClass().getEStructuralFeature("name");
		return feature == null ? null : SetCommand.create(domain, named, feature, name);
	}

	/**
	 * Sets a resource demand's stochastic expression; the caller has checked that it parses (the
	 * model keeps expressions as text).
	 */
	public Command setDemand(ParametricResourceDemand demand, String expression) {
		return SetCommand.create(domain, demand, Literals.PARAMETRIC_RESOURCE_DEMAND__DEMAND, expression);
	}

	/** Deletes elements and what refers to them; the actions before and after deleted actions are joined. */
	public Command delete(Collection<? extends EObject> elements) {
		Set<EObject> deleted = new LinkedHashSet<>(elements);
		CompoundCommand delete = new CompoundCommand(CompoundCommand.LAST_COMMAND_ALL, "Delete");
		for (EObject element : deleted) {
			EReference successor = successorFeature(element);
			if (successor == null || deleted.contains(element.eGet(successor.getEOpposite()))) {
				continue;
			}
			// element starts a run of deleted actions: its predecessor gets the run's successor
			EObject last = element;
			while (last.eGet(successor) instanceof EObject next && deleted.contains(next)) {
				last = next;
			}
			EObject before = (EObject) element.eGet(successor.getEOpposite());
			EObject after = (EObject) last.eGet(successor);
			if (before != null && after != null) {
				delete.append(SetCommand.create(domain, before, successor, after));
			}
		}
		delete.append(DeleteCommand.create(domain, deleted));
		return delete;
	}

	private static EReference successorFeature(EObject element) {
		if (element instanceof AbstractAction) {
			return Literals.ABSTRACT_ACTION__SUCCESSOR;
		}
		return element instanceof UserAction ? Literals.USER_ACTION__SUCCESSOR : null;
	}

	/**
	 * What the context menu offers to add for a target (a selected element, or the diagram's owner):
	 * its new children of the kinds the diagram draws, for an action also new actions after it, and
	 * for a container the deployments of assemblies not deployed yet.
	 */
	public List<Addition> additions(DiagramKind kind, EObject target) {
		List<Addition> additions = new ArrayList<>();
		if (target == null) {
			return additions;
		}
		EReference successor = successorFeature(target);
		if (successor != null && !(target instanceof StopAction) && !(target instanceof Stop)
				&& target.eContainer() != null) {
			for (Object descriptor : domain.getNewChildDescriptors(target.eContainer(), null)) {
				if (descriptor instanceof CommandParameter parameter && parameter.getValue() instanceof EObject action
						&& successorFeature(action) != null && !isStartOrStop(action)) {
					additions.add(new Addition("After This: " + typeName(action), insertAfter(target, parameter, successor)));
				}
			}
		}
		for (EObject owner : owners(target)) {
			for (Object descriptor : domain.getNewChildDescriptors(owner, null)) {
				if (descriptor instanceof CommandParameter parameter && parameter.getValue() instanceof EObject child
						&& drawn(kind, parameter.getEStructuralFeature())) {
					giveId(child);
					Command create = CreateChildCommand.create(domain, owner, parameter, List.of(owner));
					additions.add(new Addition(create.getLabel(), create));
				}
			}
		}
		if (kind == DiagramKind.ALLOCATION && target instanceof ResourceContainer container) {
			additions.addAll(deployments(container));
		}
		if (kind == DiagramKind.REPOSITORY && target instanceof RepositoryComponent component) {
			additions.addAll(roles(component));
		}
		return additions;
	}

	/** The group of the additions of a provided role, one for each interface. */
	public static final String PROVIDED_ROLE = "Provided Role";
	/** The group of the additions of a required role, one for each interface. */
	public static final String REQUIRED_ROLE = "Required Role";

	/**
	 * A provided and a required role of a component for each operation interface of the model set's
	 * repositories (the component's own repository when it is in no model set), named as Palladio's
	 * editors name them: "Shop provides Orders".
	 */
	private List<Addition> roles(RepositoryComponent component) {
		List<Repository> repositories = EcoreUtil.getRootContainer(component) instanceof ArchitectureModel model
				? model.getRepositories()
				: component.eContainer() instanceof Repository repository ? List.of(repository) : List.of();
		List<OperationInterface> interfaces = repositories.stream().flatMap(repository -> repository.getInterfaces().stream())
				.filter(OperationInterface.class::isInstance).map(OperationInterface.class::cast).toList();
		List<Addition> additions = new ArrayList<>();
		for (OperationInterface offered : interfaces) {
			OperationProvidedRole provided = PcmFactory.eINSTANCE.createOperationProvidedRole();
			provided.setProvidedInterface(offered);
			additions.add(role(component, provided, PROVIDED_ROLE, "provides", offered,
					Literals.INTERFACE_PROVIDING_REQUIRING_ENTITY__PROVIDED_ROLES));
		}
		for (OperationInterface wanted : interfaces) {
			OperationRequiredRole required = PcmFactory.eINSTANCE.createOperationRequiredRole();
			required.setRequiredInterface(wanted);
			additions.add(role(component, required, REQUIRED_ROLE, "requires", wanted,
					Literals.INTERFACE_PROVIDING_REQUIRING_ENTITY__REQUIRED_ROLES));
		}
		return additions;
	}

	/** Adding a new role of the interface to the component, with an id and the name Palladio gives it. */
	private Addition role(RepositoryComponent component, Role role, String group, String verb, OperationInterface api,
			EReference roles) {
		giveId(role);
		role.setName(Labels.name(component) + " " + verb + " " + Labels.name(api));
		return new Addition(group, Labels.name(api), AddCommand.create(domain, component, roles, role));
	}

	/** The target itself and, for a loop or branch transition, the behaviour its region shows. */
	private static List<EObject> owners(EObject target) {
		List<EObject> owners = new ArrayList<>();
		owners.add(target);
		for (EReference containment : target.eClass().getEAllContainments()) {
			if (!containment.isMany() && (containment == Literals.ABSTRACT_LOOP_ACTION__BODY
					|| containment == Literals.BRANCH_TRANSITION__BEHAVIOUR || containment == Literals.LOOP__BODY
					|| containment == Literals.SCENARIO_BRANCH_TRANSITION__BODY)
					&& target.eGet(containment) instanceof EObject behaviour) {
				owners.add(behaviour);
			}
		}
		return owners;
	}

	private static boolean isStartOrStop(EObject action) {
		return action instanceof StartAction || action instanceof StopAction || action instanceof Start || action instanceof Stop;
	}

	private static boolean drawn(DiagramKind kind, EStructuralFeature feature) {
		List<EStructuralFeature> drawn = switch (kind) {
			case REPOSITORY -> List.of(Literals.REPOSITORY__COMPONENTS, Literals.REPOSITORY__INTERFACES);
			case SYSTEM -> List.of(Literals.COMPOSED_STRUCTURE__ASSEMBLY_CONTEXTS, Literals.COMPOSED_STRUCTURE__EVENT_CHANNELS,
					Literals.INTERFACE_PROVIDING_REQUIRING_ENTITY__PROVIDED_ROLES,
					Literals.INTERFACE_PROVIDING_REQUIRING_ENTITY__REQUIRED_ROLES);
			case ALLOCATION -> List.of(Literals.RESOURCE_ENVIRONMENT__CONTAINERS, Literals.RESOURCE_ENVIRONMENT__LINKING_RESOURCES,
					Literals.RESOURCE_CONTAINER__PROCESSING_RESOURCES, Literals.RESOURCE_CONTAINER__NESTED_CONTAINERS);
			case RDSEFF -> List.of(Literals.RESOURCE_DEMANDING_BEHAVIOUR__STEPS, Literals.BRANCH_ACTION__BRANCHES,
					Literals.ABSTRACT_LOOP_ACTION__BODY, Literals.BRANCH_TRANSITION__BEHAVIOUR);
			case USAGE -> List.of(Literals.USAGE_MODEL__SCENARIOS, Literals.USAGE_SCENARIO__WORKLOAD,
					Literals.USAGE_SCENARIO__BEHAVIOUR, Literals.SCENARIO_BEHAVIOUR__ACTIONS, Literals.BRANCH__TRANSITIONS,
					Literals.LOOP__BODY, Literals.SCENARIO_BRANCH_TRANSITION__BODY);
		};
		return drawn.contains(feature);
	}

	/** Adds a new action to the target's behaviour and puts it between the target and its successor. */
	private Command insertAfter(EObject target, CommandParameter descriptor, EReference successor) {
		EObject action = (EObject) descriptor.getValue();
		giveId(action);
		EObject behaviour = target.eContainer();
		// what the first command (the creation) affects is the new action, which the viewer selects afterwards
		CompoundCommand insert = new CompoundCommand(0, "Add " + typeName(action) + " After");
		insert.append(CreateChildCommand.create(domain, behaviour, descriptor, List.of(behaviour)));
		EObject next = (EObject) target.eGet(successor);
		if (next != null) {
			insert.append(SetCommand.create(domain, action, successor, next));
		}
		insert.append(SetCommand.create(domain, target, successor, action));
		return insert;
	}

	private List<Addition> deployments(ResourceContainer container) {
		List<Addition> additions = new ArrayList<>();
		if (!(EcoreUtil.getRootContainer(container) instanceof ArchitectureModel model) || model.getAllocation() == null
				|| model.getSystem() == null) {
			return additions;
		}
		Set<AssemblyContext> deployed = new LinkedHashSet<>();
		model.getAllocation().getContexts().forEach(context -> deployed.add(context.getAssemblyContext()));
		for (AssemblyContext assembly : model.getSystem().getAssemblyContexts()) {
			if (!deployed.contains(assembly)) {
				AllocationContext deployment = PcmFactory.eINSTANCE.createAllocationContext();
				giveId(deployment);
				deployment.setName(Labels.name(assembly) + " on " + Labels.name(container));
				deployment.setAssemblyContext(assembly);
				deployment.setContainer(container);
				additions.add(new Addition("Deploy " + Labels.name(assembly) + " Here",
						AddCommand.create(domain, model.getAllocation(), Literals.ALLOCATION__CONTEXTS, deployment)));
			}
		}
		return additions;
	}

	/**
	 * What connecting one node to another means: from a requiring assembly to a providing one, an
	 * assembly connector for the first required role the other provides and no connector binds yet;
	 * from a system role to an assembly (or back), a delegation; from an action to another of its
	 * behaviour, a successor; from a deployment to a container, deploying there instead.
	 *
	 * @return the command, or null when the two cannot be connected
	 */
	public Command connect(EObject from, EObject to) {
		if (from == null || to == null || from == to) {
			return null;
		}
		Command connect = switch (from) {
			case AssemblyContext requiring when to instanceof AssemblyContext providing ->
				assemblyConnector(requiring, null, providing, null);
			case OperationProvidedRole outer when to instanceof AssemblyContext inner -> providedDelegation(outer, inner);
			case AssemblyContext inner when to instanceof OperationRequiredRole outer -> requiredDelegation(inner, outer);
			case AbstractAction action when to instanceof AbstractAction next && next.eContainer() == action.eContainer() ->
				SetCommand.create(domain, action, Literals.ABSTRACT_ACTION__SUCCESSOR, next);
			case UserAction action when to instanceof UserAction next && next.eContainer() == action.eContainer() ->
				SetCommand.create(domain, action, Literals.USER_ACTION__SUCCESSOR, next);
			case AllocationContext deployment when to instanceof ResourceContainer container ->
				SetCommand.create(domain, deployment, Literals.ALLOCATION_CONTEXT__CONTAINER, container);
			default -> null;
		};
		return connect == null || connect == UnexecutableCommand.INSTANCE || !connect.canExecute() ? null : connect;
	}

	/**
	 * An assembly connector from a requiring assembly to a providing one of the same structure, for
	 * the first required role (or the given one) that no connector binds yet and that a provided role
	 * (or the given one) of the other assembly matches: both name the same interface.
	 *
	 * @param onlyRequired a required role of the requiring assembly's component, or null for any
	 * @param onlyProvided a provided role of the providing assembly's component, or null for any
	 * @return the command adding it, or null when no pair of roles fits (see
	 *         {@link #whyNoAssemblyConnector})
	 */
	public Command assemblyConnector(AssemblyContext requiring, OperationRequiredRole onlyRequired, AssemblyContext providing,
			OperationProvidedRole onlyProvided) {
		if (requiring == providing || !(requiring.eContainer() instanceof ComposedStructure structure)
				|| providing.eContainer() != structure || requiring.getComponent() == null || providing.getComponent() == null) {
			return null;
		}
		for (RequiredRole required : requiring.getComponent().getRequiredRoles()) {
			if (!(required instanceof OperationRequiredRole requiredRole) || onlyRequired != null && required != onlyRequired
					|| Wiring.isBound(structure, requiring, requiredRole)) {
				continue;
			}
			for (ProvidedRole provided : providing.getComponent().getProvidedRoles()) {
				if (provided instanceof OperationProvidedRole providedRole && (onlyProvided == null || provided == onlyProvided)
						&& providedRole.getProvidedInterface() != null
						&& providedRole.getProvidedInterface() == requiredRole.getRequiredInterface()) {
					AssemblyConnector connector = PcmFactory.eINSTANCE.createAssemblyConnector();
					giveId(connector);
					connector.setName(Labels.name(requiring) + " to " + Labels.name(providing));
					connector.setRequiringContext(requiring);
					connector.setRequiredRole(requiredRole);
					connector.setProvidingContext(providing);
					connector.setProvidedRole(providedRole);
					return AddCommand.create(domain, structure, Literals.COMPOSED_STRUCTURE__CONNECTORS, connector);
				}
			}
		}
		return null;
	}

	/**
	 * Why {@link #assemblyConnector} finds no connector between two assemblies (and roles), for the
	 * user: what one requires and the other provides.
	 */
	public static String whyNoAssemblyConnector(AssemblyContext requiring, OperationRequiredRole onlyRequired,
			AssemblyContext providing, OperationProvidedRole onlyProvided) {
		if (requiring == providing) {
			return "An assembly is not connected to itself.";
		}
		if (requiring.getComponent() == null || providing.getComponent() == null) {
			return "An assembly without a component has no roles to connect.";
		}
		if (requiring.eContainer() != providing.eContainer()) {
			return Labels.name(requiring) + " and " + Labels.name(providing) + " are not in the same system or composite.";
		}
		List<String> requiredOpen = new ArrayList<>();
		List<String> requiredBound = new ArrayList<>();
		for (RequiredRole required : requiring.getComponent().getRequiredRoles()) {
			if (required instanceof OperationRequiredRole role && (onlyRequired == null || role == onlyRequired)) {
				ComposedStructure structure = (ComposedStructure) requiring.eContainer();
				(Wiring.isBound(structure, requiring, role) ? requiredBound : requiredOpen).add(Labels.name(role.getRequiredInterface()));
			}
		}
		List<String> provided = new ArrayList<>();
		for (ProvidedRole role : providing.getComponent().getProvidedRoles()) {
			if (role instanceof OperationProvidedRole operation && (onlyProvided == null || operation == onlyProvided)) {
				provided.add(Labels.name(operation.getProvidedInterface()));
			}
		}
		if (requiredOpen.isEmpty()) {
			return requiredBound.isEmpty() ? Labels.name(requiring) + " requires no interface."
					: Labels.name(requiring) + " is already connected for " + String.join(", ", requiredBound) + ".";
		}
		return Labels.name(requiring) + " requires " + String.join(", ", requiredOpen) + " but " + Labels.name(providing)
				+ (provided.isEmpty() ? " provides no interface." : " provides " + String.join(", ", provided) + ".");
	}

	private Command providedDelegation(OperationProvidedRole outer, AssemblyContext inner) {
		if (!(inner.eContainer() instanceof ComposedStructure structure) || outer.eContainer() != structure
				|| inner.getComponent() == null) {
			return null;
		}
		for (ProvidedRole provided : inner.getComponent().getProvidedRoles()) {
			if (provided instanceof OperationProvidedRole innerRole && innerRole.getProvidedInterface() != null
					&& innerRole.getProvidedInterface() == outer.getProvidedInterface()) {
				ProvidedDelegationConnector delegation = PcmFactory.eINSTANCE.createProvidedDelegationConnector();
				giveId(delegation);
				delegation.setName(Labels.name(outer) + " to " + Labels.name(inner));
				delegation.setOuterRole(outer);
				delegation.setInnerContext(inner);
				delegation.setInnerRole(innerRole);
				return AddCommand.create(domain, structure, Literals.COMPOSED_STRUCTURE__CONNECTORS, delegation);
			}
		}
		return null;
	}

	private Command requiredDelegation(AssemblyContext inner, OperationRequiredRole outer) {
		if (!(inner.eContainer() instanceof ComposedStructure structure) || outer.eContainer() != structure
				|| inner.getComponent() == null) {
			return null;
		}
		for (RequiredRole required : inner.getComponent().getRequiredRoles()) {
			if (required instanceof OperationRequiredRole innerRole && innerRole.getRequiredInterface() != null
					&& innerRole.getRequiredInterface() == outer.getRequiredInterface()
					&& !Wiring.isBound(structure, inner, innerRole)) {
				RequiredDelegationConnector delegation = PcmFactory.eINSTANCE.createRequiredDelegationConnector();
				giveId(delegation);
				delegation.setName(Labels.name(inner) + " to " + Labels.name(outer));
				delegation.setOuterRole(outer);
				delegation.setInnerContext(inner);
				delegation.setInnerRole(innerRole);
				return AddCommand.create(domain, structure, Literals.COMPOSED_STRUCTURE__CONNECTORS, delegation);
			}
		}
		return null;
	}

	/** New elements get an id as Palladio's editors give them: references in files and layout files use it. */
	private static void giveId(EObject element) {
		if (element instanceof Identified identified && identified.getId() == null) {
			identified.setId(EcoreUtil.generateUUID());
		}
	}

	private static String typeName(EObject element) {
		String name = element.eClass().getName();
		return switch (name) {
			case "IoAction" -> "I/O Action";
			default -> name.replaceAll("(?<=[a-z])(?=[A-Z])", " ");
		};
	}
}
