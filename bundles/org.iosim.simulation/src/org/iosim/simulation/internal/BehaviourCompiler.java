package org.iosim.simulation.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.BranchTransition;
import org.iosim.pcm.CollectionIteratorAction;
import org.iosim.pcm.EmitEventAction;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.ForkAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.InfrastructureCall;
import org.iosim.pcm.InternalCallAction;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceInterface;
import org.iosim.pcm.SetVariableAction;
import org.iosim.pcm.Signature;
import org.iosim.pcm.StartAction;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.io.util.IoSwitch;
import org.iosim.pcm.util.PcmSwitch;
import org.iosim.pcm.wiring.CalledRoles;
import org.iosim.pcm.wiring.ComponentInstance;
import org.iosim.pcm.wiring.HddUse;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.pcm.wiring.WiringException;
import org.iosim.stoex.CompiledExpression;

/**
 * Compiles behaviours into arrays of {@link Step}s: the component instances a usage model reaches
 * (an instance per assembly context, nested in the instances of composite components), wired by
 * the model's {@link Wiring}, each RDSEFF compiled once per instance with its stochastic
 * expressions parsed and its resources looked up. Model elements are read with the EMF switches of
 * the architecture and I/O packages, one case per action kind.
 */
final class BehaviourCompiler {

	/** The run-time state of one component instance: its compiled behaviours and passive resources. */
	static final class Instance {
		final ComponentInstance id;
		final ResourceContainer container;
		final Map<ResourceDemandingBehaviour, CallTarget> targets = new IdentityHashMap<>();
		final Map<PassiveResource, org.iosim.simulation.engine.PassiveResource> passives = new IdentityHashMap<>();
		List<Steps.Assignment> componentParameters;

		Instance(ComponentInstance id, ResourceContainer container) {
			this.id = id;
			this.container = container;
		}

		String name() {
			return id.name();
		}
	}

	private final ArchitectureModel model;
	private final Replication replication;
	private final Wiring wiring;
	private final Resources resources;
	private final Map<ComponentInstance, Instance> instances = new HashMap<>();
	private final Map<CallTarget, Instance> owners = new IdentityHashMap<>();
	/** Computed when a call through a required role cannot be wired, which well-formed models never need. */
	private CalledRoles calledRoles;

	BehaviourCompiler(ArchitectureModel model, Replication replication, Wiring wiring, Resources resources) {
		this.model = model;
		this.replication = replication;
		this.wiring = wiring;
		this.resources = resources;
	}

	private Instance instance(ComponentInstance id) {
		Instance existing = instances.get(id);
		if (existing != null) {
			return existing;
		}
		ResourceContainer container;
		try {
			container = wiring.container(id);
		} catch (WiringException unallocated) {
			throw new Unsimulatable(unallocated);
		}
		AssemblyContext context = id.context();
		if (context.getComponent() == null) {
			throw new Unsimulatable(context, "encapsulates no component");
		}
		Instance created = new Instance(id, container);
		instances.put(id, created);
		List<Steps.Assignment> parameters = new ArrayList<>(assignments(context.getComponent(),
				context.getComponent().getComponentParameters()));
		parameters.addAll(assignments(context, context.getConfigParameterUsages()));
		created.componentParameters = parameters;
		return created;
	}

	/** @return what an entry-level system call of the usage model reaches */
	CallTarget entry(EntryLevelSystemCall call) {
		try {
			return target(wiring.entry(call));
		} catch (WiringException broken) {
			throw new Unsimulatable(broken);
		}
	}

	private CallTarget target(Wiring.Target resolved) {
		return target(instance(resolved.instance()), resolved.seff());
	}

	/** @return what a call through the role reaches, or null when it cannot be wired but never runs */
	private CallTarget required(Instance requirer, RequiredRole role, Signature signature, EObject caller) {
		try {
			return target(wiring.required(requirer.id, role, signature, caller));
		} catch (WiringException broken) {
			if (calledRoles == null) {
				calledRoles = new CalledRoles(model);
			}
			if (calledRoles.isCalled(requirer.id.context(), role)) {
				throw new Unsimulatable(broken);
			}
			// Only guarded branches whose conditions never hold for the parameters the usage model
			// passes call through the role (CalledRoles): Palladio's simulators fail only on calls
			// they make, and so does the step compiled for this call.
			return null;
		}
	}

	/** @return the handlers an emitted event runs, one per sink it reaches */
	private List<Steps.Delivery> deliveries(Instance emitter, EmitEventAction action) {
		List<Wiring.EventTarget> handlers;
		try {
			handlers = wiring.sinks(emitter.id, action.getSourceRole(), action.getEventType(), action);
		} catch (WiringException broken) {
			throw new Unsimulatable(broken);
		}
		List<Steps.Delivery> deliveries = new ArrayList<>();
		for (Wiring.EventTarget handler : handlers) {
			Instance sink = instance(handler.handler().instance());
			CompiledExpression[] filters = handler.filters().stream()
					.map(filter -> Expressions.compiled(filter.connector(), "filter condition", filter.condition()))
					.toArray(CompiledExpression[]::new);
			deliveries.add(new Steps.Delivery(target(sink, handler.handler().seff()),
					resources.link(emitter.container, sink.container), filters));
		}
		return deliveries;
	}

	private CallTarget target(Instance instance, ResourceDemandingBehaviour behaviour) {
		CallTarget existing = instance.targets.get(behaviour);
		if (existing != null) {
			return existing;
		}
		CallTarget target = new CallTarget(instance.componentParameters);
		instance.targets.put(behaviour, target);
		owners.put(target, instance);
		target.define(behaviour(instance, behaviour));
		return target;
	}

	// ------------------------------------------------------------------ behaviours

	/** The actions from the start action along their successors, in order. */
	static <A extends EObject> List<A> chain(EObject behaviour, A start,
			java.util.function.Function<A, A> successor) {
		if (start == null) {
			throw new Unsimulatable(behaviour, "has no start action");
		}
		List<A> ordered = new ArrayList<>();
		Set<A> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
		for (A action = start; action != null; action = successor.apply(action)) {
			if (!seen.add(action)) {
				throw new Unsimulatable(action, "is reached twice: the successor chain of its behaviour forms a cycle");
			}
			ordered.add(action);
		}
		return ordered;
	}

	private Step[] behaviour(Instance instance, ResourceDemandingBehaviour behaviour) {
		if (behaviour == null) {
			return new Step[0];
		}
		AbstractAction start = behaviour.getSteps().stream().filter(StartAction.class::isInstance).findFirst()
				.orElse(null);
		List<Step> steps = new ArrayList<>();
		ActionCompiler compiler = new ActionCompiler(instance, steps);
		IoActionCompiler ioCompiler = new IoActionCompiler(compiler);
		for (AbstractAction action : chain(behaviour, start, AbstractAction::getSuccessor)) {
			if (ioCompiler.doSwitch(action) == null) {
				compiler.doSwitch(action);
			}
		}
		return steps.toArray(Step[]::new);
	}

	/** Compiles one RDSEFF action into steps (an action may need several, e.g. demands on two resources). */
	private final class ActionCompiler extends PcmSwitch<Boolean> {
		private final Instance instance;
		private final List<Step> steps;

		ActionCompiler(Instance instance, List<Step> steps) {
			this.instance = instance;
			this.steps = steps;
		}

		private String origin(EObject action) {
			return Elements.describe(action) + " in '" + instance.name() + "'";
		}

		@Override
		public Boolean caseAbstractInternalControlFlowAction(AbstractInternalControlFlowAction action) {
			for (ParametricResourceDemand demand : action.getResourceDemands()) {
				Resources.PlacedResource placed = resourceOfType(instance, demand.getRequiredResource(), action);
				steps.add(new Steps.Demand(origin(action), placed.resource(),
						Expressions.compiled(action, "resource demand", demand.getDemand()), placed.rate(),
						replication.newStream()));
			}
			for (ResourceCall call : action.getResourceCalls()) {
				steps.add(resourceCall(action, call));
			}
			for (InfrastructureCall call : action.getInfrastructureCalls()) {
				CallTarget target = required(instance, call.getRole(), call.getSignature(), action);
				if (target == null) {
					steps.add(neverRun(action, call.getRole()));
					continue;
				}
				Step invoke = new Steps.Call(origin(action), target, assignments(action, call.getInputVariableUsages()),
						List.of(), null, null, replication.newStream());
				steps.add(new Steps.Repeat(origin(action),
						Expressions.compiled(action, "number of infrastructure calls", call.getNumberOfCalls()),
						new Step[] { invoke }, replication.newStream()));
			}
			return Boolean.TRUE;
		}

		private Step neverRun(AbstractAction action, RequiredRole role) {
			return new Steps.Unwired(origin(action), "calls through required role '" + Elements.name(role)
					+ "', which no connector binds, in a branch that the parameter values the usage model passes were"
					+ " found never to take");
		}

		private Step resourceCall(AbstractInternalControlFlowAction action, ResourceCall call) {
			if (call.getRole() == null || call.getRole().getRequiredInterface() == null || call.getSignature() == null) {
				throw new Unsimulatable(call, "needs a resource required role with an interface and a signature");
			}
			Resources.PlacedResource placed = resourceProviding(instance, call.getRole().getRequiredInterface(), call);
			String service = Elements.name(call.getSignature()).toLowerCase(Locale.ROOT);
			double rate = service.equals("read") ? placed.readRate() : service.equals("write") ? placed.writeRate()
					: placed.rate();
			String amount = HddUse.amount(call);
			Step serve = new Steps.Demand(origin(action) + " calling " + Elements.name(call.getSignature()),
					placed.resource(), Expressions.compiled(call, "resource call amount", amount), rate, replication.newStream());
			return new Steps.Repeat(origin(action), Expressions.compiled(call, "number of calls", call.getNumberOfCalls()),
					new Step[] { serve }, replication.newStream());
		}

		@Override
		public Boolean caseExternalCallAction(ExternalCallAction action) {
			CallTarget target = required(instance, action.getRole(), action.getSignature(), action);
			if (target == null) {
				steps.add(neverRun(action, action.getRole()));
				return Boolean.TRUE;
			}
			Instance callee = calleeOf(target);
			String name = (callee == null ? "?" : callee.name()) + "." + Elements.name(action.getSignature());
			Measurement measurement = Measurement.ofCall(action.getId(), name, instance.name());
			replication.calls.add(measurement);
			steps.add(new Steps.Call(origin(action), target, assignments(action, action.getInputVariableUsages()),
					assignments(action, action.getReturnVariableUsages()), measurement,
					callee == null ? null : resources.link(instance.container, callee.container), replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseEmitEventAction(EmitEventAction action) {
			steps.add(new Steps.Emit(origin(action), deliveries(instance, action),
					assignments(action, action.getInputVariableUsages()), replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseInternalCallAction(InternalCallAction action) {
			caseAbstractInternalControlFlowAction(action);
			CallTarget target = target(instance, action.getBehaviour());
			steps.add(new Steps.Call(origin(action), target, assignments(action, action.getInputVariableUsages()),
					List.of(), null, null, replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseLoopAction(LoopAction action) {
			steps.add(new Steps.Repeat(origin(action), Expressions.compiled(action, "iteration count", action.getIterationCount()),
					behaviour(instance, action.getBody()), replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseCollectionIteratorAction(CollectionIteratorAction action) {
			if (action.getParameter() == null || action.getParameter().getName() == null) {
				throw new Unsimulatable(action, "names no collection parameter to iterate over");
			}
			steps.add(new Steps.Repeat(origin(action),
					Expressions.compiled(action, "number of elements", action.getParameter().getName() + ".NUMBER_OF_ELEMENTS"),
					behaviour(instance, action.getBody()), replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseBranchAction(BranchAction action) {
			List<BranchTransition> branches = action.getBranches();
			if (branches.isEmpty()) {
				return Boolean.TRUE;
			}
			Step[][] bodies = new Step[branches.size()][];
			for (int i = 0; i < bodies.length; i++) {
				bodies[i] = behaviour(instance, branches.get(i).getBehaviour());
			}
			if (branches.stream().allMatch(ProbabilisticBranchTransition.class::isInstance)) {
				double[] probabilities = branches.stream()
						.mapToDouble(branch -> ((ProbabilisticBranchTransition) branch).getProbability()).toArray();
				steps.add(new Steps.ProbabilisticBranch(origin(action), probabilities, bodies, replication.newStream()));
			} else if (branches.stream().allMatch(GuardedBranchTransition.class::isInstance)) {
				CompiledExpression[] conditions = branches.stream()
						.map(branch -> Expressions.compiled(branch, "branch condition", ((GuardedBranchTransition) branch).getCondition()))
						.toArray(CompiledExpression[]::new);
				steps.add(new Steps.GuardedBranch(origin(action), conditions, bodies, replication.newStream()));
			} else {
				throw new Unsimulatable(action, "mixes probabilistic and guarded branch transitions");
			}
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseForkAction(ForkAction action) {
			Step[][] asynchronous = action.getAsynchronousBehaviours().stream()
					.map(forked -> behaviour(instance, forked)).toArray(Step[][]::new);
			Step[][] synchronous = action.getSynchronisationPoint() == null ? new Step[0][]
					: action.getSynchronisationPoint().getSynchronousBehaviours().stream()
							.map(forked -> behaviour(instance, forked)).toArray(Step[][]::new);
			steps.add(new Steps.Fork(origin(action), asynchronous, synchronous));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseSetVariableAction(SetVariableAction action) {
			caseAbstractInternalControlFlowAction(action);
			steps.add(new Steps.SetVariables(origin(action), assignments(action, action.getLocalVariableUsages()),
					replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseAcquireAction(AcquireAction action) {
			caseAbstractInternalControlFlowAction(action);
			steps.add(new Steps.Acquire(origin(action), passive(action, action.getPassiveResource())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseReleaseAction(ReleaseAction action) {
			caseAbstractInternalControlFlowAction(action);
			steps.add(new Steps.Release(origin(action), passive(action, action.getPassiveResource())));
			return Boolean.TRUE;
		}

		private org.iosim.simulation.engine.PassiveResource passive(EObject action, PassiveResource resource) {
			if (resource == null) {
				throw new Unsimulatable(action, "names no passive resource");
			}
			return instance.passives.computeIfAbsent(resource, declared -> {
				int capacity = capacity(instance, declared);
				var runtime = new org.iosim.simulation.engine.PassiveResource(replication.simulator(),
						instance.name() + "." + Elements.name(declared), capacity);
				replication.passiveResources.add(new Replication.Passive(declared.getId(), instance.name(), runtime));
				return runtime;
			});
		}

		@Override
		public Boolean defaultCase(EObject object) {
			throw new Unsimulatable(object, "is not an action IOSim can simulate");
		}
	}

	/**
	 * A passive resource's capacity, evaluated once per component instance: it may refer to
	 * component parameters (e.g. {@code lockCount.VALUE}) set on the component or its assembly context.
	 */
	private int capacity(Instance instance, PassiveResource declared) {
		Step origin = new Steps.SetVariables(Elements.describe(declared), List.of(), null);
		Frame parameters = Frame.newScope(new Step[0], null, null);
		Steps.assign(origin, instance.componentParameters, parameters, parameters, replication.newStream());
		double capacity = Steps.sampleDouble(origin, "capacity",
				Expressions.compiled(declared, "capacity", declared.getCapacity()), replication.newStream(), parameters);
		if (capacity != Math.rint(capacity) || capacity < 1 || capacity > Integer.MAX_VALUE) {
			throw new Unsimulatable(declared, "capacity '" + declared.getCapacity() + "' in '" + instance.name()
					+ "' is " + capacity + "; it must be a whole number of at least 1");
		}
		return (int) capacity;
	}

	/**
	 * Compiles the actions of the I/O extension package; answers null for every other action, which
	 * the {@link ActionCompiler} then handles.
	 */
	private final class IoActionCompiler extends IoSwitch<Boolean> {
		private final ActionCompiler actions;

		IoActionCompiler(ActionCompiler actions) {
			this.actions = actions;
		}

		@Override
		public Boolean caseIoAction(IoAction action) {
			actions.caseAbstractInternalControlFlowAction(action);
			for (IoRequest request : action.getRequests()) {
				VirtualizedStorage storage = storageOf(actions.instance, action);
				if (request.getType() == null || request.getFileSet() == null) {
					throw new Unsimulatable(action, "has an I/O request without type or file set");
				}
				Long fileSetSize = Resources.fileSetSize(storage, request.getFileSet());
				if (fileSetSize == null) {
					throw new Unsimulatable(action, "requests file set '" + request.getFileSet()
							+ "', which the I/O configuration does not define");
				}
				String origin = actions.origin(action);
				VirtualizedStorageScheduler scheduler = resources.scheduler(storage);
				Step issue = new Steps.IoRequestStep(origin, scheduler, request.getType(),
						Expressions.compiled(action, "I/O request size", request.getSize()),
						Expressions.compiled(action, "sequentiality", request.getSequentiality() == null ? "0" : request.getSequentiality()),
						request.getFileSet(), fileSetSize, request.isSynchronous(), replication.newStream(),
						processor(actions.instance, storage, scheduler, action));
				actions.steps.add(new Steps.Repeat(origin,
						Expressions.compiled(action, "I/O request count", request.getCount() == null ? "1" : request.getCount()),
						new Step[] { issue }, replication.newStream()));
			}
			return Boolean.TRUE;
		}
	}

	Instance calleeOf(CallTarget target) {
		return owners.get(target);
	}

	List<Steps.Assignment> assignments(EObject owner, List<VariableUsage> usages) {
		List<Steps.Assignment> assignments = new ArrayList<>();
		for (VariableUsage usage : usages) {
			for (VariableCharacterisation characterisation : usage.getCharacterisations()) {
				String name = usage.getVariable() + "." + characterisation.getType().getName();
				assignments.add(new Steps.Assignment(name,
						Expressions.compiled(owner, "characterisation " + name, characterisation.getSpecification())));
			}
		}
		return assignments;
	}

	private Resources.PlacedResource resourceOfType(Instance instance, ProcessingResourceType type, EObject user) {
		Resources.PlacedResource placed = resources.ofType(instance.container, type);
		if (placed == null) {
			throw new Unsimulatable(user, "in '" + instance.name() + "' needs a " + Elements.name(type)
					+ " resource, but its container '" + Elements.name(instance.container) + "' has none");
		}
		return placed;
	}

	private Resources.PlacedResource resourceProviding(Instance instance, ResourceInterface required, EObject user) {
		Resources.PlacedResource placed = resources.providing(instance.container, required);
		if (placed == null) {
			throw new Unsimulatable(user, "in '" + instance.name() + "' calls resource interface '"
					+ Elements.name(required) + "', which no resource of container '" + Elements.name(instance.container)
					+ "' provides");
		}
		return placed;
	}

	/** The resource of the requesting container that processes the storage's delays, null if it has none ({@code processedBy}). */
	private ActiveResource processor(Instance instance, VirtualizedStorage storage, VirtualizedStorageScheduler scheduler,
			EObject user) {
		String type = storage.getProcessedBy();
		if (type == null || type.isBlank()) {
			return null;
		}
		if (scheduler.embedded()) {
			throw new Unsimulatable(user, "issues I/O requests to storage '" + storage.getName() + "', whose requests are"
					+ " processed by " + type + ", but its analysis model '" + storage.getAnalysisModel().getName()
					+ "' simulates requests itself; processedBy applies to models that predict a delay");
		}
		Resources.PlacedResource placed = resources.ofTypeNamed(instance.container, type);
		if (placed == null) {
			throw new Unsimulatable(user, "in '" + instance.name() + "' issues I/O requests to storage '" + storage.getName()
					+ "', whose requests are processed by " + type + ", but its container '"
					+ Elements.name(instance.container) + "' has no " + type + " resource");
		}
		return placed.resource();
	}

	private VirtualizedStorage storageOf(Instance instance, EObject user) {
		VirtualizedStorage storage = wiring.storage(instance.container);
		if (storage == null) {
			throw new Unsimulatable(user, "in '" + instance.name() + "' issues I/O requests, but no virtualized storage"
					+ " of the I/O configuration serves its container '" + Elements.name(instance.container) + "'");
		}
		return storage;
	}
}
