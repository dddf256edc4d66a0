package org.iosim.pcm.validation;

import java.util.ArrayList;
import java.util.List;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.wiring.CallCycles;

/**
 * The rules of a model set as a whole: it has all its parts, and no call closes a call cycle (errors);
 * no event closes an event cycle (a warning). The validator applies them to every model set, and the
 * simulation's compiler to a model an engine is handed without validation, so that both find the
 * same problems in the same words.
 */
public final class ModelSetRules {

	private ModelSetRules() {
	}

	/** @return the errors of the model set as a whole: missing parts, then call cycles */
	public static List<Diagnostic> errors(ArchitectureModel modelSet) {
		Findings findings = new Findings();
		checkParts(modelSet, findings);
		checkCallCycles(modelSet, findings);
		return findings.diagnostics();
	}

	/** Reports every rule of the model set as a whole, in the order {@link #errors} and then event cycles. */
	static void check(ArchitectureModel modelSet, Findings findings) {
		checkParts(modelSet, findings);
		checkCallCycles(modelSet, findings);
		for (CallCycles.Cycle cycle : CallCycles.events(modelSet).find()) {
			findings.warning(Rule.EVENT_CYCLE, cycle.closingCall(),
					"the event closes an event cycle, " + cycle.path() + ": unless a branch or"
					+ " filter condition breaks it, every event causes another for ever and the load they make grows"
					+ " until a resource saturates");
		}
	}

	private static void checkParts(ArchitectureModel modelSet, Findings findings) {
		List<String> missing = new ArrayList<>();
		if (modelSet.getRepositories().isEmpty()) {
			missing.add("repository");
		}
		if (modelSet.getSystem() == null) {
			missing.add("system");
		}
		if (modelSet.getResourceEnvironment() == null) {
			missing.add("resource environment");
		}
		if (modelSet.getAllocation() == null) {
			missing.add("allocation");
		}
		if (modelSet.getUsageModel() == null) {
			missing.add("usage model");
		}
		for (String part : missing) {
			findings.error(Rule.MODEL_SET_PART, modelSet, "the model set has no " + part);
		}
	}

	private static void checkCallCycles(ArchitectureModel modelSet, Findings findings) {
		for (CallCycles.Cycle cycle : new CallCycles(modelSet).find()) {
			findings.error(Rule.CALL_CYCLE, cycle.closingCall(), "the call closes a call cycle, " + cycle.path()
					+ ": a simulated recursion never ends; Palladio models have no recursion (repeat calls with a loop)");
		}
	}
}
