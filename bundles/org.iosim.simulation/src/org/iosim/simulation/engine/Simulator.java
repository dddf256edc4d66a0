package org.iosim.simulation.engine;

import java.util.Objects;

import org.iosim.des.events.ObjectEventHeap;

/**
 * Clock and future event list of a discrete-event simulation.
 * <p>
 * Events fire in order of their time; events scheduled for the same time fire
 * in the order they were scheduled. Together with seeded random streams this
 * makes every run reproducible.
 * <p>
 * Cancellation is lazy: a cancelled event stays in the list and is discarded
 * when it reaches the front. Only the sequence numbers of cancelled events are
 * remembered, so code that never cancels pays nothing for it, and the handle
 * returned by {@link #scheduleCancellable} is not referenced by the simulator. The list is
 * compacted when cancelled entries make up more than half of it.
 * <p>
 * A simulator is confined to one thread; replications use one simulator each.
 */
public final class Simulator {

	/** Compacting tiny lists is not worth the pass over them. */
	private static final int MIN_CANCELLED_FOR_COMPACTION = 64;

	private final ObjectEventHeap<Event> futureEvents = new ObjectEventHeap<>();
	private final SequenceSet cancelledSequences = new SequenceSet();
	private double now;
	private long eventCount;
	// Key of the entry that left the list last: every entry with a greater
	// key is still in the list, every entry with a smaller one has left.
	private double lastRemovedTime = Double.NEGATIVE_INFINITY;
	private long lastRemovedSequence = -1;
	// Whether the event being fired is still at the front of the list: it leaves when the event
	// schedules its first successor, which takes its place in one pass down the heap (most events
	// schedule one), or after the event when it scheduled none.
	private boolean firedAtFront;
	/** The clock before the event being fired, which it reads again if the event is postponed. */
	private double timeBeforeFiring;
	private boolean running;
	private boolean stopRequested;
	private long eventLimit = Long.MAX_VALUE;

	/** Current simulated time. */
	public double now() {
		return now;
	}

	/** Number of events fired so far (cancelled events do not count). */
	public long eventCount() {
		return eventCount;
	}

	/** Number of events scheduled and neither fired nor cancelled. */
	public int pendingEventCount() {
		return futureEvents.size() - cancelledSequences.size() - (firedAtFront ? 1 : 0);
	}

	/**
	 * Schedules {@code event} to fire {@code delay} time units from now. Nothing is allocated for
	 * it: an event that may have to be cancelled is scheduled by {@link #scheduleCancellable}.
	 */
	public void schedule(double delay, Event event) {
		enqueue(timeAfter(delay), event);
	}

	/** Schedules {@code action} to run {@code delay} time units from now, as an event made for it. */
	public void schedule(double delay, Runnable action) {
		schedule(delay, eventRunning(action));
	}

	/** As {@link #schedule}, returning a handle that can cancel the event. */
	public EventHandle scheduleCancellable(double delay, Event event) {
		double time = timeAfter(delay);
		return new EventHandle(this, time, enqueue(time, event));
	}

	/** As {@link #schedule(double, Runnable)}, returning a handle that can cancel the event. */
	public EventHandle scheduleCancellable(double delay, Runnable action) {
		return scheduleCancellable(delay, eventRunning(action));
	}

	/** Schedules {@code event} to fire at the absolute simulated {@code time}, not before now. */
	public void scheduleAt(double time, Event event) {
		if (!(time >= now && time < Double.POSITIVE_INFINITY)) {
			throw new IllegalArgumentException("time must be finite and not before now (" + now + "): " + time);
		}
		enqueue(time, event);
	}

	/** Schedules {@code action} to run at the absolute simulated {@code time}, not before now. */
	public void scheduleAt(double time, Runnable action) {
		scheduleAt(time, eventRunning(action));
	}

	private static Event eventRunning(Runnable action) {
		Objects.requireNonNull(action, "action");
		return new Event() {
			@Override
			public void fire() {
				action.run();
			}
		};
	}

	private double timeAfter(double delay) {
		if (!(delay >= 0 && delay < Double.POSITIVE_INFINITY)) {
			throw new IllegalArgumentException("delay must be finite and non-negative: " + delay);
		}
		return now + delay;
	}

	/**
	 * @return the event's sequence number, which is what {@link #cancel(long)} takes (for resources
	 *         of this package that keep their one pending event in primitive fields)
	 */
	long enqueue(double time, Event event) {
		Objects.requireNonNull(event, "event");
		if (firedAtFront) {
			firedAtFront = false;
			return futureEvents.replaceFirst(time, event);
		}
		return futureEvents.add(time, event);
	}

	/** @return a sequence number for an event that {@link #postponeFiring} schedules later */
	long reserveSequence() {
		return futureEvents.reserveSequence();
	}

	/**
	 * Called by the event being fired instead of doing anything: it does not fire now but at {@code time}
	 * (not before now), in the place in the order of the {@code sequence} it {@link #reserveSequence reserved},
	 * and it does not count as fired. A resource whose one pending event often moves later (processor
	 * sharing, at each arrival) leaves the event where it is and moves it once it comes due, which costs one
	 * pass down the list where cancelling it and adding another cost two and a lookup in the set of
	 * cancelled events. Runs fire exactly the same events in the same order either way.
	 */
	void postponeFiring(double time, long sequence) {
		if (!firedAtFront || !(time >= now)) {
			throw new IllegalStateException("only the event being fired can be postponed, and not to before now");
		}
		Event event = futureEvents.firstPayload();
		futureEvents.replaceFirst(time, sequence, event);
		firedAtFront = false;
		eventCount--;
		now = timeBeforeFiring;
	}

	boolean isPending(double time, long sequence) {
		return time > lastRemovedTime || (time == lastRemovedTime && sequence > lastRemovedSequence);
	}

	/** Cancels a pending event; the caller knows it has neither fired nor been cancelled. */
	void cancel(long sequence) {
		cancelledSequences.add(sequence);
		int cancelled = cancelledSequences.size();
		if (cancelled >= MIN_CANCELLED_FOR_COMPACTION && 2 * cancelled > futureEvents.size()) {
			removeFiredEvent();
			futureEvents.removeIf(cancelledSequences::contains);
			cancelledSequences.clear();
		}
	}

	private void removeFiredEvent() {
		if (firedAtFront) {
			futureEvents.removeFirst();
			firedAtFront = false;
		}
	}

	/** Fires events until none is left or {@link #stop()} is called. */
	public void run() {
		loop(Double.POSITIVE_INFINITY);
	}

	/**
	 * Fires all events up to and including {@code endTime}, then advances the
	 * clock to {@code endTime} (unless {@link #stop()} ended the run earlier),
	 * so that time averages cover the whole period. An infinite end time
	 * behaves like {@link #run()}.
	 */
	public void runUntil(double endTime) {
		if (!(endTime >= now)) {
			throw new IllegalArgumentException("end time must not be before now (" + now + "): " + endTime);
		}
		if (loop(endTime) && endTime < Double.POSITIVE_INFINITY) {
			now = endTime;
		}
	}

	/** Ends the current run after the event being fired. */
	public void stop() {
		stopRequested = true;
	}

	/**
	 * Makes {@link #run()} and {@link #runUntil} return, like {@link #stop()}, once {@link #eventCount()}
	 * reaches {@code limit}, so that the caller can look at the run (its pace, a budget) and go on.
	 */
	public void setEventLimit(long limit) {
		eventLimit = limit;
	}

	/** @return whether the last run returned because the event count reached the limit set */
	public boolean atEventLimit() {
		return eventCount >= eventLimit;
	}

	/** @return whether the run ended because no event up to {@code endTime} was left */
	private boolean loop(double endTime) {
		if (running) {
			throw new IllegalStateException("the simulator is already running");
		}
		running = true;
		stopRequested = false;
		try {
			while (true) {
				removeFiredEvent();
				if (futureEvents.isEmpty()) {
					return true;
				}
				double time = futureEvents.firstTime();
				if (time > endTime) {
					return true;
				}
				long sequence = futureEvents.firstSequence();
				Event event = futureEvents.firstPayload();
				lastRemovedTime = time;
				lastRemovedSequence = sequence;
				if (cancelledSequences.size() > 0 && cancelledSequences.remove(sequence)) {
					futureEvents.removeFirst();
					continue;
				}
				firedAtFront = true;
				timeBeforeFiring = now;
				now = time;
				eventCount++;
				event.fire();
				if (stopRequested || eventCount >= eventLimit) {
					return false;
				}
			}
		} finally {
			removeFiredEvent();
			running = false;
		}
	}
}
