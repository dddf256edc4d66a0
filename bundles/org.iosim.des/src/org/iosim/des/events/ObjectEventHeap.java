package org.iosim.des.events;

import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * A {@link FutureEventList} whose events carry an object, such as the event to fire or a job waiting
 * for its finish tag. Adding or removing an event moves only array entries: nothing is allocated per
 * event, apart from growing the arrays.
 */
public final class ObjectEventHeap<T> extends FourAryHeap {

	private Object[] payloads = new Object[INITIAL_CAPACITY];

	/** @return the event's sequence number */
	public long add(double time, T payload) {
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
	@SuppressWarnings("unchecked")
	public T firstPayload() {
		return (T) payloads[0];
	}

	@Override
	public void removeFirst() {
		int last = size - 1;
		Object payload = payloads[last];
		payloads[last] = null;
		size = last;
		if (last > 0) {
			siftDown(0, times[last], sequences[last], payload);
		}
	}

	/**
	 * Removes the first event and adds another in one pass down the heap: half the work of
	 * {@link #removeFirst} followed by {@link #add}, with the same order of events afterwards. A
	 * simulator whose events mostly schedule one successor replaces the event it fires by that successor.
	 *
	 * @return the new event's sequence number
	 */
	public long replaceFirst(double time, T payload) {
		long sequence = nextSequence();
		siftDown(0, time, sequence, payload);
		return sequence;
	}

	/**
	 * Removes every event whose sequence number matches, then restores heap order in linear time: the
	 * way to drop many cancelled events at once instead of searching for each.
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
		Arrays.fill(payloads, kept, size, null);
		size = kept;
		for (int index = parent(size - 1); index >= 0; index--) {
			siftDown(index, times[index], sequences[index], payloads[index]);
		}
	}

	/** Sifts the entry down from {@code hole} and moves the payloads the way its sift moved the times. */
	private void siftDown(int hole, double time, long sequence, Object payload) {
		int slot = siftDown(hole, time, sequence);
		Object carried = payload;
		for (int index = slot;; index = parent(index)) {
			Object displaced = payloads[index];
			payloads[index] = carried;
			if (index == hole) {
				break;
			}
			carried = displaced;
		}
	}
}
