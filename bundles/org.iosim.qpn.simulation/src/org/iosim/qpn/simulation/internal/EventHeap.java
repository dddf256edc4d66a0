package org.iosim.qpn.simulation.internal;

import java.util.Arrays;

/**
 * The future event list of a QPN run: service completions as (time, queue, token), a binary heap
 * ordered by time and then by scheduling order (a sequence number unique to each event), so that runs
 * are reproducible. Queue and token are packed into one long, so that a heap step moves three array
 * entries and nothing is allocated per event.
 */
final class EventHeap {

	private double[] times = new double[64];
	private long[] sequences = new long[64];
	private long[] payloads = new long[64];
	private int size;
	private long nextSequence;

	boolean isEmpty() {
		return size == 0;
	}

	double firstTime() {
		return times[0];
	}

	int firstQueue() {
		return (int) (payloads[0] >>> 32);
	}

	long firstSequence() {
		return sequences[0];
	}

	int firstToken() {
		return (int) payloads[0];
	}

	/** @return the event's sequence number, by which a queue can tell its latest event from older ones */
	long add(double time, int queue, int token) {
		if (size == times.length) {
			int capacity = size * 2;
			times = Arrays.copyOf(times, capacity);
			sequences = Arrays.copyOf(sequences, capacity);
			payloads = Arrays.copyOf(payloads, capacity);
		}
		long payload = (long) queue << 32 | token & 0xFFFFFFFFL;
		long sequence = nextSequence++;
		int hole = size++;
		while (hole > 0) {
			int parent = (hole - 1) >>> 1;
			double parentTime = times[parent];
			if (time > parentTime || time == parentTime && sequence > sequences[parent]) {
				break;
			}
			times[hole] = parentTime;
			sequences[hole] = sequences[parent];
			payloads[hole] = payloads[parent];
			hole = parent;
		}
		times[hole] = time;
		sequences[hole] = sequence;
		payloads[hole] = payload;
		return sequence;
	}

	/** Removes the first event; read it with the {@code first…} methods before. */
	void removeFirst() {
		int last = --size;
		if (last == 0) {
			return;
		}
		double time = times[last];
		long sequence = sequences[last];
		long payload = payloads[last];
		int hole = 0;
		int half = size >>> 1;
		while (hole < half) {
			int child = 2 * hole + 1;
			int right = child + 1;
			double childTime = times[child];
			if (right < size && (times[right] < childTime || times[right] == childTime && sequences[right] < sequences[child])) {
				child = right;
				childTime = times[right];
			}
			if (time < childTime || time == childTime && sequence < sequences[child]) {
				break;
			}
			times[hole] = childTime;
			sequences[hole] = sequences[child];
			payloads[hole] = payloads[child];
			hole = child;
		}
		times[hole] = time;
		sequences[hole] = sequence;
		payloads[hole] = payload;
	}
}
