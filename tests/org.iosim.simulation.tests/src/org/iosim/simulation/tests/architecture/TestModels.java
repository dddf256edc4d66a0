package org.iosim.simulation.tests.architecture;

import java.util.ArrayList;
import java.util.List;

import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.OpenWorkload;
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
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceRepository;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableCharacterisationType;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.Workload;

/**
 * Builds small complete models in code: one component whose single operation runs a list of actions
 * on one server, called by one usage scenario.
 */
final class TestModels {

	static final PcmFactory PCM = PcmFactory.eINSTANCE;

	final ArchitectureModel model = PCM.createArchitectureModel();
	final ResourceRepository types = PCM.createResourceRepository();
	final ProcessingResourceType cpu = type("CPU");
	final ProcessingResourceType hdd = type("HDD");
	final ResourceContainer server = PCM.createResourceContainer();
	final BasicComponent component = PCM.createBasicComponent();
	private final OperationSignature operation = PCM.createOperationSignature();
	private final OperationProvidedRole systemRole = PCM.createOperationProvidedRole();
	private int ids;

	TestModels() {
		model.setName("test model");
		model.setResourceRepository(types);
		for (String policy : List.of("ProcessorSharing", "FCFS", "Delay")) {
			SchedulingPolicy scheduling = PCM.createSchedulingPolicy();
			scheduling.setId(policy);
			types.getSchedulingPolicies().add(scheduling);
		}
		Repository repository = PCM.createRepository();
		OperationInterface api = PCM.createOperationInterface();
		operation.setName("serve");
		operation.setId(id());
		api.getSignatures().add(operation);
		repository.getInterfaces().add(api);
		component.setName("Server");
		component.setId(id());
		OperationProvidedRole componentRole = PCM.createOperationProvidedRole();
		componentRole.setProvidedInterface(api);
		componentRole.setId(id());
		component.getProvidedRoles().add(componentRole);
		repository.getComponents().add(component);
		model.getRepositories().add(repository);

		var environment = PCM.createResourceEnvironment();
		server.setName("server");
		server.setId(id());
		environment.getContainers().add(server);
		model.setResourceEnvironment(environment);

		SoftwareSystem system = PCM.createSoftwareSystem();
		AssemblyContext assembly = PCM.createAssemblyContext();
		assembly.setName("Server");
		assembly.setId(id());
		assembly.setComponent(component);
		system.getAssemblyContexts().add(assembly);
		systemRole.setProvidedInterface(api);
		systemRole.setId(id());
		system.getProvidedRoles().add(systemRole);
		ProvidedDelegationConnector delegation = PCM.createProvidedDelegationConnector();
		delegation.setOuterRole(systemRole);
		delegation.setInnerContext(assembly);
		delegation.setInnerRole(componentRole);
		system.getConnectors().add(delegation);
		model.setSystem(system);

		var allocation = PCM.createAllocation();
		AllocationContext placement = PCM.createAllocationContext();
		placement.setAssemblyContext(assembly);
		placement.setContainer(server);
		allocation.getContexts().add(placement);
		allocation.setSystem(system);
		allocation.setResourceEnvironment(environment);
		model.setAllocation(allocation);
		model.setUsageModel(PCM.createUsageModel());
	}

	private String id() {
		return "e" + ids++;
	}

	private ProcessingResourceType type(String name) {
		ProcessingResourceType type = PCM.createProcessingResourceType();
		type.setName(name);
		type.setId("type." + name);
		types.getResourceTypes().add(type);
		return type;
	}

	/** Gives the server a resource of the type with the scheduling policy, servers and rate. */
	TestModels resource(ProcessingResourceType type, String policy, int servers, String rate) {
		ProcessingResourceSpecification specification = PCM.createProcessingResourceSpecification();
		specification.setId(id());
		specification.setResourceType(type);
		specification.setSchedulingPolicy(types.getSchedulingPolicies().stream()
				.filter(candidate -> candidate.getId().equals(policy)).findFirst().orElseThrow());
		specification.setNumberOfReplicas(servers);
		specification.setProcessingRate(rate);
		server.getProcessingResources().add(specification);
		return this;
	}

	static InternalAction demand(ProcessingResourceType type, String demand) {
		InternalAction action = PCM.createInternalAction();
		action.setName("demand on " + type.getName());
		ParametricResourceDemand resourceDemand = PCM.createParametricResourceDemand();
		resourceDemand.setRequiredResource(type);
		resourceDemand.setDemand(demand);
		action.getResourceDemands().add(resourceDemand);
		return action;
	}

	/** The operation's SEFF: the actions in order between a start and a stop action. */
	TestModels seff(AbstractAction... actions) {
		ResourceDemandingSeff seff = PCM.createResourceDemandingSeff();
		seff.setDescribedService(operation);
		chain(seff, actions);
		component.getSeffs().add(seff);
		return this;
	}

	static void chain(ResourceDemandingBehaviour behaviour, AbstractAction... actions) {
		List<AbstractAction> all = new ArrayList<>();
		all.add(PCM.createStartAction());
		all.addAll(List.of(actions));
		all.add(PCM.createStopAction());
		for (int i = 0; i + 1 < all.size(); i++) {
			all.get(i).setSuccessor(all.get(i + 1));
		}
		behaviour.getSteps().addAll(all);
	}

	static ResourceDemandingBehaviour behaviour(AbstractAction... actions) {
		ResourceDemandingBehaviour behaviour = PCM.createResourceDemandingBehaviour();
		chain(behaviour, actions);
		return behaviour;
	}

	/** {@code variable.VALUE = specification} */
	static VariableUsage value(String variable, String specification) {
		VariableUsage usage = PCM.createVariableUsage();
		usage.setVariable(variable);
		VariableCharacterisation characterisation = PCM.createVariableCharacterisation();
		characterisation.setType(VariableCharacterisationType.VALUE);
		characterisation.setSpecification(specification);
		usage.getCharacterisations().add(characterisation);
		return usage;
	}

	TestModels closedScenario(String name, int population, String thinkTime) {
		ClosedWorkload workload = PCM.createClosedWorkload();
		workload.setPopulation(population);
		workload.setThinkTime(thinkTime);
		return scenario(name, workload);
	}

	TestModels openScenario(String name, String interArrivalTime) {
		OpenWorkload workload = PCM.createOpenWorkload();
		workload.setInterArrivalTime(interArrivalTime);
		return scenario(name, workload);
	}

	/** A scenario whose users call the operation once, with the given user actions after the call. */
	TestModels scenario(String name, Workload workload, UserAction... after) {
		return scenario(name, workload, List.of(), after);
	}

	/** As {@link #scenario(String, Workload, UserAction...)}, passing the given parameters to the call. */
	TestModels scenario(String name, Workload workload, List<VariableUsage> parameters, UserAction... after) {
		UsageScenario scenario = PCM.createUsageScenario();
		scenario.setName(name);
		scenario.setId(id());
		scenario.setWorkload(workload);
		ScenarioBehaviour behaviour = PCM.createScenarioBehaviour();
		List<UserAction> actions = new ArrayList<>();
		actions.add(PCM.createStart());
		EntryLevelSystemCall call = PCM.createEntryLevelSystemCall();
		call.setId(id());
		call.setProvidedRole(systemRole);
		call.setSignature(operation);
		call.getInputParameterUsages().addAll(parameters);
		actions.add(call);
		actions.addAll(List.of(after));
		actions.add(PCM.createStop());
		for (int i = 0; i + 1 < actions.size(); i++) {
			actions.get(i).setSuccessor(actions.get(i + 1));
		}
		behaviour.getActions().addAll(actions);
		scenario.setBehaviour(behaviour);
		model.getUsageModel().getScenarios().add(scenario);
		return this;
	}
}
