package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.iosim.measure.FioRunner;
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
	void separateThreadsAreAReadJobAndAWriteJobInOneGroupEachThreadInItsOwnSlice() {
		StorageWorkload workload = new StorageWorkload(8192, 0.7, false, 4 << 20, 4, 1, false, Threads.SEPARATE);
		List<String> arguments = FioRunner.arguments(new PlannedRun(0, 0, 1, workload, 42), folder, 0.5, 2);
		long slice = (4 << 20) / 4;
		int reads = arguments.indexOf("--name=iosim-reads");
		int writes = arguments.indexOf("--name=iosim-writes");
		assertTrue(reads > 0 && writes > reads, arguments.toString());
		// options before the first --name hold for both jobs: one report group, the slices, the timing
		for (String shared : List.of("--group_reporting", "--size=" + slice, "--offset_increment=" + slice, "--bs=8192",
				"--runtime=2000ms", "--ramp_time=500ms", "--randseed=42", "--thread")) {
			assertTrue(arguments.indexOf(shared) >= 0 && arguments.indexOf(shared) < reads, shared + " in " + arguments);
		}
		assertEquals(List.of("--name=iosim-reads", "--numjobs=3", "--rw=randread"), arguments.subList(reads, writes));
		// round(4 x 0.7) = 3 read threads in slices 0-2, the write thread after them; dirty pages synced at its end
		assertEquals(List.of("--name=iosim-writes", "--numjobs=1", "--offset=" + 3 * slice, "--rw=randwrite",
				"--end_fsync=1"), arguments.subList(writes, arguments.size()));
		assertTrue(arguments.stream().noneMatch(argument -> argument.startsWith("--rwmixread")), arguments.toString());

		StorageWorkload sequentialDirect = new StorageWorkload(4096, 0.5, true, 1 << 20, 2, 4, true, Threads.SEPARATE);
		List<String> sequential = FioRunner.arguments(new PlannedRun(0, 0, 1, sequentialDirect, 1), folder, 0, 1);
		assertTrue(sequential.containsAll(List.of("--rw=read", "--rw=write", "--ioengine=libaio", "--iodepth=4",
				"--direct=1", "--offset=" + (1 << 19))), sequential.toString());
		assertFalse(sequential.contains("--end_fsync=1"), "direct writes leave no dirty pages");

		StorageWorkload mixed = new StorageWorkload(8192, 0.7, false, 4 << 20, 4, 1, false);
		List<String> oneJob = FioRunner.arguments(new PlannedRun(0, 0, 1, mixed, 42), folder, 0.5, 2);
		assertEquals(1, oneJob.stream().filter(argument -> argument.startsWith("--name=")).count(), oneJob.toString());
		assertTrue(oneJob.containsAll(List.of("--name=iosim", "--numjobs=4", "--rw=randrw", "--rwmixread=70",
				"--end_fsync=1")), oneJob.toString());
		assertFalse(oneJob.stream().anyMatch(argument -> argument.startsWith("--offset=")), oneJob.toString());
	}

	@Test
	void growingFilesAreWrittenFromEmptyWithoutReservedSpaceAndRemovedEachLoop() {
		StorageWorkload growing = new StorageWorkload(16384, 0, true, 8 << 20, 2, 1, false, Threads.MIXED,
				StorageWorkload.Sync.OSYNC, StorageWorkload.Files.GROWING);
		List<String> arguments = FioRunner.arguments(new PlannedRun(0, 0, 1, growing, 7), folder, 0.5, 2);
		assertTrue(arguments.containsAll(List.of("--directory=" + folder.toAbsolutePath(),
				"--filename_format=iosim-growing.$jobnum", "--size=" + (4 << 20), "--fallocate=none",
				"--unlink_each_loop=1", "--unlink=1", "--runtime=2000ms", "--sync=1", "--rw=write")), arguments.toString());
		// fio lays out the file of a job that may read (rw with 0 % reads), and then no write grows it
		assertTrue(arguments.stream().noneMatch(argument -> argument.startsWith("--rwmixread")), arguments.toString());
		// a time-based job never ends a loop, so it would overwrite its file instead of starting a new one
		assertFalse(arguments.contains("--time_based"), arguments.toString());
		assertTrue(arguments.stream().noneMatch(argument -> argument.startsWith("--filename=")
				|| argument.startsWith("--offset_increment")), arguments.toString());
		assertEquals(new StorageWorkload(16384, 0, true, 8 << 20, 2, 1, false, Threads.MIXED, StorageWorkload.Sync.OSYNC)
				+ ", growing files", growing.toString(), "only growing files change the text");
	}

	@Test
	void growingFilesAreMeasuredWithFioAndLeaveNothingBehind() throws Exception {
		assumeTrue(fioInstalled(), "fio is not installed (apt-get install fio)");
		Path file = folder.resolve("growing.json");
		Files.writeString(file, """
				{"name": "growing", "warmup": 0.2, "duration": 0.5, "seed": 1,
				 "factors": {"readRatio": [0], "requestSize": ["16 KiB"], "pattern": ["sequential"], "fileSetSize": "1 MiB",
				             "sync": ["osync"], "files": ["existing", "growing"]}}""");
		MeasurementPlan plan = MeasurementPlan.load(file);
		Path scratch = folder.resolve("files");
		try (MeasurementDatabase database = MeasurementDatabase.open(folder.resolve("growing.db"), true)) {
			Measurement.run(plan, database, new FioRunner("fio"), scratch, new Measurement.Listener() {
			});
			List<MeasuredDelay> rows = MeasuredDelay.of(database.runs());
			assertEquals(List.of(StorageWorkload.Files.EXISTING, StorageWorkload.Files.GROWING),
					rows.stream().map(row -> row.workload().files()).toList(), "stored and read back");
			for (MeasurementDatabase.Run run : database.runs()) {
				assertTrue(run.writes().orElseThrow().requests() > 0, run.workload().toString());
			}
		}
		assertFalse(Files.exists(scratch), "the growing files and their folder are removed at the end");
	}

	@Test
	void separateReadAndWriteThreadsMeasureBothTypesWithFio() throws Exception {
		assumeTrue(fioInstalled(), "fio is not installed (apt-get install fio)");
		Path file = folder.resolve("separate.json");
		Files.writeString(file, """
				{"name": "separate", "warmup": 0.2, "duration": 0.5, "seed": 2,
				 "factors": {"threads": ["separate"], "readRatio": [0.25, 1], "requestSize": ["4 KiB"], "concurrency": [4],
				             "fileSetSize": "4 MiB", "pattern": ["random", "sequential"]}}""");
		MeasurementPlan plan = MeasurementPlan.load(file);
		List<StorageWorkload> configurations = plan.configurations();
		assertEquals(List.of(Threads.SEPARATE, Threads.SEPARATE, Threads.MIXED, Threads.MIXED),
				configurations.stream().map(StorageWorkload::threads).toList(), configurations.toString());
		Path db = folder.resolve("separate.db");
		Path scratch = Files.createDirectory(folder.resolve("made-by-the-user"));
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			Measurement.Outcome outcome = Measurement.run(plan, database, new FioRunner("fio"), scratch,
					new Measurement.Listener() {
					});
			assertEquals(4, outcome.measuredNow());
			try (var left = Files.list(scratch)) {
				assertEquals(0, left.count(), "the file sets are removed");
			}
			assertTrue(Files.isDirectory(scratch), "a scratch folder the user made stays");
			List<MeasurementDatabase.Run> runs = database.runs();
			assertEquals(configurations, runs.stream().map(MeasurementDatabase.Run::workload).toList(),
					"the database gives back each run's thread mode");
			for (MeasurementDatabase.Run run : runs) {
				boolean separate = run.workload().threads() == Threads.SEPARATE;
				assertTrue(run.reads().isPresent(), run.workload().toString());
				assertEquals(separate, run.writes().isPresent(), run.workload().toString());
				for (Latencies latencies : List.of(run.reads(), run.writes()).stream().flatMap(Optional::stream).toList()) {
					assertTrue(latencies.requests() > 0);
					assertTrue(latencies.mean() > 0 && latencies.mean() < 1, "a mean latency in seconds: " + latencies.mean());
					assertTrue(latencies.p50() <= latencies.p95() && latencies.p95() <= latencies.p99());
					assertEquals(4096, latencies.bytesPerSecond() / latencies.requestsPerSecond(), 4096 * 0.05);
				}
			}
		}

		// one run by itself: one read thread and three write threads, each in its own 1 MiB slice of the file set
		Path files = Files.createDirectories(folder.resolve("one"));
		StorageWorkload workload = configurations.get(0);
		Path usersOwn = Files.writeString(files.resolve("iosim-fileset-mine"),
				"a file of the user's that looks like one\n");
		FioRunner runner = new FioRunner("fio");
		RunResult result = runner.run(new PlannedRun(0, 0, 1, workload, 7), files, 0.1, 0.3);
		assertTrue(result.reads().orElseThrow().requests() > 0 && result.writes().orElseThrow().requests() > 0);
		Path fileSet = files.resolve("iosim-fileset-" + (4 << 20));
		assertEquals(4 << 20, Files.size(fileSet),
				"the write threads' slices follow the read thread's, none beyond the file set");
		// written in full before the run: fio's write jobs only reserve space (extents the file system marks
		// unwritten), and a read there returns zeros without touching the device
		Path filefrag = Path.of("/usr/sbin/filefrag");
		if (Files.isExecutable(filefrag)) {
			Process extents = new ProcessBuilder(filefrag.toString(), "-v", fileSet.toString()).start();
			String layout = new String(extents.getInputStream().readAllBytes());
			assertEquals(0, extents.waitFor());
			assertFalse(layout.contains("unwritten"), layout);
		}
		assertTrue(Files.exists(files.resolve("iosim-fileset-" + (4 << 20) + ".laid-out")), "marked as laid out");
		runner.removeFileSets(files);
		assertEquals(List.of(usersOwn), Files.list(files)
				.filter(path -> path.getFileName().toString().startsWith("iosim-")).toList(),
				"the file sets and their marks are removed, and only what the runner wrote");
	}

	@Test
	void aMissingFioIsNamedWithHowToInstallIt() {
		MeasurementException error = assertThrows(MeasurementException.class,
				() -> new FioRunner(folder.resolve("no-fio").toString()).describe());
		assertTrue(error.getMessage().contains("apt-get install fio"), error.getMessage());
	}
}
