package org.iosim.des.bench;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * The least work a heap-based discrete-event simulation can do per event:
 * take the earliest time from a primitive binary heap and schedule a
 * successor an exponential inter-event time later. No event objects, no
 * dispatch, no statistics. An engine run is compared with this loop over the
 * same number of events to see how much its model logic costs on top.
 */
public final class BareEventLoop {

	/**
	 * Pending events of an open single-station model: the next arrival and the
	 * next departure.
	 */
	public static final int DEFAULT_PENDING_EVENTS = 2;

	/** Wall-clock cost of {@code events} events; {@code finalTime} keeps the work observable. */
	public record Measurement(long events, long nanos, double finalTime) {

		public double eventsPerSecond() {
			return events / (nanos / 1e9);
		}
	}

	private final double[] heap;
	private int size;

	private BareEventLoop(int pendingEvents) {
		heap = new double[pendingEvents];
	}

	/** Runs {@code events} events with {@link #DEFAULT_PENDING_EVENTS} pending at any time. */
	public static Measurement run(long events, long seed) {
		return run(events, DEFAULT_PENDING_EVENTS, seed);
	}

	/** Runs {@code events} events, keeping {@code pendingEvents} events in the heap. */
	public static Measurement run(long events, int pendingEvents, long seed) {
		if (events < 0) {
			throw new IllegalArgumentException("event count must not be negative: " + events);
		}
		if (pendingEvents < 1) {
			throw new IllegalArgumentException("at least one event must be pending: " + pendingEvents);
		}
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(seed);
		ZigguratSampler.Exponential interEventTime = ZigguratSampler.Exponential.of(random, 1.0);
		BareEventLoop loop = new BareEventLoop(pendingEvents);
		for (int i = 0; i < pendingEvents; i++) {
			loop.add(interEventTime.sample());
		}
		long start = System.nanoTime();
		double now = 0;
		for (long fired = 0; fired < events; fired++) {
			now = loop.removeMin();
			loop.add(now + interEventTime.sample());
		}
		return new Measurement(events, System.nanoTime() - start, now);
	}

	private void add(double time) {
		int hole = size++;
		while (hole > 0) {
			int parent = (hole - 1) >>> 1;
			if (heap[parent] <= time) {
				break;
			}
			heap[hole] = heap[parent];
			hole = parent;
		}
		heap[hole] = time;
	}

	private double removeMin() {
		double min = heap[0];
		double last = heap[--size];
		int hole = 0;
		int half = size >>> 1;
		while (hole < half) {
			int child = 2 * hole + 1;
			if (child + 1 < size && heap[child + 1] < heap[child]) {
				child++;
			}
			if (heap[child] >= last) {
				break;
			}
			heap[hole] = heap[child];
			hole = child;
		}
		heap[hole] = last;
		return min;
	}
}
