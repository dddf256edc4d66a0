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

    /** Work units a server processes per unit of simulated time. */
    double processingRate();

    /**
     * Serves a job of {@code demand} work units; {@code then} is called when
     * the job completes. Served alone, the job takes
     * {@code demand / processingRate()} time units.
     */
    void serve(double demand, Completion then);

    /**
     * Serves a job given by the time it takes when served alone, e.g. a delay
     * predicted by an I/O analysis model.
     */
    void serveFor(double serviceTime, Completion then);

    /** Jobs currently at the resource, waiting or in service. */
    int jobsInSystem();

    ResourceStatistics statistics();

    /** Restarts all statistics at the current time (warm-up removal). */
    void resetStatistics();
}
