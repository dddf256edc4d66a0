package org.iosim.qpn.simulation;

import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.iosim.des.RunBudget;
import org.iosim.qpn.Net;
import org.iosim.qpn.simulation.internal.CompiledNet;
import org.iosim.qpn.simulation.internal.NetRun;

/**
 * Simulates a queueing Petri net with SimQPN's semantics (see {@code NetRun}): one seeded run, the
 * method of batch means after the warm-up, stopping at the run length or, under RELPRC and ABSPRC,
 * as soon as every mean the net's statistics settings check is precise enough.
 */
public final class QpnSimulator {

	/** Told how far a run has come, about once a second. */
	@FunctionalInterface
	public interface Progress {
		Progress NONE = (simulatedTime, runLength, events) -> {
		};

		void at(double simulatedTime, double runLength, long events);
	}

	private QpnSimulator() {
	}

	/**
	 * @param configuration the name of the simulator configuration whose statistics settings (which
	 *                      places are measured in detail, required precision) apply; {@code null}
	 *                      for none, so that only the run length stops the run
	 * @throws UnsupportedNetException naming the element when the net cannot be simulated, or when it
	 *                                 turns out at run time to cycle through immediate transitions or to
	 *                                 grow without bound
	 */
	public static QpnResult simulate(Net net, String configuration, QpnRunSettings settings, Progress progress) {
		return simulate(net, configuration, settings, 1, progress);
	}

	/**
	 * Independent replications, in parallel on the machine's cores, each with its own stream: the seed
	 * of replication i is derived from the run's seed and i alone, so the pooled result does not depend
	 * on thread timing. Pooled figures are the replications' means, residence times weighted by their
	 * observations, rates and time averages by the time each replication measured; with two or more replications a mean's confidence interval is Student's over the
	 * replication means, the method of independent replications, else the one run's batch means.
	 *
	 * @param progress told of the first replication's progress
	 */
	public static QpnResult simulate(Net net, String configuration, QpnRunSettings settings, int replications,
			Progress progress) {
		if (replications < 1) {
			throw new IllegalArgumentException("at least one replication, got " + replications);
		}
		CompiledNet compiled = CompiledNet.compile(net, configuration);
		if (replications == 1) {
			return new NetRun(compiled, settings).run(progress);
		}
		long started = System.nanoTime();
		ExecutorService pool = Executors.newFixedThreadPool(Math.min(replications, Runtime.getRuntime().availableProcessors()),
				Thread.ofPlatform().name(REPLICATION_THREAD, 0).daemon().factory());
		try {
			// results are taken as replications finish, so the first failure ends the others at once (they
			// stop at their next progress check) instead of after every replication before it in order
			CompletionService<Indexed> finished = new ExecutorCompletionService<>(pool);
			for (int replication = 0; replication < replications; replication++) {
				int index = replication;
				QpnRunSettings own = settings.withSeed(replicationSeed(settings.seed(), replication));
				Progress told = replication == 0 ? progress : Progress.NONE;
				finished.submit(() -> new Indexed(index, new NetRun(compiled, own).run(told)));
			}
			QpnResult[] results = new QpnResult[replications];
			for (int done = 0; done < replications; done++) {
				Indexed result = result(finished);
				results[result.index()] = result.result();
			}
			return ReplicationPooling.pool(List.of(results), settings.seed(), settings.warmUp(),
					(System.nanoTime() - started) / 1e9);
		} finally {
			// a failure interrupts the replications still running, and they end at their next progress
			// check; none outlives the call
			pool.shutdownNow();
			pool.close();
		}
	}

	/** Name prefix of the threads replications run on. */
	private static final String REPLICATION_THREAD = "iosim-qpn-replication-";

	/** Replication 0 runs with the seed itself, so that one replication is the plain run. */
	static long replicationSeed(long seed, int replication) {
		return seed + replication * 0x9E3779B97F4A7C15L;
	}

	/** A replication's result with its number, so that pooling does not depend on which finished first. */
	private record Indexed(int index, QpnResult result) {
	}

	private static Indexed result(CompletionService<Indexed> finished) {
		try {
			return finished.take().get();
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for a replication", interrupted);
		} catch (ExecutionException failed) {
			if (failed.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (failed.getCause() instanceof Error error) {
				// e.g. the heap exhausted: the caller says so in its own words
				throw error;
			}
			throw new IllegalStateException(failed.getCause());
		}
	}

	/** Checks that the net can be simulated, without running it. */
	public static void check(Net net, String configuration) {
		CompiledNet.compile(net, configuration);
	}

	/**
	 * Checks a net as a run with these settings finds it: compiles it ({@link #check}), then runs its
	 * first {@value RunBudget#FIRST_LOOK} events (a fraction of a second), so that what a run finds in
	 * its first moments ends the check with the same message: immediate transitions that fire without
	 * end before time passes, a run length or measurement count beyond the {@link RunBudget}.
	 *
	 * @throws UnsupportedNetException naming the element, or the net, as {@link #simulate} would
	 */
	public static void dryRun(Net net, String configuration, QpnRunSettings settings) {
		new NetRun(CompiledNet.compile(net, configuration), settings).dryRun(RunBudget.FIRST_LOOK);
	}
}
