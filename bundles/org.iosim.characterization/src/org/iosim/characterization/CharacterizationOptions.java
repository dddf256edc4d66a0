package org.iosim.characterization;

/**
 * The parameters of a characterization that 001 leaves open.
 *
 * @param windowLength      requests per window of the access pattern recognition (see
 *                          {@link AccessPatternRecognition}), reads and writes counted apart; at
 *                          least 1 and at most {@link #MAX_WINDOW_LENGTH}
 * @param samplingFrequency φ of Eq. 5.4: how many times per second the requests in flight are
 *                          counted for the closed workload intensity; above 0, and infinite for
 *                          their exact time average (see {@link #DEFAULT_SAMPLING_FREQUENCY})
 */
public record CharacterizationOptions(int windowLength, double samplingFrequency) {

	/**
	 * Default window length: interleaved sequential streams of up to a few hundred clients keep nearly
	 * every successor in the same window, while requests of a random workload rarely meet a successor
	 * by chance among so few.
	 */
	public static final int DEFAULT_WINDOW_LENGTH = 1024;

	/**
	 * Default sampling frequency: infinite, that is the exact time average of the requests in flight
	 * (Eq. 5.1, the limit of Eq. 5.4 as φ grows). The thesis samples because its monitors observe
	 * the system at discrete points; a trace gives every request's interval, and sampling a short
	 * trace, a fio job lasting less than a millisecond say, may find no point to sample at all. A
	 * finite frequency gives Eq. 5.4's estimate, e.g. to compare with monitors sampling at 1 Hz.
	 */
	public static final double DEFAULT_SAMPLING_FREQUENCY = Double.POSITIVE_INFINITY;

	/** The longest window: it is held in memory, some 60 bytes a request while it is analysed. */
	public static final int MAX_WINDOW_LENGTH = 1 << 20;

	public static final CharacterizationOptions DEFAULTS = new CharacterizationOptions(DEFAULT_WINDOW_LENGTH,
			DEFAULT_SAMPLING_FREQUENCY);

	/** @throws IllegalArgumentException if a parameter is out of its range */
	public CharacterizationOptions {
		if (windowLength < 1 || windowLength > MAX_WINDOW_LENGTH) {
			throw new IllegalArgumentException("the window length must lie in [1, " + MAX_WINDOW_LENGTH + "] but is "
					+ windowLength);
		}
		if (!(samplingFrequency > 0)) {
			throw new IllegalArgumentException("the sampling frequency must be above 0 but is " + samplingFrequency);
		}
	}

	/** @return whether the concurrency is the exact time average rather than sampled */
	public boolean exactTimeAverage() {
		return Double.isInfinite(samplingFrequency);
	}
}
