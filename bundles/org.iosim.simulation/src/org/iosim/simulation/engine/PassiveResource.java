package org.iosim.simulation.engine;

import java.util.ArrayDeque;
import java.util.Objects;

import org.iosim.des.statistics.Tally;
import org.iosim.des.statistics.TimeWeighted;

/**
 * A pool of permits (e.g. a semaphore or a connection pool): a request
 * acquires one permit, holds it while it does other things, and releases it.
 * <p>
 * An acquirer finding a free permit is granted it at once, synchronously.
 * Otherwise it waits in FIFO order. On release the permit passes straight to
 * the first waiter, so no later acquirer can overtake it; the waiter continues
 * in a separate event at the same instant, after the releasing request has
 * finished its own step, so that releasing never runs another request's code
 * inside the caller.
 */
public final class PassiveResource {

	private final Simulator simulator;
	private final String name;
	private final int capacity;
	private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
	private int available;

	private final Tally waitingTimes = new Tally();
	private final TimeWeighted permitsHeld;
	private final TimeWeighted waiting;
	private long grants;
	private double statisticsStartTime;

	public PassiveResource(Simulator simulator, String name, int capacity) {
		this.simulator = Objects.requireNonNull(simulator, "simulator");
		this.name = Objects.requireNonNull(name, "name");
		if (capacity < 1) {
			throw new IllegalArgumentException(name + ": capacity must be at least 1: " + capacity);
		}
		this.capacity = capacity;
		this.available = capacity;
		this.statisticsStartTime = simulator.now();
		this.permitsHeld = new TimeWeighted(statisticsStartTime, 0);
		this.waiting = new TimeWeighted(statisticsStartTime, 0);
	}

	public String name() {
		return name;
	}

	public int capacity() {
		return capacity;
	}

	/** Permits not held by anyone. */
	public int available() {
		return available;
	}

	/** Acquirers waiting for a permit. */
	public int waiting() {
		return waiters.size();
	}

	/** Requests one permit; {@code granted} is called once the caller holds it. */
	public void acquire(Completion granted) {
		Objects.requireNonNull(granted, "granted");
		double now = simulator.now();
		if (available > 0) {
			available--;
			permitsHeld.update(now, capacity - available);
			recordGrant(0);
			granted.completed();
		} else {
			waiters.addLast(new Waiter(now, granted));
			waiting.update(now, waiters.size());
		}
	}

	/** Returns one permit held by the caller. */
	public void release() {
		double now = simulator.now();
		Waiter next = waiters.pollFirst();
		if (next == null) {
			if (available == capacity) {
				throw new IllegalStateException(name + ": released more permits than were acquired");
			}
			available++;
			permitsHeld.update(now, capacity - available);
			return;
		}
		waiting.update(now, waiters.size());
		recordGrant(now - next.requestTime);
		simulator.schedule(0, next);
	}

	private void recordGrant(double waitingTime) {
		grants++;
		waitingTimes.add(waitingTime);
	}

	/** Grants since the start or the last reset. */
	public long grants() {
		return grants;
	}

	/** Time from request to grant, over grants since the start or the last reset. */
	public Tally waitingTimes() {
		return waitingTimes;
	}

	public double meanWaitingTime() {
		return waitingTimes.mean();
	}

	/** Time-averaged number of held permits. */
	public double meanPermitsHeld() {
		return permitsHeld.mean(simulator.now());
	}

	/** Time-averaged fraction of held permits. */
	public double utilization() {
		return meanPermitsHeld() / capacity;
	}

	/** Time-averaged number of waiting acquirers. */
	public double meanWaiting() {
		return waiting.mean(simulator.now());
	}

	/** Restarts all statistics at the current time (warm-up removal). */
	public void resetStatistics() {
		double now = simulator.now();
		statisticsStartTime = now;
		waitingTimes.reset();
		permitsHeld.reset(now);
		waiting.reset(now);
		grants = 0;
	}

	/** Simulated time covered by the statistics. */
	public double observationTime() {
		return simulator.now() - statisticsStartTime;
	}

	@Override
	public String toString() {
		return "PassiveResource[" + name + "]";
	}

	/** An acquirer waiting for a permit; once it is granted, the event that tells it so. */
	private static final class Waiter extends Event {
		private final double requestTime;
		private final Completion granted;

		Waiter(double requestTime, Completion granted) {
			this.requestTime = requestTime;
			this.granted = granted;
		}

		@Override
		public void fire() {
			granted.completed();
		}
	}
}
