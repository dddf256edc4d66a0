package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.rng.simple.RandomSource;
import org.iosim.analysis.AccessPattern;
import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.Features;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadState;
import org.iosim.des.EventLoop;
import org.iosim.des.SimulationClock;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The analysis model kind 'volume': a QoS-limited volume's throttles, found by the standard registry. */
class VolumeModelKindTest {

	@TempDir
	Path folder;

	private final AnalysisModelRegistry registry = AnalysisModelRegistry.standard();

	private IoAnalysisModel model(String volumeJson, Map<String, String> parameters, SimulationClock clock)
			throws IOException, AnalysisModelException {
		Files.writeString(folder.resolve("volume.json"), volumeJson);
		return registry.create(new ModelDefinition("vol", "volume", Features.any(), parameters, folder),
				new ModelContext(RandomSource.XO_RO_SHI_RO_128_PP.create(1L), clock));
	}

	private static WorkloadState write(double bytes, boolean synchronous) {
		return new WorkloadState(1, IoType.WRITE, 0, bytes, AccessPattern.RANDOM, AccessPattern.SEQUENTIAL, 0, 1e9, bytes,
				0, 1, synchronous);
	}

	@Test
	void aRequestHoldsTheThrottleForItsDeviceRequestsOrItsBytesWhicheverLimitBinds() throws Exception {
		IoAnalysisModel limited = model("{\"writeIops\": 2000, \"writeBps\": \"32 MiB\"}",
				Map.of("volume", "volume.json", "flushWrites", "1.5", "deviceTime", "0.0001"), SimulationClock.NONE);
		assertEquals(1.0 / 2000 + 0.0001, limited.delay(write(8192, false)), 1e-12, "one device write");
		assertEquals(2.5 / 2000 + 0.0001, limited.delay(write(8192, true)), 1e-12, "and its flush's 1.5");
		// the flush's half a metadata write beyond its first is half a page
		assertEquals((1 << 20) / (32.0 * (1 << 20)) + 2048 / (32.0 * (1 << 20)) + 0.0001,
				limited.delay(write(1 << 20, true)), 1e-12, "1 MiB and the metadata at 32 MiB/s");
		WorkloadState read = new WorkloadState(1, IoType.READ, 4096, 0, AccessPattern.RANDOM, AccessPattern.RANDOM, 1, 1e9,
				4096, 0, 0);
		assertEquals(0.0001, limited.delay(read), 1e-12, "reads are not limited on this volume");
	}

	@Test
	void synchronousWritesQueueAtTheWriteThrottleWhileReadsPassTheirOwn() throws Exception {
		EventLoop clock = new EventLoop();
		EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"name\": \"w500\", \"writeIops\": 500}",
				Map.of("volume", "volume.json", "flushWrites", "1", "window", "0"), clock);
		long[] finished = new long[1];
		// three writers, each issuing its next synchronous write when the last one is on the device
		for (int writer = 0; writer < 3; writer++) {
			resubmit(volume, finished);
		}
		List<Double> readDone = new ArrayList<>();
		clock.schedule(1.0, () -> submit(volume, IoType.READ, () -> readDone.add(clock.now())));
		volume.startMeasuring();
		clock.runUntil(10);
		// each write holds the throttle 2 / 500 s: 250 a second, whatever the number of writers
		assertEquals(2500, finished[0], 1);
		assertEquals(List.of(1.0), readDone, "the read waits for no write");
		EmbeddedIoModel.SubModelResource writes = volume.resources().get(1);
		assertEquals("writes", writes.name());
		assertEquals(1.0, writes.utilization(), 1e-9);
		assertEquals(3.0, writes.inSystem(), 1e-3, "all three writers are at the throttle all the time");
		assertEquals(2.0, writes.waiting(), 1e-3, "one write is served, two wait");
	}

	@Test
	void aWindowsAllowancePassesAtOnceAndThenTheWritesWaitForTheNextWindow() throws Exception {
		EventLoop clock = new EventLoop();
		EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"writeIops\": 500}",
				Map.of("volume", "volume.json", "flushWrites", "1", "deviceTime", "0.0002"), clock);
		List<Double> finishedAt = new ArrayList<>();
		resubmit(volume, finishedAt, clock, "wal", 8192);
		volume.startMeasuring();
		clock.runUntil(9.99);
		// 500 IOPS in windows of 0.1 s: 50 device writes, 25 synchronous writes of 2, one after the other
		// at the device's 0.2 ms; the 26th waits for the next window
		for (int write = 1; write <= 25; write++) {
			assertEquals(write * 0.0002, finishedAt.get(write - 1), 1e-12, "write " + write);
		}
		assertEquals(0.1 + 0.0002, finishedAt.get(25), 1e-12, "the first write of the second window");
		assertEquals(2500, finishedAt.size(), "25 writes in each of 100 windows");
		EmbeddedIoModel.SubModelResource writes = volume.resources().get(1);
		assertEquals(1.0, writes.utilization(), 0.01, "the writes use the whole limit");
		assertEquals(0.95, writes.waiting(), 0.01, "after a window's 25 writes at 0.2 ms, the next waits 95 ms of 100");
	}

	@Test
	void aWriteThatOverdrawsTheWindowFinishesWhenTheNextOneOpens() throws Exception {
		EventLoop clock = new EventLoop();
		EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"writeIops\": 500}",
				Map.of("volume", "volume.json", "flushWrites", "1.04"), clock);
		List<Double> finishedAt = new ArrayList<>();
		resubmit(volume, finishedAt, clock, "wal", 8192);
		clock.runUntil(99.99);
		// 2.04 device writes each: the 25th write finds 1.04 of the allowance of 50 left, overdraws it
		// and finishes as the second window opens; in the long run 500 / 2.04 writes a second
		assertEquals(0.0, finishedAt.get(23), 1e-12);
		assertEquals(0.1, finishedAt.get(24), 1e-12, "the 25th write");
		assertEquals(100 * 500 / 2.04, finishedAt.size(), 25);
	}

	@Test
	void aBandwidthLimitIsCountedInTheSameWindows() throws Exception {
		EventLoop clock = new EventLoop();
		EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"writeIops\": 5000, \"writeBps\": \"8 MiB\"}",
				Map.of("volume", "volume.json"), clock);
		List<Double> finishedAt = new ArrayList<>();
		for (int writer = 0; writer < 4; writer++) {
			resubmit(volume, finishedAt, clock, "data" + writer, 256 * 1024);
		}
		clock.runUntil(9.99);
		// 8 MiB/s: 32 writes of 256 KiB a second, 3.2 a window
		assertEquals(320, finishedAt.size(), 4);
	}

	@Test
	void groupCommitFlushesTheSynchronousWritesThatWaitedForTheSameFlushTogether() throws Exception {
		for (boolean groupCommit : new boolean[] { false, true }) {
			EventLoop clock = new EventLoop();
			EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"writeIops\": 500}", Map.of("volume", "volume.json",
					"flushWrites", "1", "window", "0", "groupCommit", Boolean.toString(groupCommit)), clock);
			List<Double> logged = new ArrayList<>();
			for (int writer = 0; writer < 3; writer++) {
				thinkAndResubmit(volume, logged, clock);
			}
			clock.runUntil(9.999);
			// each flush takes 2 / 500 s and a writer thinks 1 ms between its writes; with group commit,
			// writer 0 flushes alone while writers 1 and 2 wait, then they flush together while writer 0
			// thinks and waits: three writes every two flushes instead of one write a flush
			assertEquals(groupCommit ? 3750 : 2500, logged.size(), 3, "group commit " + groupCommit);
		}
		EventLoop clock = new EventLoop();
		EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"writeIops\": 500}",
				Map.of("volume", "volume.json", "flushWrites", "1", "window", "0", "groupCommit", "true"), clock);
		List<Double> finishedAt = new ArrayList<>();
		resubmit(volume, finishedAt, clock, "wal", 8192);
		resubmit(volume, finishedAt, clock, "other-log", 8192);
		clock.runUntil(9.999);
		assertEquals(2500, finishedAt.size(), 2, "writes to different file sets are flushed apart");
	}

	@Test
	void aFileSetWhoseWritesGrowItsFilesHasItsOwnFlushCost() throws Exception {
		EventLoop clock = new EventLoop();
		EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"writeIops\": 500}", Map.of("volume", "volume.json",
				"flushWrites", "1", "flushWrites.new files", "2", "window", "0"), clock);
		List<Double> log = new ArrayList<>();
		List<Double> newFiles = new ArrayList<>();
		resubmit(volume, log, clock, "wal", 8192);
		resubmit(volume, newFiles, clock, "new files", 8192);
		clock.runUntil(9.999);
		// the writers' device writes alternate at the throttle, 250 a second each: 125 log writes of 2
		// device writes and 83 writes of 3 to the new files a second
		assertEquals(1250, log.size(), 2);
		assertEquals(833, newFiles.size(), 2);
		assertTrue(((IoAnalysisModel) volume).describe().endsWith("; file set new files: 2.0 device writes per flush,"
				+ " device time 0.0 s"), ((IoAnalysisModel) volume).describe());
	}

	@Test
	void oneFileSetIsGroupCommittedAndWaitsForItsOwnDeviceTimeWhileAnotherIsNot() throws Exception {
		EventLoop clock = new EventLoop();
		EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"writeIops\": 500}", Map.of("volume", "volume.json",
				"flushWrites", "1", "window", "0", "groupCommit.wal", "true", "deviceTime.files", "0.001"), clock);
		List<Double> wal = new ArrayList<>();
		List<Double> files = new ArrayList<>();
		for (int writer = 0; writer < 3; writer++) {
			thinkAndResubmit(volume, wal, clock);
		}
		resubmit(volume, files, clock, "files", 8192);
		clock.runUntil(9.999);
		// device write by device write: the log's data (0-2 ms), the file's data (2-4 ms) and half its
		// 1 ms at the device, the log's flush (4-6 ms), the file's flush (6-8 ms) and the other half
		assertEquals(0.0085, files.get(0), 1e-12);
		// the throttle serves both file sets in turn: 250 flushes a second, fewer for the one writer
		// of "files", who also waits 1 ms at the device each time; the three log writers share theirs
		assertTrue(wal.size() > files.size() * 1.3, wal.size() + " log writes, " + files.size() + " file writes");
	}

	@Test
	void bufferedWritesReachTheDeviceInWholePages() throws Exception {
		IoAnalysisModel paged = model("{\"writeBps\": \"4 MiB\"}", Map.of("volume", "volume.json"),
				SimulationClock.NONE);
		double page = 4096 / (4.0 * (1 << 20));
		assertEquals(page, paged.delay(write(100, false)), 1e-12, "100 bytes move a page");
		assertEquals(3 * page, paged.delay(write(8193, false)), 1e-12, "8,193 bytes three");
		assertEquals(2 * page, paged.delay(write(8192, true)), 1e-12, "and a synchronous write's flush (1 by default)"
				+ " adds no page: the flush itself carries no data");
		IoAnalysisModel exact = model("{\"writeBps\": \"4 MiB\"}", Map.of("volume", "volume.json", "pageSize", "0"),
				SimulationClock.NONE);
		assertEquals(100 / (4.0 * (1 << 20)), exact.delay(write(100, false)), 1e-15, "pageSize 0 counts bytes");
	}

	private static void resubmit(EmbeddedIoModel volume, long[] finished) {
		submit(volume, IoType.WRITE, "data", 8192, () -> {
			finished[0]++;
			resubmit(volume, finished);
		});
	}

	/** A writer that issues its next synchronous write as soon as the last one is on the device. */
	private static void resubmit(EmbeddedIoModel volume, List<Double> finishedAt, EventLoop clock, String fileSet,
			double bytes) {
		submit(volume, IoType.WRITE, fileSet, bytes, () -> {
			finishedAt.add(clock.now());
			resubmit(volume, finishedAt, clock, fileSet, bytes);
		});
	}

	private static void thinkAndResubmit(EmbeddedIoModel volume, List<Double> finishedAt, EventLoop clock) {
		submit(volume, IoType.WRITE, "wal", 8192, () -> {
			finishedAt.add(clock.now());
			clock.schedule(0.001, () -> thinkAndResubmit(volume, finishedAt, clock));
		});
	}

	private static void submit(EmbeddedIoModel volume, IoType type, Runnable done) {
		submit(volume, type, "data", 8192, done);
	}

	private static void submit(EmbeddedIoModel volume, IoType type, String fileSet, double bytes, Runnable done) {
		boolean write = type == IoType.WRITE;
		try {
			volume.submit(write ? write(bytes, true) : new WorkloadState(1, IoType.READ, 4096, 0, AccessPattern.RANDOM,
					AccessPattern.RANDOM, 1, 1e9, 4096, 0, 0), new ArrivingRequest(type, write ? bytes : 4096, 0, fileSet, 1e9,
							write), done);
		} catch (AnalysisModelException unexpected) {
			throw new AssertionError(unexpected);
		}
	}

	@Test
	void aDefinitionThatCannotBeAVolumeIsRefusedNamingWhat() throws Exception {
		AnalysisModelException missing = assertThrows(AnalysisModelException.class,
				() -> model("{\"writeIops\": 500}", Map.of("volume", "no-such.json"), SimulationClock.NONE));
		assertTrue(missing.getMessage().contains("no-such.json") && missing.getMessage().contains("'vol'"),
				missing.getMessage());
		AnalysisModelException unknown = assertThrows(AnalysisModelException.class,
				() -> model("{\"writeIops\": 500}", Map.of("volume", "volume.json", "flushes", "1"), SimulationClock.NONE));
		assertTrue(unknown.getMessage().contains("unknown parameter 'flushes'"), unknown.getMessage());
		AnalysisModelException negative = assertThrows(AnalysisModelException.class,
				() -> model("{\"writeIops\": 500}", Map.of("volume", "volume.json", "flushWrites", "-1"), SimulationClock.NONE));
		assertTrue(negative.getMessage().contains("'flushWrites' must be a finite number of at least 0"),
				negative.getMessage());
		AnalysisModelException notABoolean = assertThrows(AnalysisModelException.class, () -> model(
				"{\"writeIops\": 500}", Map.of("volume", "volume.json", "groupCommit", "yes"), SimulationClock.NONE));
		assertTrue(notABoolean.getMessage().contains("'groupCommit' must be true or false"), notABoolean.getMessage());
		AnalysisModelException window = assertThrows(AnalysisModelException.class, () -> model("{\"writeIops\": 500}",
				Map.of("volume", "volume.json", "window", "-0.1"), SimulationClock.NONE));
		assertTrue(window.getMessage().contains("'window' must be a finite number of at least 0"), window.getMessage());
		AnalysisModelException none = assertThrows(AnalysisModelException.class,
				() -> model("{\"writeIops\": 500}", Map.of(), SimulationClock.NONE));
		assertTrue(none.getMessage().contains("needs the parameter 'volume'"), none.getMessage());
		// a file set's own parameters are checked as the volume's are, and its name is not echoed whole
		AnalysisModelException fileSetNumber = assertThrows(AnalysisModelException.class, () -> model(
				"{\"writeIops\": 500}", Map.of("volume", "volume.json", "flushWrites.wal", "two"), SimulationClock.NONE));
		assertTrue(fileSetNumber.getMessage().contains("'flushWrites.wal' must be a finite number of at least 0"),
				fileSetNumber.getMessage());
		AnalysisModelException fileSetBoolean = assertThrows(AnalysisModelException.class, () -> model(
				"{\"writeIops\": 500}", Map.of("volume", "volume.json", "groupCommit.wal", "1"), SimulationClock.NONE));
		assertTrue(fileSetBoolean.getMessage().contains("'groupCommit.wal' must be true or false"),
				fileSetBoolean.getMessage());
		String longName = "deviceTime." + "x".repeat(5000);
		AnalysisModelException longFileSet = assertThrows(AnalysisModelException.class, () -> model(
				"{\"writeIops\": 500}", Map.of("volume", "volume.json", longName, "-1"), SimulationClock.NONE));
		assertTrue(longFileSet.getMessage().length() < 400, longFileSet.getMessage());
		AnalysisModelException noFileSet = assertThrows(AnalysisModelException.class, () -> model(
				"{\"writeIops\": 500}", Map.of("volume", "volume.json", "flushWrites.", "1"), SimulationClock.NONE));
		assertTrue(noFileSet.getMessage().contains("unknown parameter 'flushWrites.'"), noFileSet.getMessage());
	}

	@Test
	void onlyAWriteCanBeSynchronous() {
		assertThrows(IllegalArgumentException.class, () -> new ArrivingRequest(IoType.READ, 1, 0, "a", 1, true));
		assertThrows(IllegalArgumentException.class, () -> new WorkloadState(1, IoType.READ, 1, 0, AccessPattern.RANDOM,
				AccessPattern.RANDOM, 1, 1, 1, 0, 0, true));
	}
}
