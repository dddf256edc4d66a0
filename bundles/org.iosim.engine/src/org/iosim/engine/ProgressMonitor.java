package org.iosim.engine;

/**
 * Follows a run and may cancel it: the command line prints its progress, the workbench shows it
 * in a progress dialog with a cancel button. Engines report about once a second of real time per
 * replication, from the thread that runs it, and look at {@link #isCancelled()} about as often.
 */
public interface ProgressMonitor {

	/** Ignores progress and never cancels. */
	ProgressMonitor NONE = progress -> {
	};

	/**
	 * @param replication   which replication, from 0
	 * @param simulatedTime its simulated time so far
	 * @param measurements  its measurements so far (completed usage-scenario runs after warm-up)
	 * @param events        its events so far
	 */
	record Progress(int replication, double simulatedTime, long measurements, long events) {
	}

	void progress(Progress progress);

	/** @return whether the run should stop as soon as it can; it then ends with {@link RunCancelledException} */
	default boolean isCancelled() {
		return false;
	}
}
