package org.iosim.sweep;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.RunCancelledException;
import org.iosim.run.RunFailure;

/** Runs tasks on a pool of this machine's threads, one replication per thread at a time. */
public final class LocalSweepEngine implements SweepEngine {

	private final SweepTaskRunner runner;
	private final int threads;

	/** @param threads how many tasks run at once, e.g. the number of cores */
	public LocalSweepEngine(SweepTaskRunner runner, int threads) {
		if (threads < 1) {
			throw new IllegalArgumentException("threads must be at least 1, got " + threads);
		}
		this.runner = runner;
		this.threads = threads;
	}

	@Override
	public void run(SweepPlan plan, List<SweepTask> tasks, SweepMonitor monitor, Consumer<ReplicationResult> finished)
			throws RunFailure, RunCancelledException {
		AtomicBoolean failed = new AtomicBoolean();
		// a failed task stops the others: the sweep ends with its failure, and what finished stays written
		ProgressMonitor cancelling = new ProgressMonitor() {
			@Override
			public void progress(Progress progress) {
			}

			@Override
			public boolean isCancelled() {
				return failed.get() || monitor.isCancelled();
			}
		};
		ExecutorService executor = Executors.newFixedThreadPool(threads, work -> {
			Thread thread = new Thread(work, "iosim-sweep");
			thread.setDaemon(true);
			return thread;
		});
		ExecutorCompletionService<ReplicationResult> completion = new ExecutorCompletionService<>(executor);
		// a few tasks queued per thread, not all: a million queued tasks would take memory for nothing
		int queued = 4 * threads;
		try {
			int submitted = 0;
			for (int taken = 0; taken < tasks.size(); taken++) {
				while (submitted < tasks.size() && submitted - taken < queued) {
					SweepTask task = tasks.get(submitted++);
					completion.submit(() -> runner.run(task, cancelling));
				}
				finished.accept(completion.take().get());
			}
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new RunCancelledException();
		} catch (ExecutionException taskFailed) {
			failed.set(true);
			Throwable cause = taskFailed.getCause();
			if (cause instanceof RunFailure failure) {
				throw failure;
			}
			if (cause instanceof RunCancelledException cancelled) {
				throw cancelled;
			}
			if (cause instanceof RuntimeException unexpected) {
				throw unexpected;
			}
			throw new IllegalStateException(cause);
		} finally {
			executor.shutdownNow();
		}
	}
}
