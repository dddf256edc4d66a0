package org.iosim.simulation.internal;

import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.engine.ModelCompilationException;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelSetRules;
import org.iosim.simulation.ActionCompilers;
import org.iosim.simulation.SchedulingPolicies;
import org.iosim.engine.SimulationConfig;

/**
 * Compiles an architecture model into a {@link ModelPlan}, in three jobs: the {@link Resources}
 * of the resource environment (processing resources, virtualized storages, links), the usage
 * model's scenarios ({@link UsageCompiler}) and, as they call into the system, the behaviours of
 * the component instances they reach ({@link BehaviourCompiler}). After this nothing on the event
 * path navigates the EMF model or parses text, and building a replication from the plan does not
 * read the model either. The compiler assumes a model the validator accepts; what only a run can
 * find out (a missing resource, an unknown scheduling policy) it reports.
 */
public final class ModelCompiler {

	private ModelCompiler() {
	}

	/**
	 * Walks the model once into the plan every replication of its runs is built from.
	 *
	 * @param simulateLinkingResources whether the plan has the linking resources, which change what
	 *                                 calls between containers occupy ({@link SimulationConfig})
	 */
	public static ModelPlan compile(ArchitectureModel model, boolean simulateLinkingResources, SchedulingPolicies policies,
			AnalysisModelRegistry analysisModels, ActionCompilers actionCompilers) throws ModelCompilationException {
		ModelPlan.Builder plan = new ModelPlan.Builder();
		for (String problem : actionCompilers.problems()) {
			plan.warn(Diagnostic.warning(model, problem));
		}
		try {
			requireParts(model);
			Wiring wiring = new Wiring(model);
			Resources resources = Resources.compile(model, plan, simulateLinkingResources, policies, analysisModels);
			UsageCompiler usage = new UsageCompiler(plan,
					new BehaviourCompiler(model, plan, wiring, resources, actionCompilers));
			for (UsageScenario scenario : model.getUsageModel().getScenarios()) {
				usage.compileScenario(scenario);
			}
		} catch (Unsimulatable problem) {
			throw new ModelCompilationException(problem.element, problem.getMessage());
		}
		return plan.build();
	}

	/**
	 * The model set's own rules (its parts, no call cycle) are the validator's; the engine applies them
	 * too, since it may be handed a model nobody validated. A usage model without scenarios is valid but
	 * leaves nothing to simulate.
	 */
	private static void requireParts(ArchitectureModel model) throws ModelCompilationException {
		for (Diagnostic error : ModelSetRules.errors(model)) {
			throw new ModelCompilationException(error);
		}
		if (model.getUsageModel().getScenarios().isEmpty()) {
			throw new Unsimulatable(model.getUsageModel(), "has no usage scenario, so nothing calls the system");
		}
		for (AllocationContext context : model.getAllocation().getContexts()) {
			// an event channel's placement is left out: delivering events uses no resource
			boolean placesChannel = context.getEventChannel() != null && context.getAssemblyContext() == null;
			if (!placesChannel && (context.getAssemblyContext() == null || context.getContainer() == null)) {
				throw new Unsimulatable(context, "must name both an assembly context and a resource container");
			}
		}
	}
}
