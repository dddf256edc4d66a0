package org.iosim.simulation.engine;

import java.util.Objects;

/**
 * Base of active resources: validates requests and keeps the statistics, so
 * that a scheduling discipline only decides when each job completes.
 * <p>
 * A subclass implements {@link #admit} and calls {@link #complete} once per
 * admitted job, after it has updated its own state, because the completion
 * callback may submit the next job to the same resource at once.
 */
public abstract class AbstractActiveResource implements ActiveResource {

	protected final Simulator simulator;
	private final String name;
	private final int servers;
	private final ResourceStatistics statistics;
	private int jobsInSystem;

	protected AbstractActiveResource(Simulator simulator, String name, int servers) {
		this.simulator = Objects.requireNonNull(simulator, "simulator");
		this.name = Objects.requireNonNull(name, "name");
		if (servers < 1) {
			throw new IllegalArgumentException(name + ": at least one server is needed: " + servers);
		}
		this.servers = servers;
		this.statistics = new ResourceStatistics(simulator, servers);
	}

	@Override
	public final String name() {
		return name;
	}

	@Override
	public final int servers() {
		return servers;
	}

	@Override
	public final void serveFor(double serviceTime, Completion then) {
		if (!(serviceTime >= 0 && serviceTime < Double.POSITIVE_INFINITY)) {
			throw new IllegalArgumentException(name + ": service time must be finite and non-negative: " + serviceTime);
		}
		Objects.requireNonNull(then, "then");
		jobsInSystem++;
		statistics.jobArrived(serviceTime, jobsInSystem);
		admit(serviceTime, simulator.now(), then);
	}

	/**
	 * Takes a new job: it would take {@code serviceTime} if served alone and
	 * arrived at {@code arrivalTime} (now).
	 */
	protected abstract void admit(double serviceTime, double arrivalTime, Completion then);

	/** Ends the job that arrived at {@code arrivalTime} and continues its request. */
	protected final void complete(double arrivalTime, Completion then) {
		jobsInSystem--;
		statistics.jobDeparted(arrivalTime, jobsInSystem);
		then.completed();
	}

	@Override
	public final int jobsInSystem() {
		return jobsInSystem;
	}

	@Override
	public final ResourceStatistics statistics() {
		return statistics;
	}

	@Override
	public final void resetStatistics() {
		statistics.reset();
	}

	@Override
	public String toString() {
		return getClass().getSimpleName() + "[" + name + "]";
	}
}
