package org.iosim.analysis;

/**
 * An analysis model with a sub-model of its own inside the simulation: instead of a delay fixed when
 * the request arrives (dissertation 001, step V), the request enters the sub-model (e.g. queueing
 * places), contends there with the requests that come after it, and leaves when the sub-model says.
 * The sub-model runs on the clock of the {@link ModelContext} the model was created with.
 * {@link #delay} stays the model's prediction where no simulation runs it.
 */
public interface EmbeddedIoModel extends IoAnalysisModel {

	/**
	 * Takes a request into the sub-model.
	 *
	 * @param state    the workload state at the request's arrival
	 * @param finished to run once, when the request leaves the sub-model
	 */
	void submit(WorkloadState state, ArrivingRequest request, Runnable finished) throws AnalysisModelException;
}
