package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.regression.DataFiles;
import org.iosim.analysis.regression.Dataset;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.Measurement;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.measure.StorageWorkload;
import org.iosim.measure.StorageWorkload.Threads;
import org.iosim.measure.WorkloadRunner;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The database and the resumption of a measurement, with a runner that computes its "latencies"
 * from the configuration (fio's own path is tested in {@link FioRunnerTest}; a kill -9 of a real
 * process is tested by the robustness tests).
 */
class MeasurementDatabaseTest {

	@TempDir
	Path folder;

	/** Latency = request size in ns times threads, reads twice as slow; fails on a chosen run. */
	private static final class ComputedRunner implements WorkloadRunner {
		final List<PlannedRun> ran = new ArrayList<>();
		int failOnRun = -1;
		/** Attempts at runs that issue writes which report none, as fio does when its window completed none. */
		int writelessAttempts;

		@Override
		public RunResult run(PlannedRun run, Path directory, double warmup, double duration) throws MeasurementException {
			if (ran.size() == failOnRun) {
				throw new MeasurementException("run " + (run.order() + 1) + " failed on purpose");
			}
			ran.add(run);
			double write = run.workload().requestSize() * run.workload().concurrency() * 1e-9 * (1 + run.repetition() / 100.0);
			Optional<Latencies> writes = latencies(run, IoType.WRITE, write);
			if (writes.isPresent() && writelessAttempts > 0) {
				writelessAttempts--;
				writes = Optional.empty();
			}
			return new RunResult(latencies(run, IoType.READ, 2 * write), writes, duration, "{\"computed\": true}");
		}

		private static Optional<Latencies> latencies(PlannedRun run, IoType type, double mean) {
			return run.workload().issues(type) ? Optional.of(new Latencies(100, 1 / mean, 4096 / mean, mean, mean, mean, mean))
					: Optional.empty();
		}

		@Override
		public String describe() {
			return "computed";
		}
	}

	private MeasurementPlan plan() throws Exception {
		Path file = folder.resolve("plan.json");
		Files.writeString(file, """
				{"name": "computed", "repetitions": 2, "warmup": 0, "duration": 1, "seed": 4,
				 "factors": {"requestSize": [4096, 8192], "readRatio": [0, 0.5, 1], "concurrency": [1, 3]}}""");
		return MeasurementPlan.load(file);
	}

	@Test
	void anInterruptedMeasurementResumesWithNoRunLostOrTwice() throws Exception {
		MeasurementPlan plan = plan();
		Path db = folder.resolve("m.db");
		ComputedRunner first = new ComputedRunner();
		first.failOnRun = 9;
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			assertThrows(MeasurementException.class,
					() -> Measurement.run(plan, database, first, folder.resolve("scratch"), new Measurement.Listener() {
					}));
		}
		ComputedRunner second = new ComputedRunner();
		Measurement.Outcome outcome;
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			outcome = Measurement.run(plan, database, second, folder.resolve("scratch"), new Measurement.Listener() {
			});
		}
		assertEquals(24, outcome.planned());
		assertEquals(9, outcome.recordedBefore());
		assertEquals(15, outcome.measuredNow());
		assertEquals(plan.runs().subList(9, 24), second.ran, "the rest of the runs, in the plan's order");
		try (MeasurementDatabase database = MeasurementDatabase.open(db, false)) {
			List<MeasurementDatabase.Run> runs = database.runs();
			assertEquals(24, runs.size());
			Set<String> keys = new HashSet<>();
			runs.forEach(run -> keys.add(run.configuration() + "/" + run.repetition()));
			assertEquals(24, keys.size());
			// a third start finds nothing left to do
			ComputedRunner third = new ComputedRunner();
			assertEquals(0, Measurement.run(plan, database, third, folder.resolve("scratch"), new Measurement.Listener() {
			}).measuredNow());
			assertTrue(third.ran.isEmpty());
		}
	}

	@Test
	void aRunThatCompletedNoWriteItIssuesRunsAgainAndIsRecordedWithItsWrites() throws Exception {
		MeasurementPlan plan = plan();
		ComputedRunner runner = new ComputedRunner();
		runner.writelessAttempts = 2;
		List<String> heard = new ArrayList<>();
		try (MeasurementDatabase database = MeasurementDatabase.open(folder.resolve("m.db"), true)) {
			Measurement.Outcome outcome = Measurement.run(plan, database, runner, folder.resolve("scratch"),
					new Measurement.Listener() {
						@Override
						public void nothingMeasured(PlannedRun run, IoType type, int attempt) {
							heard.add(run.order() + " " + type + " " + attempt);
						}
					});
			assertEquals(24, outcome.measuredNow());
			PlannedRun firstWriting = plan.runs().stream().filter(run -> run.workload().issues(IoType.WRITE)).findFirst()
					.orElseThrow();
			assertEquals(List.of(firstWriting.order() + " WRITE 1", firstWriting.order() + " WRITE 2"), heard);
			assertEquals(26, runner.ran.size(), "the run without writes ran three times");
			for (MeasurementDatabase.Run run : database.runs()) {
				assertEquals(run.workload().issues(IoType.WRITE), run.writes().isPresent(), run.workload().toString());
			}
			assertEquals(4 * 1 + 4 * 2 + 4 * 1, MeasuredDelay.of(database.runs()).size(), "no configuration is left out");
		}
	}

	@Test
	void aRunThatNeverCompletesAWriteItIssuesStopsTheMeasurementNamingIt() throws Exception {
		MeasurementPlan plan = plan();
		ComputedRunner runner = new ComputedRunner();
		runner.writelessAttempts = Integer.MAX_VALUE;
		PlannedRun firstWriting = plan.runs().stream().filter(run -> run.workload().issues(IoType.WRITE)).findFirst()
				.orElseThrow();
		try (MeasurementDatabase database = MeasurementDatabase.open(folder.resolve("m.db"), true)) {
			MeasurementException error = assertThrows(MeasurementException.class, () -> Measurement.run(plan, database,
					runner, folder.resolve("scratch"), new Measurement.Listener() {
					}));
			assertEquals("run " + (firstWriting.order() + 1) + " (" + firstWriting.workload() + ") completed no write in 3"
					+ " attempts of 1.0 s each; a longer 'duration' in the plan gives the device time to complete some",
					error.getMessage());
			assertEquals(firstWriting.order(), database.runs().size(), "the runs before it stay recorded");
		}
	}

	@Test
	void exportAveragesRepetitionsPerConfigurationAndType() throws Exception {
		MeasurementPlan plan = plan();
		Path db = folder.resolve("m.db");
		List<MeasuredDelay> rows;
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			Measurement.run(plan, database, new ComputedRunner(), folder.resolve("scratch"), new Measurement.Listener() {
			});
			rows = MeasuredDelay.of(database.runs());
		}
		// 12 configurations; read-only and write-only ones give one row, mixed ones two
		assertEquals(4 * 1 + 4 * 2 + 4 * 1, rows.size());
		MeasuredDelay mixedRead = rows.stream().filter(row -> row.type() == IoType.READ && row.workload().readRatio() == 0.5
				&& row.workload().requestSize() == 8192 && row.workload().concurrency() == 3).findFirst().orElseThrow();
		double write = 8192 * 3 * 1e-9;
		assertEquals(2 * write * (1 + 1.5 / 100), mixedRead.meanDelay(), 1e-15);
		assertEquals(2, mixedRead.delays().size());
		Path csv = folder.resolve("out.csv");
		MeasuredDelay.writeCsv(rows, csv);
		List<String> lines = Files.readAllLines(csv);
		assertEquals("concurrency,type,requestSize,meanReadSize,meanWriteSize,readPattern,writePattern,readRatio,fileSetSize,"
				+ "readSequentiality,writeSequentiality,delay", lines.get(0));
		assertEquals(rows.size() + 1, lines.size());
		MeasuredDelay writeOnly = rows.stream().filter(row -> row.workload().readRatio() == 0).findFirst().orElseThrow();
		String[] cells = lines.get(rows.indexOf(writeOnly) + 1).split(",");
		assertArrayEquals(new String[] { "1", "1", "4096", "0", "4096", "0", "0", "0", "67108864", "0", "0" },
				java.util.Arrays.copyOf(cells, 11));
	}

	/** The tables as schema 1, before thread modes, made them (copied from that code). */
	private static final List<String> SCHEMA_1 = List.of("""
			CREATE TABLE IF NOT EXISTS plan (
			  id INTEGER PRIMARY KEY, name TEXT NOT NULL, fingerprint TEXT NOT NULL UNIQUE,
			  runs INTEGER NOT NULL, warmup_seconds REAL NOT NULL, run_seconds REAL NOT NULL,
			  generator TEXT NOT NULL, created TEXT NOT NULL)""", """
			CREATE TABLE IF NOT EXISTS run (
			  plan INTEGER NOT NULL REFERENCES plan(id), configuration INTEGER NOT NULL,
			  repetition INTEGER NOT NULL, run_order INTEGER NOT NULL,
			  request_size INTEGER NOT NULL, read_ratio REAL NOT NULL, sequential INTEGER NOT NULL,
			  file_set_size INTEGER NOT NULL, concurrency INTEGER NOT NULL, queue_depth INTEGER NOT NULL,
			  direct INTEGER NOT NULL, elapsed_seconds REAL NOT NULL, finished TEXT NOT NULL, read_requests INTEGER,\
			 read_per_second REAL, read_bytes_per_second REAL, read_latency_mean REAL, read_latency_p50 REAL,\
			 read_latency_p95 REAL, read_latency_p99 REAL, write_requests INTEGER, write_per_second REAL,\
			 write_bytes_per_second REAL, write_latency_mean REAL, write_latency_p50 REAL, write_latency_p95 REAL,\
			 write_latency_p99 REAL, raw_output TEXT NOT NULL, PRIMARY KEY (plan, configuration, repetition))""");

	/** The fingerprint schema 1's code stored for {@link #plan()} (MeasurementPlanTest checks it is still computed). */
	private static final String SCHEMA_1_FINGERPRINT = "05ab398447b28a6140184683334b5e659b7e46c0878b7c9b93d735ff3bc9404f";

	private static Connection sqlite(Path file) throws java.sql.SQLException {
		return new org.sqlite.JDBC().connect("jdbc:sqlite:" + file, new java.util.Properties());
	}

	private static List<String> runColumns(Path file) throws Exception {
		List<String> columns = new ArrayList<>();
		try (Connection connection = sqlite(file);
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("PRAGMA table_info(run)")) {
			while (rows.next()) {
				columns.add(rows.getString("name") + " " + rows.getString("type") + " " + rows.getString("dflt_value"));
			}
		}
		return columns;
	}

	@Test
	void aSchema1DatabaseKeepsItsRunsAsMixedAndRecognisesItsPlan() throws Exception {
		MeasurementPlan plan = plan();
		PlannedRun first = plan.runs().get(0);
		StorageWorkload old = first.workload();
		Path db = folder.resolve("schema1.db");
		try (Connection connection = sqlite(db); Statement statement = connection.createStatement()) {
			statement.execute("PRAGMA application_id = " + 0x494F536D);
			statement.execute("PRAGMA user_version = 1");
			for (String table : SCHEMA_1) {
				statement.execute(table);
			}
			statement.execute("INSERT INTO plan VALUES (1, 'computed', '" + SCHEMA_1_FINGERPRINT
					+ "', 24, 0.0, 1.0, 'fio-3.33', '2026-01-02T03:04:05Z')");
			statement.execute(String.format(java.util.Locale.ROOT, "INSERT INTO run VALUES (1, %d, %d, 0, %d, %s, 0, %d, %d,"
					+ " 1, 0, 1.25, '2026-01-02T03:04:07Z', 100, 200.0, 819200.0, 0.004, 0.003, 0.009, 0.011,"
					+ " 50, 100.0, 409600.0, 0.008, 0.007, 0.015, 0.02, '{\"old\": true}')", first.configuration(),
					first.repetition(), old.requestSize(), old.readRatio(), old.fileSetSize(), old.concurrency()));
		}
		assertTrue(old.issues(IoType.READ) && old.issues(IoType.WRITE), "the first run of the plan mixes: " + old);

		Path separateFile = folder.resolve("separate.json");
		Files.writeString(separateFile, """
				{"name": "separate", "warmup": 0, "duration": 1,
				 "factors": {"threads": ["separate"], "readRatio": [0.5], "concurrency": [4]}}""");
		MeasurementPlan separate = MeasurementPlan.load(separateFile);
		Latencies figures = new Latencies(10, 20, 81920, 0.001, 0.001, 0.002, 0.003);
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			List<MeasurementDatabase.Run> runs = database.runs();
			assertEquals(1, runs.size());
			MeasurementDatabase.Run kept = runs.get(0);
			assertEquals(old, kept.workload());
			assertEquals(Threads.MIXED, kept.workload().threads());
			assertEquals(new Latencies(100, 200, 819200, 0.004, 0.003, 0.009, 0.011), kept.reads().orElseThrow());
			assertEquals(new Latencies(50, 100, 409600, 0.008, 0.007, 0.015, 0.02), kept.writes().orElseThrow());
			assertEquals(1.25, kept.elapsedSeconds());
			// the same plan measured again finds its plan and the run recorded before: only the others remain
			long id = database.plan(plan, 24, "fio-3.33", null);
			assertEquals(1, id);
			assertEquals(Set.of(MeasurementDatabase.key(first.configuration(), first.repetition())), database.finished(id));
			long separateId = database.plan(separate, 1, "fio-3.33", null);
			database.record(separateId, separate.runs().get(0),
					new RunResult(Optional.of(figures), Optional.of(figures), 1.5, "{\"new\": true}"));
		}
		try (MeasurementDatabase database = MeasurementDatabase.open(db, false)) {
			List<MeasurementDatabase.Run> runs = database.runs();
			assertEquals(List.of(Threads.MIXED, Threads.SEPARATE), runs.stream().map(run -> run.workload().threads()).toList());
			assertEquals(separate.runs().get(0).workload(), runs.get(1).workload());
			assertEquals(Optional.of(figures), runs.get(1).writes());
		}
		try (Connection connection = sqlite(db);
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT raw_output, threads, finished FROM run ORDER BY plan")) {
			assertTrue(rows.next());
			assertEquals("{\"old\": true}", rows.getString(1));
			assertEquals("mixed", rows.getString(2));
			assertEquals("2026-01-02T03:04:07Z", rows.getString(3), "the old run is not rewritten");
			assertTrue(rows.next());
			assertEquals("separate", rows.getString(2));
			try (Statement pragma = connection.createStatement();
					ResultSet version = pragma.executeQuery("PRAGMA user_version")) {
				assertEquals(5, version.getInt(1));
			}
		}
		Path fresh = folder.resolve("fresh.db");
		MeasurementDatabase.open(fresh, true).close();
		assertEquals(runColumns(fresh), runColumns(db), "a migrated file has the layout of a new one");
		assertTrue(runColumns(db).contains("threads TEXT 'mixed'"), runColumns(db).toString());
		assertTrue(runColumns(db).contains("sync TEXT 'none'"), runColumns(db).toString());
		assertTrue(runColumns(db).contains("other_load REAL null"), runColumns(db).toString());
		assertTrue(runColumns(db).contains("files TEXT 'existing'"), runColumns(db).toString());
	}

	@Test
	void aDatabaseOfANewerSchemaIsRefused() throws Exception {
		Path db = folder.resolve("newer.db");
		MeasurementDatabase.open(db, true).close();
		try (Connection connection = sqlite(db); Statement statement = connection.createStatement()) {
			statement.execute("PRAGMA user_version = 6");
		}
		MeasurementException error = assertThrows(MeasurementException.class, () -> MeasurementDatabase.open(db, false));
		assertTrue(error.getMessage().endsWith("written by a newer IOSim (schema 6)"), error.getMessage());
	}

	@Test
	void anExportWithSeparateThreadsNamesTheReadThreadsInEveryRow() throws Exception {
		StorageWorkload separate = new StorageWorkload(4096, 0.7, false, 64 << 20, 4, 1, false, Threads.SEPARATE);
		StorageWorkload separateDeep = new StorageWorkload(4096, 0.5, false, 64 << 20, 3, 2, false, Threads.SEPARATE);
		StorageWorkload mixed = new StorageWorkload(4096, 0.7, false, 64 << 20, 4, 1, false);
		StorageWorkload readsOnly = new StorageWorkload(4096, 1, false, 64 << 20, 2, 2, false);
		StorageWorkload writesOnly = new StorageWorkload(4096, 0, false, 64 << 20, 2, 1, false);
		List<MeasuredDelay> rows = List.of(new MeasuredDelay("p", 0, separate, IoType.READ, List.of(0.001)),
				new MeasuredDelay("p", 0, separate, IoType.WRITE, List.of(0.002)),
				new MeasuredDelay("p", 1, separateDeep, IoType.READ, List.of(0.003)),
				new MeasuredDelay("p", 2, mixed, IoType.READ, List.of(0.004)),
				new MeasuredDelay("p", 3, readsOnly, IoType.READ, List.of(0.005)),
				new MeasuredDelay("p", 4, writesOnly, IoType.WRITE, List.of(0.006)));
		Path csv = folder.resolve("separate.csv");
		MeasuredDelay.writeCsv(rows, csv);
		List<String> lines = Files.readAllLines(csv);
		assertEquals("concurrency,type,requestSize,meanReadSize,meanWriteSize,readPattern,writePattern,readRatio,fileSetSize,"
				+ "readSequentiality,writeSequentiality,readThreads,delay", lines.get(0));
		// concurrency, readRatio and readThreads of each row: separate threads read in the read threads' share
		List<String> expected = List.of("4 0.75 3", "4 0.75 3", "6 0.6666666666666666 4", "4 0.7 -1", "4 1 4", "2 0 0");
		for (int row = 0; row < rows.size(); row++) {
			String[] cells = lines.get(row + 1).split(",");
			assertEquals(13, cells.length, lines.get(row + 1));
			assertEquals(expected.get(row), cells[0] + " " + cells[7] + " " + cells[11], lines.get(row + 1));
		}
		// what 'iosim regression' reads: every column a number, and the workload inputs alone when named
		Dataset all = DataFiles.read(csv, MeasuredDelay.TARGET, List.of(), 2);
		assertEquals(12, all.features().size());
		assertEquals(-1, all.x()[3][11]);
		List<String> inputs = MeasuredDelay.COLUMNS.stream().map(WorkloadInput::inputName).toList();
		assertEquals(inputs, DataFiles.read(csv, MeasuredDelay.TARGET, inputs, 2).features());

		// without separate threads the export is what it always was: the workload inputs and the delay
		Path mixedCsv = folder.resolve("mixed.csv");
		MeasuredDelay.writeCsv(rows.subList(3, 6), mixedCsv);
		assertEquals(inputs, DataFiles.read(mixedCsv, MeasuredDelay.TARGET, List.of(), 2).features());
		assertTrue(Files.readAllLines(mixedCsv).stream().skip(1).allMatch(line -> line.split(",").length == 12));
	}

	@Test
	void anExportMarksTheWritesThatGrewTheirFilesOnlyWhenThereAreAny() throws Exception {
		StorageWorkload growing = new StorageWorkload(16384, 0, true, 64 << 20, 1, 1, false, Threads.MIXED,
				StorageWorkload.Sync.OSYNC, StorageWorkload.Files.GROWING);
		StorageWorkload existing = new StorageWorkload(16384, 0, true, 64 << 20, 1, 1, false, Threads.MIXED,
				StorageWorkload.Sync.OSYNC);
		List<MeasuredDelay> rows = List.of(new MeasuredDelay("p", 0, growing, IoType.WRITE, List.of(0.006)),
				new MeasuredDelay("p", 1, existing, IoType.WRITE, List.of(0.004)));
		Path csv = folder.resolve("growing.csv");
		MeasuredDelay.writeCsv(rows, csv);
		List<String> lines = Files.readAllLines(csv);
		assertTrue(lines.get(0).endsWith(",synchronous," + MeasuredDelay.GROWING_FILES + ",delay"), lines.get(0));
		assertTrue(lines.get(1).endsWith(",1,1,0.00600000000"), lines.get(1));
		assertTrue(lines.get(2).endsWith(",1,0,0.00400000000"), lines.get(2));
		Path existingCsv = folder.resolve("existing.csv");
		MeasuredDelay.writeCsv(rows.subList(1, 2), existingCsv);
		assertFalse(Files.readString(existingCsv).contains(MeasuredDelay.GROWING_FILES));
	}

	@ParameterizedTest
	@ValueSource(strings = { "'fast'", "-1", "NULL", "9e999" })
	void anEditedLatencyIsRefusedNotReadAsZero(String edited) throws Exception {
		Path db = folder.resolve("m.db");
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			Measurement.run(plan(), database, new ComputedRunner(), folder.resolve("scratch"), new Measurement.Listener() {
			});
		}
		try (Connection connection = new org.sqlite.JDBC().connect("jdbc:sqlite:" + db, new java.util.Properties());
				Statement statement = connection.createStatement()) {
			statement.execute("UPDATE run SET write_latency_p95 = " + edited + " WHERE write_requests > 0");
		}
		try (MeasurementDatabase database = MeasurementDatabase.open(db, false)) {
			MeasurementException error = assertThrows(MeasurementException.class, database::runs);
			assertTrue(error.getMessage().startsWith(db + ": run "), error.getMessage());
			assertTrue(error.getMessage().contains(" of plan 'computed' holds an impossible measurement (was the file"
					+ " edited?): write_latency_p95 is "), error.getMessage());
		}
	}

	@Test
	void anotherProgramsDatabaseIsRefusedAndLeftAsItIs() throws Exception {
		Path foreign = folder.resolve("foreign.db");
		try (Connection connection = new org.sqlite.JDBC().connect("jdbc:sqlite:" + foreign, new java.util.Properties());
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE TABLE accounts (id INTEGER)");
		}
		byte[] before = Files.readAllBytes(foreign);
		MeasurementException error = assertThrows(MeasurementException.class, () -> MeasurementDatabase.open(foreign, true));
		assertTrue(error.getMessage().contains("not an IOSim measurement database"), error.getMessage());
		assertArrayEquals(before, Files.readAllBytes(foreign));
		Path text = Files.writeString(folder.resolve("notes.db"), "just some notes, long enough to have a header .......");
		error = assertThrows(MeasurementException.class, () -> MeasurementDatabase.open(text, true));
		assertTrue(error.getMessage().startsWith(text + ": not a measurement database"), error.getMessage());
		error = assertThrows(MeasurementException.class, () -> MeasurementDatabase.open(folder.resolve("none.db"), false));
		assertTrue(error.getMessage().endsWith("none.db: no such measurement database"), error.getMessage());
	}

	@Test
	void aChangedPlanUnderItsOldNameIsRefused() throws Exception {
		MeasurementPlan plan = plan();
		Path db = folder.resolve("m.db");
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			Measurement.run(plan, database, new ComputedRunner(), folder.resolve("scratch"), new Measurement.Listener() {
			});
		}
		Path changed = folder.resolve("changed.json");
		Files.writeString(changed, """
				{"name": "computed", "repetitions": 2, "warmup": 0, "duration": 2, "seed": 4,
				 "factors": {"requestSize": [4096, 8192], "readRatio": [0, 0.5, 1], "concurrency": [1, 3]}}""");
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			MeasurementException error = assertThrows(MeasurementException.class, () -> Measurement.run(
					MeasurementPlan.load(changed), database, new ComputedRunner(), folder.resolve("scratch"),
					new Measurement.Listener() {
					}));
			assertTrue(error.getMessage().contains("already holds a plan named 'computed'"), error.getMessage());
			assertEquals(24, database.runs().size(), "the old plan's runs stay as they were");
		}
	}

	@Test
	void aPlanThatRecordedNoRunGivesWayToItsChangedVersion() throws Exception {
		Path db = folder.resolve("m.db");
		ComputedRunner failing = new ComputedRunner();
		failing.failOnRun = 0;
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			assertThrows(MeasurementException.class, () -> Measurement.run(plan(), database, failing,
					folder.resolve("scratch"), new Measurement.Listener() {
					}));
		}
		Path changed = folder.resolve("changed.json");
		Files.writeString(changed, """
				{"name": "computed", "repetitions": 1, "warmup": 0, "duration": 2, "seed": 4,
				 "factors": {"requestSize": [4096], "readRatio": [0, 1]}}""");
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			Measurement.Outcome outcome = Measurement.run(MeasurementPlan.load(changed), database, new ComputedRunner(),
					folder.resolve("scratch"), new Measurement.Listener() {
					});
			assertEquals(2, outcome.measuredNow());
			assertEquals(2, database.runs().size());
		}
	}

	@Test
	void oneProcessAtATime() throws Exception {
		Path db = folder.resolve("m.db");
		try (MeasurementDatabase open = MeasurementDatabase.open(db, true)) {
			MeasurementException error = assertThrows(MeasurementException.class, () -> MeasurementDatabase.open(db, true));
			assertTrue(error.getMessage().contains("in use by another iosim process"), error.getMessage());
		}
		MeasurementDatabase.open(db, false).close();
	}
}
