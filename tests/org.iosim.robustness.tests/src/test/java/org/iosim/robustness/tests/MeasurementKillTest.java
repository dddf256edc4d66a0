package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.iosim.measure.MeasurementDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a running {@code iosim measure}, in a process of its own: the database keeps every
 * finished run, the restarted measurement measures each remaining run exactly once, and the
 * workload generator of the killed run dies with it. The generator is a script that answers like
 * fio after a second (and lays out a file set at once), so the test takes seconds, not the minutes
 * real runs would.
 */
class MeasurementKillTest {

	@TempDir
	Path folder;

	private static final String REPORT = """
			{"fio version": "fio-3.33", "jobs": [{"jobname": "iosim", "error": 0,
			  "read": {"total_ios": 1000, "iops": 500.0, "bw_bytes": 2048000.0,
			           "lat_ns": {"mean": 2000000.0, "percentile": {"50.000000": 1900000, "95.000000": 3000000, "99.000000": 4000000}}},
			  "write": {"total_ios": 1000, "iops": 500.0, "bw_bytes": 2048000.0,
			           "lat_ns": {"mean": 1000000.0, "percentile": {"50.000000": 900000, "95.000000": 2000000, "99.000000": 3000000}}}}]}
			""";

	@Test
	void killedMidPlanItResumesWithNoRunLostOrCountedTwice() throws Exception {
		Path report = Files.writeString(folder.resolve("report.json"), REPORT);
		Path markers = Files.createDirectory(folder.resolve("finished"));
		Path fakeFio = folder.resolve("fake-fio");
		Files.writeString(fakeFio, """
				#!/bin/sh
				if [ "$1" = "--version" ]; then echo fio-3.33; exit 0; fi
				case "$*" in *--name=iosim-layout*) exit 0;; esac
				sleep 1
				mktemp "%s/run.XXXXXX" > /dev/null
				cat "%s"
				""".formatted(markers, report));
		Files.setPosixFilePermissions(fakeFio, PosixFilePermissions.fromString("rwx------"));
		Path plan = Files.writeString(folder.resolve("plan.json"), """
				{"name": "killed", "warmup": 0, "duration": 1, "repetitions": 2,
				 "factors": {"concurrency": [1, 2, 4]}}""");
		Path db = folder.resolve("killed.db");

		Process first = measure(plan, db, fakeFio);
		try (BufferedReader progress = new BufferedReader(new InputStreamReader(first.getErrorStream(), StandardCharsets.UTF_8))) {
			int finishedRuns = 0;
			for (String line; finishedRuns < 3 && (line = progress.readLine()) != null;) {
				finishedRuns += line.contains("  run ") ? 1 : 0;
			}
			assertEquals(3, finishedRuns, "three runs reported before the kill");
			first.destroyForcibly(); // SIGKILL: no shutdown hook, no finally block runs
			assertTrue(first.waitFor(10, TimeUnit.SECONDS));
		}
		Thread.sleep(2_000); // longer than the fourth run's generator would take if it had survived
		assertEquals(3, count(markers), "the killed run's generator died with the measurement");

		Process second = measure(plan, db, fakeFio);
		String output = new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(second.waitFor(60, TimeUnit.SECONDS));
		assertEquals(0, second.exitValue(), output);
		assertTrue(output.contains("resuming: 3 of 6 runs were recorded before"), output);
		assertTrue(output.contains("measured 3 runs now (3 recorded before)"), output);
		assertEquals(6, count(markers));
		try (MeasurementDatabase database = MeasurementDatabase.open(db, false)) {
			List<MeasurementDatabase.Run> runs = database.runs();
			Set<String> keys = new HashSet<>();
			runs.forEach(run -> keys.add(run.configuration() + "/" + run.repetition()));
			assertEquals(6, runs.size());
			assertEquals(6, keys.size());
			assertEquals(0.002, runs.get(0).reads().orElseThrow().mean(), 1e-12);
		}
	}

	/** {@code iosim measure} in a JVM of its own, with the test's classpath. */
	private Process measure(Path plan, Path db, Path fakeFio) throws IOException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		return new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
				"org.iosim.cli.Main", "measure", plan.toString(), "--out", db.toString(), "--fio", fakeFio.toString(),
				"--scratch", folder.resolve("scratch").toString()).start();
	}

	private static long count(Path folder) throws IOException {
		try (Stream<Path> files = Files.list(folder)) {
			return files.count();
		}
	}
}
