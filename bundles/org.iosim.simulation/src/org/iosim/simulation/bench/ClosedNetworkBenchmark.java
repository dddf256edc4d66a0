package org.iosim.simulation.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceRepository;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.UsageScenario;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;

/**
 * The benchmark the architecture names as the bar: a closed network of users with exponential think
 * time calling one operation that uses a processor-sharing CPU and then an FCFS disk (SimQPN's
 * reference network), as a Palladio model. Compares the engine's events per second with a bare
 * priority-queue loop processing as many events, and records heap after runs of two lengths.
 */
public final class ClosedNetworkBenchmark {

	/** What one benchmark run measured. */
	public record Figures(int users, long requests, long events, double engineSeconds, double engineEventsPerSecond,
			double requestsPerSecond, double bareEventsPerSecond, long heapAfterShortRunBytes,
			long heapAfterLongRunBytes, long peakHeapBytes, double meanResponseTime) {

		public double engineShareOfBareLoop() {
			return engineEventsPerSecond / bareEventsPerSecond;
		}
	}

	private ClosedNetworkBenchmark() {
	}

	/** Engine and bare-loop runs alternate this often; the best of each counts, as other load only slows runs down. */
	private static final int ROUNDS = 3;

	/**
	 * Runs the benchmark: one warm-up run for the JIT, a short run and a run ten times longer (heap
	 * is compared after both), then rounds of the long run alternating with the bare loop over the
	 * long run's event count.
	 */
	public static Figures run(int users, long requests, long seed)
			throws ModelCompilationException, RunCancelledException {
		ArchitectureSimulation simulation = ArchitectureSimulation.of(closedNetwork(users, 1.0, 0.02, 0.03));
		SimulationConfig config = SimulationConfig.defaults().withSeed(seed).withWarmupMeasurements(0);
		SimulationConfig shortRun = config.withMaxMeasurements(Math.max(1, requests / 10));
		SimulationConfig longRun = config.withMaxMeasurements(requests);
		simulation.run(shortRun, ProgressMonitor.NONE);
		resetPeaks();

		simulation.run(shortRun, ProgressMonitor.NONE);
		long heapAfterShort = usedHeapAfterGc();
		SimulationResult result = simulation.run(longRun, ProgressMonitor.NONE);
		long heapAfterLong = usedHeapAfterGc();
		long peak = peakHeap();

		double bestSeconds = result.wallClockSeconds();
		double bestBare = 0;
		BareEventLoop.run(Math.min(result.events(), 1_000_000), users, seed);
		for (int round = 0; round < ROUNDS; round++) {
			bestBare = Math.max(bestBare, BareEventLoop.run(result.events(), users, seed).eventsPerSecond());
			if (round > 0) {
				bestSeconds = Math.min(bestSeconds, simulation.run(longRun, ProgressMonitor.NONE).wallClockSeconds());
			}
		}
		return new Figures(users, requests, result.events(), bestSeconds, result.events() / bestSeconds,
				result.scenarios().get(0).responseTime().count() / bestSeconds, bestBare, heapAfterShort,
				heapAfterLong, peak, result.scenarios().get(0).responseTime().mean());
	}

	private static long usedHeapAfterGc() {
		for (int i = 0; i < 3; i++) {
			System.gc();
		}
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

	private static void resetPeaks() {
		heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
	}

	private static long peakHeap() {
		return heapPools().stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
	}

	private static List<MemoryPoolMXBean> heapPools() {
		return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP)
				.toList();
	}

	/** The benchmark network as a complete Palladio-style model set. */
	public static ArchitectureModel closedNetwork(int users, double thinkTime, double cpuDemand, double diskDemand) {
		PcmFactory pcm = PcmFactory.eINSTANCE;
		ArchitectureModel model = pcm.createArchitectureModel();
		model.setName("closed network benchmark");
		ResourceRepository types = pcm.createResourceRepository();
		ProcessingResourceType cpu = pcm.createProcessingResourceType();
		cpu.setName("CPU");
		ProcessingResourceType hdd = pcm.createProcessingResourceType();
		hdd.setName("HDD");
		SchedulingPolicy sharing = pcm.createSchedulingPolicy();
		sharing.setId("ProcessorSharing");
		SchedulingPolicy fcfs = pcm.createSchedulingPolicy();
		fcfs.setId("FCFS");
		types.getResourceTypes().addAll(List.of(cpu, hdd));
		types.getSchedulingPolicies().addAll(List.of(sharing, fcfs));
		model.setResourceRepository(types);

		OperationInterface api = pcm.createOperationInterface();
		OperationSignature request = pcm.createOperationSignature();
		request.setName("request");
		api.getSignatures().add(request);
		BasicComponent server = pcm.createBasicComponent();
		server.setName("Server");
		OperationProvidedRole serverRole = pcm.createOperationProvidedRole();
		serverRole.setProvidedInterface(api);
		server.getProvidedRoles().add(serverRole);
		ResourceDemandingSeff seff = pcm.createResourceDemandingSeff();
		seff.setDescribedService(request);
		var start = pcm.createStartAction();
		InternalAction work = pcm.createInternalAction();
		work.setName("compute and read");
		work.getResourceDemands().add(demand(cpu, "Exp(" + 1 / cpuDemand + ")"));
		work.getResourceDemands().add(demand(hdd, "Exp(" + 1 / diskDemand + ")"));
		var stop = pcm.createStopAction();
		start.setSuccessor(work);
		work.setSuccessor(stop);
		seff.getSteps().addAll(List.of(start, work, stop));
		server.getSeffs().add(seff);
		var repository = pcm.createRepository();
		repository.getInterfaces().add(api);
		repository.getComponents().add(server);
		model.getRepositories().add(repository);

		var environment = pcm.createResourceEnvironment();
		ResourceContainer host = pcm.createResourceContainer();
		host.setName("server");
		host.getProcessingResources().add(specification(cpu, sharing));
		host.getProcessingResources().add(specification(hdd, fcfs));
		environment.getContainers().add(host);
		model.setResourceEnvironment(environment);

		SoftwareSystem system = pcm.createSoftwareSystem();
		AssemblyContext assembly = pcm.createAssemblyContext();
		assembly.setName("Server");
		assembly.setComponent(server);
		system.getAssemblyContexts().add(assembly);
		OperationProvidedRole systemRole = pcm.createOperationProvidedRole();
		systemRole.setProvidedInterface(api);
		system.getProvidedRoles().add(systemRole);
		ProvidedDelegationConnector delegation = pcm.createProvidedDelegationConnector();
		delegation.setOuterRole(systemRole);
		delegation.setInnerContext(assembly);
		delegation.setInnerRole(serverRole);
		system.getConnectors().add(delegation);
		model.setSystem(system);

		var allocation = pcm.createAllocation();
		AllocationContext placement = pcm.createAllocationContext();
		placement.setAssemblyContext(assembly);
		placement.setContainer(host);
		allocation.getContexts().add(placement);
		model.setAllocation(allocation);

		var usage = pcm.createUsageModel();
		UsageScenario scenario = pcm.createUsageScenario();
		scenario.setName("users");
		ClosedWorkload workload = pcm.createClosedWorkload();
		workload.setPopulation(users);
		workload.setThinkTime("Exp(" + 1 / thinkTime + ")");
		scenario.setWorkload(workload);
		ScenarioBehaviour behaviour = pcm.createScenarioBehaviour();
		var userStart = pcm.createStart();
		EntryLevelSystemCall call = pcm.createEntryLevelSystemCall();
		call.setProvidedRole(systemRole);
		call.setSignature(request);
		var userStop = pcm.createStop();
		userStart.setSuccessor(call);
		call.setSuccessor(userStop);
		behaviour.getActions().addAll(List.of(userStart, call, userStop));
		scenario.setBehaviour(behaviour);
		usage.getScenarios().add(scenario);
		model.setUsageModel(usage);
		return model;
	}

	private static ParametricResourceDemand demand(ProcessingResourceType type, String demand) {
		ParametricResourceDemand resourceDemand = PcmFactory.eINSTANCE.createParametricResourceDemand();
		resourceDemand.setRequiredResource(type);
		resourceDemand.setDemand(demand);
		return resourceDemand;
	}

	private static ProcessingResourceSpecification specification(ProcessingResourceType type, SchedulingPolicy policy) {
		ProcessingResourceSpecification specification = PcmFactory.eINSTANCE.createProcessingResourceSpecification();
		specification.setResourceType(type);
		specification.setSchedulingPolicy(policy);
		specification.setProcessingRate("1");
		return specification;
	}
}
