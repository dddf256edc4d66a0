package org.iosim.simulation.internal;

import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.wiring.CallCycles;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.engine.ModelCompilationException;
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
			AnalysisModelRegistry analysisModels) throws ModelCompilationException {
		ModelPlan.Builder plan = new ModelPlan.Builder();
		try {
			requireParts(model);
			Wiring wiring = new Wiring(model);
			Resources resources = Resources.compile(model, plan, simulateLinkingResources, policies, analysisModels);
			UsageCompiler usage = new UsageCompiler(plan, new BehaviourCompiler(model, plan, wiring, resources));
			for (UsageScenario scenario : model.getUsageModel().getScenarios()) {
				usage.compileScenario(scenario);
			}
		} catch (Unsimulatable problem) {
			throw new ModelCompilationException(problem.element, problem.getMessage());
		}
		return plan.build();
	}

	private static void requireParts(ArchitectureModel model) {
		if (model.getUsageModel() == null || model.getUsageModel().getScenarios().isEmpty()) {
			throw new Unsimulatable(model, "has no usage model with a usage scenario, so nothing calls the system;"
					+ " add a .usagemodel to " + Elements.describe(model));
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
		for (AllocationContext context : model.getAllocation().getContexts()) {
			// an event channel's placement is left out: delivering events uses no resource
			boolean placesChannel = context.getEventChannel() != null && context.getAssemblyContext() == null;
			if (!placesChannel && (context.getAssemblyContext() == null || context.getContainer() == null)) {
				throw new Unsimulatable(context, "must name both an assembly context and a resource container");
			}
		}
	}
}
