package org.iosim.testing;

import static org.iosim.testing.Ids.slug;

import org.iosim.pcm.Allocation;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.Repository;
import org.iosim.pcm.ResourceEnvironment;
import org.iosim.pcm.ResourceRepository;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.UsageModel;
import org.iosim.pcm.Workload;

/**
 * Builds a complete model set in code: repository, resource environment, system, allocation and
 * usage model exist from the start, and tests add what they need. Every element gets a name and an
 * id derived from its kind and names (e.g. {@code component.server}, {@code seff.server.serve.start}),
 * so diagnostics that name elements are the same in every run. For example, a closed network with a
 * processor-sharing CPU and an FCFS disk:
 *
 * <pre>{@code
 * ModelBuilder model = new ModelBuilder("closed network");
 * OperationInterface api = model.operationInterface("IServer", "serve");
 * ContainerBuilder server = model.container("server").processorSharing(model.cpu(), "1").fcfs(model.hdd(), "1");
 * ComponentBuilder component = model.component("Server").provides(api)
 *         .seff(signature(api, "serve"), demand(model.cpu(), "Exp(50)"), demand(model.hdd(), "Exp(33)"));
 * OperationProvidedRole entry = model.systemProvides(api, model.deploy(component, server));
 * model.closedScenario("users", 20, "Exp(1.0)").call(entry, signature(api, "serve"));
 * }</pre>
 *
 * {@link SingleServerModel} does the same for the common case of one component on one container.
 */
public final class ModelBuilder {

	/** Ids of the scheduling policies IOSim knows. */
	public static final String PROCESSOR_SHARING = "ProcessorSharing";
	public static final String FCFS = "FCFS";
	public static final String DELAY = "Delay";

	static final PcmFactory PCM = PcmFactory.eINSTANCE;

	final Ids ids = new Ids();
	private final ArchitectureModel model;
	private final ResourceRepository resourceRepository = PCM.createResourceRepository();
	private final Repository repository;
	private final ResourceEnvironment environment;
	private final SoftwareSystem system;
	private final Allocation allocation;
	private final UsageModel usageModel = PCM.createUsageModel();

	public ModelBuilder(String name) {
		model = ids.identify(PCM.createArchitectureModel(), "model", name);
		resourceRepository.setId(ids.unique("resources"));
		model.setResourceRepository(resourceRepository);
		repository = ids.identify(PCM.createRepository(), "repository", "repository");
		model.getRepositories().add(repository);
		environment = ids.identify(PCM.createResourceEnvironment(), "environment", "environment");
		model.setResourceEnvironment(environment);
		system = ids.identify(PCM.createSoftwareSystem(), "system", "system");
		model.setSystem(system);
		allocation = ids.identify(PCM.createAllocation(), "allocation", "allocation");
		allocation.setSystem(system);
		allocation.setResourceEnvironment(environment);
		model.setAllocation(allocation);
		usageModel.setId(ids.unique("usage"));
		model.setUsageModel(usageModel);
	}

	public ProcessingResourceType cpu() {
		return resourceType("CPU");
	}

	public ProcessingResourceType hdd() {
		return resourceType("HDD");
	}

	/** The processing resource type of that name, created when first asked for. */
	private ProcessingResourceType resourceType(String name) {
		return resourceRepository.getResourceTypes().stream()
				.filter(type -> type instanceof ProcessingResourceType && name.equals(type.getName()))
				.map(ProcessingResourceType.class::cast).findFirst().orElseGet(() -> {
					ProcessingResourceType type = ids.identify(PCM.createProcessingResourceType(), "type." + slug(name),
							name);
					resourceRepository.getResourceTypes().add(type);
					return type;
				});
	}

	/** The scheduling policy with that id, also one IOSim does not know, created when first asked for. */
	public SchedulingPolicy schedulingPolicy(String id) {
		return resourceRepository.getSchedulingPolicies().stream().filter(policy -> id.equals(policy.getId()))
				.findFirst().orElseGet(() -> {
					SchedulingPolicy policy = ids.identify(PCM.createSchedulingPolicy(), id, id);
					resourceRepository.getSchedulingPolicies().add(policy);
					return policy;
				});
	}

	/** An interface with the named signatures; {@link #signature} finds them again. */
	public OperationInterface operationInterface(String name, String... signatures) {
		OperationInterface api = ids.identify(PCM.createOperationInterface(), "interface." + slug(name), name);
		for (String signature : signatures) {
			api.getSignatures().add(ids.identify(PCM.createOperationSignature(),
					"signature." + slug(name) + "." + slug(signature), signature));
		}
		repository.getInterfaces().add(api);
		return api;
	}

	/** The signature of that name in the interface. */
	public static OperationSignature signature(OperationInterface api, String name) {
		return api.getSignatures().stream().filter(signature -> name.equals(signature.getName())).findFirst()
				.orElseThrow(() -> new IllegalArgumentException(
						"interface '" + api.getName() + "' has no signature '" + name + "'"));
	}

	public ComponentBuilder component(String name) {
		ComponentBuilder component = new ComponentBuilder(ids,
				ids.identify(PCM.createBasicComponent(), "component." + slug(name), name));
		repository.getComponents().add(component.component());
		return component;
	}

	public ContainerBuilder container(String name) {
		ContainerBuilder container = new ContainerBuilder(this,
				ids.identify(PCM.createResourceContainer(), "container." + slug(name), name));
		environment.getContainers().add(container.container());
		return container;
	}

	/** A container nested in {@code host}, as a VM runs on its host. */
	public ContainerBuilder container(String name, ContainerBuilder host) {
		ContainerBuilder container = new ContainerBuilder(this,
				ids.identify(PCM.createResourceContainer(), "container." + slug(name), name));
		host.container().getNestedContainers().add(container.container());
		return container;
	}

	/**
	 * Puts an instance of the component into the system, an assembly context named after the
	 * component, and allocates it on the container.
	 */
	public AssemblyContext deploy(ComponentBuilder component, ContainerBuilder container) {
		String name = component.component().getName();
		AssemblyContext assembly = ids.identify(PCM.createAssemblyContext(), "assembly." + slug(name), name);
		assembly.setComponent(component.component());
		system.getAssemblyContexts().add(assembly);
		AllocationContext placement = ids.identify(PCM.createAllocationContext(), "allocation." + slug(name),
				name + " on " + container.container().getName());
		placement.setAssemblyContext(assembly);
		placement.setContainer(container.container());
		allocation.getContexts().add(placement);
		return assembly;
	}

	/**
	 * Makes the system provide the interface by delegating to the assembly context, whose component
	 * provides it.
	 *
	 * @return the system's provided role, which usage scenarios call
	 */
	public OperationProvidedRole systemProvides(OperationInterface api, AssemblyContext inner) {
		OperationProvidedRole outer = ids.identify(PCM.createOperationProvidedRole(),
				"role.system." + slug(api.getName()), "system_" + api.getName());
		outer.setProvidedInterface(api);
		system.getProvidedRoles().add(outer);
		ProvidedDelegationConnector delegation = ids.identify(PCM.createProvidedDelegationConnector(),
				"delegation." + slug(api.getName()), "system_to_" + inner.getName());
		delegation.setOuterRole(outer);
		delegation.setInnerContext(inner);
		delegation.setInnerRole(ComponentBuilder.providedRole(inner.getComponent(), api));
		system.getConnectors().add(delegation);
		return outer;
	}

	/** Binds the requiring context's required role for the interface to the providing context's provided role. */
	public AssemblyConnector connect(AssemblyContext requiring, AssemblyContext providing, OperationInterface api) {
		AssemblyConnector connector = ids.identify(PCM.createAssemblyConnector(),
				"connector." + slug(requiring.getName()) + "." + slug(api.getName()),
				requiring.getName() + "_to_" + providing.getName());
		connector.setRequiringContext(requiring);
		connector.setRequiredRole(ComponentBuilder.requiredRole(requiring.getComponent(), api));
		connector.setProvidingContext(providing);
		connector.setProvidedRole(ComponentBuilder.providedRole(providing.getComponent(), api));
		system.getConnectors().add(connector);
		return connector;
	}

	/** A scenario of {@code population} users, each thinking {@code thinkTime} between runs of the scenario. */
	public ScenarioBuilder closedScenario(String name, int population, String thinkTime) {
		ClosedWorkload workload = PCM.createClosedWorkload();
		workload.setPopulation(population);
		workload.setThinkTime(thinkTime);
		return scenario(name, workload);
	}

	/** A scenario that a new user starts every {@code interArrivalTime}. */
	public ScenarioBuilder openScenario(String name, String interArrivalTime) {
		OpenWorkload workload = PCM.createOpenWorkload();
		workload.setInterArrivalTime(interArrivalTime);
		return scenario(name, workload);
	}

	private ScenarioBuilder scenario(String name, Workload workload) {
		ScenarioBuilder scenario = new ScenarioBuilder(ids,
				ids.identify(PCM.createUsageScenario(), "scenario." + slug(name), name), workload);
		usageModel.getScenarios().add(scenario.scenario());
		return scenario;
	}

	public ArchitectureModel build() {
		return model;
	}
}
