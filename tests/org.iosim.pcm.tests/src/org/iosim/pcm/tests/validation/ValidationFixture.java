package org.iosim.pcm.tests.validation;

import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.Allocation;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.Branch;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.CommunicationLinkResourceType;
import org.iosim.pcm.Entity;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.Repository;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceEnvironment;
import org.iosim.pcm.ResourceRepository;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.StartAction;
import org.iosim.pcm.Stop;
import org.iosim.pcm.StopAction;
import org.iosim.pcm.UsageModel;
import org.iosim.pcm.UsageScenario;

/**
 * A valid model set built in code, whose parts the tests break one at a time: a frontend on an
 * application server calls a backend on a database server over a LAN; the frontend branches, the
 * backend holds a passive resource; users arrive in a closed workload and branch between two calls.
 */
final class ValidationFixture {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;

	final ArchitectureModel model = PCM.createArchitectureModel();

	final ProcessingResourceType cpuType = PCM.createProcessingResourceType();
	final ProcessingResourceType hddType = PCM.createProcessingResourceType();
	final CommunicationLinkResourceType lanType = PCM.createCommunicationLinkResourceType();
	final SchedulingPolicy sharing = PCM.createSchedulingPolicy();

	final Repository repository = PCM.createRepository();
	final OperationInterface ordering = PCM.createOperationInterface();
	final OperationSignature place = PCM.createOperationSignature();
	final OperationInterface storage = PCM.createOperationInterface();
	final OperationSignature save = PCM.createOperationSignature();
	final BasicComponent frontend = PCM.createBasicComponent();
	final OperationProvidedRole frontendOrdering = PCM.createOperationProvidedRole();
	final OperationRequiredRole frontendStorage = PCM.createOperationRequiredRole();
	final ResourceDemandingSeff placeSeff = PCM.createResourceDemandingSeff();
	final StartAction placeStart = PCM.createStartAction();
	final InternalAction check = PCM.createInternalAction();
	final ParametricResourceDemand checkDemand = PCM.createParametricResourceDemand();
	final BranchAction route = PCM.createBranchAction();
	final ProbabilisticBranchTransition fast = PCM.createProbabilisticBranchTransition();
	final ProbabilisticBranchTransition slow = PCM.createProbabilisticBranchTransition();
	final ExternalCallAction saveCall = PCM.createExternalCallAction();
	final StopAction placeStop = PCM.createStopAction();
	final BasicComponent backend = PCM.createBasicComponent();
	final OperationProvidedRole backendStorage = PCM.createOperationProvidedRole();
	final PassiveResource connections = PCM.createPassiveResource();
	final ResourceDemandingSeff saveSeff = PCM.createResourceDemandingSeff();

	final ResourceEnvironment environment = PCM.createResourceEnvironment();
	final ResourceContainer app = PCM.createResourceContainer();
	final ProcessingResourceSpecification appCpu = PCM.createProcessingResourceSpecification();
	final ResourceContainer db = PCM.createResourceContainer();
	final HddProcessingResourceSpecification dbDisk = PCM.createHddProcessingResourceSpecification();
	final LinkingResource lan = PCM.createLinkingResource();

	final SoftwareSystem system = PCM.createSoftwareSystem();
	final OperationProvidedRole systemOrdering = PCM.createOperationProvidedRole();
	final AssemblyContext frontendAssembly = PCM.createAssemblyContext();
	final AssemblyContext backendAssembly = PCM.createAssemblyContext();
	final ProvidedDelegationConnector delegation = PCM.createProvidedDelegationConnector();
	final AssemblyConnector frontendToBackend = PCM.createAssemblyConnector();

	final Allocation allocation = PCM.createAllocation();
	final AllocationContext frontendPlacement = PCM.createAllocationContext();
	final AllocationContext backendPlacement = PCM.createAllocationContext();

	final UsageModel usageModel = PCM.createUsageModel();
	final UsageScenario scenario = PCM.createUsageScenario();
	final ClosedWorkload workload = PCM.createClosedWorkload();
	final ScenarioBehaviour scenarioBehaviour = PCM.createScenarioBehaviour();
	final Branch choice = PCM.createBranch();
	final ScenarioBranchTransition often = PCM.createScenarioBranchTransition();
	final ScenarioBranchTransition rarely = PCM.createScenarioBranchTransition();
	final EntryLevelSystemCall call = PCM.createEntryLevelSystemCall();

	ValidationFixture() {
		model.setName("fixture");
		resourceTypes();
		repository();
		resourceEnvironment();
		system();
		allocation();
		usageModel();
	}

	private void resourceTypes() {
		ResourceRepository types = PCM.createResourceRepository();
		name(cpuType, "type.cpu", "CPU");
		name(hddType, "type.hdd", "HDD");
		lanType.setId("type.lan");
		lanType.setName("LAN");
		sharing.setId("ProcessorSharing");
		sharing.setName("Processor Sharing");
		types.getResourceTypes().add(cpuType);
		types.getResourceTypes().add(hddType);
		types.getResourceTypes().add(lanType);
		types.getSchedulingPolicies().add(sharing);
		model.setResourceRepository(types);
	}

	private void repository() {
		repository.setId("repository");
		repository.setName("Orders");
		name(ordering, "ordering", "IOrdering");
		name(place, "ordering.place", "place");
		ordering.getSignatures().add(place);
		name(storage, "storage", "IStorage");
		name(save, "storage.save", "save");
		storage.getSignatures().add(save);
		repository.getInterfaces().add(ordering);
		repository.getInterfaces().add(storage);

		name(frontend, "frontend", "Frontend");
		name(frontendOrdering, "frontend.ordering", "Frontend_IOrdering");
		frontendOrdering.setProvidedInterface(ordering);
		frontend.getProvidedRoles().add(frontendOrdering);
		name(frontendStorage, "frontend.storage", "Frontend_IStorage");
		frontendStorage.setRequiredInterface(storage);
		frontend.getRequiredRoles().add(frontendStorage);
		placeSeff.setId("frontend.place");
		placeSeff.setDescribedService(place);
		name(placeStart, "place.start", null);
		name(check, "place.check", "check");
		checkDemand.setDemand("Exp(2.0)");
		checkDemand.setRequiredResource(cpuType);
		check.getResourceDemands().add(checkDemand);
		name(route, "place.route", "route");
		name(fast, "route.fast", "fast");
		fast.setProbability(0.6);
		fast.setBehaviour(emptyBehaviour("fast"));
		name(slow, "route.slow", "slow");
		slow.setProbability(0.4);
		slow.setBehaviour(emptyBehaviour("slow"));
		route.getBranches().add(fast);
		route.getBranches().add(slow);
		name(saveCall, "place.save", "save");
		saveCall.setRole(frontendStorage);
		saveCall.setSignature(save);
		name(placeStop, "place.stop", null);
		chain(placeSeff, placeStart, check, route, saveCall, placeStop);
		frontend.getSeffs().add(placeSeff);

		name(backend, "backend", "Backend");
		name(backendStorage, "backend.storage", "Backend_IStorage");
		backendStorage.setProvidedInterface(storage);
		backend.getProvidedRoles().add(backendStorage);
		name(connections, "backend.connections", "connections");
		connections.setCapacity("4");
		backend.getPassiveResources().add(connections);
		saveSeff.setId("backend.save");
		saveSeff.setDescribedService(save);
		AcquireAction acquire = PCM.createAcquireAction();
		name(acquire, "save.acquire", "acquire");
		acquire.setPassiveResource(connections);
		ReleaseAction release = PCM.createReleaseAction();
		name(release, "save.release", "release");
		release.setPassiveResource(connections);
		StartAction start = PCM.createStartAction();
		start.setId("save.start");
		StopAction stop = PCM.createStopAction();
		stop.setId("save.stop");
		chain(saveSeff, start, acquire, release, stop);
		backend.getSeffs().add(saveSeff);

		repository.getComponents().add(frontend);
		repository.getComponents().add(backend);
		model.getRepositories().add(repository);
	}

	private void resourceEnvironment() {
		name(environment, "environment", "Hardware");
		name(app, "app", "AppServer");
		appCpu.setId("app.cpu");
		appCpu.setResourceType(cpuType);
		appCpu.setSchedulingPolicy(sharing);
		appCpu.setProcessingRate("1000");
		app.getProcessingResources().add(appCpu);
		name(db, "db", "DatabaseServer");
		dbDisk.setId("db.disk");
		dbDisk.setResourceType(hddType);
		dbDisk.setSchedulingPolicy(sharing);
		dbDisk.setProcessingRate("1");
		dbDisk.setReadProcessingRate("80000000");
		dbDisk.setWriteProcessingRate("60000000");
		db.getProcessingResources().add(dbDisk);
		name(lan, "lan", "LAN");
		lan.setResourceType(lanType);
		lan.setLatency("0.001");
		lan.setThroughput("125000000");
		lan.getConnectedContainers().add(app);
		lan.getConnectedContainers().add(db);
		environment.getContainers().add(app);
		environment.getContainers().add(db);
		environment.getLinkingResources().add(lan);
		model.setResourceEnvironment(environment);
	}

	private void system() {
		name(system, "system", "Orders");
		name(systemOrdering, "system.ordering", "Orders_IOrdering");
		systemOrdering.setProvidedInterface(ordering);
		system.getProvidedRoles().add(systemOrdering);
		name(frontendAssembly, "frontend.assembly", "Frontend_1");
		frontendAssembly.setComponent(frontend);
		name(backendAssembly, "backend.assembly", "Backend_1");
		backendAssembly.setComponent(backend);
		system.getAssemblyContexts().add(frontendAssembly);
		system.getAssemblyContexts().add(backendAssembly);
		name(delegation, "delegation", "Orders_to_Frontend");
		delegation.setOuterRole(systemOrdering);
		delegation.setInnerContext(frontendAssembly);
		delegation.setInnerRole(frontendOrdering);
		name(frontendToBackend, "frontend.to.backend", "Frontend_to_Backend");
		frontendToBackend.setRequiringContext(frontendAssembly);
		frontendToBackend.setRequiredRole(frontendStorage);
		frontendToBackend.setProvidingContext(backendAssembly);
		frontendToBackend.setProvidedRole(backendStorage);
		system.getConnectors().add(delegation);
		system.getConnectors().add(frontendToBackend);
		model.setSystem(system);
	}

	private void allocation() {
		name(allocation, "allocation", "Deployment");
		allocation.setSystem(system);
		allocation.setResourceEnvironment(environment);
		name(frontendPlacement, "frontend.on.app", "Frontend_on_AppServer");
		frontendPlacement.setAssemblyContext(frontendAssembly);
		frontendPlacement.setContainer(app);
		name(backendPlacement, "backend.on.db", "Backend_on_DatabaseServer");
		backendPlacement.setAssemblyContext(backendAssembly);
		backendPlacement.setContainer(db);
		allocation.getContexts().add(frontendPlacement);
		allocation.getContexts().add(backendPlacement);
		model.setAllocation(allocation);
	}

	private void usageModel() {
		usageModel.setId("usage");
		name(scenario, "scenario", "Ordering");
		workload.setPopulation(5);
		workload.setThinkTime("Exp(0.1)");
		scenario.setWorkload(workload);
		name(scenarioBehaviour, "scenario.behaviour", "OrderingBehaviour");
		var start = PCM.createStart();
		start.setId("user.start");
		name(choice, "user.choice", "choice");
		often.setId("choice.often");
		often.setProbability(0.9);
		often.setBody(userCall());
		rarely.setId("choice.rarely");
		rarely.setProbability(0.1);
		rarely.setBody(emptyScenario("rarely"));
		choice.getTransitions().add(often);
		choice.getTransitions().add(rarely);
		Stop stop = PCM.createStop();
		stop.setId("user.stop");
		start.setSuccessor(choice);
		choice.setSuccessor(stop);
		scenarioBehaviour.getActions().add(start);
		scenarioBehaviour.getActions().add(choice);
		scenarioBehaviour.getActions().add(stop);
		scenario.setBehaviour(scenarioBehaviour);
		usageModel.getScenarios().add(scenario);
		model.setUsageModel(usageModel);
	}

	/**
	 * Makes the backend's save call {@code signature} of {@code providedRole} on {@code provider}: a new
	 * required role, an external call inserted after step {@code afterStep} of save, and an assembly
	 * connector; e.g. a call back to the frontend or to the backend itself, which closes a call cycle.
	 *
	 * @return the call, with the id {@code save.<name>}
	 */
	ExternalCallAction addBackendCall(String name, OperationSignature signature, int afterStep,
			AssemblyContext provider, OperationProvidedRole providedRole) {
		OperationRequiredRole role = PCM.createOperationRequiredRole();
		role.setId("backend." + name + ".role");
		role.setRequiredInterface(providedRole.getProvidedInterface());
		backend.getRequiredRoles().add(role);
		ExternalCallAction call = PCM.createExternalCallAction();
		name(call, "save." + name, name);
		call.setRole(role);
		call.setSignature(signature);
		AbstractAction before = saveSeff.getSteps().get(afterStep);
		call.setSuccessor(before.getSuccessor());
		before.setSuccessor(call);
		saveSeff.getSteps().add(call);
		AssemblyConnector connector = PCM.createAssemblyConnector();
		connector.setId("backend." + name + ".connector");
		connector.setRequiringContext(backendAssembly);
		connector.setRequiredRole(role);
		connector.setProvidingContext(provider);
		connector.setProvidedRole(providedRole);
		system.getConnectors().add(connector);
		return call;
	}

	private ScenarioBehaviour userCall() {
		ScenarioBehaviour behaviour = PCM.createScenarioBehaviour();
		name(behaviour, "often.behaviour", "often");
		var start = PCM.createStart();
		start.setId("often.start");
		name(call, "often.place", "placeOrder");
		call.setProvidedRole(systemOrdering);
		call.setSignature(place);
		Stop stop = PCM.createStop();
		stop.setId("often.stop");
		start.setSuccessor(call);
		call.setSuccessor(stop);
		behaviour.getActions().add(start);
		behaviour.getActions().add(call);
		behaviour.getActions().add(stop);
		return behaviour;
	}

	private static ScenarioBehaviour emptyScenario(String name) {
		ScenarioBehaviour behaviour = PCM.createScenarioBehaviour();
		name(behaviour, name + ".behaviour", name);
		var start = PCM.createStart();
		start.setId(name + ".start");
		Stop stop = PCM.createStop();
		stop.setId(name + ".stop");
		start.setSuccessor(stop);
		behaviour.getActions().add(start);
		behaviour.getActions().add(stop);
		return behaviour;
	}

	private static ResourceDemandingBehaviour emptyBehaviour(String name) {
		ResourceDemandingBehaviour behaviour = PCM.createResourceDemandingBehaviour();
		behaviour.setId(name + ".behaviour");
		StartAction start = PCM.createStartAction();
		start.setId(name + ".start");
		StopAction stop = PCM.createStopAction();
		stop.setId(name + ".stop");
		chain(behaviour, start, stop);
		return behaviour;
	}

	private static void chain(ResourceDemandingBehaviour behaviour, AbstractAction... actions) {
		for (int i = 0; i < actions.length; i++) {
			behaviour.getSteps().add(actions[i]);
			if (i > 0) {
				actions[i - 1].setSuccessor(actions[i]);
			}
		}
	}

	private static void name(Entity entity, String id, String name) {
		entity.setId(id);
		entity.setName(name);
	}
}
