package org.iosim.files;

import java.util.Locale;

/**
 * The time left of long work, as progress lines give it: estimated from the pace so far and written
 * as a clock, e.g. {@code 1:05 elapsed, about 2:10 left}. Every front end's progress lines (runs,
 * points, evaluations, simulated time) use these, so they estimate and read alike.
 */
public final class TimeLeft {

	private TimeLeft() {
	}

	/**
	 * @param elapsedSeconds real time the work done so far took
	 * @param done           how much is done, in any unit (runs, evaluations, a share of the whole)
	 * @param remaining      how much remains, in the same unit
	 * @return the seconds the remaining work takes at the pace so far
	 */
	public static double seconds(double elapsedSeconds, double done, double remaining) {
		return elapsedSeconds / done * remaining;
	}

	/** @return e.g. {@code 0:12 elapsed, about 0:30 left}, the time left at the pace so far */
	public static String elapsedAndLeft(double elapsedSeconds, double done, double remaining) {
		return clock(elapsedSeconds) + " elapsed, about " + clock(seconds(elapsedSeconds, done, remaining)) + " left";
	}

	/** Seconds as m:ss, or h:mm:ss from an hour on, as progress lines give elapsed time and time left. */
	public static String clock(double seconds) {
		long whole = Math.round(seconds);
		return whole >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
				: String.format(Locale.ROOT, "%d:%02d", whole / 60, whole % 60);
	}
}
