package org.iosim.measure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

import org.iosim.files.FileProblems;
import org.iosim.measure.RunResult.Latencies;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * The measurements of a machine in one SQLite file: the plans measured, and one row per finished
 * run with its configuration (its thread mode among it), latencies, throughput and fio's raw
 * report. Each run is committed in its own transaction with a full sync, so a measurement killed at
 * any point (kill -9, power loss) keeps every run that finished and none twice; a run in progress is
 * simply measured again. One process at a time may open the file (an exclusive lock held while it
 * is open). The file is plain SQLite, so {@code sqlite3 FILE 'select * from run'} reads it too. A
 * file of an older schema is brought up to date, in one transaction, when it is opened.
 */
public final class MeasurementDatabase implements AutoCloseable {

	/** Marks a SQLite file as IOSim's ("IOSm"), so another program's database is refused, not altered. */
	private static final int APPLICATION_ID = 0x494F536D;
	/**
	 * 1: the first schema; 2: the run's thread mode ({@code threads}, mixed or separate), added to the
	 * runs of a version 1 file as mixed, which they were; 3: the plan's volume (null: the plain
	 * device, as every earlier plan ran) and the run's sync mode ({@code sync}, none for earlier runs);
	 * 4: the CPUs other processes used during the run ({@code other_load}, null where not measured);
	 * 5: the files the run wrote ({@code files}, existing for earlier runs).
	 */
	private static final int SCHEMA_VERSION = 5;

	/** The latency columns of each request type, after its prefix ("read_", "write_"). */
	private static final List<String> LATENCY_COLUMNS = List.of("requests", "per_second", "bytes_per_second",
			"latency_mean", "latency_p50", "latency_p95", "latency_p99");

	/** A recorded run. */
	public record Run(String plan, int configuration, int repetition, StorageWorkload workload, Optional<Latencies> reads,
			Optional<Latencies> writes, double elapsedSeconds) {
	}

	private final Path file;
	private final Connection connection;

	private MeasurementDatabase(Path file, Connection connection) {
		this.file = file;
		this.connection = connection;
	}

	/**
	 * Opens a measurement database, creating it if the file does not exist.
	 *
	 * @param create whether a missing file is created (measuring) or an error (reading)
	 * @throws MeasurementException if the file is not an IOSim measurement database, or another
	 *                              process has it open
	 */
	public static MeasurementDatabase open(Path file, boolean create) throws MeasurementException {
		boolean exists = Files.exists(file);
		if (!exists && !create) {
			throw new MeasurementException(file + ": no such measurement database");
		}
		if (exists && !Files.isRegularFile(file)) {
			throw new MeasurementException(file + ": not a file");
		}
		SQLiteConfig config = new SQLiteConfig();
		config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
		config.setLockingMode(SQLiteConfig.LockingMode.EXCLUSIVE);
		config.setBusyTimeout(0);
		Properties properties = config.toProperties();
		Connection connection = null;
		try {
			connection = new org.sqlite.JDBC().connect("jdbc:sqlite:" + file.toAbsolutePath(), properties);
			MeasurementDatabase database = new MeasurementDatabase(file, connection);
			database.prepare(exists && Files.size(file) > 0);
			return database;
		} catch (SQLException | java.io.IOException failed) {
			closeQuietly(connection);
			throw new MeasurementException(file + ": " + reason(failed));
		} catch (MeasurementException refused) {
			closeQuietly(connection);
			throw refused;
		}
	}

	private static String reason(Exception failed) {
		if (failed instanceof SQLiteException sqlite) {
			SQLiteErrorCode code = sqlite.getResultCode();
			if (code == SQLiteErrorCode.SQLITE_BUSY || code == SQLiteErrorCode.SQLITE_LOCKED) {
				return "in use by another iosim process (one measurement or export at a time)";
			}
			if (code == SQLiteErrorCode.SQLITE_NOTADB) {
				return "not a measurement database (not an SQLite file)";
			}
			if (code == SQLiteErrorCode.SQLITE_CORRUPT) {
				return "the database is damaged";
			}
			if (code == SQLiteErrorCode.SQLITE_CANTOPEN) {
				return "cannot be opened (does its folder exist and may it be written?)";
			}
		}
		String message = failed.getMessage();
		return message == null ? failed.getClass().getSimpleName() : message;
	}

	private void prepare(boolean existed) throws SQLException, MeasurementException {
		try (Statement statement = connection.createStatement()) {
			// takes the exclusive lock now, so a second process is refused before it measures anything
			statement.execute("BEGIN EXCLUSIVE");
			int applicationId = pragma(statement, "application_id");
			if (existed && applicationId != APPLICATION_ID) {
				statement.execute("ROLLBACK");
				throw new MeasurementException(file + ": not an IOSim measurement database (another program's SQLite file;"
						+ " it is left as it is)");
			}
			if (existed && pragma(statement, "user_version") > SCHEMA_VERSION) {
				statement.execute("ROLLBACK");
				throw new MeasurementException(file + ": written by a newer IOSim (schema "
						+ pragma(statement, "user_version") + ")");
			}
			statement.execute("PRAGMA application_id = " + APPLICATION_ID);
			statement.execute("PRAGMA user_version = " + SCHEMA_VERSION);
			statement.execute("""
					CREATE TABLE IF NOT EXISTS plan (
					  id INTEGER PRIMARY KEY, name TEXT NOT NULL, fingerprint TEXT NOT NULL UNIQUE,
					  runs INTEGER NOT NULL, warmup_seconds REAL NOT NULL, run_seconds REAL NOT NULL,
					  generator TEXT NOT NULL, created TEXT NOT NULL)""");
			StringBuilder latencyColumns = new StringBuilder();
			for (String type : List.of("read", "write")) {
				for (String column : LATENCY_COLUMNS) {
					latencyColumns.append(", ").append(type).append('_').append(column)
							.append(column.equals("requests") ? " INTEGER" : " REAL");
				}
			}
			// the run table as schema 1 made it, then what later schemas add: one layout for new and migrated files
			statement.execute("""
					CREATE TABLE IF NOT EXISTS run (
					  plan INTEGER NOT NULL REFERENCES plan(id), configuration INTEGER NOT NULL,
					  repetition INTEGER NOT NULL, run_order INTEGER NOT NULL,
					  request_size INTEGER NOT NULL, read_ratio REAL NOT NULL, sequential INTEGER NOT NULL,
					  file_set_size INTEGER NOT NULL, concurrency INTEGER NOT NULL, queue_depth INTEGER NOT NULL,
					  direct INTEGER NOT NULL, elapsed_seconds REAL NOT NULL, finished TEXT NOT NULL""" + latencyColumns
					+ ", raw_output TEXT NOT NULL, PRIMARY KEY (plan, configuration, repetition))");
			if (!columns(statement, "run").contains("threads")) {
				// schema 2; every run before it mixed reads and writes in each thread
				statement.execute("ALTER TABLE run ADD COLUMN threads TEXT NOT NULL DEFAULT 'mixed'"
						+ " CHECK (threads IN ('mixed', 'separate'))");
			}
			if (!columns(statement, "plan").contains("volume")) {
				statement.execute("ALTER TABLE plan ADD COLUMN volume TEXT"); // schema 3
			}
			if (!columns(statement, "run").contains("sync")) {
				statement.execute("ALTER TABLE run ADD COLUMN sync TEXT NOT NULL DEFAULT 'none'"
						+ " CHECK (sync IN ('none', 'fdatasync', 'osync'))"); // schema 3
			}
			if (!columns(statement, "run").contains("other_load")) {
				statement.execute("ALTER TABLE run ADD COLUMN other_load REAL"); // schema 4
			}
			if (!columns(statement, "run").contains("files")) {
				statement.execute("ALTER TABLE run ADD COLUMN files TEXT NOT NULL DEFAULT 'existing'"
						+ " CHECK (files IN ('existing', 'growing'))"); // schema 5
			}
			statement.execute("COMMIT");
			// only now, once the file is known to be ours: the journal mode is written into the file's header
			statement.execute("PRAGMA journal_mode = WAL");
		}
	}

	private static Set<String> columns(Statement statement, String table) throws SQLException {
		Set<String> columns = new HashSet<>();
		try (ResultSet result = statement.executeQuery("PRAGMA table_info(" + table + ")")) {
			while (result.next()) {
				columns.add(result.getString("name"));
			}
		}
		return columns;
	}

	private static int pragma(Statement statement, String name) throws SQLException {
		try (ResultSet result = statement.executeQuery("PRAGMA " + name)) {
			return result.next() ? result.getInt(1) : 0;
		}
	}

	/**
	 * The plan's id in this database, recorded now if it is new. A plan measured on another volume is
	 * another plan: its runs are never resumed from or mixed with the first volume's.
	 *
	 * @param generator what runs the workloads, e.g. "fio-3.33"
	 * @param volume    the volume the runs work under ({@link Volume#toString()}), or null for the plain device
	 */
	public long plan(MeasurementPlan plan, int runs, String generator, String volume) throws MeasurementException {
		String fingerprint = volume == null ? plan.fingerprint() : plan.fingerprint() + " on " + volume;
		try {
			try (PreparedStatement find = connection.prepareStatement("SELECT id FROM plan WHERE fingerprint = ?")) {
				find.setString(1, fingerprint);
				try (ResultSet found = find.executeQuery()) {
					if (found.next()) {
						return found.getLong(1);
					}
				}
			}
			// a version of the plan that recorded no run (refused before its first, e.g. for want of disk
			// space, or failed in it) holds nothing to lose: the changed plan takes its name
			try (PreparedStatement unmeasured = connection.prepareStatement("DELETE FROM plan WHERE name = ?"
					+ " AND NOT EXISTS (SELECT 1 FROM run WHERE run.plan = plan.id)")) {
				unmeasured.setString(1, plan.name());
				unmeasured.executeUpdate();
			}
			try (PreparedStatement sameName = connection.prepareStatement("SELECT count(*) FROM plan WHERE name = ?")) {
				sameName.setString(1, plan.name());
				try (ResultSet found = sameName.executeQuery()) {
					if (found.next() && found.getInt(1) > 0) {
						// runs of two versions of a plan would be told apart by nothing but their settings
						throw new MeasurementException(file + " already holds a plan named '" + plan.name()
								+ "' with other runs, settings or volume (was the plan file changed?); give the plan"
								+ " another \"name\" or measure into another database");
					}
				}
			}
			try (PreparedStatement insert = connection.prepareStatement("INSERT INTO plan (name, fingerprint, runs,"
					+ " warmup_seconds, run_seconds, generator, created, volume) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
					Statement.RETURN_GENERATED_KEYS)) {
				insert.setString(1, plan.name());
				insert.setString(2, fingerprint);
				insert.setInt(3, runs);
				insert.setDouble(4, plan.warmupSeconds());
				insert.setDouble(5, plan.runSeconds());
				insert.setString(6, generator);
				insert.setString(7, Instant.now().toString());
				insert.setString(8, volume);
				insert.executeUpdate();
				try (ResultSet keys = insert.getGeneratedKeys()) {
					keys.next();
					return keys.getLong(1);
				}
			}
		} catch (SQLException failed) {
			throw new MeasurementException(file + ": cannot record the plan: " + reason(failed));
		}
	}

	/**
	 * @return the volume the named plan's runs worked under ({@link Volume#toString()}), empty for the
	 *         plain device or a plan this database does not hold
	 */
	public Optional<String> volume(String plan) throws MeasurementException {
		try (PreparedStatement query = connection.prepareStatement("SELECT volume FROM plan WHERE name = ?")) {
			query.setString(1, plan);
			try (ResultSet found = query.executeQuery()) {
				return found.next() ? Optional.ofNullable(found.getString(1)) : Optional.empty();
			}
		} catch (SQLException failed) {
			throw new MeasurementException(file + ": cannot read the volume of plan '" + FileProblems.excerpt(plan) + "': "
					+ reason(failed));
		}
	}

	/** @return the (configuration, repetition) pairs of the plan already measured, as configuration * 1000 + repetition */
	public Set<Long> finished(long plan) throws MeasurementException {
		Set<Long> finished = new HashSet<>();
		try (PreparedStatement query = connection.prepareStatement(
				"SELECT configuration, repetition FROM run WHERE plan = ?")) {
			query.setLong(1, plan);
			try (ResultSet rows = query.executeQuery()) {
				while (rows.next()) {
					finished.add(key(rows.getInt(1), rows.getInt(2)));
				}
			}
		} catch (SQLException failed) {
			throw new MeasurementException(file + ": cannot read the finished runs: " + reason(failed));
		}
		return finished;
	}

	/** The key {@link #finished} uses for a run. */
	public static long key(int configuration, int repetition) {
		return configuration * 1000L + repetition;
	}

	/** Records a finished run durably (committed and synced before this returns). */
	public void record(long plan, PlannedRun run, RunResult result) throws MeasurementException {
		record(plan, run, result, Double.NaN);
	}

	/**
	 * Records a finished run with the CPUs other processes used meanwhile.
	 *
	 * @param otherLoad the CPUs other processes used on average during the run, NaN when not measured
	 */
	public void record(long plan, PlannedRun run, RunResult result, double otherLoad) throws MeasurementException {
		List<String> columns = new ArrayList<>(List.of("plan", "configuration", "repetition", "run_order", "request_size",
				"read_ratio", "sequential", "file_set_size", "concurrency", "queue_depth", "direct", "threads", "sync",
				"files", "elapsed_seconds", "finished", "other_load"));
		for (String type : List.of("read", "write")) {
			LATENCY_COLUMNS.forEach(column -> columns.add(type + "_" + column));
		}
		columns.add("raw_output");
		// columns by name: a migrated file has the later schemas' columns at the end
		String sql = "INSERT INTO run (" + String.join(", ", columns) + ") VALUES (?" + ", ?".repeat(columns.size() - 1)
				+ ")";
		StorageWorkload workload = run.workload();
		try (PreparedStatement insert = connection.prepareStatement(sql)) {
			int column = 1;
			insert.setLong(column++, plan);
			insert.setInt(column++, run.configuration());
			insert.setInt(column++, run.repetition());
			insert.setInt(column++, run.order());
			insert.setLong(column++, workload.requestSize());
			insert.setDouble(column++, workload.readRatio());
			insert.setInt(column++, workload.sequential() ? 1 : 0);
			insert.setLong(column++, workload.fileSetSize());
			insert.setInt(column++, workload.concurrency());
			insert.setInt(column++, workload.queueDepth());
			insert.setInt(column++, workload.direct() ? 1 : 0);
			insert.setString(column++, workload.threads().id());
			insert.setString(column++, workload.sync().id());
			insert.setString(column++, workload.files().id());
			insert.setDouble(column++, result.elapsedSeconds());
			insert.setString(column++, Instant.now().toString());
			if (Double.isNaN(otherLoad)) {
				insert.setNull(column++, java.sql.Types.REAL);
			} else {
				insert.setDouble(column++, otherLoad);
			}
			for (Optional<Latencies> latencies : List.of(result.reads(), result.writes())) {
				if (latencies.isPresent()) {
					Latencies figures = latencies.get();
					insert.setLong(column++, figures.requests());
					for (double value : new double[] { figures.requestsPerSecond(), figures.bytesPerSecond(), figures.mean(),
							figures.p50(), figures.p95(), figures.p99() }) {
						insert.setDouble(column++, value);
					}
				} else {
					insert.setLong(column++, 0);
					for (int unset = 0; unset < 6; unset++) {
						insert.setNull(column++, java.sql.Types.REAL);
					}
				}
			}
			insert.setString(column, result.rawOutput());
			insert.executeUpdate();
		} catch (SQLException failed) {
			throw new MeasurementException(String.format(Locale.ROOT, "%s: cannot record run %d: %s", file,
					run.order() + 1, reason(failed)));
		}
	}

	/** @return every recorded run of every plan, in plan and configuration order */
	public List<Run> runs() throws MeasurementException {
		List<Run> runs = new ArrayList<>();
		try (Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT p.name, r.* FROM run r JOIN plan p ON p.id = r.plan"
						+ " ORDER BY r.plan, r.configuration, r.repetition")) {
			while (rows.next()) {
				StorageWorkload workload;
				try {
					workload = new StorageWorkload(rows.getLong("request_size"), rows.getDouble("read_ratio"),
							rows.getInt("sequential") != 0, rows.getLong("file_set_size"), rows.getInt("concurrency"),
							rows.getInt("queue_depth"), rows.getInt("direct") != 0, threads(rows.getString("threads")),
							sync(rows.getString("sync")), files(rows.getString("files")));
				} catch (IllegalArgumentException altered) {
					throw new MeasurementException(String.format(Locale.ROOT, "%s: run %d of plan '%s' holds an impossible"
							+ " configuration (was the file edited?): %s", file, rows.getInt("run_order") + 1,
							FileProblems.excerpt(rows.getString(1)), altered.getMessage()));
				}
				Optional<Latencies> reads;
				Optional<Latencies> writes;
				try {
					reads = latencies(rows, "read");
					writes = latencies(rows, "write");
				} catch (IllegalArgumentException altered) {
					throw new MeasurementException(String.format(Locale.ROOT, "%s: run %d of plan '%s' holds an impossible"
							+ " measurement (was the file edited?): %s", file, rows.getInt("run_order") + 1,
							FileProblems.excerpt(rows.getString(1)), altered.getMessage()));
				}
				runs.add(new Run(rows.getString(1), rows.getInt("configuration"), rows.getInt("repetition"), workload,
						reads, writes, rows.getDouble("elapsed_seconds")));
			}
		} catch (SQLException failed) {
			throw new MeasurementException(file + ": cannot read the runs: " + reason(failed));
		}
		return runs;
	}

	private static StorageWorkload.Threads threads(String id) {
		for (StorageWorkload.Threads threads : StorageWorkload.Threads.values()) {
			if (threads.id().equals(id)) {
				return threads;
			}
		}
		throw new IllegalArgumentException("threads '" + FileProblems.excerpt(String.valueOf(id)) + "' is neither mixed nor separate");
	}

	private static StorageWorkload.Files files(String id) {
		StorageWorkload.Files files = StorageWorkload.Files.of(id);
		if (files == null) {
			throw new IllegalArgumentException("files '" + FileProblems.excerpt(String.valueOf(id)) + "' is neither existing nor growing");
		}
		return files;
	}

	private static StorageWorkload.Sync sync(String id) {
		StorageWorkload.Sync sync = StorageWorkload.Sync.of(id);
		if (sync == null) {
			throw new IllegalArgumentException("sync '" + FileProblems.excerpt(String.valueOf(id)) + "' is none of none, fdatasync and osync");
		}
		return sync;
	}

	/** @throws IllegalArgumentException naming the column if a value is not a measured one */
	private static Optional<Latencies> latencies(ResultSet row, String type) throws SQLException {
		long requests = (long) measured(row, type + "_requests");
		if (requests == 0) {
			return Optional.empty();
		}
		return Optional.of(new Latencies(requests, measured(row, type + "_per_second"),
				measured(row, type + "_bytes_per_second"), measured(row, type + "_latency_mean"),
				measured(row, type + "_latency_p50"), measured(row, type + "_latency_p95"),
				measured(row, type + "_latency_p99")));
	}

	/**
	 * A value fio measured: a finite number of at least 0. SQLite keeps whatever a column is given,
	 * and JDBC reads a text as 0, so an edited file would otherwise yield latencies nobody measured.
	 */
	private static double measured(ResultSet row, String column) throws SQLException {
		Object value = row.getObject(column);
		double number = value instanceof Number measuredNumber ? measuredNumber.doubleValue() : Double.NaN;
		if (!(number >= 0) || Double.isInfinite(number)) {
			throw new IllegalArgumentException(column + " is " + (value instanceof Number ? FileProblems.excerpt(
					String.valueOf(value)) : value == null ? "missing" : "not a number") + ", not a measured value");
		}
		return number;
	}

	/** @return the file */
	public Path file() {
		return file;
	}

	@Override
	public void close() {
		closeQuietly(connection);
	}

	private static void closeQuietly(Connection connection) {
		if (connection != null) {
			try {
				connection.close();
			} catch (SQLException ignored) {
				// every run was committed when it was recorded; nothing is lost by a failing close
			}
		}
	}
}
