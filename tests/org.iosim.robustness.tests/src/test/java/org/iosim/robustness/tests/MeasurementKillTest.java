package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.iosim.measure.BlockThrottle;
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

	/**
	 * The progress line of a finished run. The plans allow any load of other processes (maxOtherLoad),
	 * so that on a busy machine no run is disturbed and run again, which would start the generator
	 * once more; a disturbed run's line ("run N disturbed") is not counted either way.
	 */
	private static final Pattern FINISHED_RUN = Pattern.compile("  run \\d+ of \\d+: ");

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
				{"name": "killed", "warmup": 0, "duration": 1, "repetitions": 2, "maxOtherLoad": 64,
				 "factors": {"concurrency": [1, 2, 4]}}""");
		Path db = folder.resolve("killed.db");

		Process first = measure(plan, db, fakeFio);
		try (BufferedReader progress = new BufferedReader(new InputStreamReader(first.getErrorStream(), StandardCharsets.UTF_8))) {
			int finishedRuns = 0;
			for (String line; finishedRuns < 3 && (line = progress.readLine()) != null;) {
				finishedRuns += FINISHED_RUN.matcher(line).lookingAt() ? 1 : 0;
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

	/**
	 * The same kill on a QoS-limited volume: the killed run's control group stays behind (nothing of
	 * the killed JVM runs any more to remove it), the generator in it died too, and the next run
	 * removes the group before it measures in a group of its own, which it removes at its end.
	 */
	@Test
	void aVolumeGroupLeftByAKilledRunIsRemovedByTheNextRun() throws Exception {
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		assumeTrue(throttling.throttle().isPresent(), "no block throttling here: " + throttling.reason());
		Path groups = Files.createDirectory(folder.resolve("groups"));
		Path fakeFio = folder.resolve("fake-fio");
		Files.writeString(fakeFio, """
				#!/bin/sh
				if [ "$1" = "--version" ]; then echo fio-3.33; exit 0; fi
				case "$*" in *--name=iosim-layout*) exit 0;; esac
				grep blkio /proc/self/cgroup | cut -d: -f3 > "%s/$$"
				sleep 1
				cat "%s"
				""".formatted(groups, Files.writeString(folder.resolve("report.json"), REPORT)));
		Files.setPosixFilePermissions(fakeFio, PosixFilePermissions.fromString("rwx------"));
		Path plan = Files.writeString(folder.resolve("plan.json"), """
				{"name": "capped", "warmup": 0, "duration": 1, "repetitions": 3, "maxOtherLoad": 64}""");
		Path volume = Files.writeString(folder.resolve("kill-test.json"), "{\"writeIops\": 100}");
		Path db = folder.resolve("capped.db");

		Process first = measure(plan, db, fakeFio, "--volume", volume.toString());
		try (BufferedReader progress = new BufferedReader(new InputStreamReader(first.getErrorStream(), StandardCharsets.UTF_8))) {
			for (String line; (line = progress.readLine()) != null && !FINISHED_RUN.matcher(line).lookingAt();) {
				// until the first run is done, so the second is under way in the group
			}
			first.destroyForcibly();
			assertTrue(first.waitFor(10, TimeUnit.SECONDS));
		}
		Thread.sleep(1_500); // the fake generator's sleep, which the parent-death signal does not reach, ends
		Set<String> used = new HashSet<>();
		try (Stream<Path> records = Files.list(groups)) {
			for (Path record : records.toList()) {
				used.add(Files.readString(record).strip());
			}
		}
		assertEquals(1, used.size(), "every run of the killed measurement worked in its group: " + used);
		String killedGroup = used.iterator().next();
		assertTrue(killedGroup.matches("/iosim/kill-test-" + first.pid() + "-\\d+"), killedGroup);
		Path left = blkioHierarchy().resolve(killedGroup.substring(1));
		assertTrue(Files.isDirectory(left), "the killed run's group is still there: " + left);

		Process second = measure(plan, db, fakeFio, "--volume", volume.toString());
		String output = new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(second.waitFor(60, TimeUnit.SECONDS));
		assertEquals(0, second.exitValue(), output);
		assertTrue(output.contains("volume kill-test (100 write IOPS), set with"), output);
		assertFalse(Files.exists(left), "the next run removed the killed run's group");
		// the second run's group was the last, so IOSim's folder of groups went with it
		assertFalse(Files.exists(left.getParent()), "the second run removed its own group and the folder of groups");
	}

	/** Where the blkio controller is mounted (the test runs only where {@link BlockThrottle} found it). */
	private static Path blkioHierarchy() throws IOException {
		for (String mount : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
			String[] halves = mount.split(" - ", 2);
			if (halves.length == 2 && halves[1].startsWith("cgroup ") && halves[1].contains("blkio")) {
				return Path.of(halves[0].split(" ")[4]);
			}
		}
		throw new IllegalStateException("the group path above is of cgroup v1 blkio, so it is mounted");
	}

	/** {@code iosim measure} in a JVM of its own, with the test's classpath. */
	private Process measure(Path plan, Path db, Path fakeFio, String... options) throws IOException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		List<String> command = new java.util.ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
				System.getProperty("java.class.path"), "org.iosim.cli.Main", "measure", plan.toString(), "--out",
				db.toString(), "--fio", fakeFio.toString(), "--scratch", folder.resolve("scratch").toString()));
		command.addAll(List.of(options));
		return new ProcessBuilder(command).start();
	}

	private static long count(Path folder) throws IOException {
		try (Stream<Path> files = Files.list(folder)) {
			return files.count();
		}
	}
}
