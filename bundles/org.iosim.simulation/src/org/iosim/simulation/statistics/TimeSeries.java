package org.iosim.simulation.statistics;

import java.util.Arrays;

/**
 * Count and mean of observations per window of simulated time, for charts of
 * a metric (e.g. response time) over the course of a run, in bounded memory.
 * <p>
 * Windows are consecutive, of equal length, and start at the series' start
 * time. When an observation falls beyond the last of the {@code maxWindows}
 * windows, neighbouring windows are merged pairwise and the window length
 * doubles, as often as needed. The series thus always spans the whole run with
 * between {@code maxWindows / 2} and {@code maxWindows} windows once it has
 * grown, whatever the run length.
 */
public final class TimeSeries {

    public static final int DEFAULT_MAX_WINDOWS = 256;

    private final double initialWindowLength;
    private final long[] counts;
    private final double[] sums;
    private double startTime;
    private double windowLength;
    private int usedWindows;

    public TimeSeries(double startTime, double initialWindowLength) {
        this(startTime, initialWindowLength, DEFAULT_MAX_WINDOWS);
    }

    /** @param maxWindows an even number of at least 2 */
    public TimeSeries(double startTime, double initialWindowLength, int maxWindows) {
        if (!(initialWindowLength > 0 && initialWindowLength < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("window length must be positive and finite: " + initialWindowLength);
        }
        if (maxWindows < 2 || maxWindows % 2 != 0) {
            throw new IllegalArgumentException("the number of windows must be even and at least 2: " + maxWindows);
        }
        this.initialWindowLength = initialWindowLength;
        this.counts = new long[maxWindows];
        this.sums = new double[maxWindows];
        this.startTime = startTime;
        this.windowLength = initialWindowLength;
    }

    /** Records {@code value} observed at simulated {@code time} (not before the start time). */
    public void add(double time, double value) {
        if (!(time >= startTime)) {
            throw new IllegalArgumentException("observation at " + time + " precedes the series start " + startTime);
        }
        double offset = (time - startTime) / windowLength;
        while (offset >= counts.length) {
            mergeNeighbouringWindows();
            offset = (time - startTime) / windowLength;
        }
        int window = (int) offset;
        counts[window]++;
        sums[window] += value;
        if (window >= usedWindows) {
            usedWindows = window + 1;
        }
    }

    private void mergeNeighbouringWindows() {
        int half = counts.length / 2;
        for (int i = 0; i < half; i++) {
            counts[i] = counts[2 * i] + counts[2 * i + 1];
            sums[i] = sums[2 * i] + sums[2 * i + 1];
        }
        Arrays.fill(counts, half, counts.length, 0);
        Arrays.fill(sums, half, sums.length, 0);
        windowLength *= 2;
        usedWindows = (usedWindows + 1) / 2;
    }

    public double startTime() {
        return startTime;
    }

    public double windowLength() {
        return windowLength;
    }

    public int maxWindows() {
        return counts.length;
    }

    /** Number of windows up to and including the last one holding an observation. */
    public int windowCount() {
        return usedWindows;
    }

    public double windowStart(int window) {
        checkWindow(window);
        return startTime + window * windowLength;
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

    private void checkWindow(int window) {
        if (window < 0 || window >= usedWindows) {
            throw new IndexOutOfBoundsException("window " + window + " of " + usedWindows);
        }
    }

    /** Starts an empty series at {@code time} with the initial window length (warm-up removal). */
    public void reset(double time) {
        Arrays.fill(counts, 0);
        Arrays.fill(sums, 0);
        startTime = time;
        windowLength = initialWindowLength;
        usedWindows = 0;
    }
}
