package org.iosim.qpn.simulation.internal;

import java.util.Arrays;

/**
 * The future event list of a QPN run: service completions as (time, queue, token, version) in
 * primitive arrays, a binary heap ordered by time and then by scheduling order, so that runs are
 * reproducible and nothing is allocated per event.
 */
final class EventHeap {

	private double[] times = new double[64];
	private long[] sequences = new long[64];
	private int[] queues = new int[64];
	private int[] tokens = new int[64];
	private int[] versions = new int[64];
	private int size;
	private long nextSequence;

	boolean isEmpty() {
		return size == 0;
	}

	int size() {
		return size;
	}

	double firstTime() {
		return times[0];
	}

	int firstQueue() {
		return queues[0];
	}

	int firstToken() {
		return tokens[0];
	}

	int firstVersion() {
		return versions[0];
	}

	void add(double time, int queue, int token, int version) {
		if (size == times.length) {
			int capacity = size * 2;
			times = Arrays.copyOf(times, capacity);
			sequences = Arrays.copyOf(sequences, capacity);
			queues = Arrays.copyOf(queues, capacity);
			tokens = Arrays.copyOf(tokens, capacity);
			versions = Arrays.copyOf(versions, capacity);
		}
		long sequence = nextSequence++;
		int hole = size++;
		while (hole > 0) {
			int parent = (hole - 1) >>> 1;
			if (!before(time, sequence, parent)) {
				break;
			}
			move(parent, hole);
			hole = parent;
		}
		set(hole, time, sequence, queue, token, version);
	}

	/** Removes the first event; read it with the {@code first…} methods before. */
	void removeFirst() {
		int last = --size;
		if (last == 0) {
			return;
		}
		double time = times[last];
		long sequence = sequences[last];
		int queue = queues[last];
		int token = tokens[last];
		int version = versions[last];
		int hole = 0;
		int half = size >>> 1;
		while (hole < half) {
			int child = 2 * hole + 1;
			int right = child + 1;
			if (right < size && before(times[right], sequences[right], child)) {
				child = right;
			}
			if (!before(times[child], sequences[child], time, sequence)) {
				break;
			}
			move(child, hole);
			hole = child;
		}
		set(hole, time, sequence, queue, token, version);
	}

	private boolean before(double time, long sequence, int index) {
		return time < times[index] || (time == times[index] && sequence < sequences[index]);
	}

	private static boolean before(double time, long sequence, double otherTime, long otherSequence) {
		return time < otherTime || (time == otherTime && sequence < otherSequence);
	}

	private void move(int from, int to) {
		times[to] = times[from];
		sequences[to] = sequences[from];
		queues[to] = queues[from];
		tokens[to] = tokens[from];
		versions[to] = versions[from];
	}

	private void set(int index, double time, long sequence, int queue, int token, int version) {
		times[index] = time;
		sequences[index] = sequence;
		queues[index] = queue;
		tokens[index] = token;
		versions[index] = version;
	}
}
