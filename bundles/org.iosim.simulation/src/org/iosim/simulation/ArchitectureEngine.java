package org.iosim.simulation;

import org.eclipse.emf.ecore.EObject;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.engine.Engine;
import org.iosim.engine.ModelCompilationException;
import org.iosim.pcm.ArchitectureModel;

/** The engine of architecture models: event-driven simulation of their usage, behaviours and resources. */
public final class ArchitectureEngine implements Engine {

	public static final String ID = "architecture";

	@Override
	public String id() {
		return ID;
	}

	@Override
	public boolean accepts(EObject model) {
		return model instanceof ArchitectureModel;
	}

	@Override
	public ArchitectureSimulation prepare(EObject model) throws ModelCompilationException {
		return ArchitectureSimulation.of((ArchitectureModel) model);
	}

	/**
	 * Compiles with the caller's analysis model kinds and action compilers, if it gives them, so that they
	 * are not discovered again.
	 */
	@Override
	public ArchitectureSimulation prepare(EObject model, Services services) throws ModelCompilationException {
		return ArchitectureSimulation.of((ArchitectureModel) model, SchedulingPolicies.standard(),
				services.get(AnalysisModelRegistry.class).orElseGet(AnalysisModelRegistry::standard),
				services.get(ActionCompilers.class).orElseGet(ActionCompilers::standard));
	}
}
