package org.iosim.analysis;

import java.util.Set;

import org.iosim.analysis.internal.ValidatedModel;

/**
 * An I/O analysis model (001, step IV): predicts the delay of a request arriving at a storage
 * resource from the workload state it meets. Regression models, queueing models and the built-in
 * formula and table models implement it. A model is created for one replication of a simulation
 * (see {@link ModelContext}) and called from that replication's thread only, so it may keep state;
 * replications running in parallel each have their own.
 */
public interface IoAnalysisModel {

	/** @return the inputs the prediction depends on; the others may take any value */
	Set<WorkloadInput> inputs();

	/**
	 * @param state the workload state at the arrival of the request
	 * @return the request's delay in the time unit of the simulation (seconds unless the model
	 *         says otherwise), finite and not negative
	 * @throws AnalysisModelException if the model cannot predict for this state
	 */
	double delay(WorkloadState state) throws AnalysisModelException;

	/** @return a short human-readable description, e.g. the formula or the data the model uses */
	default String describe() {
		return getClass().getSimpleName();
	}

	/**
	 * Guards a model: a delay that is negative, NaN or infinite, and a runtime exception thrown by
	 * the model, become an {@link AnalysisModelException} naming the model and the workload state.
	 * {@link AnalysisModelRegistry#create} returns models guarded this way.
	 *
	 * @param modelName the name to report
	 * @param model     the model to guard
	 * @return the guarded model; {@code model} itself if it is already guarded under that name
	 */
	static IoAnalysisModel validated(String modelName, IoAnalysisModel model) {
		return ValidatedModel.of(modelName, model);
	}
}
