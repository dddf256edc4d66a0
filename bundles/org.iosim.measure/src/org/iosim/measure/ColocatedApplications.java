package org.iosim.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures two applications at the same time on one QoS-limited volume, as two virtual machines
 * whose disks share a throttled volume: PostgreSQL with pgbench (a {@link PgbenchCampaign}'s private
 * cluster) and a file server, dbench -s (as {@link Dbench} runs it), each application's throughput
 * measured, so that a model can be checked on the interference each suffers. A pair with 0 clients
 * on one side runs the other application alone in the same conditions (the idle server stays up),
 * so one campaign measures alone and together.
 * <p>
 * <b>One group for both.</b> The volume's limits are one block-throttling group, and the server
 * and dbench both run in it: the limit is what they share. A group per application under a shared
 * parent would not work here: in cgroup v1, blk-throttle is not hierarchical on this machine's
 * kernel (6.18), so a parent capped at 500 write IOPS let fio in an uncapped child do 2,097. Limits
 * per virtual machine under a shared one would need cgroup v2's {@code io.max}, whose limits nest.
 * <p>
 * <b>CPUs.</b> Without {@link Vcpus}, both applications run on all of this machine's CPUs, and the
 * kernel's placement of woken processes decides much of who gets a throttle window's writes. With
 * them, each application is pinned to CPUs of its own ({@link Cpus}), as two virtual machines are.
 * <p>
 * <b>A run.</b> The cluster is made, loaded and warmed up once, as in {@link PgbenchCampaign}; then
 * every (pair, repetition) runs in an order shuffled with the seed, each from a checkpoint. dbench
 * starts first, with its measured period (-t) {@value #DBENCH_EXTRA_SECONDS} s longer than a run,
 * and pgbench starts once dbench prints that it measures: dbench spends a fifth of -t warming up
 * (creating its files), which pgbench should neither see nor disturb, and then measures for the
 * whole -t. So pgbench's whole run meets dbench in its steady state, and dbench's measured period
 * holds pgbench's run and those extra seconds: one because dbench reports its measuring a second
 * after it began, one for pgbench's start and end. A run in which dbench stopped measuring before
 * pgbench ended fails rather than reporting a partial overlap. The cluster, dbench's files and the
 * group are removed at the end and on failure.
 *
 * @param folder       an empty or new folder on the disk to measure: the cluster goes in its
 *                     {@code postgres} folder, dbench works in its {@code dbench} folder
 * @param port         the server's port (its socket is in the folder)
 * @param volume       the volume both applications share, or null for the plain device
 * @param vcpus        each application's own CPUs, or null for both on all of this machine's CPUs
 * @param scale        pgbench's scale (100,000 accounts a unit)
 * @param pairs        the (pgbench clients, dbench clients) to measure
 * @param repetitions  runs per pair
 * @param seconds      length of each run: pgbench's -T
 * @param seed         seeds the run order
 * @param maxOtherLoad the CPUs other processes may use during a run before it is run again
 */
public record ColocatedApplications(Path folder, int port, Volume volume, Vcpus vcpus, int scale, List<Pair> pairs,
		int repetitions, int seconds, long seed, double maxOtherLoad) {

	/** Seconds dbench measures beyond pgbench's run, so that its measured period holds pgbench's (see above). */
	public static final int DBENCH_EXTRA_SECONDS = 2;

	/** The most vCPUs a virtual machine may be given. */
	public static final int MOST_VCPUS = 1024;

	/**
	 * The clients of each application in a run; 0 leaves that application out.
	 *
	 * @param pgbenchClients pgbench's clients
	 * @param dbenchClients  dbench's clients
	 */
	public record Pair(int pgbenchClients, int dbenchClients) {

		public Pair {
			if (pgbenchClients < 0 || pgbenchClients > ApplicationRuns.MOST_CLIENTS || dbenchClients < 0
					|| dbenchClients > ApplicationRuns.MOST_CLIENTS) {
				throw new IllegalArgumentException(String.format(Locale.ROOT, "%d+%d: client counts must be 0 to %d",
						pgbenchClients, dbenchClients, ApplicationRuns.MOST_CLIENTS));
			}
			if (pgbenchClients == 0 && dbenchClients == 0) {
				throw new IllegalArgumentException("0+0: a pair needs clients of at least one application");
			}
		}

		/**
		 * @param text e.g. "4+1": pgbench clients, then dbench clients
		 * @throws IllegalArgumentException naming the text (its start, if long) and what is wrong
		 */
		public static Pair parse(String text) {
			int[] counts = twoCounts(text, "a pair of client counts such as 4+1 (pgbench clients + dbench clients)");
			return new Pair(counts[0], counts[1]);
		}

		/** @return whether both applications run */
		public boolean together() {
			return pgbenchClients > 0 && dbenchClients > 0;
		}

		/** e.g. "4+1", as {@link #parse} reads it */
		@Override
		public String toString() {
			return pgbenchClients + "+" + dbenchClients;
		}
	}

	private static final Pattern TWO_COUNTS = Pattern.compile("\\s*(\\d{1,9})\\s*\\+\\s*(\\d{1,9})\\s*");
	/** How much of a wrong text a message repeats. */
	private static final int QUOTED = 20;

	/** Reads "N+M", the database's count first; a wrong text is named (its start, if long) with what was expected. */
	private static int[] twoCounts(String text, String expected) {
		Matcher matcher = TWO_COUNTS.matcher(text);
		if (!matcher.matches()) {
			String quoted = text.length() <= QUOTED ? text : text.substring(0, QUOTED) + "...";
			throw new IllegalArgumentException("'" + quoted + "' is not " + expected);
		}
		return new int[] { Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)) };
	}

	/**
	 * The vCPUs of the two virtual machines: each application's processes run on CPUs of their own,
	 * as a hypervisor gives each virtual machine its own vCPUs. The database machine holds the
	 * PostgreSQL server (with its backends and background writers) and pgbench's clients; the file
	 * server machine holds dbench. The database machine gets the first CPUs this process may use.
	 *
	 * @param database   the database machine's vCPUs
	 * @param fileServer the file server machine's vCPUs
	 */
	public record Vcpus(int database, int fileServer) {

		public Vcpus {
			if (database < 1 || fileServer < 1 || database > MOST_VCPUS || fileServer > MOST_VCPUS) {
				throw new IllegalArgumentException(String.format(Locale.ROOT, "%d+%d: each machine needs 1 to %d vCPUs",
						database, fileServer, MOST_VCPUS));
			}
		}

		/**
		 * @param text e.g. "1+1": the database machine's vCPUs, then the file server machine's
		 * @throws IllegalArgumentException naming the text (its start, if long) and what is wrong
		 */
		public static Vcpus parse(String text) {
			int[] counts = twoCounts(text, "two vCPU counts such as 1+1 (database machine + file server machine)");
			return new Vcpus(counts[0], counts[1]);
		}

		/**
		 * @return the database machine's CPUs, then the file server machine's
		 * @throws MeasurementException if this machine has too few CPUs for both, or cannot pin
		 */
		List<Cpus> pin() throws MeasurementException {
			return Cpus.split(database, fileServer);
		}

		/** e.g. "1+1", as {@link #parse} reads it */
		@Override
		public String toString() {
			return database + "+" + fileServer;
		}
	}

	/**
	 * One run's figures.
	 *
	 * @param pgbench   pgbench's run, empty when the pair has no pgbench clients
	 * @param dbench    dbench's run, empty when the pair has no dbench clients
	 * @param otherLoad the CPUs other processes used during the run, NaN if unknown
	 */
	public record Measured(Pair pair, int repetition, Optional<Pgbench.Run> pgbench, Optional<Dbench.Run> dbench,
			double otherLoad) {

		Measured withOtherLoad(double load) {
			return new Measured(pair, repetition, pgbench, dbench.map(run -> run.withOtherLoad(load)), load);
		}
	}

	/** Receives the campaign's progress. */
	public interface Listener extends PgbenchCampaign.Preparation {
		/** The applications are pinned: the database machine's CPUs, then the file server machine's. */
		default void pinned(Cpus database, Cpus fileServer) {
		}

		/** The cluster is ready; the runs begin. */
		default void measuring(int runs) {
		}

		default void finished(Measured run, int done, int total) {
		}

		/** A run of this pair was disturbed by other processes using {@code otherLoad} CPUs. */
		default void disturbed(Pair pair, double otherLoad, int attempt, boolean kept) {
		}
	}

	public ColocatedApplications {
		pairs = List.copyOf(pairs);
		if (pairs.isEmpty()) {
			throw new IllegalArgumentException("at least one pair of client counts is needed");
		}
		ApplicationRuns.requireRepetitions(repetitions, seconds, maxOtherLoad);
		PgbenchCampaign.requireDatabaseSettings(scale, port);
	}

	/**
	 * @return every run, in the order measured
	 * @throws MeasurementException if PostgreSQL, dbench, the volume or a run failed
	 */
	public List<Measured> run(Listener listener) throws MeasurementException, InterruptedException {
		if (!Dbench.installed()) {
			throw new MeasurementException("dbench is not installed (apt-get install dbench)");
		}
		List<ApplicationRuns.Next<Pair>> order = ApplicationRuns.shuffled(pairs, repetitions, seed);
		List<Cpus> machines = vcpus == null ? List.of(Cpus.ALL, Cpus.ALL) : vcpus.pin();
		Cpus fileServerCpus = machines.get(1);
		if (vcpus != null) {
			listener.pinned(machines.get(0), fileServerCpus);
		}
		int warmUpClients = Math.max(1, pairs.stream().mapToInt(Pair::pgbenchClients).max().orElseThrow());
		Path dbenchFolder = folder.resolve("dbench");
		return PgbenchCampaign.onWarmedUpCluster(folder, folder.resolve("postgres"), port, volume, machines.get(0),
				scale, warmUpClients, listener, (pgbench, group) -> {
					try {
						Files.createDirectories(dbenchFolder);
					} catch (IOException failed) {
						throw new MeasurementException("cannot create " + dbenchFolder + ": " + failed.getMessage());
					}
					listener.measuring(order.size());
					List<Measured> measured = new ArrayList<>();
					for (ApplicationRuns.Next<Pair> next : order) {
						Pair pair = next.setting();
						OtherProcesses.Undisturbed<Measured> kept = OtherProcesses.undisturbed(maxOtherLoad,
								() -> once(pgbench, dbenchFolder, group, fileServerCpus, pair, next.repetition()),
								(otherLoad, attempt, last) -> listener.disturbed(pair, otherLoad, attempt, last));
						Measured run = kept.result().withOtherLoad(kept.otherLoad());
						measured.add(run);
						listener.finished(run, measured.size(), order.size());
					}
					return measured;
				});
	}

	private Measured once(Pgbench pgbench, Path dbenchFolder, BlockThrottle.Group group, Cpus dbenchCpus, Pair pair,
			int repetition) throws MeasurementException, InterruptedException {
		pgbench.checkpoint();
		if (pair.dbenchClients() == 0) {
			return new Measured(pair, repetition, Optional.of(pgbench.runWithoutCheckpoint(pair.pgbenchClients(), seconds)),
					Optional.empty(), Double.NaN);
		}
		try (Dbench.Background dbench = Dbench.start(dbenchFolder, seconds + DBENCH_EXTRA_SECONDS, pair.dbenchClients(),
				group, dbenchCpus)) {
			dbench.awaitMeasuring();
			Optional<Pgbench.Run> database = Optional.empty();
			if (pair.pgbenchClients() > 0) {
				database = Optional.of(pgbench.runWithoutCheckpoint(pair.pgbenchClients(), seconds));
				if (dbench.measuringEnded()) {
					throw new MeasurementException(String.format(Locale.ROOT, "the run %s: dbench stopped measuring"
							+ " before pgbench's %d s ended, so they did not overlap throughout", pair, seconds));
				}
			}
			return new Measured(pair, repetition, database, Optional.of(dbench.finish(repetition)), Double.NaN);
		}
	}
}
