package org.iosim.simulation.statistics;

import java.util.Arrays;

/**
 * The time average of a piecewise-constant quantity (e.g. the population of a closed workload) per
 * window of simulated time, for charts of it over the course of a run, in bounded memory.
 * <p>
 * Windows are as those of {@link TimeSeries}: consecutive, of equal length from the series' start,
 * merged pairwise (the window length doubling) when the quantity changes beyond the last of the
 * {@code maxWindows} windows. The caller reports every change with its time; times must not decrease.
 */
public final class TimeWeightedSeries {

	private final double initialWindowLength;
	/** The quantity's integral over each window, up to {@link #lastChange} in the window holding it. */
	private final double[] areas;
	private double startTime;
	private double windowLength;
	private int usedWindows;
	private double value;
	private double lastChange;

	/** @param value the quantity from {@code startTime} on */
	public TimeWeightedSeries(double startTime, double initialWindowLength, double value) {
		this(startTime, initialWindowLength, TimeSeries.DEFAULT_MAX_WINDOWS, value);
	}

	/** @param maxWindows an even number of at least 2 */
	public TimeWeightedSeries(double startTime, double initialWindowLength, int maxWindows, double value) {
		if (!(initialWindowLength > 0 && initialWindowLength < Double.POSITIVE_INFINITY)) {
			throw new IllegalArgumentException("window length must be positive and finite: " + initialWindowLength);
		}
		if (maxWindows < 2 || maxWindows % 2 != 0) {
			throw new IllegalArgumentException("the number of windows must be even and at least 2: " + maxWindows);
		}
		this.initialWindowLength = initialWindowLength;
		this.areas = new double[maxWindows];
		this.startTime = startTime;
		this.windowLength = initialWindowLength;
		this.value = value;
		this.lastChange = startTime;
	}

	/** The quantity takes {@code newValue} from {@code time} on. */
	public void update(double time, double newValue) {
		advance(time);
		value = newValue;
	}

	/** The current value of the quantity. */
	public double value() {
		return value;
	}

	/** Adds the current value's area from the last change until {@code time}, window by window. */
	private void advance(double time) {
		if (time < lastChange) {
			throw new IllegalArgumentException("time went backwards: " + time + " < " + lastChange);
		}
		while ((time - startTime) / windowLength >= areas.length) {
			mergeNeighbouringWindows();
		}
		double from = lastChange;
		while (from < time) {
			int window = (int) ((from - startTime) / windowLength);
			if (!(startTime + (window + 1) * windowLength > from)) {
				window++; // rounding put a window's end into the window before it
			}
			window = Math.min(areas.length - 1, window);
			double until = Math.min(time, startTime + (window + 1) * windowLength);
			if (!(until > from) || window == areas.length - 1) {
				until = time; // the last window: the rest belongs here
			}
			areas[window] += value * (until - from);
			usedWindows = Math.max(usedWindows, window + 1);
			from = until;
		}
		lastChange = time;
	}

	private void mergeNeighbouringWindows() {
		int half = areas.length / 2;
		for (int i = 0; i < half; i++) {
			areas[i] = areas[2 * i] + areas[2 * i + 1];
		}
		Arrays.fill(areas, half, areas.length, 0);
		windowLength *= 2;
		usedWindows = (usedWindows + 1) / 2;
	}

	/**
	 * Brings the series up to {@code now}: the windows then span the time from the start until {@code now}.
	 * Call before reading the windows.
	 */
	public void extendTo(double now) {
		advance(now);
	}

	public double startTime() {
		return startTime;
	}

	public double windowLength() {
		return windowLength;
	}

	/** Number of windows up to and including the one holding the last time the series was brought to. */
	public int windowCount() {
		return usedWindows;
	}

	public double windowStart(int window) {
		checkWindow(window);
		return startTime + window * windowLength;
	}

	/** @return the end of the window, or of the time covered where that is earlier (the last window) */
	public double windowEnd(int window) {
		checkWindow(window);
		return Math.min(startTime + (window + 1) * windowLength, Math.max(lastChange, startTime + window * windowLength));
	}

	/** The time average of the quantity over the window (over the part covered, for the last one); NaN if none. */
	public double mean(int window) {
		double covered = windowEnd(window) - windowStart(window);
		return covered > 0 ? areas[window] / covered : Double.NaN;
	}

	private void checkWindow(int window) {
		if (window < 0 || window >= usedWindows) {
			throw new IndexOutOfBoundsException("window " + window + " of " + usedWindows);
		}
	}

	/** Starts an empty series at {@code time} with the initial window length (warm-up removal); the value is kept. */
	public void reset(double time) {
		if (time < lastChange) {
			throw new IllegalArgumentException("time went backwards: " + time + " < " + lastChange);
		}
		Arrays.fill(areas, 0);
		startTime = time;
		lastChange = time;
		windowLength = initialWindowLength;
		usedWindows = 0;
	}
}
