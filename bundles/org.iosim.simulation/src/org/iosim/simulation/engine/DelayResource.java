package org.iosim.simulation.engine;

/**
 * Infinite-server resource: every job is served at once at full speed, so its
 * residence time is its service time; jobs do not interact.
 */
public final class DelayResource extends AbstractActiveResource {

	public DelayResource(Simulator simulator, String name) {
		super(simulator, name, UNLIMITED_SERVERS);
	}

	@Override
	protected void admit(double serviceTime, double arrivalTime, Completion then) {
		simulator.schedule(serviceTime, () -> complete(arrivalTime, then));
	}
}
