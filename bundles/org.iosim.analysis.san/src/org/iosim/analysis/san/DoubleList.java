package org.iosim.analysis.san;

import java.util.Arrays;

/** Response times as they come, summarized at the end. */
final class DoubleList {

	private double[] values = new double[64];
	private int size;

	void add(double value) {
		if (size == values.length) {
			values = Arrays.copyOf(values, size * 2);
		}
		values[size++] = value;
	}

	SanReport.Times summary() {
		if (size == 0) {
			return new SanReport.Times(0, 0, 0, 0);
		}
		double[] sorted = Arrays.copyOf(values, size);
		Arrays.sort(sorted);
		double sum = 0;
		for (double value : sorted) {
			sum += value;
		}
		// the 95th percentile: the smallest value at least 95 % of the values do not exceed
		int rank = (int) Math.ceil(0.95 * size) - 1;
		return new SanReport.Times(size, sum / size, sorted[Math.max(rank, 0)], sorted[size - 1]);
	}
}
