package org.iosim.simulation.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.ComposedSwitch;
import org.eclipse.emf.ecore.util.Switch;
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
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.util.PcmSwitch;
import org.iosim.pcm.wiring.CalledRoles;
import org.iosim.pcm.wiring.ComponentInstance;
import org.iosim.pcm.wiring.HddUse;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.pcm.wiring.WiringException;
import org.iosim.simulation.ActionCompilers;
import org.iosim.simulation.actions.ActionCompilation;
import org.iosim.simulation.actions.ActionCompilerContribution;
import org.iosim.simulation.actions.StorageRequest;
import org.iosim.stoex.CompiledExpression;

/**
 * Compiles behaviours into the plan's {@link Step}s: the component instances a usage model reaches
 * (an instance per assembly context, nested in the instances of composite components), wired by
 * the model's {@link Wiring}, each RDSEFF compiled once per instance with its stochastic
 * expressions parsed and its resources looked up. Actions are read with EMF switches, one case per
 * action kind: the architecture package's own ({@link ActionCompiler}) composed per package, as EMF's
 * {@link ComposedSwitch} does, with the switches of the {@link ActionCompilers} contributed for other
 * packages (the I/O extension's among them), which compile their actions through the same
 * {@link ActionCompilation}.
 */
final class BehaviourCompiler {

	/** One component instance: the slots of its compiled behaviours and passive resources. */
	static final class Instance {
		final ComponentInstance id;
		final ResourceContainer container;
		final Map<ResourceDemandingBehaviour, ModelPlan.Slot<CallTarget>> targets = new IdentityHashMap<>();
		final Map<PassiveResource, ModelPlan.Slot<org.iosim.simulation.engine.PassiveResource>> passives = new IdentityHashMap<>();
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
	private final ModelPlan.Builder plan;
	private final Wiring wiring;
	private final Resources resources;
	private final List<ActionCompilerContribution> contributions;
	private final Map<ComponentInstance, Instance> instances = new HashMap<>();
	private final Map<ModelPlan.Slot<CallTarget>, Instance> owners = new IdentityHashMap<>();
	/** Computed when a call through a required role cannot be wired, which well-formed models never need. */
	private CalledRoles calledRoles;

	BehaviourCompiler(ArchitectureModel model, ModelPlan.Builder plan, Wiring wiring, Resources resources,
			ActionCompilers actionCompilers) {
		this.model = model;
		this.plan = plan;
		this.wiring = wiring;
		this.resources = resources;
		this.contributions = actionCompilers.contributions();
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
		created.componentParameters = List.copyOf(parameters);
		return created;
	}

	/** @return what an entry-level system call of the usage model reaches */
	ModelPlan.Slot<CallTarget> entry(EntryLevelSystemCall call) {
		try {
			return target(wiring.entry(call));
		} catch (WiringException broken) {
			throw new Unsimulatable(broken);
		}
	}

	private ModelPlan.Slot<CallTarget> target(Wiring.Target resolved) {
		return target(instance(resolved.instance()), resolved.seff());
	}

	/** @return what a call through the role reaches, or null when it cannot be wired but never runs */
	private ModelPlan.Slot<CallTarget> required(Instance requirer, RequiredRole role, Signature signature, EObject caller) {
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
	private List<DeliveryPlan> deliveries(Instance emitter, EmitEventAction action) {
		List<Wiring.EventTarget> handlers;
		try {
			handlers = wiring.sinks(emitter.id, action.getSourceRole(), action.getEventType(), action);
		} catch (WiringException broken) {
			throw new Unsimulatable(broken);
		}
		List<DeliveryPlan> deliveries = new ArrayList<>();
		for (Wiring.EventTarget handler : handlers) {
			Instance sink = instance(handler.handler().instance());
			CompiledExpression[] filters = handler.filters().stream()
					.map(filter -> Expressions.compiled(filter.connector(), "filter condition", filter.condition()))
					.toArray(CompiledExpression[]::new);
			deliveries.add(new DeliveryPlan(target(sink, handler.handler().seff()),
					resources.link(emitter.container, sink.container), filters));
		}
		return deliveries;
	}

	/** An emitted event's handler in the plan; {@code link} is null when the delivery occupies none. */
	private record DeliveryPlan(ModelPlan.Slot<CallTarget> handler, ModelPlan.Slot<LinkTransfer> link,
			CompiledExpression[] filters) {

		Steps.Delivery in(ModelPlan.Building building) {
			return new Steps.Delivery(handler.in(building), building.optional(link), filters);
		}
	}

	private ModelPlan.Slot<CallTarget> target(Instance instance, ResourceDemandingBehaviour behaviour) {
		ModelPlan.Slot<CallTarget> existing = instance.targets.get(behaviour);
		if (existing != null) {
			return existing;
		}
		List<Steps.Assignment> componentParameters = instance.componentParameters;
		ModelPlan.Slot<CallTarget> target = plan.create(building -> new CallTarget(componentParameters));
		instance.targets.put(behaviour, target);
		owners.put(target, instance);
		List<ModelPlan.Slot<Step>> steps = behaviour(instance, behaviour);
		plan.then(building -> target.in(building).define(building.steps(steps)));
		return target;
	}

	/** Appends the creation of a step to the plan. */
	private ModelPlan.Slot<Step> step(java.util.function.Function<ModelPlan.Building, Step> creation) {
		return plan.create(creation);
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

	private List<ModelPlan.Slot<Step>> behaviour(Instance instance, ResourceDemandingBehaviour behaviour) {
		if (behaviour == null) {
			return List.of();
		}
		AbstractAction start = behaviour.getSteps().stream().filter(StartAction.class::isInstance).findFirst()
				.orElse(null);
		List<ModelPlan.Slot<Step>> steps = new ArrayList<>();
		Switch<Boolean> compiler = compilerInto(instance, steps);
		for (AbstractAction action : chain(behaviour, start, AbstractAction::getSuccessor)) {
			compiler.doSwitch(action);
		}
		return List.copyOf(steps);
	}

	/** The architecture package's compiler and the contributed ones, each given the actions of its package. */
	private Switch<Boolean> compilerInto(Instance instance, List<ModelPlan.Slot<Step>> steps) {
		ActionCompiler core = new ActionCompiler(instance, steps);
		List<Switch<Boolean>> switches = new ArrayList<>();
		switches.add(core);
		for (ActionCompilerContribution contribution : contributions) {
			switches.add(contribution.compiler(core));
		}
		return new ComposedSwitch<>(switches) {
			@Override
			public Boolean defaultCase(EObject action) {
				// a contributed switch answered null: its package has actions it does not compile
				return core.defaultCase(action);
			}
		};
	}

	/**
	 * Compiles one RDSEFF action of the architecture package into steps (an action may need several, e.g.
	 * demands on two resources), and is the {@link ActionCompilation} contributed compilers append to.
	 */
	private final class ActionCompiler extends PcmSwitch<Boolean> implements ActionCompilation {
		private final Instance instance;
		private final List<ModelPlan.Slot<Step>> steps;

		ActionCompiler(Instance instance, List<ModelPlan.Slot<Step>> steps) {
			this.instance = instance;
			this.steps = steps;
		}

		@Override
		public String origin(EObject action) {
			return Elements.describe(action) + " in '" + instance.name() + "'";
		}

		@Override
		public CompiledExpression expression(EObject owner, String what, String text) {
			return Expressions.compiled(owner, what, text);
		}

		@Override
		public void internalAction(AbstractInternalControlFlowAction action) {
			caseAbstractInternalControlFlowAction(action);
		}

		@Override
		public void delay(EObject action, CompiledExpression duration) {
			String origin = origin(action);
			steps.add(step(building -> new Steps.Delay(origin, duration, building.replication.newStream())));
		}

		@Override
		public void repeat(EObject action, CompiledExpression count, Consumer<ActionCompilation> body) {
			List<ModelPlan.Slot<Step>> bodySteps = new ArrayList<>();
			body.accept(new ActionCompiler(instance, bodySteps));
			steps.add(repeat(origin(action), count, List.copyOf(bodySteps)));
		}

		@Override
		public RuntimeException unsimulatable(EObject element, String problem) {
			return new Unsimulatable(element, problem);
		}

		@Override
		public void storageRequest(EObject action, StorageRequest request) {
			VirtualizedStorage storage = storageOf(instance, action);
			Long fileSetSize = Resources.fileSetSize(storage, request.fileSet());
			if (fileSetSize == null) {
				throw new Unsimulatable(action, "requests file set '" + request.fileSet()
						+ "', which the I/O configuration does not define");
			}
			String origin = origin(action);
			ModelPlan.Slot<VirtualizedStorageScheduler> scheduler = resources.scheduler(storage);
			Processor processor = processor(instance, storage, action);
			steps.add(step(building -> new Steps.IoRequestStep(origin, scheduler.in(building), request.type(),
					request.size(), request.sequentiality(), request.fileSet(), fileSetSize, request.synchronous(),
					building.replication.newStream(), processor.in(building, scheduler.in(building)))));
		}

		@Override
		public Boolean caseAbstractInternalControlFlowAction(AbstractInternalControlFlowAction action) {
			for (ParametricResourceDemand demand : action.getResourceDemands()) {
				Resources.PlacedResource placed = resourceOfType(instance, demand.getRequiredResource(), action);
				String origin = origin(action);
				CompiledExpression amount = Expressions.compiled(action, "resource demand", demand.getDemand());
				steps.add(step(building -> new Steps.Demand(origin, placed.resource().in(building), amount, placed.rate(),
						building.replication.newStream())));
			}
			for (ResourceCall call : action.getResourceCalls()) {
				steps.add(resourceCall(action, call));
			}
			for (InfrastructureCall call : action.getInfrastructureCalls()) {
				ModelPlan.Slot<CallTarget> target = required(instance, call.getRole(), call.getSignature(), action);
				if (target == null) {
					steps.add(neverRun(action, call.getRole()));
					continue;
				}
				String origin = origin(action);
				List<Steps.Assignment> inputs = assignments(action, call.getInputVariableUsages());
				ModelPlan.Slot<Step> invoke = step(building -> new Steps.Call(origin, target.in(building), inputs,
						List.of(), null, null, building.replication.newStream()));
				CompiledExpression calls = Expressions.compiled(action, "number of infrastructure calls", call.getNumberOfCalls());
				steps.add(step(building -> new Steps.Repeat(origin, calls, new Step[] { invoke.in(building) },
						building.replication.newStream())));
			}
			return Boolean.TRUE;
		}

		private ModelPlan.Slot<Step> neverRun(AbstractAction action, RequiredRole role) {
			String origin = origin(action);
			String problem = "calls through required role '" + Elements.name(role)
					+ "', which no connector binds, in a branch that the parameter values the usage model passes were"
					+ " found never to take";
			return step(building -> new Steps.Unwired(origin, problem));
		}

		private ModelPlan.Slot<Step> resourceCall(AbstractInternalControlFlowAction action, ResourceCall call) {
			if (call.getRole() == null || call.getRole().getRequiredInterface() == null || call.getSignature() == null) {
				throw new Unsimulatable(call, "needs a resource required role with an interface and a signature");
			}
			Resources.PlacedResource placed = resourceProviding(instance, call.getRole().getRequiredInterface(), call);
			String service = Elements.name(call.getSignature()).toLowerCase(Locale.ROOT);
			double rate = service.equals("read") ? placed.readRate() : service.equals("write") ? placed.writeRate()
					: placed.rate();
			String origin = origin(action);
			String serving = origin + " calling " + Elements.name(call.getSignature());
			CompiledExpression amount = Expressions.compiled(call, "resource call amount", HddUse.amount(call));
			ModelPlan.Slot<Step> serve = step(building -> new Steps.Demand(serving, placed.resource().in(building), amount,
					rate, building.replication.newStream()));
			CompiledExpression calls = Expressions.compiled(call, "number of calls", call.getNumberOfCalls());
			return step(building -> new Steps.Repeat(origin, calls, new Step[] { serve.in(building) },
					building.replication.newStream()));
		}

		@Override
		public Boolean caseExternalCallAction(ExternalCallAction action) {
			ModelPlan.Slot<CallTarget> target = required(instance, action.getRole(), action.getSignature(), action);
			if (target == null) {
				steps.add(neverRun(action, action.getRole()));
				return Boolean.TRUE;
			}
			Instance callee = calleeOf(target);
			String name = (callee == null ? "?" : callee.name()) + "." + Elements.name(action.getSignature());
			String id = action.getId();
			String caller = instance.name();
			String origin = origin(action);
			List<Steps.Assignment> inputs = assignments(action, action.getInputVariableUsages());
			List<Steps.Assignment> outputs = assignments(action, action.getReturnVariableUsages());
			ModelPlan.Slot<LinkTransfer> link = callee == null ? null : resources.link(instance.container, callee.container);
			// the measurement is created before the callee's steps are reached, where the compiler met it
			ModelPlan.Slot<Measurement> measurement = plan.create(building -> {
				Measurement created = Measurement.ofCall(id, name, caller);
				building.replication.calls.add(created);
				return created;
			});
			steps.add(step(building -> new Steps.Call(origin, target.in(building), inputs, outputs,
					measurement.in(building), building.optional(link), building.replication.newStream())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseEmitEventAction(EmitEventAction action) {
			String origin = origin(action);
			List<DeliveryPlan> deliveries = deliveries(instance, action);
			List<Steps.Assignment> inputs = assignments(action, action.getInputVariableUsages());
			steps.add(step(building -> new Steps.Emit(origin,
					deliveries.stream().map(delivery -> delivery.in(building)).toList(), inputs,
					building.replication.newStream())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseInternalCallAction(InternalCallAction action) {
			caseAbstractInternalControlFlowAction(action);
			ModelPlan.Slot<CallTarget> target = target(instance, action.getBehaviour());
			String origin = origin(action);
			List<Steps.Assignment> inputs = assignments(action, action.getInputVariableUsages());
			steps.add(step(building -> new Steps.Call(origin, target.in(building), inputs, List.of(), null, null,
					building.replication.newStream())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseLoopAction(LoopAction action) {
			steps.add(repeat(origin(action), Expressions.compiled(action, "iteration count", action.getIterationCount()),
					behaviour(instance, action.getBody())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseCollectionIteratorAction(CollectionIteratorAction action) {
			if (action.getParameter() == null || action.getParameter().getName() == null) {
				throw new Unsimulatable(action, "names no collection parameter to iterate over");
			}
			steps.add(repeat(origin(action),
					Expressions.compiled(action, "number of elements", action.getParameter().getName() + ".NUMBER_OF_ELEMENTS"),
					behaviour(instance, action.getBody())));
			return Boolean.TRUE;
		}

		private ModelPlan.Slot<Step> repeat(String origin, CompiledExpression count, List<ModelPlan.Slot<Step>> body) {
			return step(building -> new Steps.Repeat(origin, count, building.steps(body), building.replication.newStream()));
		}

		@Override
		public Boolean caseBranchAction(BranchAction action) {
			List<BranchTransition> branches = action.getBranches();
			if (branches.isEmpty()) {
				return Boolean.TRUE;
			}
			List<List<ModelPlan.Slot<Step>>> bodies = new ArrayList<>();
			for (BranchTransition branch : branches) {
				bodies.add(behaviour(instance, branch.getBehaviour()));
			}
			String origin = origin(action);
			if (branches.stream().allMatch(ProbabilisticBranchTransition.class::isInstance)) {
				double[] probabilities = branches.stream()
						.mapToDouble(branch -> ((ProbabilisticBranchTransition) branch).getProbability()).toArray();
				steps.add(step(building -> new Steps.ProbabilisticBranch(origin, probabilities, building.branches(bodies),
						building.replication.newStream())));
			} else if (branches.stream().allMatch(GuardedBranchTransition.class::isInstance)) {
				CompiledExpression[] conditions = branches.stream()
						.map(branch -> Expressions.compiled(branch, "branch condition", ((GuardedBranchTransition) branch).getCondition()))
						.toArray(CompiledExpression[]::new);
				steps.add(step(building -> new Steps.GuardedBranch(origin, conditions, building.branches(bodies),
						building.replication.newStream())));
			} else {
				throw new Unsimulatable(action, "mixes probabilistic and guarded branch transitions");
			}
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseForkAction(ForkAction action) {
			List<List<ModelPlan.Slot<Step>>> asynchronous = action.getAsynchronousBehaviours().stream()
					.map(forked -> behaviour(instance, forked)).toList();
			List<List<ModelPlan.Slot<Step>>> synchronous = action.getSynchronisationPoint() == null ? List.of()
					: action.getSynchronisationPoint().getSynchronousBehaviours().stream()
							.map(forked -> behaviour(instance, forked)).toList();
			String origin = origin(action);
			steps.add(step(building -> new Steps.Fork(origin, building.branches(asynchronous), building.branches(synchronous))));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseSetVariableAction(SetVariableAction action) {
			caseAbstractInternalControlFlowAction(action);
			String origin = origin(action);
			List<Steps.Assignment> assignments = assignments(action, action.getLocalVariableUsages());
			steps.add(step(building -> new Steps.SetVariables(origin, assignments, building.replication.newStream())));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseAcquireAction(AcquireAction action) {
			caseAbstractInternalControlFlowAction(action);
			String origin = origin(action);
			ModelPlan.Slot<org.iosim.simulation.engine.PassiveResource> passive = passive(action, action.getPassiveResource());
			steps.add(step(building -> new Steps.Acquire(origin, passive.in(building))));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseReleaseAction(ReleaseAction action) {
			caseAbstractInternalControlFlowAction(action);
			String origin = origin(action);
			ModelPlan.Slot<org.iosim.simulation.engine.PassiveResource> passive = passive(action, action.getPassiveResource());
			steps.add(step(building -> new Steps.Release(origin, passive.in(building))));
			return Boolean.TRUE;
		}

		private ModelPlan.Slot<org.iosim.simulation.engine.PassiveResource> passive(EObject action,
				PassiveResource resource) {
			if (resource == null) {
				throw new Unsimulatable(action, "names no passive resource");
			}
			return instance.passives.computeIfAbsent(resource, declared -> {
				Capacity capacity = new Capacity(instance, declared);
				String name = instance.name() + "." + Elements.name(declared);
				String id = declared.getId();
				String owner = instance.name();
				return plan.create(building -> {
					var runtime = new org.iosim.simulation.engine.PassiveResource(building.replication.simulator(), name,
							capacity.in(building.replication));
					building.replication.passiveResources.add(new Replication.Passive(id, owner, runtime));
					return runtime;
				});
			});
		}

		@Override
		public Boolean defaultCase(EObject object) {
			throw new Unsimulatable(object, "is not an action IOSim can simulate");
		}
	}

	/**
	 * A passive resource's capacity, evaluated once per component instance and replication: it may
	 * refer to component parameters (e.g. {@code lockCount.VALUE}) set on the component or its
	 * assembly context, and draws from the replication's streams as any stochastic expression does.
	 */
	private static final class Capacity {
		private final String origin;
		private final List<Steps.Assignment> componentParameters;
		private final CompiledExpression expression;
		private final PassiveResource declared;
		private final String problem;

		Capacity(Instance instance, PassiveResource declared) {
			this.origin = Elements.describe(declared);
			this.componentParameters = instance.componentParameters;
			this.expression = Expressions.compiled(declared, "capacity", declared.getCapacity());
			this.declared = declared;
			this.problem = "capacity '" + declared.getCapacity() + "' in '" + instance.name() + "' is ";
		}

		int in(Replication replication) {
			Frame parameters = Frame.newScope(new Step[0], null, null);
			Steps.assign(origin, componentParameters.toArray(Steps.Assignment[]::new), parameters, parameters,
					replication.newStream());
			double capacity = Steps.sampleDouble(origin, "capacity", expression,
					expression.numberSampler(replication.newStream()), parameters);
			if (capacity != Math.rint(capacity) || capacity < 1 || capacity > Integer.MAX_VALUE) {
				// the element is read only to name it in the message
				throw new Unsimulatable(declared, problem + capacity + "; it must be a whole number of at least 1");
			}
			return (int) capacity;
		}
	}

	Instance calleeOf(ModelPlan.Slot<CallTarget> target) {
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

	/**
	 * The resource of the requesting container that processes a storage's delays ({@code processedBy}),
	 * or none (null slot). Whether the storage's analysis model simulates requests itself, so that no
	 * resource may process them, is known once a replication has created the model.
	 */
	private record Processor(ModelPlan.Slot<ActiveResource> resource, EObject user, String embeddedProblem) {

		ActiveResource in(ModelPlan.Building building, VirtualizedStorageScheduler scheduler) {
			if (resource == null) {
				return null;
			}
			if (scheduler.embedded()) {
				// the element is read only to name it in the message
				throw new Unsimulatable(user, embeddedProblem);
			}
			return resource.in(building);
		}
	}

	private Processor processor(Instance instance, VirtualizedStorage storage, EObject user) {
		String type = storage.getProcessedBy();
		if (type == null || type.isBlank()) {
			return new Processor(null, user, null);
		}
		Resources.PlacedResource placed = resources.ofTypeNamed(instance.container, type);
		if (placed == null) {
			throw new Unsimulatable(user, "in '" + instance.name() + "' issues I/O requests to storage '" + storage.getName()
					+ "', whose requests are processed by " + type + ", but its container '"
					+ Elements.name(instance.container) + "' has no " + type + " resource");
		}
		return new Processor(placed.resource(), user, "issues I/O requests to storage '" + storage.getName()
				+ "', whose requests are processed by " + type + ", but its analysis model '"
				+ storage.getAnalysisModel().getName() + "' simulates requests itself; processedBy applies to models that"
				+ " predict a delay");
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
