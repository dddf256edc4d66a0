package org.iosim.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.iosim.files.FileTrees;

/**
 * Measures PostgreSQL with pgbench at several client counts, as a user would on their volume: one
 * private cluster made and loaded once, then every (clients, repetition) run in an order shuffled
 * with the seed, so that drift of the machine spreads over all client counts, each run after a
 * checkpoint. A warm-up run of {@value #WARM_UP_SECONDS} s with the most clients, not recorded, comes
 * first: right after loading, the server's background work (writing back the loaded tables,
 * autovacuum) made the first run here three times slower than the next ones, and the load check
 * does not see it, since the server is the campaign's own process. The cluster and its volume group
 * are removed at the end.
 *
 * @param folder      an empty or new folder on the disk to measure, for the cluster
 * @param port        the server's port (its socket is in the folder)
 * @param volume      the volume to measure on, or null for the plain device
 * @param scale       pgbench's scale (100,000 accounts a unit; 10 branches at 10)
 * @param clients     the client counts
 * @param repetitions runs per client count
 * @param seconds     length of each run
 * @param seed        seeds the run order
 * @param maxOtherLoad the CPUs other processes may use during a run before it is run again
 */
public record PgbenchCampaign(Path folder, int port, Volume volume, int scale, List<Integer> clients, int repetitions,
		int seconds, long seed, double maxOtherLoad) {

	/** Seconds of the warm-up run after loading. */
	public static final int WARM_UP_SECONDS = 10;

	/** Hears how a cluster is made ready for measuring: loaded, then warmed up. */
	public interface Preparation {
		default void loading(int scale) {
		}

		default void warmingUp(int clients, int seconds) {
		}
	}

	/** Receives the campaign's progress. */
	public interface Listener extends Preparation {
		default void finished(Pgbench.Run run, int repetition, int done, int total) {
		}

		/** A run with this many clients was disturbed by other processes using {@code otherLoad} CPUs. */
		default void disturbed(int clients, double otherLoad, int attempt, boolean kept) {
		}
	}

	/** A run with its repetition and the CPUs other processes used during it (NaN if unknown). */
	public record Measured(int repetition, Pgbench.Run run, double otherLoad) {
	}

	public PgbenchCampaign {
		clients = List.copyOf(clients);
		ApplicationRuns.requireSettings(clients, repetitions, seconds, maxOtherLoad);
		requireDatabaseSettings(scale, port);
	}

	/** @throws IllegalArgumentException naming the setting of the cluster that is out of range */
	static void requireDatabaseSettings(int scale, int port) {
		if (scale < 1 || scale > 10_000) {
			throw new IllegalArgumentException("the scale must be 1 to 10,000");
		}
		if (port < 1024 || port > 65_535) {
			throw new IllegalArgumentException("the port must be 1024 to 65535");
		}
	}

	/**
	 * @return every run, in the order measured
	 * @throws MeasurementException if PostgreSQL, the volume or a run failed
	 */
	public List<Measured> run(Listener listener) throws MeasurementException, InterruptedException {
		List<ApplicationRuns.Next<Integer>> order = ApplicationRuns.shuffled(clients, repetitions, seed);
		int most = clients.stream().mapToInt(Integer::intValue).max().orElseThrow();
		return onWarmedUpCluster(folder, folder, port, volume, Cpus.ALL, scale, most, listener, (pgbench, group) -> {
			List<Measured> measured = new ArrayList<>();
			for (ApplicationRuns.Next<Integer> next : order) {
				OtherProcesses.Undisturbed<Pgbench.Run> kept = OtherProcesses.undisturbed(maxOtherLoad,
						() -> pgbench.run(next.setting(), seconds),
						(otherLoad, attempt, last) -> listener.disturbed(next.setting(), otherLoad, attempt, last));
				measured.add(new Measured(next.repetition(), kept.result(), kept.otherLoad()));
				listener.finished(kept.result(), next.repetition(), measured.size(), order.size());
			}
			return measured;
		});
	}

	/** Measures on a cluster that is loaded and warmed up. */
	@FunctionalInterface
	interface OnCluster<T> {
		T measure(Pgbench pgbench, BlockThrottle.Group group) throws MeasurementException, InterruptedException;
	}

	/**
	 * The life of a campaign's cluster: the volume's group made for the disk under {@code folder}
	 * (which must be empty or new), the cluster made in {@code clusterFolder} and started in the
	 * group on {@code cpus}, loaded at {@code scale} and warmed up with {@code warmUpClients}, then
	 * measured; at the end, or on failure, the server stops, the group goes and the folder is emptied.
	 */
	static <T> T onWarmedUpCluster(Path folder, Path clusterFolder, int port, Volume volume, Cpus cpus, int scale,
			int warmUpClients, Preparation listener, OnCluster<T> measurement)
			throws MeasurementException, InterruptedException {
		requireEmpty(folder);
		BlockThrottle.Group group = null;
		try {
			group = ApplicationRuns.groupFor(volume, folder);
			try (PostgresCluster cluster = PostgresCluster.start(clusterFolder, port, group, cpus)) {
				Pgbench pgbench = new Pgbench(cluster);
				listener.loading(scale);
				pgbench.initialize(scale);
				listener.warmingUp(warmUpClients, WARM_UP_SECONDS);
				pgbench.run(warmUpClients, WARM_UP_SECONDS);
				return measurement.measure(pgbench, group);
			}
		} finally {
			if (group != null) {
				group.close();
			}
			FileTrees.removeQuietly(folder, true); // what was made; the folder stays, since it may have existed before
		}
	}

	private static void requireEmpty(Path folder) throws MeasurementException {
		if (!Files.exists(folder)) {
			return;
		}
		try (var entries = Files.list(folder)) {
			if (!Files.isDirectory(folder) || entries.findAny().isPresent()) {
				throw new MeasurementException(folder + " must be an empty or new folder: the measurement makes its files"
						+ " in it and removes them at the end");
			}
		} catch (IOException unreadable) {
			throw new MeasurementException("cannot read " + folder + ": " + unreadable.getMessage());
		}
	}
}
