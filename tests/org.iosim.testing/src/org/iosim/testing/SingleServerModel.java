package org.iosim.testing;

import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.VariableUsage;

/**
 * The model set most simulation tests need: one component, {@code Server}, whose one operation,
 * {@code serve}, runs the actions a test gives on one resource container, {@code server}, called by
 * the usage scenarios a test adds. The container has the resources a test adds through
 * {@link #server()}. A closed network with a processor-sharing CPU and an FCFS disk:
 *
 * <pre>{@code
 * SingleServerModel model = new SingleServerModel("closed network");
 * model.server().processorSharing(model.cpu(), "1").fcfs(model.hdd(), "1");
 * model.seff(demand(model.cpu(), "Exp(50)"), demand(model.hdd(), "Exp(33)")).closedScenario("users", 20, "Exp(1.0)");
 * }</pre>
 */
public final class SingleServerModel {

	private final ModelBuilder model;
	private final ComponentBuilder component;
	private final ContainerBuilder server;
	private final OperationSignature operation;
	private final OperationProvidedRole systemRole;

	public SingleServerModel(String name) {
		model = new ModelBuilder(name);
		OperationInterface api = model.operationInterface("IServer", "serve");
		operation = ModelBuilder.signature(api, "serve");
		component = model.component("Server").provides(api);
		server = model.container("server");
		systemRole = model.systemProvides(api, model.deploy(component, server));
	}

	public ProcessingResourceType cpu() {
		return model.cpu();
	}

	public ProcessingResourceType hdd() {
		return model.hdd();
	}

	/** The resource container, to add resources to. */
	public ContainerBuilder server() {
		return server;
	}

	/** The component, for its passive resources. */
	public ComponentBuilder component() {
		return component;
	}

	/** The operation's SEFF: the actions in order between a start and a stop action. */
	public SingleServerModel seff(AbstractAction... actions) {
		component.seff(operation, actions);
		return this;
	}

	/** A closed scenario whose users call the operation once per run, passing the parameters. */
	public SingleServerModel closedScenario(String name, int population, String thinkTime,
			VariableUsage... parameters) {
		model.closedScenario(name, population, thinkTime).call(systemRole, operation, parameters);
		return this;
	}

	/** A closed scenario whose users wait {@code delay}, then call the operation once per run. */
	public SingleServerModel closedScenarioCallingAfter(String delay, String name, int population, String thinkTime) {
		model.closedScenario(name, population, thinkTime).delay(delay).call(systemRole, operation);
		return this;
	}

	/** A closed scenario to add user actions to, e.g. calls of {@link #operation()} through {@link #systemRole()}. */
	public ScenarioBuilder closedScenarioOfActions(String name, int population, String thinkTime) {
		return model.closedScenario(name, population, thinkTime);
	}

	/** An open scenario whose users call the operation once, passing the parameters. */
	public SingleServerModel openScenario(String name, String interArrivalTime, VariableUsage... parameters) {
		model.openScenario(name, interArrivalTime).call(systemRole, operation, parameters);
		return this;
	}

	/** The operation, {@code serve}. */
	public OperationSignature operation() {
		return operation;
	}

	/** The system's provided role, which the scenarios call. */
	public OperationProvidedRole systemRole() {
		return systemRole;
	}

	public ArchitectureModel build() {
		return model.build();
	}
}
