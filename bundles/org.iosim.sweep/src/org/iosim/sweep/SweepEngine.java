package org.iosim.sweep;

import java.util.List;
import java.util.function.Consumer;

import org.iosim.engine.RunCancelledException;
import org.iosim.run.RunFailure;

/**
 * Runs a sweep's tasks somewhere: {@link LocalSweepEngine} on this machine's threads; another engine
 * (e.g. on a cluster) ships the definition's JSON and the tasks to its workers, each running tasks
 * with a {@link SweepTaskRunner} of its own. Tasks may finish in any order; the sweep pools them in
 * task order afterwards.
 */
public interface SweepEngine {

	/**
	 * @param finished receives each task's result as it finishes, from one thread at a time
	 * @throws RunFailure            if a task fails; tasks not yet started are not started
	 * @throws RunCancelledException if the monitor cancelled the sweep
	 */
	void run(SweepPlan plan, List<SweepTask> tasks, SweepMonitor monitor, Consumer<ReplicationResult> finished)
			throws RunFailure, RunCancelledException;
}
