package org.iosim.des.statistics;

import java.util.Arrays;

/**
 * Count and mean of observations per window of simulated time, for charts of a metric (e.g. response
 * time) over the course of a run, in bounded memory: the windows double in length as the run grows
 * ({@link DoublingWindows}), so the series always spans the whole run.
 */
public final class TimeSeries extends DoublingWindows {

	public static final int DEFAULT_MAX_WINDOWS = 256;

	private final long[] counts;
	private final double[] sums;

	public TimeSeries(double startTime, double initialWindowLength) {
		this(startTime, initialWindowLength, DEFAULT_MAX_WINDOWS);
	}

	/** @param maxWindows an even number of at least 2 */
	public TimeSeries(double startTime, double initialWindowLength, int maxWindows) {
		super(startTime, initialWindowLength, maxWindows);
		this.counts = new long[maxWindows];
		this.sums = new double[maxWindows];
	}

	/** Records {@code value} observed at simulated {@code time} (not before the start time). */
	public void add(double time, double value) {
		if (!(time >= startTime())) {
			throw new IllegalArgumentException("observation at " + time + " precedes the series start " + startTime());
		}
		growToHold(time);
		int window = (int) ((time - startTime()) / windowLength());
		counts[window]++;
		sums[window] += value;
		use(window);
	}

	@Override
	void mergePairs(int half) {
		for (int i = 0; i < half; i++) {
			counts[i] = counts[2 * i] + counts[2 * i + 1];
			sums[i] = sums[2 * i] + sums[2 * i + 1];
		}
		Arrays.fill(counts, half, counts.length, 0);
		Arrays.fill(sums, half, sums.length, 0);
	}

	@Override
	void clear() {
		Arrays.fill(counts, 0);
		Arrays.fill(sums, 0);
	}

	public long count(int window) {
		checkWindow(window);
		return counts[window];
	}

	/** Mean of the observations in the window; NaN for an empty window. */
	public double mean(int window) {
		checkWindow(window);
		return counts[window] == 0 ? Double.NaN : sums[window] / counts[window];
	}

	/** Starts an empty series at {@code time} with the initial window length (warm-up removal). */
	public void reset(double time) {
		restartAt(time);
	}
}
