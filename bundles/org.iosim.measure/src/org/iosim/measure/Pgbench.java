package org.iosim.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's pgbench (its TPC-B-like default transaction) on a {@link PostgresCluster}: each run
 * starts from a checkpoint, so no run pays for the dirty pages of the one before, and reports the
 * server's WAL writes and flushes alongside pgbench's own figures, which is what decides a
 * database's speed on a volume that limits writes.
 */
public final class Pgbench {

	private static final Pattern TPS = Pattern.compile("(?m)^tps = ([0-9.]+) \\(without initial connection time\\)");
	private static final Pattern LATENCY = Pattern.compile("(?m)^latency average = ([0-9.]+) ms");
	private static final Pattern TRANSACTIONS = Pattern.compile("(?m)^number of transactions actually processed: (\\d+)");

	private final PostgresCluster cluster;

	public Pgbench(PostgresCluster cluster) {
		this.cluster = cluster;
	}

	/**
	 * One run's figures.
	 *
	 * @param clients            concurrent clients
	 * @param transactionsPerSecond pgbench's throughput, without the connection time
	 * @param meanLatency        seconds per transaction as a client sees it
	 * @param transactions       transactions done
	 * @param walFlushes         WAL flushes (fdatasync of the log) the server made meanwhile
	 * @param walWrites          WAL writes the server made meanwhile
	 * @param walFlushSeconds    time the server spent in those flushes
	 * @param seconds            the run's length
	 */
	public record Run(int clients, double transactionsPerSecond, double meanLatency, long transactions, long walFlushes,
			long walWrites, double walFlushSeconds, double seconds) {

		/** @return WAL flushes per transaction: 1 without group commit, less as commits share flushes */
		public double flushesPerTransaction() {
			return transactions == 0 ? 0 : (double) walFlushes / transactions;
		}
	}

	/** Creates pgbench's tables at {@code scale} (100,000 accounts a unit). */
	public void initialize(int scale) throws MeasurementException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(cluster.program("pgbench").toString(), "-i", "-q", "-s",
				Integer.toString(scale)));
		command.addAll(cluster.connection());
		command.add("postgres");
		Programs.run(cluster.cpus().wrap(command), cluster.folder(), "pgbench -i");
	}

	/** Runs pgbench with {@code clients} clients for {@code seconds} seconds, after a checkpoint. */
	public Run run(int clients, int seconds) throws MeasurementException, InterruptedException {
		checkpoint();
		return runWithoutCheckpoint(clients, seconds);
	}

	/** Writes every dirty page, so that the next run does not pay for the work before it. */
	public void checkpoint() throws MeasurementException, InterruptedException {
		cluster.sql("CHECKPOINT");
	}

	/**
	 * Runs pgbench with {@code clients} clients for {@code seconds} seconds as the server is: for a
	 * run whose {@link #checkpoint} came before something else started, such as an application
	 * beside it on the same volume, which a checkpoint now would make wait.
	 */
	public Run runWithoutCheckpoint(int clients, int seconds) throws MeasurementException, InterruptedException {
		long[] before = wal();
		double flushTimeBefore = walFlushMilliseconds();
		List<String> command = new ArrayList<>(List.of(cluster.program("pgbench").toString(), "-c",
				Integer.toString(clients), "-j", Integer.toString(Math.min(clients, Runtime.getRuntime().availableProcessors())),
				"-T", Integer.toString(seconds), "-n"));
		command.addAll(cluster.connection());
		command.add("postgres");
		String output = Programs.run(cluster.cpus().wrap(command), cluster.folder(), "pgbench");
		long[] after = wal();
		double flushTime = walFlushMilliseconds() - flushTimeBefore;
		return new Run(clients, number(TPS, output, "tps"), number(LATENCY, output, "latency average") / 1e3,
				(long) number(TRANSACTIONS, output, "transactions"), after[0] - before[0], after[1] - before[1],
				flushTime / 1e3, seconds);
	}

	/** @return the server's WAL flushes and writes so far */
	private long[] wal() throws MeasurementException, InterruptedException {
		String[] fields = cluster.sql("SELECT wal_sync, wal_write FROM pg_stat_wal").split("\\|");
		try {
			return new long[] { Long.parseLong(fields[0].strip()), Long.parseLong(fields[1].strip()) };
		} catch (NumberFormatException | ArrayIndexOutOfBoundsException unexpected) {
			throw new MeasurementException("pg_stat_wal gave no WAL counts (PostgreSQL 14 or newer is needed)");
		}
	}

	private double walFlushMilliseconds() throws MeasurementException, InterruptedException {
		try {
			return Double.parseDouble(cluster.sql("SELECT wal_sync_time FROM pg_stat_wal"));
		} catch (NumberFormatException unexpected) {
			throw new MeasurementException("pg_stat_wal gave no WAL flush time");
		}
	}

	private static double number(Pattern pattern, String output, String what) throws MeasurementException {
		Matcher matcher = pattern.matcher(output);
		if (!matcher.find()) {
			throw new MeasurementException(String.format(Locale.ROOT, "pgbench reported no %s (is it PostgreSQL 14 or"
					+ " newer?)", what));
		}
		return Double.parseDouble(matcher.group(1));
	}
}
