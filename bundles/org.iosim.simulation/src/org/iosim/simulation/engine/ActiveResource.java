package org.iosim.simulation.engine;

/**
 * A resource that serves jobs, such as a CPU, a disk or a delay. How
 * concurrent jobs share the servers is up to the scheduling discipline of the
 * implementation.
 * <p>
 * Resources hold no randomness: callers pass demands that are already sampled.
 */
public interface ActiveResource {

	/** Server count of an infinite-server resource. */
	int UNLIMITED_SERVERS = org.iosim.engine.SimulationResult.ResourceResult.INFINITE_SERVERS;

	String name();

	/** Number of servers; {@link #UNLIMITED_SERVERS} for an infinite-server resource. */
	int servers();

	/**
	 * Serves a job that takes {@code serviceTime} when served alone (a demand
	 * divided by the processing rate, or a delay predicted by an I/O analysis
	 * model); {@code then} is called when the job completes.
	 */
	void serveFor(double serviceTime, Completion then);

	/** Jobs currently at the resource, waiting or in service. */
	int jobsInSystem();

	ResourceStatistics statistics();

	/** Restarts all statistics at the current time (warm-up removal). */
	void resetStatistics();
}
