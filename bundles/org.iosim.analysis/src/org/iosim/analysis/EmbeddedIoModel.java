package org.iosim.analysis;

import java.util.List;

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

	/**
	 * A resource of the sub-model (a disk, an adapter, a queueing place), with its statistics since
	 * measuring began. Its queue is counted as the architecture's resources count theirs: {@code waiting}
	 * are the uses waiting for a server, {@code inSystem} those waiting or in service.
	 *
	 * @param name        unique within the sub-model, e.g. {@code node0.deviceAdapter}
	 * @param type        what kind of component it is, e.g. {@code disk}
	 * @param policy      how it schedules, e.g. {@code FCFS} or {@code PS}
	 * @param servers     requests it serves at once
	 * @param served      uses completed
	 * @param utilization busy server time over the period and the servers, in [0, 1]
	 * @param waiting     mean uses waiting for a server, not in service
	 * @param inSystem    mean uses at the resource, waiting or in service
	 */
	record SubModelResource(String name, String type, String policy, int servers, long served, double utilization,
			double waiting, double inSystem) {

		/**
		 * A resource of a work-conserving discipline (no server idles while a use waits), whose mean
		 * busy servers are {@code utilization × servers}: the uses waiting are the rest of those in it.
		 *
		 * @param inSystem mean uses at the resource, waiting or in service
		 */
		public static SubModelResource workConserving(String name, String type, String policy, int servers,
				long served, double utilization, double inSystem) {
			return new SubModelResource(name, type, policy, servers, served, utilization,
					Math.max(0, inSystem - utilization * servers), inSystem);
		}
	}

	/** Measuring begins (after the warm-up): the statistics of {@link #resources} count from now on. */
	default void startMeasuring() {
	}

	/**
	 * @return the sub-model's resources with their statistics since measuring began, always the same
	 *         resources in the same order (idle ones too), so that replications pool by position; none
	 *         by default
	 */
	default List<SubModelResource> resources() {
		return List.of();
	}
}
