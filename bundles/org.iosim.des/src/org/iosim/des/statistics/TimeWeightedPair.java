package org.iosim.des.statistics;

/**
 * Time averages of two piecewise-constant quantities that always change at the same moments, such as
 * the jobs at a resource and its busy servers. They share one clock, so that a change measures one
 * interval where two {@link TimeWeighted} measure it twice (a resource changes both at every arrival
 * and departure); the averages are those two {@link TimeWeighted} give, to the bit.
 * <p>
 * As with {@link TimeWeighted}, the caller reports every change with the simulated time at which it
 * happens; times must not decrease.
 */
public final class TimeWeightedPair {

	private double first;
	private double second;
	private double lastChangeTime;
	private double startTime;
	private double firstArea;
	private double secondArea;

	public TimeWeightedPair(double startTime, double initialFirst, double initialSecond) {
		this.startTime = startTime;
		this.lastChangeTime = startTime;
		this.first = initialFirst;
		this.second = initialSecond;
	}

	/** The quantities take {@code newFirst} and {@code newSecond} from {@code time} on. */
	public void update(double time, double newFirst, double newSecond) {
		if (time < lastChangeTime) {
			throw TimeWeighted.backwards(time, lastChangeTime);
		}
		double interval = time - lastChangeTime;
		firstArea += first * interval;
		secondArea += second * interval;
		lastChangeTime = time;
		first = newFirst;
		second = newSecond;
	}

	/** Current value of the first quantity. */
	public double first() {
		return first;
	}

	/** Current value of the second quantity. */
	public double second() {
		return second;
	}

	/** Time average of the first quantity over {@code [start, now]}, as {@link TimeWeighted#mean}. */
	public double meanOfFirst(double now) {
		return TimeWeighted.mean(firstArea, first, lastChangeTime, startTime, now);
	}

	/** Time average of the second quantity over {@code [start, now]}, as {@link TimeWeighted#mean}. */
	public double meanOfSecond(double now) {
		return TimeWeighted.mean(secondArea, second, lastChangeTime, startTime, now);
	}

	/** Forgets the history before {@code time} (warm-up removal); the current values are kept. */
	public void reset(double time) {
		if (time < lastChangeTime) {
			throw TimeWeighted.backwards(time, lastChangeTime);
		}
		startTime = time;
		lastChangeTime = time;
		firstArea = 0;
		secondArea = 0;
	}
}
