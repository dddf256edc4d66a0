package org.iosim.sweep;

/** Follows a sweep and may cancel it. */
public interface SweepMonitor {

	SweepMonitor NONE = new SweepMonitor() {
	};

	/**
	 * The sweep's folder holds points an earlier run of the same sweep finished; they are kept and
	 * not run again. Told once, before any point runs, only when there are such points, so that a
	 * resumed sweep says so even when nothing is left to run.
	 *
	 * @param kept  points finished before
	 * @param total points of the sweep
	 */
	default void resuming(int kept, int total) {
	}

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
