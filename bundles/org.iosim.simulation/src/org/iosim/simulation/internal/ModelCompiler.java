package org.iosim.simulation.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.BranchTransition;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.CollectionIteratorAction;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.ForkAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.InfrastructureCall;
import org.iosim.pcm.InternalCallAction;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceInterface;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.SetVariableAction;
import org.iosim.pcm.Signature;
import org.iosim.pcm.StartAction;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.util.PcmSwitch;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.simulation.ModelCompilationException;
import org.iosim.simulation.SchedulingPolicies;
import org.iosim.simulation.SimulationConfig;
import org.iosim.simulation.StorageSetup;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.FcfsResource;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.Expression;
import org.iosim.stoex.StoEx;
import org.iosim.pcm.wiring.CallCycles;
import org.iosim.pcm.wiring.ComponentInstance;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.pcm.wiring.WiringException;

/**
 * Compiles an architecture model into a {@link Replication}: resources per container, component
 * instances per assembly context (nested for composite components) with their wiring resolved,
 * behaviours as arrays of {@link Step}s with pre-compiled stochastic expressions, and workload
 * drivers. After this nothing on the event path navigates the EMF model or parses text.
 */
public final class ModelCompiler {

	private final ArchitectureModel model;
	private final SimulationConfig config;
	private final Replication replication;
	private final Wiring wiring;
	private final Map<ResourceContainer, List<PlacedResource>> resourcesByContainer = new IdentityHashMap<>();
	private final Map<ComponentInstance, Instance> instances = new HashMap<>();
	private final Map<ResourceContainer, Map<ResourceContainer, LinkTransfer>> links = new IdentityHashMap<>();
	private final Map<CallTarget, Instance> owners = new IdentityHashMap<>();
	private final List<StorageSetup> storageSetups;
	private final Map<ResourceContainer, VirtualizedStorageScheduler> storages = new IdentityHashMap<>();
	private final Map<VirtualizedStorageScheduler, StorageSetup> setupOf = new IdentityHashMap<>();

	/** A processing resource of a container with the rates its services run at. */
	private record PlacedResource(ProcessingResourceSpecification specification, ActiveResource resource,
			double rate, double readRate, double writeRate) {
	}

	/** The run-time state of one component instance: its compiled behaviours and passive resources. */
	private static final class Instance {
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

	private ModelCompiler(ArchitectureModel model, SimulationConfig config, List<StorageSetup> storageSetups,
			Replication replication) {
		this.model = model;
		this.config = config;
		this.storageSetups = storageSetups;
		this.replication = replication;
		this.wiring = new Wiring(model);
	}

	/** Builds a ready-to-run replication of the model, its I/O served by the given virtualized storages. */
	public static Replication compile(ArchitectureModel model, SimulationConfig config, List<StorageSetup> storages,
			int index) throws ModelCompilationException {
		Replication replication = new Replication(index, config);
		try {
			new ModelCompiler(model, config, storages, replication).compileAll();
		} catch (Unsimulatable problem) {
			throw new ModelCompilationException(problem.element, problem.getMessage());
		}
		return replication;
	}

	/** Thrown inside the compiler and turned into a {@link ModelCompilationException} at its boundary. */
	private static final class Unsimulatable extends RuntimeException {
		private static final long serialVersionUID = 1L;
		private final transient EObject element;

		Unsimulatable(EObject element, String problem) {
			super(problem);
			this.element = element;
		}

		Unsimulatable(WiringException broken) {
			this(broken.element(), broken.getMessage());
		}
	}

	private void compileAll() {
		String set = Elements.describe(model);
		if (model.getUsageModel() == null || model.getUsageModel().getScenarios().isEmpty()) {
			throw new Unsimulatable(model, "has no usage model with a usage scenario, so nothing calls the system;"
					+ " add a .usagemodel to " + set);
		}
		if (model.getSystem() == null) {
			throw new Unsimulatable(model, "has no system");
		}
		if (model.getAllocation() == null) {
			throw new Unsimulatable(model, "has no allocation that places the system's assembly contexts on resource containers");
		}
		if (model.getResourceEnvironment() == null) {
			throw new Unsimulatable(model, "has no resource environment");
		}
		for (CallCycles.Cycle cycle : new CallCycles(model).find()) {
			throw new Unsimulatable(cycle.closingCall(), "closes a call cycle, " + cycle.path()
					+ ": a simulated recursion never ends");
		}
		model.getResourceEnvironment().getContainers().forEach(this::createResources);
		createStorages();
		if (config.simulateLinkingResources()) {
			model.getResourceEnvironment().getLinkingResources().forEach(this::createLink);
		}
		for (AllocationContext context : model.getAllocation().getContexts()) {
			if (context.getAssemblyContext() == null || context.getContainer() == null) {
				throw new Unsimulatable(context, "must name both an assembly context and a resource container");
			}
		}
		for (UsageScenario scenario : model.getUsageModel().getScenarios()) {
			compileScenario(scenario);
		}
	}

	// ------------------------------------------------------------------ resources

	private void createResources(ResourceContainer container) {
		List<PlacedResource> placed = new ArrayList<>();
		for (ProcessingResourceSpecification specification : container.getProcessingResources()) {
			String policyId = specification.getSchedulingPolicy() == null ? null
					: specification.getSchedulingPolicy().getId();
			if (policyId == null) {
				throw new Unsimulatable(specification, "in container '" + Elements.name(container) + "' has no scheduling policy");
			}
			SchedulingPolicies.Provider provider = SchedulingPolicies.find(policyId);
			if (provider == null) {
				throw new Unsimulatable(specification, "in container '" + Elements.name(container)
						+ "' has scheduling policy '" + policyId + "', which IOSim does not know (known: "
						+ String.join(", ", new java.util.TreeSet<>(SchedulingPolicies.ids())) + ")");
			}
			if (specification.getResourceType() == null) {
				throw new Unsimulatable(specification, "in container '" + Elements.name(container) + "' has no resource type");
			}
			double rate = constant(specification, "processing rate", specification.getProcessingRate(), "1");
			double readRate = rate;
			double writeRate = rate;
			if (specification instanceof HddProcessingResourceSpecification hdd) {
				readRate = constant(specification, "read processing rate", hdd.getReadProcessingRate(), null);
				writeRate = constant(specification, "write processing rate", hdd.getWriteProcessingRate(), null);
			}
			String type = Elements.name(specification.getResourceType());
			String name = Elements.name(container) + " " + type;
			ActiveResource resource = provider.create(replication.simulator(), name,
					Math.max(1, specification.getNumberOfReplicas()), rate);
			replication.resources.add(new Replication.Resource(specification.getId(), Elements.name(container), type,
					policyId, resource));
			placed.add(new PlacedResource(specification, resource, rate, readRate, writeRate));
		}
		resourcesByContainer.put(container, placed);
		container.getNestedContainers().forEach(this::createResources);
	}

	/** One scheduler per virtualized storage, shared by every container it serves (step I: consolidation). */
	private void createStorages() {
		for (StorageSetup setup : storageSetups) {
			org.iosim.analysis.IoAnalysisModel analysisModel;
			try {
				analysisModel = setup.model().create();
			} catch (org.iosim.analysis.AnalysisModelException invalid) {
				throw new Unsimulatable(model, "the I/O analysis model '" + setup.modelName() + "' of virtualized storage '"
						+ setup.name() + "' cannot be created: " + invalid.getMessage());
			}
			VirtualizedStorageScheduler scheduler = new VirtualizedStorageScheduler(setup.name(),
					replication.simulator(), new org.iosim.analysis.StatusList(setup.memoryLength(), setup.options()),
					analysisModel, setup.modelName(), config.warmupMeasurements() == 0);
			replication.storages.add(scheduler);
			setupOf.put(scheduler, setup);
			for (String reference : setup.containers()) {
				List<ResourceContainer> named = resourcesByContainer.keySet().stream()
						.filter(container -> reference.equals(container.getId()) || reference.equals(container.getName()))
						.toList();
				if (named.isEmpty()) {
					throw new Unsimulatable(model, "virtualized storage '" + setup.name()
							+ "' serves resource container '" + reference + "', which the model does not have");
				}
				named.forEach(container -> storages.put(container, scheduler));
			}
		}
	}

	private VirtualizedStorageScheduler storageOf(Instance instance, EObject user) {
		for (ResourceContainer container = instance.container; container != null; container = Wiring.host(container)) {
			VirtualizedStorageScheduler storage = storages.get(container);
			if (storage != null) {
				return storage;
			}
		}
		throw new Unsimulatable(user, "in '" + instance.name() + "' issues I/O requests, but no virtualized storage of"
				+ " the I/O configuration serves its container '" + Elements.name(instance.container) + "'");
	}

	private void createLink(LinkingResource linking) {
		double latency = constant(linking, "latency", linking.getLatency(), "0");
		double throughput = constant(linking, "throughput", linking.getThroughput(), null);
		ActiveResource link = new FcfsResource(replication.simulator(), Elements.name(linking), 1, 1);
		replication.resources.add(new Replication.Resource(linking.getId(), Elements.name(linking),
				linking.getResourceType() == null ? "LAN" : Elements.name(linking.getResourceType()), "FCFS", link));
		LinkTransfer transfer = new LinkTransfer(link, latency, throughput);
		for (ResourceContainer from : linking.getConnectedContainers()) {
			for (ResourceContainer to : linking.getConnectedContainers()) {
				if (from != to) {
					links.computeIfAbsent(from, any -> new IdentityHashMap<>()).putIfAbsent(to, transfer);
				}
			}
		}
	}

	/** A rate or size that must be a positive constant (or have an exact mean, which is then used). */
	private static double constant(EObject owner, String what, String text, String defaultText) {
		String specification = text == null || text.isBlank() ? defaultText : text;
		if (specification == null) {
			throw new Unsimulatable(owner, "has no " + what);
		}
		Expression expression = parse(owner, what, specification);
		OptionalDouble mean;
		try {
			mean = expression.mean();
		} catch (IllegalArgumentException invalid) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(specification) + "' is invalid: " + invalid.getMessage());
		}
		if (mean.isEmpty()) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(specification) + "' must be a constant");
		}
		double value = mean.getAsDouble();
		boolean latencyLike = what.equals("latency");
		if (!(latencyLike ? value >= 0 : value > 0) || Double.isInfinite(value)) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(specification) + "' is " + value + "; it must be "
					+ (latencyLike ? "finite and not negative" : "positive and finite"));
		}
		return value;
	}

	private static Expression parse(EObject owner, String what, String text) {
		if (text == null || text.isBlank()) {
			throw new Unsimulatable(owner, "has no " + what);
		}
		try {
			return StoEx.parse(text);
		} catch (IllegalArgumentException invalid) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(text) + "' is not a valid stochastic expression: "
					+ invalid.getMessage());
		}
	}

	private static CompiledExpression expression(EObject owner, String what, String text) {
		Expression parsed = parse(owner, what, text);
		try {
			return parsed.compile();
		} catch (IllegalArgumentException | org.iosim.stoex.StoExEvaluationException invalid) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(text) + "' is invalid: " + invalid.getMessage());
		}
	}

	private PlacedResource resourceOfType(Instance instance, ProcessingResourceType type, EObject user) {
		for (ResourceContainer container = instance.container; container != null; container = Wiring.host(container)) {
			for (PlacedResource placed : resourcesByContainer.getOrDefault(container, List.of())) {
				if (Wiring.sameElement(placed.specification().getResourceType(), type)) {
					return placed;
				}
			}
		}
		throw new Unsimulatable(user, "in '" + instance.name() + "' needs a " + Elements.name(type)
				+ " resource, but its container '" + Elements.name(instance.container) + "' has none");
	}

	private PlacedResource resourceProviding(Instance instance, ResourceInterface required, EObject user) {
		for (ResourceContainer container = instance.container; container != null; container = Wiring.host(container)) {
			for (PlacedResource placed : resourcesByContainer.getOrDefault(container, List.of())) {
				for (ResourceInterface provided : placed.specification().getResourceType().getProvidedInterfaces()) {
					if (Wiring.sameElement(provided, required)) {
						return placed;
					}
				}
			}
		}
		throw new Unsimulatable(user, "in '" + instance.name() + "' calls resource interface '"
				+ Elements.name(required) + "', which no resource of container '" + Elements.name(instance.container)
				+ "' provides");
	}

	// ------------------------------------------------------------------ wiring

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

	private CallTarget target(Wiring.Target resolved) {
		return target(instance(resolved.instance()), resolved.seff());
	}

	private CallTarget required(Instance requirer, RequiredRole role, Signature signature, EObject caller) {
		try {
			return target(wiring.required(requirer.id, role, signature, caller));
		} catch (WiringException broken) {
			throw new Unsimulatable(broken);
		}
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

	private LinkTransfer linkBetween(Instance from, Instance callee) {
		if (callee == null || from.container == callee.container) {
			return null;
		}
		return links.getOrDefault(from.container, Map.of()).get(callee.container);
	}

	// ------------------------------------------------------------------ behaviours

	/** The actions from the start action along their successors, in order. */
	private static <A extends EObject> List<A> chain(EObject behaviour, A start,
			java.util.function.Function<A, A> successor) {
		if (start == null) {
			throw new Unsimulatable(behaviour, "has no start action");
		}
		List<A> ordered = new ArrayList<>();
		java.util.Set<A> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
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
				PlacedResource placed = resourceOfType(instance, demand.getRequiredResource(), action);
				steps.add(new Steps.Demand(origin(action), placed.resource(),
						expression(action, "resource demand", demand.getDemand()), placed.rate(),
						replication.newStream()));
			}
			for (ResourceCall call : action.getResourceCalls()) {
				steps.add(resourceCall(action, call));
			}
			for (InfrastructureCall call : action.getInfrastructureCalls()) {
				CallTarget target = required(instance, call.getRole(), call.getSignature(), action);
				Step invoke = new Steps.Call(origin(action), target, assignments(action, call.getInputVariableUsages()),
						List.of(), null, null, replication.newStream());
				steps.add(new Steps.Repeat(origin(action),
						expression(action, "number of infrastructure calls", call.getNumberOfCalls()),
						new Step[] { invoke }, replication.newStream()));
			}
			return Boolean.TRUE;
		}

		private Step resourceCall(AbstractInternalControlFlowAction action, ResourceCall call) {
			if (call.getRole() == null || call.getRole().getRequiredInterface() == null || call.getSignature() == null) {
				throw new Unsimulatable(call, "needs a resource required role with an interface and a signature");
			}
			PlacedResource placed = resourceProviding(instance, call.getRole().getRequiredInterface(), call);
			String service = Elements.name(call.getSignature()).toLowerCase(java.util.Locale.ROOT);
			double rate = service.equals("read") ? placed.readRate() : service.equals("write") ? placed.writeRate()
					: placed.rate();
			String amount = resourceCallAmount(call);
			Step serve = new Steps.Demand(origin(action) + " calling " + Elements.name(call.getSignature()),
					placed.resource(), expression(call, "resource call amount", amount), rate, replication.newStream());
			return new Steps.Repeat(origin(action), expression(call, "number of calls", call.getNumberOfCalls()),
					new Step[] { serve }, replication.newStream());
		}

		/**
		 * The amount one resource call asks for: its input named {@code size} (as for I/O requests), else
		 * its first input characterisation that is not a sequentiality or file set, else 1.
		 */
		private static String resourceCallAmount(ResourceCall call) {
			for (VariableUsage usage : call.getInputVariableUsages()) {
				if ("size".equals(usage.getVariable()) && !usage.getCharacterisations().isEmpty()) {
					return usage.getCharacterisations().get(0).getSpecification();
				}
			}
			for (VariableUsage usage : call.getInputVariableUsages()) {
				if (!usage.getCharacterisations().isEmpty()
						&& !java.util.Set.of("sequentiality", "fileSet").contains(usage.getVariable())) {
					return usage.getCharacterisations().get(0).getSpecification();
				}
			}
			return "1";
		}

		@Override
		public Boolean caseExternalCallAction(ExternalCallAction action) {
			CallTarget target = required(instance, action.getRole(), action.getSignature(), action);
			Instance callee = calleeOf(target);
			String name = (callee == null ? "?" : callee.name()) + "." + Elements.name(action.getSignature());
			Measurement measurement = Measurement.ofCall(action.getId(), name, instance.name());
			replication.calls.add(measurement);
			steps.add(new Steps.Call(origin(action), target, assignments(action, action.getInputVariableUsages()),
					assignments(action, action.getReturnVariableUsages()), measurement,
					linkBetween(instance, callee), replication.newStream()));
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
			steps.add(new Steps.Repeat(origin(action), expression(action, "iteration count", action.getIterationCount()),
					behaviour(instance, action.getBody()), replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseCollectionIteratorAction(CollectionIteratorAction action) {
			if (action.getParameter() == null || action.getParameter().getName() == null) {
				throw new Unsimulatable(action, "names no collection parameter to iterate over");
			}
			steps.add(new Steps.Repeat(origin(action),
					expression(action, "number of elements", action.getParameter().getName() + ".NUMBER_OF_ELEMENTS"),
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
						.map(branch -> expression(branch, "branch condition", ((GuardedBranchTransition) branch).getCondition()))
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
				expression(declared, "capacity", declared.getCapacity()), replication.newStream(), parameters);
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
	private final class IoActionCompiler extends org.iosim.pcm.io.util.IoSwitch<Boolean> {
		private final ActionCompiler actions;

		IoActionCompiler(ActionCompiler actions) {
			this.actions = actions;
		}

		@Override
		public Boolean caseIoAction(org.iosim.pcm.io.IoAction action) {
			actions.caseAbstractInternalControlFlowAction(action);
			for (org.iosim.pcm.io.IoRequest request : action.getRequests()) {
				VirtualizedStorageScheduler storage = storageOf(actions.instance, action);
				if (request.getType() == null || request.getFileSet() == null) {
					throw new Unsimulatable(action, "has an I/O request without type or file set");
				}
				Long fileSetSize = setupOf.get(storage).fileSetSizes().get(request.getFileSet());
				if (fileSetSize == null) {
					throw new Unsimulatable(action, "requests file set '" + request.getFileSet()
							+ "', which the I/O configuration does not define");
				}
				String origin = actions.origin(action);
				Step issue = new Steps.IoRequestStep(origin, storage,
						org.iosim.analysis.IoType.valueOf(request.getType().getName()),
						expression(action, "I/O request size", request.getSize()),
						expression(action, "sequentiality", request.getSequentiality() == null ? "0" : request.getSequentiality()),
						request.getFileSet(), fileSetSize, replication.newStream());
				actions.steps.add(new Steps.Repeat(origin,
						expression(action, "I/O request count", request.getCount() == null ? "1" : request.getCount()),
						new Step[] { issue }, replication.newStream()));
			}
			return Boolean.TRUE;
		}
	}

	private Instance calleeOf(CallTarget target) {
		return owners.get(target);
	}

	private List<Steps.Assignment> assignments(EObject owner, List<VariableUsage> usages) {
		List<Steps.Assignment> assignments = new ArrayList<>();
		for (VariableUsage usage : usages) {
			for (VariableCharacterisation characterisation : usage.getCharacterisations()) {
				String name = usage.getVariable() + "." + characterisation.getType().getName();
				assignments.add(new Steps.Assignment(name,
						expression(owner, "characterisation " + name, characterisation.getSpecification())));
			}
		}
		return assignments;
	}

	// ------------------------------------------------------------------ usage model

	private void compileScenario(UsageScenario scenario) {
		Measurement measurement = Measurement.ofScenario(scenario.getId(), Elements.name(scenario));
		replication.scenarios.add(measurement);
		Step[] steps = userBehaviour(scenario, scenario.getBehaviour());
		if (scenario.getWorkload() instanceof ClosedWorkload closed) {
			if (closed.getPopulation() < 1) {
				throw new Unsimulatable(scenario, "closed workload population is " + closed.getPopulation()
						+ "; it must be at least 1");
			}
			long fits = MemoryBudget.usersPerReplication(config.replications());
			if (closed.getPopulation() > fits) {
				throw new Unsimulatable(scenario, String.format(java.util.Locale.ROOT,
						"closed workload population %,d needs about %s of memory, more than fits (%,d users): %s",
						closed.getPopulation(), MemoryBudget.bytes((double) closed.getPopulation() * MemoryBudget.BYTES_PER_USER),
						fits, MemoryBudget.advice()));
			}
			CompiledExpression thinkTime = expression(scenario, "think time",
					closed.getThinkTime() == null || closed.getThinkTime().isBlank() ? "0" : closed.getThinkTime());
			Workloads.Closed users = new Workloads.Closed(replication, measurement, steps, closed.getPopulation(),
					thinkTime, replication.newStream(), Elements.describe(scenario));
			replication.onStart(users::start);
		} else if (scenario.getWorkload() instanceof OpenWorkload open) {
			CompiledExpression interArrival = expression(scenario, "inter-arrival time", open.getInterArrivalTime());
			OptionalDouble meanGap = parse(scenario, "inter-arrival time", open.getInterArrivalTime()).mean();
			if (meanGap.isPresent() && !(meanGap.getAsDouble() > 0)) {
				throw new Unsimulatable(scenario, "inter-arrival time '" + open.getInterArrivalTime() + "' has mean "
						+ meanGap.getAsDouble() + "; an open workload needs a positive mean time between arrivals");
			}
			Workloads.Open arrivals = new Workloads.Open(replication, measurement, steps, interArrival,
					replication.newStream(), Elements.describe(scenario),
					MemoryBudget.usersPerReplication(config.replications()));
			replication.onStart(arrivals::start);
		} else {
			throw new Unsimulatable(scenario, "has no workload (open or closed)");
		}
	}

	private Step[] userBehaviour(EObject owner, ScenarioBehaviour behaviour) {
		if (behaviour == null) {
			throw new Unsimulatable(owner, "has no behaviour");
		}
		UserAction start = behaviour.getActions().stream().filter(org.iosim.pcm.Start.class::isInstance).findFirst()
				.orElse(null);
		List<Step> steps = new ArrayList<>();
		UserActionCompiler compiler = new UserActionCompiler(steps);
		for (UserAction action : chain(behaviour, start, UserAction::getSuccessor)) {
			compiler.doSwitch(action);
		}
		return steps.toArray(Step[]::new);
	}

	private final class UserActionCompiler extends PcmSwitch<Boolean> {
		private final List<Step> steps;

		UserActionCompiler(List<Step> steps) {
			this.steps = steps;
		}

		@Override
		public Boolean caseStart(org.iosim.pcm.Start action) {
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseStop(org.iosim.pcm.Stop action) {
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseDelay(org.iosim.pcm.Delay action) {
			steps.add(new Steps.Delay(Elements.describe(action), expression(action, "delay", action.getTime()),
					replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseLoop(org.iosim.pcm.Loop action) {
			steps.add(new Steps.Repeat(Elements.describe(action), expression(action, "iterations", action.getIterations()),
					userBehaviour(action, action.getBody()), replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseBranch(org.iosim.pcm.Branch action) {
			List<ScenarioBranchTransition> transitions = action.getTransitions();
			if (transitions.isEmpty()) {
				return Boolean.TRUE;
			}
			double[] probabilities = transitions.stream().mapToDouble(ScenarioBranchTransition::getProbability).toArray();
			Step[][] bodies = transitions.stream().map(transition -> userBehaviour(transition, transition.getBody()))
					.toArray(Step[][]::new);
			steps.add(new Steps.ProbabilisticBranch(Elements.describe(action), probabilities, bodies,
					replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean caseEntryLevelSystemCall(EntryLevelSystemCall call) {
			if (call.getProvidedRole() == null || call.getSignature() == null) {
				throw new Unsimulatable(call, "must name a provided role of the system and a signature");
			}
			CallTarget target;
			try {
				target = target(wiring.entry(call));
			} catch (WiringException broken) {
				throw new Unsimulatable(broken);
			}
			Instance callee = calleeOf(target);
			Measurement measurement = Measurement.ofCall(call.getId(),
					(callee == null ? "?" : callee.name()) + "." + Elements.name(call.getSignature()),
					Elements.name(scenarioOf(call)));
			replication.calls.add(measurement);
			replication.entryLevelCalls.add(measurement);
			steps.add(new Steps.Call(Elements.describe(call), target, assignments(call, call.getInputParameterUsages()),
					List.of(), measurement, null, replication.newStream()));
			return Boolean.TRUE;
		}

		@Override
		public Boolean defaultCase(EObject object) {
			throw new Unsimulatable(object, "is not a usage-model action IOSim can simulate");
		}
	}

	private static EObject scenarioOf(EObject element) {
		for (EObject current = element; current != null; current = current.eContainer()) {
			if (current instanceof UsageScenario) {
				return current;
			}
		}
		return element;
	}
}
