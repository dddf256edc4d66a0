package org.iosim.analysis.san;

import java.util.PriorityQueue;

import org.iosim.des.SimulationClock;

/** The clock of a trace replay: events in time order, ties in the order they were scheduled. */
final class EventLoop implements SimulationClock {

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
	void run() {
		for (Event event = events.poll(); event != null; event = events.poll()) {
			if (!event.cancelled) {
				now = event.time;
				event.cancelled = true;
				event.action.run();
			}
		}
	}
}
