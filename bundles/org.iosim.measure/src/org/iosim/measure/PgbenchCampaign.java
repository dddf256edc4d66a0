package org.iosim.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Measures PostgreSQL with pgbench at several client counts, as a user would on their volume: one
 * private cluster made and loaded once, then every (clients, repetition) run in an order shuffled
 * with the seed, so that drift of the machine spreads over all client counts, each run after a
 * checkpoint. The cluster and its volume group are removed at the end.
 *
 * @param folder      an empty or new folder on the disk to measure, for the cluster
 * @param port        the server's port (its socket is in the folder)
 * @param volume      the volume to measure on, or null for the plain device
 * @param scale       pgbench's scale (100,000 accounts a unit; 10 branches at 10)
 * @param clients     the client counts
 * @param repetitions runs per client count
 * @param seconds     length of each run
 * @param seed        seeds the run order
 */
public record PgbenchCampaign(Path folder, int port, Volume volume, int scale, List<Integer> clients, int repetitions,
		int seconds, long seed) {

	/** Receives the campaign's progress. */
	public interface Listener {
		default void loading(int scale) {
		}

		default void finished(Pgbench.Run run, int repetition, int done, int total) {
		}
	}

	/** A run with its repetition. */
	public record Measured(int repetition, Pgbench.Run run) {
	}

	public PgbenchCampaign {
		clients = List.copyOf(clients);
		if (clients.isEmpty() || clients.stream().anyMatch(count -> count < 1 || count > 1000)) {
			throw new IllegalArgumentException("client counts must be 1 to 1000");
		}
		if (scale < 1 || scale > 10_000 || repetitions < 1 || repetitions > 100 || seconds < 1 || seconds > 86_400) {
			throw new IllegalArgumentException("scale 1 to 10,000, repetitions 1 to 100 and seconds 1 to 86,400");
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
		requireEmpty(folder);
		List<int[]> order = new ArrayList<>();
		for (int repetition = 1; repetition <= repetitions; repetition++) {
			for (int count : clients) {
				order.add(new int[] { count, repetition });
			}
		}
		Collections.shuffle(order, new Random(seed));
		BlockThrottle.Group group = null;
		List<Measured> measured = new ArrayList<>();
		try {
			if (volume != null) {
				BlockThrottle.Availability throttling = BlockThrottle.detect();
				BlockThrottle throttle = throttling.throttle().orElseThrow(() -> new MeasurementException(
						"cannot limit the volume " + volume.name() + ": " + throttling.reason()));
				group = throttle.create(volume, folder);
			}
			try (PostgresCluster cluster = PostgresCluster.start(folder, port, group)) {
				Pgbench pgbench = new Pgbench(cluster);
				listener.loading(scale);
				pgbench.initialize(scale);
				for (int[] next : order) {
					Pgbench.Run run = pgbench.run(next[0], seconds);
					measured.add(new Measured(next[1], run));
					listener.finished(run, next[1], measured.size(), order.size());
				}
			}
		} finally {
			if (group != null) {
				group.close();
			}
			removeCluster(folder);
		}
		return measured;
	}

	private static void requireEmpty(Path folder) throws MeasurementException {
		if (!Files.exists(folder)) {
			return;
		}
		try (var entries = Files.list(folder)) {
			if (!Files.isDirectory(folder) || entries.findAny().isPresent()) {
				throw new MeasurementException(folder + " must be an empty or new folder: the cluster is made in it and"
						+ " removed with it at the end");
			}
		} catch (IOException unreadable) {
			throw new MeasurementException("cannot read " + folder + ": " + unreadable.getMessage());
		}
	}

	/** Removes what the campaign made in its folder; the folder itself stays when it existed before. */
	private static void removeCluster(Path folder) {
		try (var walk = Files.walk(folder)) {
			for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
				if (!path.equals(folder)) {
					Files.deleteIfExists(path);
				}
			}
		} catch (IOException | RuntimeException leftOver) {
			// a cluster left behind wastes space but no result
		}
	}
}
