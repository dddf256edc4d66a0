package org.iosim.qpn.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
		ExecutorService pool = Executors.newFixedThreadPool(Math.min(replications, Runtime.getRuntime().availableProcessors()));
		try {
			List<Future<QpnResult>> runs = new ArrayList<>();
			for (int replication = 0; replication < replications; replication++) {
				QpnRunSettings own = settings.withSeed(replicationSeed(settings.seed(), replication));
				Progress told = replication == 0 ? progress : Progress.NONE;
				runs.add(pool.submit(() -> new NetRun(compiled, own).run(told)));
			}
			List<QpnResult> results = new ArrayList<>();
			for (Future<QpnResult> run : runs) {
				results.add(result(run));
			}
			return ReplicationPooling.pool(results, settings.seed(), settings.warmUp(),
					(System.nanoTime() - started) / 1e9);
		} finally {
			pool.shutdownNow();
		}
	}

	/** Replication 0 runs with the seed itself, so that one replication is the plain run. */
	static long replicationSeed(long seed, int replication) {
		return seed + replication * 0x9E3779B97F4A7C15L;
	}

	private static QpnResult result(Future<QpnResult> run) {
		try {
			return run.get();
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for a replication", interrupted);
		} catch (ExecutionException failed) {
			if (failed.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException(failed.getCause());
		}
	}

	/** Checks that the net can be simulated, without running it. */
	public static void check(Net net, String configuration) {
		CompiledNet.compile(net, configuration);
	}
}
