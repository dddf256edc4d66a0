package org.iosim.des.statistics;

/**
 * Time average of a piecewise-constant quantity such as a queue length or the
 * number of busy servers.
 * <p>
 * The caller reports every change together with the simulated time at which it
 * happens; times must not decrease. Keeping the clock outside makes this usable
 * by any engine and in tests without one.
 */
public final class TimeWeighted {

	private double value;
	private double lastChangeTime;
	private double startTime;
	private double area;

	public TimeWeighted(double startTime, double initialValue) {
		this.startTime = startTime;
		this.lastChangeTime = startTime;
		this.value = initialValue;
	}

	/** The quantity takes {@code newValue} from {@code time} on. */
	public void update(double time, double newValue) {
		if (time < lastChangeTime) {
			throw backwards(time, lastChangeTime);
		}
		area += value * (time - lastChangeTime);
		lastChangeTime = time;
		value = newValue;
	}

	/** Current value of the quantity. */
	public double value() {
		return value;
	}

	/**
	 * Time average over {@code [start, now]}, assuming the current value holds
	 * until {@code now}; the current value if no time has passed.
	 */
	public double mean(double now) {
		return mean(area, value, lastChangeTime, startTime, now);
	}

	/**
	 * The time average over {@code [startTime, now]} of a quantity that covered {@code area} up to
	 * {@code lastChangeTime} and has held {@code value} since; {@code value} if no time has passed.
	 *
	 * @throws IllegalArgumentException if {@code now} comes before {@code lastChangeTime}
	 */
	static double mean(double area, double value, double lastChangeTime, double startTime, double now) {
		if (now < lastChangeTime) {
			throw backwards(now, lastChangeTime);
		}
		double duration = now - startTime;
		if (duration <= 0) {
			return value;
		}
		return (area + value * (now - lastChangeTime)) / duration;
	}

	/** Forgets the history before {@code time} (warm-up removal); the current value is kept. */
	public void reset(double time) {
		if (time < lastChangeTime) {
			throw backwards(time, lastChangeTime);
		}
		startTime = time;
		lastChangeTime = time;
		area = 0;
	}

	/** Kept out of the methods called per event, which stay small enough to inline. */
	static IllegalArgumentException backwards(double time, double lastChangeTime) {
		return new IllegalArgumentException("time went backwards: " + time + " < " + lastChangeTime);
	}
}
