package org.iosim.simulation.engine;

import java.util.Arrays;

/**
 * Set of non-negative {@code long} sequence numbers without boxing: open
 * addressing with linear probing, kept at most half full. Removal shifts later
 * entries of the probe run back instead of leaving tombstones, so lookups stay
 * short however many cancellations come and go.
 */
final class SequenceSet {

	/** Slots hold sequence + 1 so that zero can mark an empty slot. */
	private static final long EMPTY = 0;
	private static final long GOLDEN_RATIO_MULTIPLIER = 0x9E3779B97F4A7C15L;

	private long[] slots = new long[16];
	private int shift = 64 - 4;
	private int size;

	int size() {
		return size;
	}

	boolean add(long sequence) {
		if (2 * (size + 1) > slots.length) {
			rehash(slots.length * 2);
		}
		long stored = sequence + 1;
		int mask = slots.length - 1;
		for (int slot = home(stored); ; slot = (slot + 1) & mask) {
			if (slots[slot] == EMPTY) {
				slots[slot] = stored;
				size++;
				return true;
			}
			if (slots[slot] == stored) {
				return false;
			}
		}
	}

	boolean contains(long sequence) {
		long stored = sequence + 1;
		int mask = slots.length - 1;
		for (int slot = home(stored); slots[slot] != EMPTY; slot = (slot + 1) & mask) {
			if (slots[slot] == stored) {
				return true;
			}
		}
		return false;
	}

	boolean remove(long sequence) {
		long stored = sequence + 1;
		int mask = slots.length - 1;
		int hole = home(stored);
		while (slots[hole] != stored) {
			if (slots[hole] == EMPTY) {
				return false;
			}
			hole = (hole + 1) & mask;
		}
		// Close the gap: an entry further along the probe run moves into the
		// hole unless its home lies cyclically after the hole (then the hole
		// does not interrupt its probe path).
		for (int next = (hole + 1) & mask; slots[next] != EMPTY; next = (next + 1) & mask) {
			int nextHome = home(slots[next]);
			if (((next - nextHome) & mask) >= ((next - hole) & mask)) {
				slots[hole] = slots[next];
				hole = next;
			}
		}
		slots[hole] = EMPTY;
		size--;
		return true;
	}

	void clear() {
		Arrays.fill(slots, EMPTY);
		size = 0;
	}

	private int home(long stored) {
		return (int) ((stored * GOLDEN_RATIO_MULTIPLIER) >>> shift);
	}

	private void rehash(int capacity) {
		long[] old = slots;
		slots = new long[capacity];
		shift = 64 - Integer.numberOfTrailingZeros(capacity);
		int mask = capacity - 1;
		for (long stored : old) {
			if (stored != EMPTY) {
				int slot = home(stored);
				while (slots[slot] != EMPTY) {
					slot = (slot + 1) & mask;
				}
				slots[slot] = stored;
			}
		}
	}
}
