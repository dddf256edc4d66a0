package org.iosim.des.statistics;

/**
 * The windows of a series over simulated time in bounded memory: consecutive, of equal length from
 * the series' start. When a time falls beyond the last of the {@code maxWindows} windows,
 * neighbouring windows are merged pairwise and the window length doubles, as often as needed, so the
 * windows always span the whole run, between {@code maxWindows / 2} and {@code maxWindows} of them
 * once the series has grown. A series keeps what it accumulates per window and merges it when told.
 */
abstract class DoublingWindows {

	private final double initialWindowLength;
	private final int maxWindows;
	private double startTime;
	private double windowLength;
	private int usedWindows;

	/** @param maxWindows an even number of at least 2 */
	DoublingWindows(double startTime, double initialWindowLength, int maxWindows) {
		if (!(initialWindowLength > 0 && initialWindowLength < Double.POSITIVE_INFINITY)) {
			throw new IllegalArgumentException("window length must be positive and finite: " + initialWindowLength);
		}
		if (maxWindows < 2 || maxWindows % 2 != 0) {
			throw new IllegalArgumentException("the number of windows must be even and at least 2: " + maxWindows);
		}
		this.initialWindowLength = initialWindowLength;
		this.maxWindows = maxWindows;
		this.startTime = startTime;
		this.windowLength = initialWindowLength;
	}

	/** Merges window 2i and 2i + 1 into window i for every i below {@code half}, and empties the windows from {@code half} on. */
	abstract void mergePairs(int half);

	/** Empties every window. */
	abstract void clear();

	/** Merges windows until {@code time} lies within the last of them. */
	final void growToHold(double time) {
		while ((time - startTime) / windowLength >= maxWindows) {
			mergePairs(maxWindows / 2);
			windowLength *= 2;
			usedWindows = (usedWindows + 1) / 2;
		}
	}

	/** Counts the windows up to {@code window} as used. */
	final void use(int window) {
		usedWindows = Math.max(usedWindows, window + 1);
	}

	final void checkWindow(int window) {
		if (window < 0 || window >= usedWindows) {
			throw new IndexOutOfBoundsException("window " + window + " of " + usedWindows);
		}
	}

	/** Empties the series and starts it at {@code time} with the initial window length (warm-up removal). */
	void restartAt(double time) {
		clear();
		startTime = time;
		windowLength = initialWindowLength;
		usedWindows = 0;
	}

	public double startTime() {
		return startTime;
	}

	public double windowLength() {
		return windowLength;
	}

	public int maxWindows() {
		return maxWindows;
	}

	/** Number of windows up to and including the last one used. */
	public int windowCount() {
		return usedWindows;
	}

	public double windowStart(int window) {
		checkWindow(window);
		return startTime + window * windowLength;
	}
}
