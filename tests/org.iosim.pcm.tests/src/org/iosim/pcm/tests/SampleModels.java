package org.iosim.pcm.tests;

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
import org.iosim.pcm.Repository;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceEnvironment;
import org.iosim.pcm.ResourceRepository;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.UsageModel;
import org.iosim.pcm.UsageScenario;

/** Complete model sets built in code, for tests that need a valid model without files. */
final class SampleModels {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;

	private SampleModels() {
	}

	/** One component with one operation on one processor-sharing CPU, called by a closed workload. */
	static ArchitectureModel singleServer() {
		ArchitectureModel model = PCM.createArchitectureModel();
		model.setId("model");
		model.setName("single server");

		ResourceRepository resources = PCM.createResourceRepository();
		resources.setId("resources");
		ProcessingResourceType cpu = PCM.createProcessingResourceType();
		cpu.setId("type.cpu");
		cpu.setName("CPU");
		SchedulingPolicy sharing = PCM.createSchedulingPolicy();
		sharing.setId("ProcessorSharing");
		sharing.setName("Processor Sharing");
		resources.getResourceTypes().add(cpu);
		resources.getSchedulingPolicies().add(sharing);
		model.setResourceRepository(resources);

		Repository repository = PCM.createRepository();
		repository.setId("repository");
		OperationInterface api = PCM.createOperationInterface();
		api.setId("interface");
		api.setName("Api");
		OperationSignature handle = PCM.createOperationSignature();
		handle.setId("signature.handle");
		handle.setName("handle");
		api.getSignatures().add(handle);
		repository.getInterfaces().add(api);

		BasicComponent server = PCM.createBasicComponent();
		server.setId("component.server");
		server.setName("Server");
		OperationProvidedRole serverRole = PCM.createOperationProvidedRole();
		serverRole.setId("role.server");
		serverRole.setProvidedInterface(api);
		server.getProvidedRoles().add(serverRole);
		ResourceDemandingSeff seff = PCM.createResourceDemandingSeff();
		seff.setId("seff.handle");
		seff.setDescribedService(handle);
		var start = PCM.createStartAction();
		start.setId("seff.start");
		InternalAction work = PCM.createInternalAction();
		work.setId("seff.work");
		work.setName("work");
		ParametricResourceDemand demand = PCM.createParametricResourceDemand();
		demand.setDemand("Exp(2.0)");
		demand.setRequiredResource(cpu);
		work.getResourceDemands().add(demand);
		var stop = PCM.createStopAction();
		stop.setId("seff.stop");
		start.setSuccessor(work);
		work.setSuccessor(stop);
		seff.getSteps().add(start);
		seff.getSteps().add(work);
		seff.getSteps().add(stop);
		server.getSeffs().add(seff);
		repository.getComponents().add(server);
		model.getRepositories().add(repository);

		ResourceEnvironment environment = PCM.createResourceEnvironment();
		environment.setId("environment");
		ResourceContainer host = PCM.createResourceContainer();
		host.setId("container.host");
		host.setName("host");
		ProcessingResourceSpecification hostCpu = PCM.createProcessingResourceSpecification();
		hostCpu.setId("host.cpu");
		hostCpu.setResourceType(cpu);
		hostCpu.setSchedulingPolicy(sharing);
		hostCpu.setProcessingRate("1.0");
		host.getProcessingResources().add(hostCpu);
		environment.getContainers().add(host);
		model.setResourceEnvironment(environment);

		SoftwareSystem system = PCM.createSoftwareSystem();
		system.setId("system");
		AssemblyContext serverAssembly = PCM.createAssemblyContext();
		serverAssembly.setId("assembly.server");
		serverAssembly.setComponent(server);
		system.getAssemblyContexts().add(serverAssembly);
		OperationProvidedRole systemRole = PCM.createOperationProvidedRole();
		systemRole.setId("role.system");
		systemRole.setProvidedInterface(api);
		system.getProvidedRoles().add(systemRole);
		ProvidedDelegationConnector delegation = PCM.createProvidedDelegationConnector();
		delegation.setId("delegation");
		delegation.setOuterRole(systemRole);
		delegation.setInnerContext(serverAssembly);
		delegation.setInnerRole(serverRole);
		system.getConnectors().add(delegation);
		model.setSystem(system);

		var allocation = PCM.createAllocation();
		allocation.setId("allocation");
		allocation.setSystem(system);
		allocation.setResourceEnvironment(environment);
		AllocationContext placement = PCM.createAllocationContext();
		placement.setId("allocation.server");
		placement.setAssemblyContext(serverAssembly);
		placement.setContainer(host);
		allocation.getContexts().add(placement);
		model.setAllocation(allocation);

		UsageModel usage = PCM.createUsageModel();
		usage.setId("usage");
		UsageScenario scenario = PCM.createUsageScenario();
		scenario.setId("scenario");
		scenario.setName("browse");
		ClosedWorkload workload = PCM.createClosedWorkload();
		workload.setPopulation(7);
		workload.setThinkTime("Exp(0.1)");
		scenario.setWorkload(workload);
		ScenarioBehaviour behaviour = PCM.createScenarioBehaviour();
		behaviour.setId("scenario.behaviour");
		var userStart = PCM.createStart();
		userStart.setId("user.start");
		EntryLevelSystemCall call = PCM.createEntryLevelSystemCall();
		call.setId("user.call");
		call.setProvidedRole(systemRole);
		call.setSignature(handle);
		var userStop = PCM.createStop();
		userStop.setId("user.stop");
		userStart.setSuccessor(call);
		call.setSuccessor(userStop);
		behaviour.getActions().add(userStart);
		behaviour.getActions().add(call);
		behaviour.getActions().add(userStop);
		scenario.setBehaviour(behaviour);
		usage.getScenarios().add(scenario);
		model.setUsageModel(usage);
		return model;
	}
}
