package org.iosim.des;

import java.util.PriorityQueue;

/**
 * A simulation clock with an event list of its own, for a model that runs on its own time (a SAN
 * model's trace replay) and for testing a model that runs on another simulation's clock: events in
 * time order, ties in the order they were scheduled. The simulators' own event lists are specialised
 * for their events; this one is general and small.
 */
public final class EventLoop implements SimulationClock {

	private static final class Event implements Scheduled, Comparable<Event> {
		final double time;
		final long sequence;
		final Runnable action;
		boolean cancelled;

		Event(double time, long sequence, Runnable action) {
			this.time = time;
			this.sequence = sequence;
			this.action = action;
		}

		@Override
		public boolean cancel() {
			boolean pending = !cancelled;
			cancelled = true;
			return pending;
		}

		@Override
		public int compareTo(Event other) {
			int byTime = Double.compare(time, other.time);
			return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
		}
	}

	private final PriorityQueue<Event> events = new PriorityQueue<>();
	private double now;
	private long sequence;

	@Override
	public double now() {
		return now;
	}

	@Override
	public Scheduled schedule(double delay, Runnable action) {
		if (!(delay >= 0) || Double.isInfinite(delay)) {
			throw new IllegalArgumentException("delay must be finite and not negative but is " + delay);
		}
		Event event = new Event(now + delay, sequence++, action);
		events.add(event);
		return event;
	}

	/** Runs events until none is left. */
	public void run() {
		runUntil(Double.POSITIVE_INFINITY);
	}

	/** Runs the events due at or before {@code end}; afterwards the clock reads {@code end} if it is finite. */
	public void runUntil(double end) {
		for (Event event = events.peek(); event != null && event.time <= end; event = events.peek()) {
			events.poll();
			if (!event.cancelled) {
				now = event.time;
				event.cancelled = true;
				event.action.run();
			}
		}
		if (end < Double.POSITIVE_INFINITY && end > now) {
			now = end;
		}
	}
}
