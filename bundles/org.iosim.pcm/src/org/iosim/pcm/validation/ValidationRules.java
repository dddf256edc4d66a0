package org.iosim.pcm.validation;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.DoublePredicate;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.util.Switch;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.Allocation;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.AssemblyEventConnector;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.Branch;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.BranchTransition;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.ComposedStructure;
import org.iosim.pcm.Connector;
import org.iosim.pcm.Delay;
import org.iosim.pcm.EmitEventAction;
import org.iosim.pcm.Entity;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.EventChannel;
import org.iosim.pcm.EventChannelSinkConnector;
import org.iosim.pcm.EventChannelSourceConnector;
import org.iosim.pcm.EventGroup;
import org.iosim.pcm.EventType;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.InfrastructureCall;
import org.iosim.pcm.InfrastructureProvidedRole;
import org.iosim.pcm.InfrastructureRequiredRole;
import org.iosim.pcm.InterfaceProvidingRequiringEntity;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.Loop;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.LoadProfile;
import org.iosim.pcm.DlimBurst;
import org.iosim.pcm.DlimConstant;
import org.iosim.pcm.DlimExponentialIncreaseLogarithmicDecline;
import org.iosim.pcm.DlimFunction;
import org.iosim.pcm.DlimFunctionContainer;
import org.iosim.pcm.DlimLogarithmicTrend;
import org.iosim.pcm.DlimNoise;
import org.iosim.pcm.DlimNormalNoise;
import org.iosim.pcm.DlimSequence;
import org.iosim.pcm.DlimSin;
import org.iosim.pcm.DlimTrend;
import org.iosim.pcm.DlimUniformNoise;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.InfrastructureInterface;
import org.iosim.pcm.ResourceInterface;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.ProvidedRole;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceEnvironment;
import org.iosim.pcm.ResourceRequiredRole;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.Signature;
import org.iosim.pcm.SinkDelegationConnector;
import org.iosim.pcm.SinkRole;
import org.iosim.pcm.SourceDelegationConnector;
import org.iosim.pcm.SourceRole;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.Start;
import org.iosim.pcm.StartAction;
import org.iosim.pcm.Stop;
import org.iosim.pcm.StopAction;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.util.PcmSwitch;
import org.iosim.pcm.wiring.CalledRoles;
import org.iosim.pcm.wiring.HddUse;
import org.iosim.pcm.wiring.Wiring;

/**
 * The per-class validation rules. Every case returns {@code null} on purpose: an EMF switch then
 * goes on to the cases of the element's supertypes, so the rules of all its classes apply (e.g. an
 * ExternalCallAction is checked as ExternalCallAction and as AbstractAction).
 */
final class ValidationRules extends PcmSwitch<Object> implements RuleChecks {

	private static final double PROBABILITY_TOLERANCE = 1e-6;

	private final ArchitectureModel model;
	private Findings findings;
	private CalledRoles calledRoles;
	/** The rules of the packages that extend the architecture metamodel, reporting through these. */
	private final List<Switch<?>> packageRules;

	ValidationRules(ArchitectureModel model, Findings findings, List<PackageRules> extensions) {
		this.model = model;
		this.findings = findings;
		this.packageRules = extensions.stream().<Switch<?>>map(extension -> extension.rules(this)).toList();
	}

	/** @return the model set whose elements these rules check, null for an I/O configuration on its own */
	@Override
	public ArchitectureModel model() {
		return model;
	}

	/** Applies the architecture rules and every package's rules to the element. */
	void check(EObject element) {
		checkRequiredReferences(element);
		doSwitch(element);
		for (Switch<?> rules : packageRules) {
			rules.doSwitch(element);
		}
	}

	/**
	 * Sends what the rules find from now on to other findings, keeping what they derived from the model
	 * (which roles are called): EMF's validation asks for one element's findings at a time.
	 */
	void reportTo(Findings elementFindings) {
		this.findings = elementFindings;
	}

	// ------------------------------------------------------------------ model set

	@Override
	public Object caseArchitectureModel(ArchitectureModel modelSet) {
		ModelSetRules.check(modelSet, findings);
		return null;
	}

	// ------------------------------------------------------------------ repository

	@Override
	public Object caseBasicComponent(BasicComponent component) {
		Set<Signature> described = component.getSeffs().stream().map(ResourceDemandingSeff::getDescribedService)
				.collect(Collectors.toSet());
		for (ProvidedRole role : component.getProvidedRoles()) {
			String interfaceName;
			List<? extends Signature> signatures;
			if (role instanceof OperationProvidedRole operationRole && operationRole.getProvidedInterface() != null) {
				interfaceName = operationRole.getProvidedInterface().getName();
				signatures = operationRole.getProvidedInterface().getSignatures();
			} else if (role instanceof InfrastructureProvidedRole infrastructureRole
					&& infrastructureRole.getProvidedInterface() != null) {
				interfaceName = infrastructureRole.getProvidedInterface().getName();
				signatures = infrastructureRole.getProvidedInterface().getSignatures();
			} else {
				if (role instanceof SinkRole sink && sink.getEventGroup() != null) {
					checkHandlers(component, sink, described);
				}
				continue;
			}
			for (Signature signature : signatures) {
				if (!described.contains(signature)) {
					warning(Rule.SIGNATURE_WITHOUT_SEFF, component, "provides '" + interfaceName + "." + signature.getName()
							+ "' but has no SEFF for it, so calls to it cannot be simulated");
				}
			}
		}
		return null;
	}

	/**
	 * A sink runs the component's SEFF for each event type of its group. Events that reach a sink
	 * without one could not be handled, so a connected sink needs a SEFF per type; one no connector
	 * reaches never receives an event.
	 */
	private void checkHandlers(BasicComponent component, SinkRole sink, Set<Signature> described) {
		EventGroup group = sink.getEventGroup();
		boolean connected = isConnected(sink);
		for (EventType type : group.getEventTypes()) {
			if (described.contains(type)) {
				continue;
			}
			String problem = "sink role " + Diagnostic.describe(sink) + " receives event type '" + group.getName() + "."
					+ type.getName() + "', but the component has no SEFF handling it (a SEFF whose described service"
					+ " is the event type)";
			if (connected) {
				error(Rule.UNHANDLED_EVENT_TYPE, component, problem);
			} else {
				warning(Rule.UNHANDLED_EVENT_TYPE, component,
						problem + "; no connector leads events to the sink role, so it never receives one");
			}
		}
	}

	private boolean isConnected(SinkRole sink) {
		for (Iterator<EObject> contents = model.eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			if (element instanceof EventChannelSinkConnector fromChannel && fromChannel.getSinkRole() == sink
					|| element instanceof AssemblyEventConnector direct && direct.getSinkRole() == sink
					|| element instanceof SinkDelegationConnector in && in.getInnerRole() == sink) {
				return true;
			}
		}
		return false;
	}









	@Override
	public Object casePassiveResource(PassiveResource resource) {
		if (requireText(resource, resource.getCapacity(), "capacity")) {
			wholeNumberAtLeast(resource, resource.getCapacity(), "capacity", 1);
		}
		return null;
	}

	@Override
	public Object caseVariableUsage(VariableUsage usage) {
		if (usage.getVariable() == null || usage.getVariable().isBlank()) {
			error(Rule.UNNAMED_VARIABLE, usage, "the variable usage names no variable");
		}
		return null;
	}

	@Override
	public Object caseVariableCharacterisation(VariableCharacterisation characterisation) {
		requireText(characterisation, characterisation.getSpecification(), "specification");
		return null;
	}

	// ------------------------------------------------------------------ behaviours

	@Override
	public Object caseResourceDemandingBehaviour(ResourceDemandingBehaviour behaviour) {
		checkChain(behaviour, behaviour.getSteps(), StartAction.class::isInstance, StopAction.class::isInstance,
				AbstractAction::getSuccessor, "StartAction", "StopAction");
		return null;
	}

	@Override
	public Object caseScenarioBehaviour(ScenarioBehaviour behaviour) {
		checkChain(behaviour, behaviour.getActions(), Start.class::isInstance, Stop.class::isInstance,
				UserAction::getSuccessor, "Start", "Stop");
		return null;
	}

	/**
	 * A behaviour is a chain of successors from its one start to its one stop; every step must lie on
	 * it, or it would never run.
	 */
	private <A extends EObject> void checkChain(EObject behaviour, List<A> steps, Predicate<A> isStart,
			Predicate<A> isStop, Function<A, A> successorOf, String startName, String stopName) {
		Optional<String> leftOut = NotImported.stepLeftOut(behaviour);
		if (leftOut.isPresent()) {
			// the chain is broken where the step was; every break it shows follows from that
			warning(Rule.BEHAVIOUR_NOT_CHECKED, behaviour, "the rest of this behaviour was not checked: " + leftOut.get()
					+ " was not imported (see its 'unsupported' error), so its chain of actions from " + startName
					+ " to " + stopName + " has a gap");
			return;
		}
		List<A> starts = steps.stream().filter(isStart).toList();
		long stops = steps.stream().filter(isStop).count();
		if (starts.size() != 1) {
			error(Rule.START_AND_STOP, behaviour,
					"the behaviour has " + starts.size() + " " + startName + "s; it needs exactly one");
		}
		if (stops != 1) {
			error(Rule.START_AND_STOP, behaviour, "the behaviour has " + stops + " " + stopName + "s; it needs exactly one");
		}
		if (starts.size() != 1) {
			return;
		}
		Set<A> reached = new HashSet<>();
		A current = starts.get(0);
		while (current != null && reached.add(current)) {
			A next = successorOf.apply(current);
			if (next == null && !isStop.test(current)) {
				error(Rule.ACTION_CHAIN, current, describeAction(current) + " has no successor; only the " + stopName
						+ " may end a behaviour");
			} else if (next != null && !steps.contains(next)) {
				error(Rule.ACTION_CHAIN, current,
						"the successor of " + describeAction(current) + " is " + Diagnostic.describe(next)
						+ ", which belongs to another behaviour");
				next = null;
			} else if (next != null && reached.contains(next)) {
				error(Rule.ACTION_CHAIN, current,
						"the successor of " + describeAction(current) + " is " + describeAction(next)
						+ ", which closes a cycle");
			}
			current = next;
		}
		for (A step : steps) {
			if (!reached.contains(step)) {
				error(Rule.UNREACHABLE_ACTION, step, describeAction(step) + " is not reachable from the " + startName
						+ " of its behaviour: no chain of successors leads to it");
			}
		}
	}


	@Override
	public Object caseLoopAction(LoopAction loop) {
		if (requireText(loop, loop.getIterationCount(), "iterationCount")) {
			wholeNumberAtLeast(loop, loop.getIterationCount(), "iterationCount", 0);
		}
		return null;
	}


	@Override
	public Object caseBranchAction(BranchAction branch) {
		List<BranchTransition> transitions = branch.getBranches();
		if (transitions.isEmpty()) {
			error(Rule.EMPTY_BRANCH, branch, "the branch has no transitions");
			return null;
		}
		long probabilistic = transitions.stream().filter(ProbabilisticBranchTransition.class::isInstance).count();
		if (probabilistic > 0 && probabilistic < transitions.size()) {
			error(Rule.MIXED_BRANCH, branch, "the branch mixes probabilistic and guarded transitions; use one kind");
		} else if (probabilistic == transitions.size()) {
			checkProbabilities(branch, transitions.stream()
					.map(transition -> new WeightedName(transition.getName(),
							((ProbabilisticBranchTransition) transition).getProbability()))
					.toList());
		}
		return null;
	}


	@Override
	public Object caseGuardedBranchTransition(GuardedBranchTransition transition) {
		requireText(transition, transition.getCondition(), "condition");
		return null;
	}

	@Override
	public Object caseParametricResourceDemand(ParametricResourceDemand demand) {
		if (requireText(demand, demand.getDemand(), "demand")) {
			notNegative(demand, demand.getDemand(), "demand");
		}
		return null;
	}

	@Override
	public Object caseExternalCallAction(ExternalCallAction call) {
		OperationRequiredRole role = call.getRole();
		OperationInterface required = role == null ? null : role.getRequiredInterface();
		checkCall(call, role, call.getSignature(), required, required == null ? List.of() : required.getSignatures(),
				"interface", InterfaceProvidingRequiringEntity::getRequiredRoles);
		return null;
	}

	@Override
	public Object caseEmitEventAction(EmitEventAction emit) {
		SourceRole role = emit.getSourceRole();
		boolean complete = allSet(role, emit.getEventType());
		if (!complete) {
			return null;
		}
		EventGroup group = role.getEventGroup();
		if (group != null && !group.getEventTypes().contains(emit.getEventType())) {
			error(Rule.EVENT_TYPE_OUTSIDE_GROUP, emit,
					"event type " + Diagnostic.describe(emit.getEventType()) + " is not part of event group "
					+ Diagnostic.describe(group) + ", which source role " + Diagnostic.describe(role) + " emits");
		}
		InterfaceProvidingRequiringEntity component = enclosingComponent(emit);
		checkRoleOfEnclosingComponent(emit, role, component == null ? List.of() : component.getRequiredRoles());
		return null;
	}

	@Override
	public Object caseResourceCall(ResourceCall call) {
		ResourceRequiredRole role = call.getRole();
		ResourceInterface required = role == null ? null : role.getRequiredInterface();
		checkCall(call, role, call.getSignature(), required, required == null ? List.of() : required.getSignatures(),
				"resource interface", InterfaceProvidingRequiringEntity::getResourceRequiredRoles);
		wholeNumberAtLeast(call, call.getNumberOfCalls(), "numberOfCalls", 0);
		if (required != null && HddUse.isHddInterface(required)) {
			Boolean synchronous = HddUse.synchronous(call);
			if (synchronous == null) {
				error(Rule.SYNCHRONOUS_WRITE, call, "its input 'synchronous' must be the literal true or false");
			} else if (synchronous && !HddUse.writes(call)) {
				error(Rule.SYNCHRONOUS_WRITE, call,
						"a read cannot be synchronous: 'synchronous' marks a write that waits for stable storage");
			}
		}
		return null;
	}

	@Override
	public Object caseInfrastructureCall(InfrastructureCall call) {
		InfrastructureRequiredRole role = call.getRole();
		InfrastructureInterface required = role == null ? null : role.getRequiredInterface();
		checkCall(call, role, call.getSignature(), required, required == null ? List.of() : required.getSignatures(),
				"infrastructure interface", InterfaceProvidingRequiringEntity::getRequiredRoles);
		wholeNumberAtLeast(call, call.getNumberOfCalls(), "numberOfCalls", 0);
		return null;
	}

	/**
	 * A call of any kind names a role and a signature; the signature belongs to the interface the
	 * role requires, and the role belongs to the component whose behaviour makes the call.
	 */
	private void checkCall(EObject call, EObject role, EObject signature, EObject requiredInterface,
			List<? extends EObject> interfaceSignatures, String interfaceKind,
			java.util.function.Function<InterfaceProvidingRequiringEntity, List<? extends EObject>> rolesOfComponent) {
		boolean complete = allSet(role, signature);
		if (!complete) {
			return;
		}
		if (requiredInterface != null && !interfaceSignatures.contains(signature)) {
			error(Rule.SIGNATURE_OUTSIDE_INTERFACE, call,
					"signature " + Diagnostic.describe(signature) + " is not part of " + interfaceKind + " "
					+ Diagnostic.describe(requiredInterface) + ", which role " + Diagnostic.describe(role) + " requires");
		}
		InterfaceProvidingRequiringEntity component = enclosingComponent(call);
		checkRoleOfEnclosingComponent(call, role, component == null ? List.of() : rolesOfComponent.apply(component));
	}

	private void checkRoleOfEnclosingComponent(EObject call, EObject role, List<? extends EObject> rolesOfComponent) {
		InterfaceProvidingRequiringEntity component = enclosingComponent(call);
		if (component != null && !rolesOfComponent.contains(role)) {
			error(Rule.ROLE_OF_OTHER_COMPONENT, call,
					"role " + Diagnostic.describe(role) + " is not a role of component " + Diagnostic.describe(component)
					+ ", which contains this call");
		}
	}

	private static InterfaceProvidingRequiringEntity enclosingComponent(EObject element) {
		for (EObject current = element.eContainer(); current != null; current = current.eContainer()) {
			if (current instanceof InterfaceProvidingRequiringEntity entity) {
				return entity;
			}
		}
		return null;
	}




	// ------------------------------------------------------------------ resource environment

	@Override
	public Object caseProcessingResourceSpecification(ProcessingResourceSpecification resource) {
		if (requireText(resource, resource.getProcessingRate(), "processingRate")) {
			positive(resource, resource.getProcessingRate(), "processingRate");
		}
		if (resource.getNumberOfReplicas() < 1) {
			error(Rule.VALUE_RANGE, resource,
					"numberOfReplicas must be at least 1, but is " + resource.getNumberOfReplicas());
		}
		return null;
	}

	@Override
	public Object caseHddProcessingResourceSpecification(HddProcessingResourceSpecification disk) {
		if (requireText(disk, disk.getReadProcessingRate(), "readProcessingRate")) {
			positive(disk, disk.getReadProcessingRate(), "readProcessingRate");
		}
		if (requireText(disk, disk.getWriteProcessingRate(), "writeProcessingRate")) {
			positive(disk, disk.getWriteProcessingRate(), "writeProcessingRate");
		}
		return null;
	}

	@Override
	public Object caseLinkingResource(LinkingResource link) {
		if (requireText(link, link.getThroughput(), "throughput")) {
			positive(link, link.getThroughput(), "throughput");
		}
		if (requireText(link, link.getLatency(), "latency")) {
			notNegative(link, link.getLatency(), "latency");
		}
		return null;
	}

	// ------------------------------------------------------------------ system and allocation






	/**
	 * Every required role a call goes through must be bound. Real models leave roles open that no
	 * behaviour the usage model reaches calls through (e.g. TeaStore); Palladio simulates them, so
	 * such a role is only a warning.
	 */
	@Override
	public Object caseComposedStructure(ComposedStructure structure) {
		for (AssemblyContext context : structure.getAssemblyContexts()) {
			RepositoryComponent component = context.getComponent();
			if (component == null) {
				continue;
			}
			for (RequiredRole role : component.getRequiredRoles()) {
				if (role instanceof SourceRole source) {
					checkSourceConnected(structure, context, component, source);
					continue;
				}
				if (Wiring.isBound(structure, context, role)) {
					continue;
				}
				String problem = "required role " + Diagnostic.describe(role) + " of component " + Diagnostic.describe(component)
						+ " is not connected: no " + (role instanceof InfrastructureRequiredRole
								? "assembly infrastructure connector"
								: "assembly connector or required delegation connector")
						+ " in " + Diagnostic.describe(structure) + " binds it";
				if (calledRoles().isCalled(context, role)) {
					error(Rule.UNCONNECTED_REQUIRED_ROLE, context, problem);
				} else {
					warning(Rule.UNCONNECTED_REQUIRED_ROLE, context,
							problem + "; no behaviour the usage model reaches calls through it, so the"
							+ " simulation never needs it");
				}
			}
		}
		return null;
	}

	/** An emitting action does not wait for its sinks, so an event that reaches none is lost, not stuck. */
	private void checkSourceConnected(ComposedStructure structure, AssemblyContext context, RepositoryComponent component,
			SourceRole role) {
		for (Connector connector : structure.getConnectors()) {
			if (connector instanceof AssemblyEventConnector direct && direct.getSourceContext() == context
					&& direct.getSourceRole() == role
					|| connector instanceof EventChannelSourceConnector toChannel
							&& toChannel.getAssemblyContext() == context && toChannel.getSourceRole() == role
					|| connector instanceof SourceDelegationConnector out && out.getInnerContext() == context
							&& out.getInnerRole() == role) {
				return;
			}
		}
		warning(Rule.UNCONNECTED_SOURCE_ROLE, context,
				"source role " + Diagnostic.describe(role) + " of component " + Diagnostic.describe(component)
				+ " is not connected: no event channel source connector or assembly event connector in "
				+ Diagnostic.describe(structure) + " connects it, so the events emitted through it reach no sink");
	}


	@Override
	public Object caseEventChannelSourceConnector(EventChannelSourceConnector connector) {
		boolean complete = allSet(connector.getEventChannel(), connector.getAssemblyContext(), connector.getSourceRole());
		if (complete) {
			checkEventEnd(connector, connector.getAssemblyContext(), connector.getSourceRole(),
					InterfaceProvidingRequiringEntity::getRequiredRoles);
			checkChannel(connector, connector.getEventChannel(), connector.getSourceRole(),
					connector.getSourceRole().getEventGroup());
		}
		return null;
	}

	@Override
	public Object caseEventChannelSinkConnector(EventChannelSinkConnector connector) {
		boolean complete = allSet(connector.getEventChannel(), connector.getAssemblyContext(), connector.getSinkRole());
		if (complete) {
			checkEventEnd(connector, connector.getAssemblyContext(), connector.getSinkRole(),
					InterfaceProvidingRequiringEntity::getProvidedRoles);
			checkChannel(connector, connector.getEventChannel(), connector.getSinkRole(),
					connector.getSinkRole().getEventGroup());
		}
		return null;
	}

	@Override
	public Object caseAssemblyEventConnector(AssemblyEventConnector connector) {
		boolean complete = allSet(connector.getSourceContext(), connector.getSourceRole(), connector.getSinkContext(),
				connector.getSinkRole());
		if (!complete) {
			return null;
		}
		checkEventEnd(connector, connector.getSourceContext(), connector.getSourceRole(),
				InterfaceProvidingRequiringEntity::getRequiredRoles);
		checkEventEnd(connector, connector.getSinkContext(), connector.getSinkRole(),
				InterfaceProvidingRequiringEntity::getProvidedRoles);
		EventGroup emitted = connector.getSourceRole().getEventGroup();
		EventGroup handled = connector.getSinkRole().getEventGroup();
		if (emitted != null && handled != null && emitted != handled) {
			error(Rule.CONNECTOR_ENDS, connector,
					"source role " + Diagnostic.describe(connector.getSourceRole()) + " emits event group "
					+ Diagnostic.describe(emitted) + ", but sink role " + Diagnostic.describe(connector.getSinkRole())
					+ " receives event group " + Diagnostic.describe(handled));
		}
		return null;
	}

	/** An end of an event connector: an assembly context of the connector's structure, and a role of its component. */
	private void checkEventEnd(Connector connector, AssemblyContext context, EObject role,
			Function<InterfaceProvidingRequiringEntity, List<? extends EObject>> rolesOfComponent) {
		if (context.eContainer() != connector.eContainer()) {
			error(Rule.CONNECTOR_ENDS, connector, "assembly context " + Diagnostic.describe(context) + " is not part of "
					+ Diagnostic.describe(connector.eContainer()) + ", which holds the connector");
		}
		RepositoryComponent component = context.getComponent();
		if (component != null && !rolesOfComponent.apply(component).contains(role)) {
			error(Rule.CONNECTOR_ENDS, connector, "role " + Diagnostic.describe(role) + " is not a role of component "
					+ Diagnostic.describe(component) + ", which assembly context " + Diagnostic.describe(context)
					+ " encapsulates");
		}
	}

	@Override
	public Object caseSourceDelegationConnector(SourceDelegationConnector connector) {
		boolean complete = allSet(connector.getOuterRole(), connector.getInnerContext(), connector.getInnerRole());
		if (complete) {
			checkEventDelegation(connector, connector.getInnerContext(), connector.getInnerRole(),
					InterfaceProvidingRequiringEntity::getRequiredRoles, connector.getOuterRole(),
					connector.getInnerRole().getEventGroup(), connector.getOuterRole().getEventGroup());
		}
		return null;
	}

	@Override
	public Object caseSinkDelegationConnector(SinkDelegationConnector connector) {
		boolean complete = allSet(connector.getOuterRole(), connector.getInnerContext(), connector.getInnerRole());
		if (complete) {
			checkEventDelegation(connector, connector.getInnerContext(), connector.getInnerRole(),
					InterfaceProvidingRequiringEntity::getProvidedRoles, connector.getOuterRole(),
					connector.getInnerRole().getEventGroup(), connector.getOuterRole().getEventGroup());
		}
		return null;
	}

	/** The inner role belongs to the inner context's component, the outer one to the structure, both carry one group. */
	private void checkEventDelegation(Connector connector, AssemblyContext inner, EObject innerRole,
			Function<InterfaceProvidingRequiringEntity, List<? extends EObject>> rolesOf, EObject outerRole,
			EventGroup innerGroup, EventGroup outerGroup) {
		checkEventEnd(connector, inner, innerRole, rolesOf);
		if (connector.eContainer() instanceof InterfaceProvidingRequiringEntity structure
				&& !rolesOf.apply(structure).contains(outerRole)) {
			error(Rule.CONNECTOR_ENDS, connector, "outer role " + Diagnostic.describe(outerRole) + " is not a role of "
					+ Diagnostic.describe(structure) + ", which holds the connector");
		}
		if (innerGroup != null && outerGroup != null && innerGroup != outerGroup) {
			error(Rule.CONNECTOR_ENDS, connector, "inner role " + Diagnostic.describe(innerRole) + " has event group "
					+ Diagnostic.describe(innerGroup) + ", but outer role " + Diagnostic.describe(outerRole)
					+ " has event group " + Diagnostic.describe(outerGroup));
		}
	}

	private void checkChannel(Connector connector, EventChannel channel, EObject role, EventGroup roleGroup) {
		if (channel.eContainer() != connector.eContainer()) {
			error(Rule.CONNECTOR_ENDS, connector, "event channel " + Diagnostic.describe(channel) + " is not part of "
					+ Diagnostic.describe(connector.eContainer()) + ", which holds the connector");
		}
		if (roleGroup != null && channel.getEventGroup() != null && roleGroup != channel.getEventGroup()) {
			error(Rule.CONNECTOR_ENDS, connector,
					"role " + Diagnostic.describe(role) + " has event group " + Diagnostic.describe(roleGroup)
					+ ", but event channel " + Diagnostic.describe(channel) + " carries event group "
					+ Diagnostic.describe(channel.getEventGroup()));
		}
	}

	/** Computed once per validation, when a structure first needs it. */
	private CalledRoles calledRoles() {
		if (calledRoles == null) {
			calledRoles = new CalledRoles(model);
		}
		return calledRoles;
	}

	@Override
	public Object caseAllocation(Allocation allocation) {
		boolean complete = allSet(allocation.getSystem(), allocation.getResourceEnvironment());
		if (allocation.getSystem() != null && model.getSystem() != null && allocation.getSystem() != model.getSystem()) {
			error(Rule.ALLOCATION_MISMATCH, allocation,
					"the allocation is for system " + Diagnostic.describe(allocation.getSystem())
					+ ", but the model set's system is " + Diagnostic.describe(model.getSystem()));
		}
		if (allocation.getResourceEnvironment() != null && model.getResourceEnvironment() != null
				&& allocation.getResourceEnvironment() != model.getResourceEnvironment()) {
			error(Rule.ALLOCATION_MISMATCH, allocation, "the allocation is for resource environment "
					+ Diagnostic.describe(allocation.getResourceEnvironment())
					+ ", but the model set's resource environment is " + Diagnostic.describe(model.getResourceEnvironment()));
		}
		if (!complete) {
			return null;
		}
		SoftwareSystem system = allocation.getSystem();
		for (AllocationContext placement : allocation.getContexts()) {
			AssemblyContext context = placement.getAssemblyContext();
			if (context != null && context.eContainer() != system) {
				error(Rule.ALLOCATION_MISMATCH, placement, "it allocates assembly context " + Diagnostic.describe(context)
						+ ", which is not part of the allocation's system " + Diagnostic.describe(system));
			}
			EventChannel channel = placement.getEventChannel();
			if (channel != null && channel.eContainer() != system) {
				error(Rule.ALLOCATION_MISMATCH, placement, "it allocates event channel " + Diagnostic.describe(channel)
						+ ", which is not part of the allocation's system " + Diagnostic.describe(system));
			}
			ResourceContainer container = placement.getContainer();
			if (container != null && environmentOf(container) != allocation.getResourceEnvironment()) {
				error(Rule.ALLOCATION_MISMATCH, placement,
						"it places its assembly context on resource container " + Diagnostic.describe(container)
						+ ", which is not part of the allocation's resource environment "
						+ Diagnostic.describe(allocation.getResourceEnvironment()));
			}
		}
		for (AssemblyContext context : system.getAssemblyContexts()) {
			long placements = allocation.getContexts().stream()
					.filter(placement -> placement.getAssemblyContext() == context).count();
			if (placements == 0 && !NotImported.isReferenceLeftOut(context, "allocation")) {
				error(Rule.ALLOCATED_ONCE, context, "the assembly context is not allocated: no allocation context of "
						+ Diagnostic.describe(allocation) + " places it on a resource container");
			} else if (placements > 1) {
				error(Rule.ALLOCATED_ONCE, context, "the assembly context is allocated " + placements + " times in "
						+ Diagnostic.describe(allocation) + "; it must be allocated once");
			}
		}
		return null;
	}

	private static ResourceEnvironment environmentOf(ResourceContainer container) {
		for (EObject current = container.eContainer(); current != null; current = current.eContainer()) {
			if (current instanceof ResourceEnvironment environment) {
				return environment;
			}
		}
		return null;
	}

	@Override
	public Object caseAllocationContext(AllocationContext placement) {
		if (placement.getEventChannel() == null) {
			if (placement.getAssemblyContext() == null) {
				reportUnset(placement, "assemblyContext");
			}
		} else if (placement.getAssemblyContext() != null) {
			error(Rule.ALLOCATION_MISMATCH, placement, "the allocation context places both assembly context "
					+ Diagnostic.describe(placement.getAssemblyContext()) + " and event channel "
					+ Diagnostic.describe(placement.getEventChannel()) + "; it may place only one of them");
		}
		return null;
	}

	// ------------------------------------------------------------------ usage model

	@Override
	public Object caseUsageScenario(UsageScenario scenario) {
		if (scenario.getWorkload() == null) {
			error(Rule.SCENARIO_WITHOUT_WORKLOAD, scenario, "the usage scenario has no workload");
		}
		// CoCoME's PCM 3.5 and 4.0 usage models go from Start to Stop: their response time is 0.
		if (scenario.getBehaviour() != null && !callsTheSystem(scenario.getBehaviour())) {
			warning(Rule.SCENARIO_WITHOUT_SYSTEM_CALL, scenario,
					"the usage scenario makes no entry-level system call, so it uses nothing of the system:"
					+ " its response time is only its delays");
		}
		return null;
	}

	private static boolean callsTheSystem(ScenarioBehaviour behaviour) {
		for (TreeIterator<EObject> contents = behaviour.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof EntryLevelSystemCall) {
				return true;
			}
		}
		return false;
	}

	@Override
	public Object caseClosedWorkload(ClosedWorkload workload) {
		// a load profile replaces the population
		if (workload.getLoadProfile() == null && workload.getPopulation() < 1) {
			error(Rule.VALUE_RANGE, workload, "population must be at least 1, but is " + workload.getPopulation());
		}
		if (requireText(workload, workload.getThinkTime(), "thinkTime")) {
			notNegative(workload, workload.getThinkTime(), "thinkTime");
		}
		return null;
	}

	@Override
	public Object caseOpenWorkload(OpenWorkload workload) {
		// a load profile replaces the inter-arrival time; Palladio's files still carry one, which is checked when present
		if (workload.getLoadProfile() == null
				? requireText(workload, workload.getInterArrivalTime(), "interArrivalTime")
				: workload.getInterArrivalTime() != null && !workload.getInterArrivalTime().isBlank()) {
			positive(workload, workload.getInterArrivalTime(), "interArrivalTime");
		}
		return null;
	}

	// ------------------------------------------------------------------ load profiles (DLIM)

	@Override
	public Object caseLoadProfile(LoadProfile profile) {
		boolean noisy = false;
		for (var contents = profile.eAllContents(); contents.hasNext() && !noisy;) {
			noisy = contents.next() instanceof DlimNoise;
		}
		boolean closed = profile.eContainer() instanceof ClosedWorkload;
		if ((noisy || closed) && !(profile.getStepWidth() > 0 && profile.getStepWidth() < Double.POSITIVE_INFINITY)) {
			error(Rule.LOAD_PROFILE, profile,
					"the step width, at which " + (closed ? "the closed workload's population is evaluated"
					+ (noisy ? " and the profile's noise drawn" : "") : "the profile's noise is drawn")
					+ ", must be greater than 0 and finite, but is " + format(profile.getStepWidth()));
		}
		return null;
	}

	@Override
	public Object caseDlimSequence(DlimSequence sequence) {
		if (sequence.getContainers().isEmpty()) {
			error(Rule.LOAD_PROFILE, sequence, "the sequence has no function containers; it needs at least one");
		}
		finite(sequence, sequence.getTerminateAfterTime(), "terminateAfterTime");
		// with its containers' durations positive, a sequence has no time to run only when it loops 0 times
		if (sequence.getTerminateAfterLoops() == 0) {
			error(Rule.LOAD_PROFILE, sequence, "the sequence ends at once: terminateAfterLoops is 0 and terminateAfterTime "
					+ format(sequence.getTerminateAfterTime()));
		}
		return null;
	}

	@Override
	public Object caseDlimFunctionContainer(DlimFunctionContainer container) {
		double duration = container.getDuration();
		if (!(duration > 0 && duration < Double.POSITIVE_INFINITY)) {
			error(Rule.LOAD_PROFILE, container, "duration must be greater than 0 and finite, but is " + format(duration));
		}
		return null;
	}


	@Override
	public Object caseDlimConstant(DlimConstant constant) {
		finite(constant, constant.getConstant(), "constant");
		return null;
	}

	@Override
	public Object caseDlimTrend(DlimTrend trend) {
		finite(trend, trend.getFunctionOutputAtStart(), "functionOutputAtStart");
		finite(trend, trend.getFunctionOutputAtEnd(), "functionOutputAtEnd");
		stretchesOverAnEndingClock(trend);
		return null;
	}

	@Override
	public Object caseDlimLogarithmicTrend(DlimLogarithmicTrend trend) {
		positiveNumber(trend, trend.getOrder(), "order");
		return null;
	}

	@Override
	public Object caseDlimSin(DlimSin sin) {
		finite(sin, sin.getMin(), "min");
		finite(sin, sin.getMax(), "max");
		finite(sin, sin.getPhase(), "phase");
		positiveNumber(sin, sin.getPeriod(), "period");
		return null;
	}

	@Override
	public Object caseDlimBurst(DlimBurst burst) {
		finite(burst, burst.getBase(), "base");
		finite(burst, burst.getPeak(), "peak");
		positiveNumber(burst, burst.getPeakTime(), "peakTime");
		stretchesOverAnEndingClock(burst);
		double span = DlimClocks.span(burst);
		if (burst.getPeakTime() > 0 && !Double.isNaN(span) && !(burst.getPeakTime() < span)) {
			error(Rule.LOAD_PROFILE, burst,
					"peakTime must be less than " + (burst.eContainer() instanceof DlimFunctionContainer
					? "the duration of its container" : "the duration it spans") + " (" + format(span) + "), but is "
					+ format(burst.getPeakTime()));
		}
		return null;
	}

	/** A trend or burst stretches over the duration of its clock, so that clock must end. */
	private void stretchesOverAnEndingClock(DlimFunction function) {
		if (DlimClocks.clockOf(function) instanceof DlimSequence root
				&& DlimClocks.finalDuration(root) == Double.POSITIVE_INFINITY) {
			error(Rule.LOAD_PROFILE, function,
					"a " + function.eClass().getName() + " stretches over the duration of its clock, but that"
					+ " clock never ends (a combinator of a root sequence without terminateAfterLoops or terminateAfterTime)");
		}
	}

	@Override
	public Object caseDlimUniformNoise(DlimUniformNoise noise) {
		finite(noise, noise.getMin(), "min");
		finite(noise, noise.getMax(), "max");
		if (noise.getMin() > noise.getMax()) {
			error(Rule.LOAD_PROFILE, noise,
					"min (" + format(noise.getMin()) + ") must not be greater than max (" + format(noise.getMax()) + ")");
		}
		return null;
	}

	@Override
	public Object caseDlimNormalNoise(DlimNormalNoise noise) {
		finite(noise, noise.getMean(), "mean");
		finite(noise, noise.getStandardDeviation(), "standardDeviation");
		if (noise.getStandardDeviation() < 0) {
			error(Rule.LOAD_PROFILE, noise,
					"standardDeviation must not be negative, but is " + format(noise.getStandardDeviation()));
		}
		return null;
	}

	@Override
	public Object caseDlimExponentialIncreaseLogarithmicDecline(DlimExponentialIncreaseLogarithmicDecline burst) {
		positiveNumber(burst, burst.getLogarithmicOrder(), "logarithmicOrder");
		return null;
	}

	private void finite(EObject element, double value, String feature) {
		if (!Double.isFinite(value)) {
			error(Rule.VALUE_RANGE, element, feature + " must be a finite number, but is " + format(value));
		}
	}

	private void positiveNumber(EObject element, double value, String feature) {
		if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
			error(Rule.VALUE_RANGE, element, feature + " must be greater than 0 and finite, but is " + format(value));
		}
	}

	@Override
	public Object caseDelay(Delay delay) {
		if (requireText(delay, delay.getTime(), "time")) {
			notNegative(delay, delay.getTime(), "time");
		}
		return null;
	}

	@Override
	public Object caseLoop(Loop loop) {
		if (requireText(loop, loop.getIterations(), "iterations")) {
			wholeNumberAtLeast(loop, loop.getIterations(), "iterations", 0);
		}
		return null;
	}

	@Override
	public Object caseBranch(Branch branch) {
		if (branch.getTransitions().isEmpty()) {
			error(Rule.EMPTY_BRANCH, branch, "the branch has no transitions");
			return null;
		}
		checkProbabilities(branch, branch.getTransitions().stream()
				.map(transition -> new WeightedName(null, transition.getProbability())).toList());
		return null;
	}


	@Override
	public Object caseEntryLevelSystemCall(EntryLevelSystemCall call) {
		boolean complete = allSet(call.getProvidedRole(), call.getSignature());
		if (!complete) {
			return null;
		}
		OperationProvidedRole role = call.getProvidedRole();
		SoftwareSystem system = model.getSystem();
		if (system == null && !(role.eContainer() instanceof SoftwareSystem)) {
			// The usage model then refers to no system, which is why the model set has none.
			error(Rule.SYSTEM_CALL_ROLE, call,
					"role " + Diagnostic.describe(role) + " belongs to " + Diagnostic.describe(role.eContainer())
					+ ", not to a system: a usage model calls the provided roles of a system");
		} else if (system != null && !system.getProvidedRoles().contains(role)) {
			error(Rule.SYSTEM_CALL_ROLE, call,
					"role " + Diagnostic.describe(role) + " is not a provided role of the system " + Diagnostic.describe(system));
		} else if (system != null && system.getConnectors().stream()
				.noneMatch(connector -> connector instanceof ProvidedDelegationConnector delegation
						&& delegation.getOuterRole() == role)) {
			error(Rule.SYSTEM_CALL_ROLE, call, "the system's provided role " + Diagnostic.describe(role)
					+ " is not delegated to any assembly context, so the call has no component to run");
		}
		if (role.getProvidedInterface() != null
				&& !role.getProvidedInterface().getSignatures().contains(call.getSignature())) {
			error(Rule.SIGNATURE_OUTSIDE_INTERFACE, call,
					"signature " + Diagnostic.describe(call.getSignature()) + " is not part of interface "
					+ Diagnostic.describe(role.getProvidedInterface()) + ", which role " + Diagnostic.describe(role) + " provides");
		}
		return null;
	}

	// ------------------------------------------------------------------ helpers

	private record WeightedName(String name, double probability) {
	}

	private void checkProbabilities(EObject branch, List<WeightedName> transitions) {
		double sum = 0;
		for (WeightedName transition : transitions) {
			if (transition.probability() < 0 || transition.probability() > 1) {
				error(Rule.BRANCH_PROBABILITIES, branch, "branch probability " + transition.probability()
						+ (transition.name() == null ? "" : " of '" + transition.name() + "'")
						+ " is not between 0 and 1");
			}
			sum += transition.probability();
		}
		if (Math.abs(sum - 1) > PROBABILITY_TOLERANCE) {
			String listed = transitions.stream().map(transition -> format(transition.probability()))
					.collect(Collectors.joining(" + "));
			error(Rule.BRANCH_PROBABILITIES, branch,
					"branch probabilities sum to " + format(sum) + " (" + listed + "), not 1");
		}
	}

	private static String format(double value) {
		if (!Double.isFinite(value)) {
			return Double.isNaN(value) ? "NaN" : value > 0 ? "infinity" : "-infinity";
		}
		String text = String.format(Locale.ROOT, "%.9f", value);
		return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
	}

	/**
	 * The metamodel's multiplicities, one rule for every class: a reference the metamodel declares
	 * required ({@code [1]} in the Xcore files) must be set. A rule that needs such a reference to check
	 * more first asks {@link #allSet} and leaves the missing one to this check.
	 */
	void checkRequiredReferences(EObject element) {
		for (EReference reference : element.eClass().getEAllReferences()) {
			if (reference.isRequired() && !reference.isMany() && element.eGet(reference, false) == null) {
				reportUnset(element, reference.getName());
			}
		}
	}

	/**
	 * Reports that a required reference is not set, unless the importer left it unset because it did not
	 * import the target (it reported that construct itself).
	 */
	private void reportUnset(EObject element, String feature) {
		if (!NotImported.isReferenceLeftOut(element, feature)) {
			error(Rule.REQUIRED_REFERENCE, element, "required reference '" + feature + "' is not set");
		}
	}

	/** @return whether every reference a rule needs is set; {@link #checkRequiredReferences} reports those that are not */
	private static boolean allSet(Object... references) {
		for (Object reference : references) {
			if (reference == null) {
				return false;
			}
		}
		return true;
	}

	@Override
	public boolean requireText(EObject element, String text, String feature) {
		if (text == null || text.isBlank()) {
			error(Rule.REQUIRED_EXPRESSION, element, "required stochastic expression '" + feature + "' is not set");
			return false;
		}
		return true;
	}

	private void positive(EObject element, String text, String feature) {
		checkConstant(element, text, feature, value -> value > 0 && value < Double.POSITIVE_INFINITY,
				"greater than 0");
	}

	@Override
	public void notNegative(EObject element, String text, String feature) {
		checkConstant(element, text, feature, value -> value >= 0 && value < Double.POSITIVE_INFINITY, "at least 0");
	}

	/** Counts (loop iterations, calls, capacities) are whole numbers. */
	@Override
	public void wholeNumberAtLeast(EObject element, String text, String feature, long minimum) {
		checkConstant(element, text, feature, value -> value >= minimum && value == Math.rint(value)
				&& value < Double.POSITIVE_INFINITY, "a whole number of at least " + minimum);
	}

	/**
	 * Judges expressions that have a single value (e.g. {@code 4}, {@code 1/0}); others depend on
	 * parameters or chance and are checked when simulated. The simulation relies on these rules, so a
	 * constant that breaks one is never left to fail at run time.
	 */
	private void checkConstant(EObject element, String text, String feature, DoublePredicate valid,
			String expectation) {
		OptionalDouble value = StochasticExpressions.constantValue(text);
		if (value.isPresent() && !valid.test(value.getAsDouble())) {
			String written = text.trim();
			String evaluated = format(value.getAsDouble());
			error(Rule.VALUE_RANGE, element, feature + " must be " + expectation + ", but is " + written
					+ (isPlainNumber(written, value.getAsDouble()) ? "" : " = " + evaluated));
		}
	}

	private static boolean isPlainNumber(String text, double value) {
		try {
			return Double.parseDouble(text) == value;
		} catch (NumberFormatException expression) {
			return false;
		}
	}

	private static String describeAction(EObject action) {
		if (action instanceof Entity entity && entity.getName() != null && !entity.getName().isBlank()) {
			return "action '" + entity.getName() + "'";
		}
		return "this " + action.eClass().getName();
	}

	@Override
	public void error(ValidationRule rule, EObject element, String message) {
		findings.error(rule, element, message);
	}

	@Override
	public void warning(ValidationRule rule, EObject element, String message) {
		findings.warning(rule, element, message);
	}

	@Override
	public void probability(EObject element, String text, String feature) {
		if (text != null && !text.isBlank()) {
			checkConstant(element, text, feature, value -> value >= 0 && value <= 1, "a probability between 0 and 1");
		}
	}

}
