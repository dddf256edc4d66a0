package org.iosim.characterization.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.iosim.analysis.AccessPattern;
import org.iosim.characterization.CharacterizationOptions;
import org.iosim.characterization.IoRecord;
import org.iosim.characterization.TraceFormat;
import org.iosim.characterization.TraceReader;
import org.iosim.characterization.Traces;
import org.iosim.characterization.WorkloadCharacteristics;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * blkparse output of block traces. Tracing needs a kernel with debugfs, so the traces are binary
 * blktrace files written here, event by event, and turned into text by the installed blkparse.
 */
class BlkparseTest {

	@TempDir
	Path folder;

	/** Writes the binary events of one device and CPU, as blktrace stores them (little-endian). */
	private static final class BinaryTrace {
		private static final int MAGIC_AND_VERSION = 0x65617407;
		// action codes and categories of the kernel's blktrace interface
		static final int QUEUE = 1;
		static final int ISSUE = 7;
		static final int COMPLETE = 8;
		static final int CATEGORY_READ = 1;
		static final int CATEGORY_WRITE = 1 << 1;
		static final int CATEGORY_FLUSH = 1 << 2;
		static final int CATEGORY_QUEUE = 1 << 4;
		static final int CATEGORY_ISSUE = 1 << 6;
		static final int CATEGORY_COMPLETE = 1 << 7;
		static final int CATEGORY_DISCARD = 1 << 13;

		private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		private final int device;
		private int sequence;

		BinaryTrace(int major, int minor) {
			this.device = major << 20 | minor;
		}

		BinaryTrace event(long nanoseconds, int action, int categories, long sector, int byteCount, int pid) {
			ByteBuffer event = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
			event.putInt(MAGIC_AND_VERSION).putInt(++sequence).putLong(nanoseconds).putLong(sector).putInt(byteCount)
					.putInt(action | categories << 16).putInt(pid).putInt(device).putInt(0).putShort((short) 0)
					.putShort((short) 0);
			bytes.writeBytes(event.array());
			return this;
		}

		BinaryTrace issue(double milliseconds, int category, long sector, int sectors, int pid) {
			return event(Math.round(milliseconds * 1e6), ISSUE, CATEGORY_ISSUE | category, sector, sectors * 512, pid);
		}

		BinaryTrace complete(double milliseconds, int category, long sector, int sectors) {
			return event(Math.round(milliseconds * 1e6), COMPLETE, CATEGORY_COMPLETE | category, sector, sectors * 512,
					0);
		}

		void save(Path file) throws IOException {
			Files.write(file, bytes.toByteArray());
		}
	}

	private static boolean blkparseInstalled() {
		try {
			Process version = new ProcessBuilder("blkparse", "-V").redirectErrorStream(true).start();
			version.getInputStream().readAllBytes();
			return version.waitFor() == 0;
		} catch (IOException | InterruptedException absent) {
			return false;
		}
	}

	/** @return blkparse's text output of the devices' traces, as a file */
	private Path blkparse(String... devices) throws IOException, InterruptedException {
		Assumptions.assumeTrue(blkparseInstalled(), "blkparse is not installed");
		List<String> command = new ArrayList<>(List.of("blkparse"));
		for (String device : devices) {
			command.addAll(List.of("-i", device));
		}
		Path output = folder.resolve("blkparse.txt");
		Process blkparse = new ProcessBuilder(command).directory(folder.toFile()).redirectOutput(output.toFile())
				.redirectError(folder.resolve("blkparse-errors.txt").toFile()).start();
		assertTrue(blkparse.waitFor(60, TimeUnit.SECONDS), "blkparse did not finish within a minute");
		assertEquals(0, blkparse.exitValue(), () -> command + " failed");
		return output;
	}

	/**
	 * Device 8,0: reads of sectors 0+8 and 8+8 (pids 100, 101) issued at 1 and 2 ms, completed at 3 and 4 ms;
	 * a write of 1000+16 from 5 to 9 ms; a flush and a discard; a completion at 10 ms of a read issued before
	 * tracing began; a read issued at 11 ms that never completes. Device 8,16: a read of sector 0+8 (pid 102)
	 * from 1.2 to 2.2 ms.
	 */
	private Path twoDevices() throws Exception {
		BinaryTrace sda = new BinaryTrace(8, 0);
		sda.event(0, BinaryTrace.QUEUE, BinaryTrace.CATEGORY_QUEUE | BinaryTrace.CATEGORY_READ, 0, 4096, 100)
				.issue(1, BinaryTrace.CATEGORY_READ, 0, 8, 100)
				.issue(2, BinaryTrace.CATEGORY_READ, 8, 8, 101)
				.complete(3, BinaryTrace.CATEGORY_READ, 0, 8)
				.complete(4, BinaryTrace.CATEGORY_READ, 8, 8)
				.issue(5, BinaryTrace.CATEGORY_WRITE, 1000, 16, 100)
				.issue(6, BinaryTrace.CATEGORY_WRITE | BinaryTrace.CATEGORY_FLUSH, 0, 0, 100)
				.issue(6.5, BinaryTrace.CATEGORY_DISCARD, 2000, 8, 100)
				.complete(9, BinaryTrace.CATEGORY_WRITE, 1000, 16)
				.complete(10, BinaryTrace.CATEGORY_READ, 5000, 8)
				.issue(11, BinaryTrace.CATEGORY_READ, 16, 8, 100)
				.save(folder.resolve("sda.blktrace.0"));
		new BinaryTrace(8, 16).issue(1.2, BinaryTrace.CATEGORY_READ, 0, 8, 102)
				.complete(2.2, BinaryTrace.CATEGORY_READ, 0, 8)
				.save(folder.resolve("sdb.blktrace.0"));
		return blkparse("sda", "sdb");
	}

	@Test
	void requestsAreIssueEventsTimedByTheirCompletions() throws Exception {
		Path output = twoDevices();
		List<IoRecord> requests = new ArrayList<>();
		try (TraceReader trace = Traces.open(List.of(output), null)) {
			for (IoRecord request = trace.next(); request != null; request = trace.next()) {
				requests.add(request);
			}
		}
		assertEquals(6, requests.size(), requests.toString());
		assertEquals(new IoRecord(0.001, 0.003, IoType.READ, 0, 4096, "100", "8,0"), requests.get(0));
		assertEquals(new IoRecord(0.0012, 0.0022, IoType.READ, 0, 4096, "102", "8,16"), requests.get(1));
		assertEquals(new IoRecord(0.002, 0.004, IoType.READ, 4096, 4096, "101", "8,0"), requests.get(2));
		assertEquals(new IoRecord(0.005, 0.009, IoType.WRITE, 512_000, 8192, "100", "8,0"), requests.get(3));
		IoRecord issuedBeforeTracing = requests.get(4);
		assertTrue(Double.isNaN(issuedBeforeTracing.issued()));
		assertEquals(0.010, issuedBeforeTracing.completed(), 1e-12);
		assertEquals(5000 * 512, issuedBeforeTracing.offset());
		assertNull(issuedBeforeTracing.client());
		IoRecord neverCompleted = requests.get(5);
		assertEquals(0.011, neverCompleted.issued(), 1e-12);
		assertTrue(Double.isNaN(neverCompleted.completed()));
	}

	@Test
	void characteristicsOfTwoDevices() throws Exception {
		WorkloadCharacteristics workload = Traces.characterize(List.of(twoDevices()), TraceFormat.BLKPARSE,
				CharacterizationOptions.DEFAULTS);
		assertEquals(6, workload.requests());
		assertEquals(5, workload.reads());
		assertEquals(1, workload.writes());
		assertEquals(4, workload.timedRequests());
		assertEquals(3, workload.clients());
		assertEquals(2, workload.files());
		assertEquals(5.0 / 6, workload.readRatio(), 1e-15);
		assertEquals(4096, workload.meanReadSize());
		assertEquals(8192, workload.meanWriteSize());
		assertEquals(0.010, workload.observationPeriod(), 1e-12);
		assertEquals(600, workload.arrivalRate(), 1e-6);
		// in flight: reads 2 + 1 + 2 ms, the write 4 ms, over 10 ms
		assertEquals(0.9, workload.concurrency(), 1e-12);
		// reads 0+8 and 8+8 of 8,0 pair; 0+8 of 8,16 is another device: 2 of 5
		assertEquals(0.4, workload.readSequentiality(), 1e-15);
		assertEquals(AccessPattern.RANDOM, workload.readPattern());
		// 8,0 from byte 0 to the end of sector 5008; 8,16 one request of 4096 bytes
		assertEquals(5008 * 512 + 4096, workload.fileSetSize());
	}

	@Test
	void handWrittenEventsInTheDefaultFormat() throws IOException {
		Path output = folder.resolve("completions.txt");
		Files.writeString(output, """
                  8,0    1        1     0.000000000  4711  A   R 300 + 8 <- (8,1) 292
                  8,0    1        2     0.000100000     0  m   N cfq4711 alloced
                  8,0    1        3     0.001000000     0  C   R 300 + 8 (    2000) [0]
                  8,0    1        4     0.002000000     0  C   R 308 + 8 [0]
                  8,0    1        5     0.003000000     0  C  WS 900 + 16 [5]
                  8,0    1        6     0.004000000     0  C  FN [0]

                CPU1 (sda):
                 Reads Queued:           0,        0KiB\t Writes Queued:           0,        0KiB
                Total (sda):
                Throughput (R/W): 0KiB/s / 0KiB/s
                Events (sda): 6 entries
                """);
		WorkloadCharacteristics workload = Traces.characterize(List.of(output), null, CharacterizationOptions.DEFAULTS);
		assertEquals(3, workload.requests(), "completions alone are requests; the flush is none");
		assertEquals(0, workload.timedRequests());
		assertTrue(Double.isNaN(workload.concurrency()));
		assertEquals(1.0, workload.readSequentiality());
		assertEquals(2.0 / 3, workload.readRatio(), 1e-15);
		assertEquals(1500, workload.arrivalRate(), 1e-9);
	}
}
