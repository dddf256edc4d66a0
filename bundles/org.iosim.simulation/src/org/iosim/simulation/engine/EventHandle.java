package org.iosim.simulation.engine;

/**
 * A scheduled event, returned by {@link Simulator#scheduleCancellable} so that it can be
 * cancelled before it fires.
 */
public final class EventHandle {

	private final Simulator simulator;
	private final double time;
	private final long sequence;
	private boolean cancelled;

	EventHandle(Simulator simulator, double time, long sequence) {
		this.simulator = simulator;
		this.time = time;
		this.sequence = sequence;
	}

	/** Simulated time at which the event fires. */
	public double time() {
		return time;
	}

	/** Whether the event has neither fired nor been cancelled yet. */
	public boolean isPending() {
		return !cancelled && simulator.isPending(time, sequence);
	}

	/**
	 * Prevents the event from firing.
	 *
	 * @return {@code true} if the event was pending, {@code false} if it has
	 *         already fired or been cancelled
	 */
	public boolean cancel() {
		if (!isPending()) {
			return false;
		}
		cancelled = true;
		simulator.cancel(sequence);
		return true;
	}
}
