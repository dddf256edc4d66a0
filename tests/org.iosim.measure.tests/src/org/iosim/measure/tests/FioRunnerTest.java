package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.measure.FioRunner;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.Measurement;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio itself on a tiny plan: what IOSim measures comes from a real run on this machine's file system. */
class FioRunnerTest {

	@TempDir
	Path folder;

	private static boolean fioInstalled() {
		try {
			new FioRunner("fio").describe();
			return true;
		} catch (MeasurementException absent) {
			return false;
		}
	}

	@Test
	void aTinyPlanMeasuresReadsAndWritesWithFio() throws Exception {
		assumeTrue(fioInstalled(), "fio is not installed (apt-get install fio)");
		Path file = folder.resolve("tiny.json");
		Files.writeString(file, """
				{"name": "tiny", "warmup": 0.2, "duration": 0.5, "seed": 1,
				 "factors": {"readRatio": [0, 0.5, 1], "requestSize": ["8 KiB"], "concurrency": [2], "fileSetSize": "4 MiB",
				             "pattern": ["random", "sequential"]}}""");
		MeasurementPlan plan = MeasurementPlan.load(file);
		Path db = folder.resolve("tiny.db");
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			Measurement.Outcome outcome = Measurement.run(plan, database, new FioRunner("fio"), folder.resolve("files"),
					new Measurement.Listener() {
					});
			assertEquals(6, outcome.measuredNow());
			for (MeasurementDatabase.Run run : database.runs()) {
				assertEquals(run.workload().issues(IoType.READ), run.reads().isPresent(), run.workload().toString());
				assertEquals(run.workload().issues(IoType.WRITE), run.writes().isPresent(), run.workload().toString());
				for (Latencies latencies : List.of(run.reads(), run.writes()).stream().flatMap(java.util.Optional::stream)
						.toList()) {
					assertTrue(latencies.requests() > 0);
					assertTrue(latencies.mean() > 0 && latencies.mean() < 1, "a mean latency in seconds: " + latencies.mean());
					assertTrue(latencies.p50() <= latencies.p95() && latencies.p95() <= latencies.p99());
					// 8 KiB per request: fio's throughput and request rate agree
					assertEquals(8192, latencies.bytesPerSecond() / latencies.requestsPerSecond(), 8192 * 0.05);
				}
			}
			assertEquals(8, MeasuredDelay.of(database.runs()).size());
		}
		assertFalse(Files.exists(folder.resolve("files")), "the file sets and their folder are removed at the end");
	}

	@Test
	void aMissingFioIsNamedWithHowToInstallIt() {
		MeasurementException error = assertThrows(MeasurementException.class,
				() -> new FioRunner(folder.resolve("no-fio").toString()).describe());
		assertTrue(error.getMessage().contains("apt-get install fio"), error.getMessage());
	}
}
