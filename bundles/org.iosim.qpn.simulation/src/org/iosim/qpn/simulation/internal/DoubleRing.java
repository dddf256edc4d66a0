package org.iosim.qpn.simulation.internal;

/** A growable FIFO of doubles without boxing: the arrival times of the tokens in one place. */
final class DoubleRing {

	private double[] values = new double[16];
	private int head;
	private int size;

	void add(double value) {
		if (size == values.length) {
			double[] grown = new double[values.length * 2];
			for (int index = 0; index < size; index++) {
				grown[index] = values[(head + index) & (values.length - 1)];
			}
			values = grown;
			head = 0;
		}
		values[(head + size++) & (values.length - 1)] = value;
	}

	double removeFirst() {
		double value = values[head];
		head = (head + 1) & (values.length - 1);
		size--;
		return value;
	}

	int size() {
		return size;
	}
}
