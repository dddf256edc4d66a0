package org.iosim.des;

import org.iosim.des.events.ObjectEventHeap;

/**
 * A simulation clock with an event list of its own, for a model that runs on its own time (a SAN
 * model's trace replay) and for testing a model that runs on another simulation's clock: events in
 * time order, ties in the order they were scheduled. Its list is the simulators' ({@link ObjectEventHeap});
 * a cancelled event stays in it and is skipped when it comes first.
 */
public final class EventLoop implements SimulationClock {

	private static final class Event implements Scheduled {
		final Runnable action;
		boolean cancelled;

		Event(Runnable action) {
			this.action = action;
		}

		@Override
		public boolean cancel() {
			boolean pending = !cancelled;
			cancelled = true;
			return pending;
		}
	}

	private final ObjectEventHeap<Event> events = new ObjectEventHeap<>();
	private double now;

	@Override
	public double now() {
		return now;
	}

	@Override
	public Scheduled schedule(double delay, Runnable action) {
		if (!(delay >= 0) || Double.isInfinite(delay)) {
			throw new IllegalArgumentException("delay must be finite and not negative but is " + delay);
		}
		Event event = new Event(action);
		events.add(now + delay, event);
		return event;
	}

	/** Runs events until none is left. */
	public void run() {
		runUntil(Double.POSITIVE_INFINITY);
	}

	/** Runs the events due at or before {@code end}; afterwards the clock reads {@code end} if it is finite. */
	public void runUntil(double end) {
		while (!events.isEmpty() && events.firstTime() <= end) {
			double time = events.firstTime();
			Event event = events.firstPayload();
			events.removeFirst();
			if (!event.cancelled) {
				now = time;
				event.cancelled = true;
				event.action.run();
			}
		}
		if (end < Double.POSITIVE_INFINITY && end > now) {
			now = end;
		}
	}
}
