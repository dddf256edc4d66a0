package org.iosim.testing;

import static org.iosim.testing.ModelBuilder.PCM;

import java.util.List;

import org.eclipse.emf.common.util.EList;
import org.iosim.pcm.Delay;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.Start;
import org.iosim.pcm.Stop;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.Workload;

/**
 * Adds user actions to a usage scenario of a {@link ModelBuilder}, in order. The scenario's
 * behaviour runs from a start to a stop action at any time, so a scenario is complete after each step.
 */
public final class ScenarioBuilder {

	private final Ids ids;
	private final UsageScenario scenario;
	private final ScenarioBehaviour behaviour = PCM.createScenarioBehaviour();

	ScenarioBuilder(Ids ids, UsageScenario scenario, Workload workload) {
		this.ids = ids;
		this.scenario = scenario;
		scenario.setWorkload(workload);
		ids.identify(behaviour, scenario.getId() + ".behaviour", scenario.getName());
		Start start = PCM.createStart();
		start.setName("start");
		Stop stop = PCM.createStop();
		stop.setName("stop");
		start.setSuccessor(stop);
		behaviour.getActions().addAll(List.of(start, stop));
		scenario.setBehaviour(behaviour);
		ids.identifyContents(behaviour);
	}

	/** A call of the signature through the system's provided role, passing the parameters. */
	public ScenarioBuilder call(OperationProvidedRole systemRole, OperationSignature signature,
			VariableUsage... parameters) {
		EntryLevelSystemCall call = PCM.createEntryLevelSystemCall();
		call.setName("call " + signature.getName());
		call.setProvidedRole(systemRole);
		call.setSignature(signature);
		call.getInputParameterUsages().addAll(List.of(parameters));
		return then(call);
	}

	public ScenarioBuilder delay(String time) {
		Delay delay = PCM.createDelay();
		delay.setName("delay");
		delay.setTime(time);
		return then(delay);
	}

	/** Puts the action last before the stop action. */
	private ScenarioBuilder then(UserAction action) {
		EList<UserAction> actions = behaviour.getActions();
		UserAction stop = actions.get(actions.size() - 1);
		stop.getPredecessor().setSuccessor(action);
		action.setSuccessor(stop);
		actions.add(actions.size() - 1, action);
		ids.identifyContents(behaviour);
		return this;
	}

	public UsageScenario scenario() {
		return scenario;
	}
}
