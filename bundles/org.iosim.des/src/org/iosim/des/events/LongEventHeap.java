package org.iosim.des.events;

import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * A {@link FutureEventList} whose events carry a {@code long}, into which a simulator packs what it
 * needs to know about the event (a queue and a token, say). Adding or removing an event moves only
 * primitive array entries: nothing is allocated or boxed per event, apart from growing the arrays.
 * <p>
 * Its payload moves repeat those of {@link ObjectEventHeap} on a {@code long[]}: Java cannot share code
 * over an object and a primitive array without boxing or a call per move (see {@link FourAryHeap}).
 */
public final class LongEventHeap extends FourAryHeap {

	private long[] payloads = new long[INITIAL_CAPACITY];

	/** @return the event's sequence number */
	public long add(double time, long payload) {
		if (size == payloads.length) {
			payloads = Arrays.copyOf(payloads, grow());
		}
		long sequence = nextSequence();
		int hole = size++;
		int slot = siftUp(hole, time, sequence);
		for (int index = hole; index != slot;) {
			int parent = parent(index);
			payloads[index] = payloads[parent];
			index = parent;
		}
		payloads[slot] = payload;
		return sequence;
	}

	/** Payload of the first event; the list must not be empty. */
	public long firstPayload() {
		return payloads[0];
	}

	@Override
	public void removeFirst() {
		int last = size - 1;
		long payload = payloads[last];
		size = last;
		if (last > 0) {
			siftDown(0, times[last], sequences[last], payload);
		}
	}

	/**
	 * Removes the first event and adds another in one pass down the heap, as
	 * {@link ObjectEventHeap#replaceFirst} does.
	 *
	 * @return the new event's sequence number
	 */
	public long replaceFirst(double time, long payload) {
		long sequence = nextSequence();
		siftDown(0, time, sequence, payload);
		return sequence;
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
		for (int index = parent(size - 1); index >= 0; index--) {
			siftDown(index, times[index], sequences[index], payloads[index]);
		}
	}

	/** Sifts the entry down from {@code hole} and moves the payloads the way its sift moved the times. */
	private void siftDown(int hole, double time, long sequence, long payload) {
		int slot = siftDown(hole, time, sequence);
		long carried = payload;
		for (int index = slot;; index = parent(index)) {
			long displaced = payloads[index];
			payloads[index] = carried;
			if (index == hole) {
				break;
			}
			carried = displaced;
		}
	}
}
