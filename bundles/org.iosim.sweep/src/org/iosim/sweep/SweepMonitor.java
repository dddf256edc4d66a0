package org.iosim.sweep;

/** Follows a sweep and may cancel it. */
public interface SweepMonitor {

	SweepMonitor NONE = new SweepMonitor() {
	};

	/**
	 * A point has all its replications.
	 *
	 * @param done    points finished in this run
	 * @param left    points still to run
	 * @param skipped points finished by an earlier run of the same sweep, not run again
	 */
	default void pointFinished(int done, int left, int skipped) {
	}

	default boolean isCancelled() {
		return false;
	}
}
