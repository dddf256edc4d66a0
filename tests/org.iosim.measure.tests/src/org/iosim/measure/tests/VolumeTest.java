package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.iosim.measure.BlockThrottle;
import org.iosim.measure.FioRunner;
import org.iosim.measure.Measurement;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlanException;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.measure.StorageWorkload.Sync;
import org.iosim.measure.Volume;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Volumes: their files, and their limits made real by the kernel's block throttling with real fio
 * runs (as root on a machine with cgroup v1 blkio or v2 io; skipped elsewhere).
 */
class VolumeTest {

	@TempDir
	Path folder;

	@Test
	void aVolumeFileStatesItsLimits() throws Exception {
		Path file = Files.writeString(folder.resolve("gp-500.json"), """
				{"writeIops": 500, "readBps": "64 MiB", "writeBps": 33554432}""");

		Volume volume = Volume.load(file);

		assertEquals(new Volume("gp-500", 0, 500, 64 << 20, 32 << 20), volume);
		assertEquals("gp-500 (500 write IOPS, 64 MiB/s reads, 32 MiB/s writes)", volume.toString());
		assertTrue(volume.isLimited());
	}

	@Test
	void aWrongVolumeFileIsNamedWithItsEntry() throws IOException {
		Map<String, String> cases = Map.of(
				"{\"writeIops\": -5}", "'writeIops': must be a whole number",
				"{\"writeIops\": 1.5}", "'writeIops': must be a whole number",
				"{\"readBps\": \"lots\"}", "'readBps': must be bytes per second",
				"{\"readIOPS\": 5}", "'readIOPS': unknown entry",
				"{\"name\": \"../../etc\"}", "'name': must be 1 to 64 letters",
				"[1, 2]", "a volume is a JSON object",
				"{\"writeIops\": 5} trailing", "more text follows the JSON value",
				"{\"writeIops\": 5, \"writeIops\": 6}", "not valid JSON");
		for (Map.Entry<String, String> wrong : cases.entrySet()) {
			Path file = Files.writeString(folder.resolve("volume.json"), wrong.getKey());
			PlanException error = assertThrows(PlanException.class, () -> Volume.load(file), wrong.getKey());
			assertTrue(error.getMessage().startsWith(file + ": ") && error.getMessage().contains(wrong.getValue()),
					wrong.getKey() + " gave: " + error.getMessage());
		}
	}

	@Test
	void aCapOfReadRequestsHoldsDirectReadsToIt() throws Exception {
		BlockThrottle throttle = throttleOrSkip();
		Volume volume = new Volume("test-reads", 1000, 0, 0, 0);
		Path plan = Files.writeString(folder.resolve("reads.json"), """
				{"name": "reads", "warmup": 1, "duration": 4,
				 "factors": {"requestSize": ["4 KiB"], "readRatio": [1], "concurrency": [4], "io": ["direct"],
				             "fileSetSize": "64 MiB"}}""");

		Latencies reads;
		Path group;
		try (BlockThrottle.Group limited = throttle.create(volume, folder);
				MeasurementDatabase database = MeasurementDatabase.open(folder.resolve("reads.db"), true)) {
			group = limited.folder();
			assertTrue(Files.isDirectory(group), "the group exists while it is used");
			Measurement.run(MeasurementPlan.load(plan), database, new FioRunner("fio").within(limited), folder.resolve("files"),
					new Measurement.Listener() {
					});
			reads = database.runs().get(0).reads().orElseThrow();
		}
		// 4 threads of direct reads far outrun 1,000 a second on this disk: the cap is what they get
		assertEquals(1000, reads.requestsPerSecond(), 30, "reads per second under a cap of 1,000");
		assertFalse(Files.exists(group), "the group is removed at the end");
		assertFalse(Files.exists(group.getParent()), "and IOSim's folder of groups with its last group");
	}

	@Test
	void synchronousWritesWaitForTheDeviceUnderAWriteCap() throws Exception {
		BlockThrottle throttle = throttleOrSkip();
		Volume volume = new Volume("test-sync", 0, 200, 0, 0);
		Path plan = Files.writeString(folder.resolve("sync.json"), """
				{"name": "sync", "warmup": 1, "duration": 4,
				 "factors": {"requestSize": ["8 KiB"], "readRatio": [0], "concurrency": [1], "pattern": ["sequential"],
				             "fileSetSize": "16 MiB", "sync": ["none", "fdatasync", "osync"]}}""");
		Map<Sync, Double> writesPerSecond = new java.util.EnumMap<>(Sync.class);
		Map<Sync, Double> meanDelay = new java.util.EnumMap<>(Sync.class);
		try (BlockThrottle.Group limited = throttle.create(volume, folder);
				MeasurementDatabase database = MeasurementDatabase.open(folder.resolve("sync.db"), true)) {
			Measurement.run(MeasurementPlan.load(plan), database, new FioRunner("fio").within(limited), folder.resolve("files"),
					new Measurement.Listener() {
					});
			for (MeasurementDatabase.Run run : database.runs()) {
				writesPerSecond.put(run.workload().sync(), run.writes().orElseThrow().requestsPerSecond());
				meanDelay.put(run.workload().sync(), run.writes().orElseThrow().mean());
			}
		}
		// buffered writes that are never synced go to the page cache; v1 charges their write-back to nobody
		assertTrue(writesPerSecond.get(Sync.NONE) > 2000, writesPerSecond.toString());
		// each synchronous write costs at least one device write (a flush and journal writes come on top)
		for (Sync durable : List.of(Sync.FDATASYNC, Sync.OSYNC)) {
			assertTrue(writesPerSecond.get(durable) <= 200 * 1.03 && writesPerSecond.get(durable) > 20,
					durable + ": " + writesPerSecond);
			// one thread without think time: each write's delay, its flush included, is the time between writes
			assertEquals(1 / writesPerSecond.get(durable), meanDelay.get(durable), 0.1 / writesPerSecond.get(durable),
					durable + ": " + meanDelay);
		}
	}

	@Test
	void aGroupLeftByAKilledRunIsRemovedByTheNextOne() throws Exception {
		BlockThrottle throttle = throttleOrSkip();
		Volume volume = new Volume("test-stale", 0, 100, 0, 0);
		Path parent;
		try (BlockThrottle.Group probe = throttle.create(volume, folder)) {
			parent = probe.folder().getParent();
		}
		// a process that has ended stands for the killed run: its group carries its process id
		Process ended = new ProcessBuilder("true").start();
		assertTrue(ended.waitFor(10, TimeUnit.SECONDS));
		Files.createDirectories(parent); // the probe's group was the last, so its folder went with it
		Path stale = Files.createDirectory(parent.resolve("test-stale-" + ended.pid() + "-1"));
		// and a group of a process that still runs is somebody's measurement: it stays
		Path alive = Files.createDirectory(parent.resolve("test-alive-" + ProcessHandle.current().pid() + "-999999"));
		try {
			try (BlockThrottle.Group next = throttle.create(volume, folder)) {
				assertFalse(Files.exists(stale), "the killed run's group is removed");
				assertTrue(Files.exists(alive), "a running process's group is left alone");
			}
		} finally {
			Files.deleteIfExists(alive);
			Files.deleteIfExists(parent); // nothing of the test stays in the hierarchy
		}
	}

	@Test
	void aMeasurementOnAVolumeRecordsTheVolumeWhereItIsApplied() throws Exception {
		assumeTrue(fioVersion().isPresent(), "fio is not installed (apt-get install fio)");
		Volume volume = new Volume("test-measurement", 5000, 0, 0, 0);
		Path plan = Files.writeString(folder.resolve("on-volume.json"), """
				{"name": "on-volume", "repetitions": 1, "warmup": 0, "duration": 1,
				 "factors": {"requestSize": ["8 KiB"], "readRatio": [1], "fileSetSize": "1 MiB"}}""");
		List<Measurement.VolumeUse> heard = new ArrayList<>();

		Optional<String> recorded;
		try (MeasurementDatabase database = MeasurementDatabase.open(folder.resolve("on-volume.db"), true)) {
			Measurement.run(MeasurementPlan.load(plan), database, new FioRunner("fio"), folder.resolve("files"), volume,
					new Measurement.Listener() {
						@Override
						public void volume(Measurement.VolumeUse use) {
							heard.add(use);
						}
					});
			assertEquals(1, database.runs().size(), "the plan ran");
			recorded = database.volume("on-volume");
		}

		// the same test passes where the volume cannot be applied: the plain device is measured then
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		assertEquals(1, heard.size(), "the listener hears about the volume once, before the plan");
		Measurement.VolumeUse use = heard.get(0);
		assertEquals(volume, use.volume());
		if (throttling.throttle().isPresent()) {
			assertTrue(use.applied(), use.toString());
			assertEquals(throttling.throttle().get().describe(), use.throttle());
			assertEquals(Optional.of(volume.toString()), recorded);
		} else {
			assertFalse(use.applied(), use.toString());
			assertEquals(throttling.reason(), use.reason());
			assertEquals(Optional.empty(), recorded, "the plain device is recorded as no volume");
		}
	}

	@Test
	void aFolderOnNoDiskCannotBeThrottled() throws Exception {
		BlockThrottle throttle = throttleOrSkip();
		assumeTrue(Files.isDirectory(Path.of("/dev/shm")), "no /dev/shm (a tmpfs) here");

		MeasurementException refused = assertThrows(MeasurementException.class,
				() -> throttle.create(new Volume("test-tmpfs", 100, 0, 0, 0), Path.of("/dev/shm")));

		assertTrue(refused.getMessage().contains("no disk below it"), refused.getMessage());
	}

	private static BlockThrottle throttleOrSkip() {
		BlockThrottle.Availability availability = BlockThrottle.detect();
		assumeTrue(availability.throttle().isPresent(), "no block throttling here: " + availability.reason());
		Optional<String> fio = fioVersion();
		assumeTrue(fio.isPresent(), "fio is not installed (apt-get install fio)");
		return availability.throttle().get();
	}

	private static Optional<String> fioVersion() {
		try {
			return Optional.of(new FioRunner("fio").describe());
		} catch (MeasurementException absent) {
			return Optional.empty();
		}
	}
}
