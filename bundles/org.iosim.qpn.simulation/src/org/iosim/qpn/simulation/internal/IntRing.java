package org.iosim.qpn.simulation.internal;

/** A growable FIFO of ints without boxing: the tokens waiting in a queue. */
final class IntRing {

	private int[] values = new int[16];
	private int head;
	private int size;

	void add(int value) {
		if (size == values.length) {
			int[] grown = new int[values.length * 2];
			for (int index = 0; index < size; index++) {
				grown[index] = values[(head + index) & (values.length - 1)];
			}
			values = grown;
			head = 0;
		}
		values[(head + size++) & (values.length - 1)] = value;
	}

	int removeFirst() {
		int value = values[head];
		head = (head + 1) & (values.length - 1);
		size--;
		return value;
	}

	boolean isEmpty() {
		return size == 0;
	}
}
