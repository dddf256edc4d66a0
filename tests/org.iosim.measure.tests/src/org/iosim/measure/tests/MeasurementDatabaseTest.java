package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.Measurement;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.measure.WorkloadRunner;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

		@Override
		public RunResult run(PlannedRun run, Path directory, double warmup, double duration) throws MeasurementException {
			if (ran.size() == failOnRun) {
				throw new MeasurementException("run " + (run.order() + 1) + " failed on purpose");
			}
			ran.add(run);
			double write = run.workload().requestSize() * run.workload().concurrency() * 1e-9 * (1 + run.repetition() / 100.0);
			return new RunResult(latencies(run, IoType.READ, 2 * write), latencies(run, IoType.WRITE, write), duration,
					"{\"computed\": true}");
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
	void oneProcessAtATime() throws Exception {
		Path db = folder.resolve("m.db");
		try (MeasurementDatabase open = MeasurementDatabase.open(db, true)) {
			MeasurementException error = assertThrows(MeasurementException.class, () -> MeasurementDatabase.open(db, true));
			assertTrue(error.getMessage().contains("in use by another iosim process"), error.getMessage());
		}
		MeasurementDatabase.open(db, false).close();
	}
}
