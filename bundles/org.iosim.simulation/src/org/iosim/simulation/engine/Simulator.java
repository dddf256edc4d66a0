package org.iosim.simulation.engine;

import java.util.Objects;

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
 * returned by {@link #schedule} is not referenced by the simulator. The list is
 * compacted when cancelled entries make up more than half of it.
 * <p>
 * A simulator is confined to one thread; replications use one simulator each.
 */
public final class Simulator {

    /** Compacting tiny lists is not worth the pass over them. */
    private static final int MIN_CANCELLED_FOR_COMPACTION = 64;

    private final KeyedHeap<Event> futureEvents = new KeyedHeap<>();
    private final SequenceSet cancelledSequences = new SequenceSet();
    private double now;
    private long nextSequence;
    private long eventCount;
    // Key of the entry that left the list last: every entry with a greater
    // key is still in the list, every entry with a smaller one has left.
    private double lastRemovedTime = Double.NEGATIVE_INFINITY;
    private long lastRemovedSequence = -1;
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
        return futureEvents.size() - cancelledSequences.size();
    }

    /** Schedules {@code event} to fire {@code delay} time units from now. */
    public EventHandle schedule(double delay, Event event) {
        if (!(delay >= 0 && delay < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("delay must be finite and non-negative: " + delay);
        }
        return enqueue(now + delay, event);
    }

    /** Schedules {@code event} to fire at the absolute simulated {@code time}, not before now. */
    public EventHandle scheduleAt(double time, Event event) {
        if (!(time >= now && time < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("time must be finite and not before now (" + now + "): " + time);
        }
        return enqueue(time, event);
    }

    private EventHandle enqueue(double time, Event event) {
        Objects.requireNonNull(event, "event");
        long sequence = nextSequence++;
        futureEvents.add(time, sequence, event);
        return new EventHandle(this, time, sequence);
    }

    boolean isPending(double time, long sequence) {
        return time > lastRemovedTime || (time == lastRemovedTime && sequence > lastRemovedSequence);
    }

    void cancel(long sequence) {
        cancelledSequences.add(sequence);
        int cancelled = cancelledSequences.size();
        if (cancelled >= MIN_CANCELLED_FOR_COMPACTION && 2 * cancelled > futureEvents.size()) {
            futureEvents.removeIf(cancelledSequences::contains);
            cancelledSequences.clear();
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
            while (!futureEvents.isEmpty()) {
                double time = futureEvents.minKey();
                if (time > endTime) {
                    return true;
                }
                long sequence = futureEvents.minSequence();
                Event event = futureEvents.minPayload();
                futureEvents.removeMin();
                lastRemovedTime = time;
                lastRemovedSequence = sequence;
                if (cancelledSequences.size() > 0 && cancelledSequences.remove(sequence)) {
                    continue;
                }
                now = time;
                eventCount++;
                event.fire();
                if (stopRequested || eventCount >= eventLimit) {
                    return false;
                }
            }
            return true;
        } finally {
            running = false;
        }
    }
}
