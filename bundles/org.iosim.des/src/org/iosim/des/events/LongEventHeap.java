package org.iosim.des.events;

import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * A {@link FutureEventList} whose events carry a {@code long}, into which a simulator packs what it
 * needs to know about the event (a queue and a token, say). Adding or removing an event moves only
 * primitive array entries: nothing is allocated or boxed per event, apart from growing the arrays.
 * <p>
 * A binary heap, as {@link ObjectEventHeap}: the QPN simulator's list holds few events (one per token in
 * service), where a binary heap's fewer comparisons per level beat a 4-ary heap's shallower depth; a
 * 4-ary heap made its runs of QPME's example nets 3–7 % slower.
 */
public final class LongEventHeap extends PrimitiveEventHeap {

	private long[] payloads = new long[INITIAL_CAPACITY];

	/** @return the event's sequence number */
	public long add(double time, long payload) {
		if (size == payloads.length) {
			payloads = Arrays.copyOf(payloads, grow());
		}
		long sequence = reserveSequence();
		int hole = size++;
		while (hole > 0) {
			int parent = (hole - 1) >>> 1;
			if (!precedes(time, sequence, times[parent], sequences[parent])) {
				break;
			}
			times[hole] = times[parent];
			sequences[hole] = sequences[parent];
			payloads[hole] = payloads[parent];
			hole = parent;
		}
		times[hole] = time;
		sequences[hole] = sequence;
		payloads[hole] = payload;
		return sequence;
	}

	/** Payload of the first event; the list must not be empty. */
	public long firstPayload() {
		return payloads[0];
	}

	@Override
	public void removeFirst() {
		int last = --size;
		if (last > 0) {
			siftDown(0, times[last], sequences[last], payloads[last]);
		}
	}

	/**
	 * Removes the first event and adds another in one pass down the heap, as
	 * {@link ObjectEventHeap#replaceFirst} does.
	 *
	 * @return the new event's sequence number
	 */
	public long replaceFirst(double time, long payload) {
		long sequence = reserveSequence();
		siftDown(0, time, sequence, payload);
		return sequence;
	}

	/**
	 * As {@link #replaceFirst(double, long)}, but the new event takes {@code sequence}, a number
	 * {@link #reserveSequence reserved} earlier, as {@link ObjectEventHeap#replaceFirst(double, long, Object)}
	 * does.
	 */
	public void replaceFirst(double time, long sequence, long payload) {
		siftDown(0, time, sequence, payload);
	}

	/**
	 * Removes every event whose sequence number matches, then restores heap order in linear time, as
	 * {@link ObjectEventHeap#removeIf} does.
	 */
	public void removeIf(LongPredicate sequenceMatches) {
		int kept = 0;
		for (int index = 0; index < size; index++) {
			if (!sequenceMatches.test(sequences[index])) {
				times[kept] = times[index];
				sequences[kept] = sequences[index];
				payloads[kept] = payloads[index];
				kept++;
			}
		}
		size = kept;
		for (int index = size / 2 - 1; index >= 0; index--) {
			siftDown(index, times[index], sequences[index], payloads[index]);
		}
	}

	/** Moves the hole at {@code hole} down, each time to its lesser child, until the entry fits, and stores it there. */
	private void siftDown(int hole, double time, long sequence, long payload) {
		int half = size >>> 1;
		while (hole < half) {
			int child = earlierChild(2 * hole + 1);
			double childTime = times[child];
			long childSequence = sequences[child];
			if (!precedes(childTime, childSequence, time, sequence)) {
				break;
			}
			times[hole] = childTime;
			sequences[hole] = childSequence;
			payloads[hole] = payloads[child];
			hole = child;
		}
		times[hole] = time;
		sequences[hole] = sequence;
		payloads[hole] = payload;
	}
}
