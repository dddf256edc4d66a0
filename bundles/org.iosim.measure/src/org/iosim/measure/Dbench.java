package org.iosim.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.iosim.files.FileTrees;

/**
 * dbench, the NetBench file-server load (Samba's client operations replayed on a local file
 * system), with {@code -s}: every file is opened O_SYNC, so each write waits for the device, as a
 * file server's synchronous writes do. Runs in a folder of the disk to measure, optionally under a
 * volume's limits, at several client counts in an order shuffled with the seed.
 *
 * @param folder      a folder on the disk to measure; dbench works in its {@code clients} folder, removed at the end
 * @param volume      the volume to measure on, or null for the plain device
 * @param clients     the client counts
 * @param repetitions runs per client count
 * @param seconds     length of each run (dbench's -t)
 * @param seed        seeds the run order
 */
public record Dbench(Path folder, Volume volume, List<Integer> clients, int repetitions, int seconds, long seed,
		double maxOtherLoad) {

	private static final Pattern THROUGHPUT = Pattern.compile("(?m)^Throughput ([0-9.]+) MB/sec.*max_latency=([0-9.]+) ms");
	private static final Pattern OPERATION = Pattern.compile("(?m)^ (\\w+)\\s+(\\d+)\\s+([0-9.]+)\\s+([0-9.]+)\\s*$");

	/**
	 * One run's figures.
	 *
	 * @param megabytesPerSecond dbench's throughput (MB = 10^6 bytes)
	 * @param maxLatency         seconds, the longest operation
	 * @param operations         per operation kind: count and mean latency in seconds
	 * @param otherLoad          CPUs other processes used during the run, NaN if unknown
	 */
	public record Run(int clients, int repetition, double megabytesPerSecond, double maxLatency,
			Map<String, Operation> operations, double otherLoad) {

		Run withOtherLoad(double load) {
			return new Run(clients, repetition, megabytesPerSecond, maxLatency, operations, load);
		}

		/** @return the synchronous writes (WriteX), what a volume that limits writes decides; none if dbench made none */
		public Operation writes() {
			return operations.getOrDefault("WriteX", new Operation(0, Double.NaN));
		}
	}

	public record Operation(long count, double meanLatency) {
	}

	/** Receives each finished run. */
	public interface Listener {
		void finished(Run run, int done, int total);

		/** A run with this many clients was disturbed by other processes using {@code otherLoad} CPUs. */
		default void disturbed(int clients, double otherLoad, int attempt, boolean kept) {
		}
	}

	public Dbench {
		clients = List.copyOf(clients);
		ApplicationRuns.requireSettings(clients, repetitions, seconds, maxOtherLoad);
	}

	/** @return whether dbench is installed */
	public static boolean installed() {
		try {
			Process process = new ProcessBuilder("dbench", "--help").redirectErrorStream(true).start();
			process.getInputStream().readAllBytes();
			process.waitFor();
			return true;
		} catch (IOException missing) {
			return false;
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** @return every run, in the order measured */
	public List<Run> run(Listener listener) throws MeasurementException, InterruptedException {
		List<ApplicationRuns.Next<Integer>> order = ApplicationRuns.shuffled(clients, repetitions, seed);
		try {
			Files.createDirectories(folder);
		} catch (IOException failed) {
			throw new MeasurementException("cannot create " + folder + ": " + failed.getMessage());
		}
		// dbench works in DIR/clients, and its cleanup leaves that folder behind
		Path work = folder.resolve("clients");
		boolean ours = !Files.exists(work);
		BlockThrottle.Group group = null;
		List<Run> runs = new ArrayList<>();
		try {
			group = ApplicationRuns.groupFor(volume, folder);
			for (ApplicationRuns.Next<Integer> next : order) {
				BlockThrottle.Group volumeGroup = group;
				OtherProcesses.Undisturbed<Run> kept = OtherProcesses.undisturbed(maxOtherLoad,
						() -> once(next.setting(), next.repetition(), volumeGroup),
						(otherLoad, attempt, last) -> listener.disturbed(next.setting(), otherLoad, attempt, last));
				Run run = kept.result().withOtherLoad(kept.otherLoad());
				runs.add(run);
				listener.finished(run, runs.size(), order.size());
			}
		} finally {
			if (group != null) {
				group.close();
			}
			if (ours) {
				FileTrees.removeQuietly(work, false);
			}
		}
		return runs;
	}

	private Run once(int count, int repetition, BlockThrottle.Group group) throws MeasurementException, InterruptedException {
		try (Background dbench = start(folder, seconds, count, group, Cpus.ALL)) {
			return dbench.finish(repetition);
		}
	}

	/**
	 * Starts dbench -s with {@code clients} clients in {@code folder} (it works in its {@code clients}
	 * folder there), optionally in a volume group, on {@code cpus}, and returns at once.
	 *
	 * @param seconds its measured period (-t), which begins after its warm-up of a fifth of it
	 */
	static Background start(Path folder, int seconds, int clients, BlockThrottle.Group group, Cpus cpus)
			throws MeasurementException {
		List<String> command = new ArrayList<>(Programs.diesWithThisProcess());
		List<String> dbench = List.of("dbench", "-s", "-D", folder.toString(), "-t", Integer.toString(seconds),
				Integer.toString(clients));
		command.addAll(cpus.wrap(group == null ? dbench : group.wrap(dbench)));
		return new Background(Programs.start(command, folder, "dbench"), clients, seconds);
	}

	/**
	 * A dbench run under way. dbench 4 spends a fifth of its -t warming up (until every client has
	 * worked, too), then resets its figures and measures for the whole -t: each second it prints a
	 * line, "warmup" before and "execute" during the measured period, "cleanup" after it.
	 */
	static final class Background implements AutoCloseable {
		private static final Pattern MEASURING = Pattern.compile("MB/sec\\s+execute\\s");
		private static final Pattern CLEANING_UP = Pattern.compile("^\\s*\\d+\\s+cleanup\\s");
		/** Time beyond the warm-up for starting the clients and their first operations on a slow volume. */
		private static final long START_SECONDS = 60;

		private final Programs.Running dbench;
		private final int clients;
		private final int seconds;

		private Background(Programs.Running dbench, int clients, int seconds) {
			this.dbench = dbench;
			this.clients = clients;
			this.seconds = seconds;
		}

		/**
		 * Waits until dbench measures: its first "execute" line, printed a second after its measured
		 * period began.
		 *
		 * @throws MeasurementException if dbench failed or did not get there in time
		 */
		void awaitMeasuring() throws MeasurementException, InterruptedException {
			long limit = seconds / 5 + START_SECONDS;
			if (!dbench.awaitLine(MEASURING, limit, TimeUnit.SECONDS)) {
				if (!dbench.alive()) {
					finish(0); // says why dbench failed
				}
				throw new MeasurementException("dbench did not end its warm-up within " + limit + " s");
			}
		}

		/** @return whether dbench's measured period is over (it cleans up or has ended) */
		boolean measuringEnded() {
			return dbench.printed(CLEANING_UP);
		}

		/** Waits for dbench's end and reads its report. */
		Run finish(int repetition) throws MeasurementException, InterruptedException {
			return parse(dbench.finish(), clients, repetition);
		}

		/** Ends dbench if it still runs, e.g. when the measurement beside it failed. */
		@Override
		public void close() throws InterruptedException {
			dbench.close();
		}
	}

	/**
	 * Reads dbench's final report: its throughput and longest latency, and each operation kind's
	 * count and mean latency.
	 */
	static Run parse(String output, int clients, int repetition) throws MeasurementException {
		Matcher throughput = THROUGHPUT.matcher(output);
		if (!throughput.find()) {
			throw new MeasurementException("dbench reported no throughput");
		}
		Map<String, Operation> operations = new LinkedHashMap<>();
		Matcher operation = OPERATION.matcher(output);
		while (operation.find()) {
			operations.put(operation.group(1), new Operation(Long.parseLong(operation.group(2)),
					Double.parseDouble(operation.group(3)) / 1e3));
		}
		return new Run(clients, repetition, Double.parseDouble(throughput.group(1)), Double.parseDouble(throughput.group(2))
				/ 1e3, operations, Double.NaN);
	}
}
