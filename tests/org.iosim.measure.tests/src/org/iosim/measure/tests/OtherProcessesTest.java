package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.iosim.measure.Measurement;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.OtherProcesses;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.measure.WorkloadRunner;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The load of other processes during a run: how it is counted, and that a disturbed run runs again. */
class OtherProcessesTest {

	private static final long OWN = ProcessHandle.current().pid();

	@TempDir
	Path folder;

	private static void process(Path proc, long pid, long parent, boolean kernel, long userTicks, long systemTicks)
			throws IOException {
		Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
		// pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
		Files.writeString(dir.resolve("stat"), pid + " (a (b) c) S " + parent + " 1 1 0 -1 " + (kernel ? 0x00200044 : 0x400100)
				+ " 0 0 0 0 " + userTicks + " " + systemTicks + " 0 0 20 0 1 0 100 0 0\n");
	}

	/**
	 * Counted: another process's CPU time since the first snapshot, and all of one that started
	 * since. Not counted: this process, its descendants (the workload it runs) and kernel threads.
	 */
	@Test
	void otherProcessesCountButThisOneItsChildrenAndKernelThreadsDoNot() throws IOException {
		Path before = folder.resolve("before");
		Path after = folder.resolve("after");
		for (Path proc : List.of(before, after)) {
			boolean later = proc == after;
			process(proc, OWN, 1, false, later ? 900 : 100, 0);
			process(proc, 900001, OWN, false, later ? 500 : 100, 0); // the workload
			process(proc, 900002, 900001, false, 0, later ? 300 : 0); // its child
			process(proc, 900010, 1, false, 1000, later ? 100 : 0); // a build
			process(proc, 900020, 2, true, 0, later ? 400 : 0); // a kernel worker writing back the workload's pages
		}
		process(after, 900030, 1, false, 50, 10); // started during the run
		OtherProcesses first = OtherProcesses.of(before, 0);
		OtherProcesses second = OtherProcesses.of(after, 2_000_000_000L);

		assertEquals((100 + 60) / 100.0 / 2, second.cpusSince(first), 1e-12);
		assertTrue(Double.isNaN(OtherProcesses.of(after, 500_000_000L).cpusSince(first)), "half a second is too short to tell");
	}

	/** A busy process that is not this one's descendant (a shell loop left to init) uses about a CPU. */
	@Test
	void aBusyProcessElsewhereIsSeen() throws Exception {
		Assumptions.assumeTrue(OtherProcesses.available(), "no /proc here");
		long busy = detachedBusyLoop();
		try {
			OtherProcesses before = OtherProcesses.now();
			Thread.sleep(1500);
			double cpus = OtherProcesses.now().cpusSince(before);
			assertTrue(cpus > 0.2, "a busy loop on a 2-CPU machine gets far more than a fifth of a CPU: " + cpus);
		} finally {
			ProcessHandle.of(busy).ifPresent(ProcessHandle::destroyForcibly);
		}
	}

	/** Starts {@code sh -c 'while :; do :; done'} whose parent exits at once, so that init adopts it. */
	private static long detachedBusyLoop() throws IOException, InterruptedException {
		Process starter = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' >/dev/null 2>&1 & echo $!")
				.redirectErrorStream(true).start();
		String pid = new String(starter.getInputStream().readAllBytes()).trim();
		starter.waitFor(10, TimeUnit.SECONDS);
		return Long.parseLong(pid);
	}

	/**
	 * A run during which another process is busy runs again; the run recorded is the one after, with
	 * the load other processes made during it.
	 */
	@Test
	void aDisturbedRunRunsAgainAndTheRecordedOneCarriesItsLoad() throws Exception {
		Assumptions.assumeTrue(OtherProcesses.available(), "no /proc here");
		Path planFile = folder.resolve("plan.json");
		Files.writeString(planFile, """
				{"name": "quiet", "repetitions": 1, "warmup": 0, "duration": 1, "seed": 1, "maxOtherLoad": 0.2,
				 "factors": {"requestSize": [4096]}}""");
		MeasurementPlan plan = MeasurementPlan.load(planFile);
		List<Integer> attempts = new ArrayList<>();
		List<Boolean> kept = new ArrayList<>();
		WorkloadRunner busyTheFirstTime = new WorkloadRunner() {
			private int calls;

			@Override
			public RunResult run(PlannedRun run, Path directory, double warmup, double duration)
					throws MeasurementException, InterruptedException {
				calls++;
				long busy = -1;
				try {
					if (calls == 1) {
						busy = detachedBusyLoop();
					}
					Thread.sleep(1300);
				} catch (IOException failed) {
					throw new MeasurementException(failed.getMessage());
				} finally {
					if (busy > 0) {
						ProcessHandle.of(busy).ifPresent(ProcessHandle::destroyForcibly);
					}
				}
				Latencies read = new Latencies(10, 10, 40960, 1e-3, 1e-3, 1e-3, 1e-3);
				return new RunResult(Optional.of(read), Optional.empty(), 1.3, "{}");
			}

			@Override
			public String describe() {
				return "sleeping";
			}
		};
		Path db = folder.resolve("quiet.db");
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			Measurement.run(plan, database, busyTheFirstTime, folder.resolve("scratch"), new Measurement.Listener() {
				@Override
				public void disturbed(PlannedRun run, double cpus, int attempt, boolean keptAnyway) {
					attempts.add(attempt);
					kept.add(keptAnyway);
				}
			});
			assertEquals(1, database.runs().size(), "one run recorded");
		}
		assertFalse(attempts.isEmpty(), "the first attempt, with a busy process beside it, is disturbed");
		assertEquals(1, attempts.get(0));
		assertFalse(kept.get(0), "and runs again");
		try (Connection connection = new org.sqlite.JDBC().connect("jdbc:sqlite:" + db, new java.util.Properties());
				Statement statement = connection.createStatement();
				ResultSet load = statement.executeQuery("SELECT other_load FROM run")) {
			assertTrue(load.next());
			double recorded = load.getDouble(1);
			assertFalse(load.wasNull(), "the load is recorded");
			assertTrue(recorded >= 0, "a load of CPUs: " + recorded);
		}
	}

	@Test
	void aDisturbedAttemptIsRunAgainUpToTheLimitAndTheLastIsKept() throws Exception {
		Assumptions.assumeTrue(OtherProcesses.available(), "needs /proc");
		List<String> heard = new ArrayList<>();
		int[] attempts = new int[1];
		// no load is small enough for a negative allowance: every attempt long enough to judge is disturbed
		OtherProcesses.Undisturbed<Integer> kept = OtherProcesses.undisturbed(-1, () -> {
			Thread.sleep(1_100);
			return ++attempts[0];
		}, (load, attempt, last) -> heard.add(attempt + (last ? " kept" : "")));
		assertEquals(OtherProcesses.ATTEMPTS, kept.result());
		assertEquals(List.of("1", "2", "3", "4 kept"), heard);
		assertTrue(kept.otherLoad() >= 0, "the kept attempt's load is recorded");

		heard.clear();
		OtherProcesses.Undisturbed<String> quiet = OtherProcesses.undisturbed(Double.POSITIVE_INFINITY, () -> "once",
				(load, attempt, last) -> heard.add("disturbed"));
		assertEquals("once", quiet.result());
		assertTrue(heard.isEmpty());
		assertTrue(Double.isNaN(quiet.otherLoad()), "an attempt shorter than a second cannot be judged");
	}
}
