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
import java.util.PriorityQueue;

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
import org.iosim.analysis.SimulationClock;
import org.iosim.analysis.WorkloadState;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The analysis model kind 'volume': a QoS-limited volume's throttles, found by the standard registry. */
class VolumeModelKindTest {

	@TempDir
	Path folder;

	private final AnalysisModelRegistry registry = AnalysisModelRegistry.standard();

	/** A minimal event loop, so that the embedded throttles run on simulated time. */
	private static final class Clock implements SimulationClock {
		private record Event(double time, long order, Runnable action) {
		}

		private final PriorityQueue<Event> events = new PriorityQueue<>(
				(a, b) -> a.time != b.time ? Double.compare(a.time, b.time) : Long.compare(a.order, b.order));
		private double now;
		private long order;

		@Override
		public double now() {
			return now;
		}

		@Override
		public Scheduled schedule(double delay, Runnable action) {
			Event event = new Event(now + delay, order++, action);
			events.add(event);
			return () -> events.remove(event);
		}

		void runUntil(double end) {
			while (!events.isEmpty() && events.peek().time <= end) {
				Event event = events.poll();
				now = event.time;
				event.action.run();
			}
			now = end;
		}
	}

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
		assertEquals(1.0 / 32 + 0.0001, limited.delay(write(1 << 20, true)), 1e-12, "1 MiB at 32 MiB/s");
		WorkloadState read = new WorkloadState(1, IoType.READ, 4096, 0, AccessPattern.RANDOM, AccessPattern.RANDOM, 1, 1e9,
				4096, 0, 0);
		assertEquals(0.0001, limited.delay(read), 1e-12, "reads are not limited on this volume");
	}

	@Test
	void synchronousWritesQueueAtTheWriteThrottleWhileReadsPassTheirOwn() throws Exception {
		Clock clock = new Clock();
		EmbeddedIoModel volume = (EmbeddedIoModel) model("{\"name\": \"w500\", \"writeIops\": 500}",
				Map.of("volume", "volume.json", "flushWrites", "1"), clock);
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

	private static void resubmit(EmbeddedIoModel volume, long[] finished) {
		submit(volume, IoType.WRITE, () -> {
			finished[0]++;
			resubmit(volume, finished);
		});
	}

	private static void submit(EmbeddedIoModel volume, IoType type, Runnable done) {
		boolean write = type == IoType.WRITE;
		try {
			volume.submit(write ? write(8192, true) : new WorkloadState(1, IoType.READ, 4096, 0, AccessPattern.RANDOM,
					AccessPattern.RANDOM, 1, 1e9, 4096, 0, 0), new ArrivingRequest(type, write ? 8192 : 4096, 0, "data", 1e9,
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
		AnalysisModelException none = assertThrows(AnalysisModelException.class,
				() -> model("{\"writeIops\": 500}", Map.of(), SimulationClock.NONE));
		assertTrue(none.getMessage().contains("needs the parameter 'volume'"), none.getMessage());
	}

	@Test
	void onlyAWriteCanBeSynchronous() {
		assertThrows(IllegalArgumentException.class, () -> new ArrivingRequest(IoType.READ, 1, 0, "a", 1, true));
		assertThrows(IllegalArgumentException.class, () -> new WorkloadState(1, IoType.READ, 1, 0, AccessPattern.RANDOM,
				AccessPattern.RANDOM, 1, 1, 1, 0, 0, true));
	}
}
