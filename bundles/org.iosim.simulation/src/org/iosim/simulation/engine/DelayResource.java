package org.iosim.simulation.engine;

/**
 * Infinite-server resource: every job is served at once at full speed, so its
 * residence time is its service time; jobs do not interact.
 */
public final class DelayResource extends AbstractActiveResource {

    /** A delay whose demands are given directly in time units. */
    public DelayResource(Simulator simulator, String name) {
        this(simulator, name, 1);
    }

    public DelayResource(Simulator simulator, String name, double processingRate) {
        super(simulator, name, UNLIMITED_SERVERS, processingRate);
    }

    @Override
    protected void admit(double serviceTime, double arrivalTime, Completion then) {
        simulator.schedule(serviceTime, () -> complete(arrivalTime, then));
    }
}
