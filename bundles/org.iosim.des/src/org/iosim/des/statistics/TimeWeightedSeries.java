package org.iosim.des.statistics;

import java.util.Arrays;

/**
 * The time average of a piecewise-constant quantity (e.g. the population of a closed workload) per
 * window of simulated time, for charts of it over the course of a run, in bounded memory: the
 * windows double in length as the run grows ({@link DoublingWindows}), as those of
 * {@link TimeSeries} do. The caller reports every change with its time; times must not decrease.
 */
public final class TimeWeightedSeries extends DoublingWindows {

	/** The quantity's integral over each window, up to {@link #lastChange} in the window holding it. */
	private final double[] areas;
	private double value;
	private double lastChange;
	/**
	 * The window holding {@link #lastChange} once it has area, and that window's end: most changes fall
	 * into the same window as the one before, and then only add to its area (a resource's busy servers
	 * change at every other event of a simulation). A negative infinite end sends the next change the
	 * long way, after windows were merged or the series restarted.
	 */
	private int currentWindow;
	private double currentWindowEnd = Double.NEGATIVE_INFINITY;

	/** @param value the quantity from {@code startTime} on */
	public TimeWeightedSeries(double startTime, double initialWindowLength, double value) {
		this(startTime, initialWindowLength, TimeSeries.DEFAULT_MAX_WINDOWS, value);
	}

	/** @param maxWindows an even number of at least 2 */
	public TimeWeightedSeries(double startTime, double initialWindowLength, int maxWindows, double value) {
		super(startTime, initialWindowLength, maxWindows);
		this.areas = new double[maxWindows];
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
		if (time < currentWindowEnd) {
			areas[currentWindow] += value * (time - lastChange);
			lastChange = time;
			return;
		}
		growToHold(time);
		double startTime = startTime();
		double windowLength = windowLength();
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
			use(window);
			from = until;
			if (until == time) {
				// the window the time lies in, unless the time is its end (then the next one, not yet used)
				boolean holdsTime = window == areas.length - 1 || startTime + (window + 1) * windowLength > time;
				currentWindow = window;
				currentWindowEnd = holdsTime && time > lastChange ? startTime + (window + 1) * windowLength
						: Double.NEGATIVE_INFINITY;
			}
		}
		lastChange = time;
	}

	@Override
	void mergePairs(int half) {
		currentWindowEnd = Double.NEGATIVE_INFINITY;
		for (int i = 0; i < half; i++) {
			areas[i] = areas[2 * i] + areas[2 * i + 1];
		}
		Arrays.fill(areas, half, areas.length, 0);
	}

	@Override
	void clear() {
		currentWindowEnd = Double.NEGATIVE_INFINITY;
		Arrays.fill(areas, 0);
	}

	/**
	 * Brings the series up to {@code now}: the windows then span the time from the start until {@code now}.
	 * Call before reading the windows.
	 */
	public void extendTo(double now) {
		advance(now);
	}

	/** @return the end of the window, or of the time covered where that is earlier (the last window) */
	public double windowEnd(int window) {
		checkWindow(window);
		return Math.min(startTime() + (window + 1) * windowLength(), Math.max(lastChange, windowStart(window)));
	}

	/** The time average of the quantity over the window (over the part covered, for the last one); NaN if none. */
	public double mean(int window) {
		double covered = windowEnd(window) - windowStart(window);
		return covered > 0 ? areas[window] / covered : Double.NaN;
	}

	/** Starts an empty series at {@code time} with the initial window length (warm-up removal); the value is kept. */
	public void reset(double time) {
		if (time < lastChange) {
			throw new IllegalArgumentException("time went backwards: " + time + " < " + lastChange);
		}
		restartAt(time);
		lastChange = time;
	}
}
