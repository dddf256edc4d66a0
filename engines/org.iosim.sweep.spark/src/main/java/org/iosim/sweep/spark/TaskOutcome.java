package org.iosim.sweep.spark;

import java.io.Serializable;

import org.iosim.run.RunFailure;
import org.iosim.sweep.ReplicationResult;

/**
 * What an executor sends back for one task: its result, or why it failed. A task's failure travels
 * as data, not as an exception, so the sweep ends with the task's own message (and is not retried:
 * the same task with the same seed fails the same way).
 *
 * @param result    the replication's figures, or null if it failed or was cancelled
 * @param failure   the kind of failure, or null
 * @param message   the failure's message, or null
 */
record TaskOutcome(ReplicationResult result, RunFailure.Kind failure, String message, boolean cancelled)
		implements Serializable {

	private static final long serialVersionUID = 1L;

	static TaskOutcome finished(ReplicationResult result) {
		return new TaskOutcome(result, null, null, false);
	}

	static TaskOutcome failed(RunFailure failure) {
		return new TaskOutcome(null, failure.kind(), failure.getMessage(), false);
	}

	static TaskOutcome stopped() {
		return new TaskOutcome(null, null, null, true);
	}
}
