package org.iosim.characterization.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.iosim.characterization.CharacterizationOptions;
import org.iosim.characterization.IoRecord;
import org.iosim.characterization.TraceFormat;
import org.iosim.characterization.TraceFormatException;
import org.iosim.characterization.TraceReader;
import org.iosim.characterization.Traces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Untrusted trace files: every problem is a message naming the file, the line and what is wrong. */
class BadTraceTest {

	private static final String GOOD_FIO_LINE = "0, 1000, 0, 4096, 0, 0";

	@TempDir
	Path folder;

	private Path file(String name, String content) throws IOException {
		Path file = folder.resolve(name);
		Files.writeString(file, content, StandardCharsets.UTF_8);
		return file;
	}

	private String problem(TraceFormat format, Path... files) {
		TraceFormatException problem = assertThrows(TraceFormatException.class,
				() -> Traces.characterize(List.of(files), format, CharacterizationOptions.DEFAULTS));
		assertFalse(problem.getMessage().contains("Exception"), problem.getMessage());
		return problem.getMessage();
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '"', value = {
			"0, 1000, 7, 4096, 0, 0 | the direction must be 0 (read), 1 (write) or 2 (trim), not 7",
			"0, abc, 0, 4096, 0, 0 | the latency is not a whole number at least 0 ('abc')",
			"-5, 1000, 0, 4096, 0, 0 | the time is not a whole number at least 0 ('-5')",
			"0, 1000, 0, 4096, 1.5, 0 | the offset is not a whole number at least 0 ('1.5')",
			"0, 1000, 0, 99999999999999999999, 0, 0 | the block size is larger than 9223372036854775807",
			"0, 1000, 0, 4096, 9223372036854775807, 0 | offset + block size exceeds 9223372036854775807",
			"0, 1000, 0, 4096, 0, high | the priority is neither a whole number nor a hexadecimal one ('high')",
			"0, 1000, 0, 0, 0, 0 | the block size is 0, which fio logs when it averages over a window (log_avg_msec);"
					+ " characterization needs one line per I/O (log_avg_msec=0)",
			"0, 1000, 0 | expected 6 comma-separated values (time, latency, direction, block size, offset,"
					+ " priority) but found 3",
			"0, 1000, 0, 4096, 0, 0, 0 | expected 6 comma-separated values (time, latency, direction, block size,"
					+ " offset, priority) but found more" })
	void badFioLines(String line, String reason) throws IOException {
		Path log = file("job_lat.1.log", GOOD_FIO_LINE + "\n" + line + "\n");
		assertEquals(log + ": line 2: " + reason, problem(TraceFormat.FIO, log));
	}

	@Test
	void fiveValuesAreAmbiguous() throws IOException {
		Path log = file("job_lat.1.log", "0, 1000, 0, 4096, 0\n");
		assertEquals(log + ": line 1: found 5 values, a log without offsets or one from an older fio; run fio with"
				+ " log_offset=1, which logs 6 values (time, latency, direction, block size, offset, priority)",
				problem(null, log));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '"', value = {
			"hello world | not a blkparse event: it should start with a device as major,minor",
			"8,0 1 2 0.5 100 | a blkparse event has at least 7 fields (device, CPU, sequence, time, process id, action,"
					+ " RWBS), this line 5",
			"8,0 1 2 0,5 100 D R 0 + 8 [x] | the time must be seconds.nanoseconds, not '0,5'",
			"8,0 x 2 0.5 100 D R 0 + 8 [x] | the CPU is not a whole number at least 0 ('x')",
			"8,0 1 2 0.5 100 D R 0x10 + 8 [x] | the sector is not a whole number at least 0 ('0x10')",
			"8,0 1 2 0.5 100 C W 16 + many [0] | the sector count is not a whole number at least 0 ('many')",
			"8,0 1 2 0.5 100 D W 36028797018963968 + 8 [x] | sector + count exceeds the largest byte offset"
					+ " 9223372036854775807" })
	void badBlkparseLines(String line, String reason) throws IOException {
		Path output = file("trace.txt", "  8,0    1        1     0.000000000  4711  D   R 300 + 8 [app]\n" + line + "\n");
		assertEquals(output + ": line 2: " + reason, problem(TraceFormat.BLKPARSE, output));
	}

	@Test
	void aLongFieldIsShortenedAndControlCharactersAreHidden() throws IOException {
		String line = "0, 1000, 0, 4096, \u001b[2J" + "x".repeat(200) + ", 0";
		Path log = file("job_lat.1.log", line + "\n");
		assertEquals(log + ": line 1: the offset is not a whole number at least 0 ('?[2J" + "x".repeat(35) + "…')",
				problem(TraceFormat.FIO, log));
	}

	@Test
	void aLineLongerThanOneMebibyteIsRefusedWithoutReadingIt() throws IOException {
		Path log = folder.resolve("job_lat.1.log");
		try (OutputStream out = Files.newOutputStream(log)) {
			out.write((GOOD_FIO_LINE + "\n").getBytes(StandardCharsets.US_ASCII));
			byte[] digits = new byte[1 << 16];
			java.util.Arrays.fill(digits, (byte) '7');
			for (int i = 0; i < 40; i++) {
				out.write(digits);
			}
		}
		assertEquals(log + ": line 2 is longer than 1,048,576 bytes, the most a line may have; is this the right file?",
				problem(TraceFormat.FIO, log));
	}

	@Test
	void bytesThatAreNotTextAreReportedWithTheirLine() throws IOException {
		Path log = folder.resolve("job_lat.1.log");
		Files.write(log, new byte[] { '0', ',', ' ', (byte) 0xff, '\n' });
		String message = problem(TraceFormat.FIO, log);
		assertTrue(message.startsWith(log + ": line 1 is not UTF-8 text"), message);
	}

	@Test
	void aFileOfNeitherFormatAsksForTheFormat() throws IOException {
		Path notes = file("notes.txt", "\n\nmeasured on Tuesday\n");
		assertEquals(notes + ": line 3: neither a fio latency log nor a blkparse event, so the trace format cannot be"
				+ " told; name it (fio or blkparse)", problem(null, notes));
	}

	@Test
	void formatsAreNotMixed() throws IOException {
		Path fio = file("job_lat.1.log", GOOD_FIO_LINE + "\n");
		Path blkparse = file("trace.txt", "  8,0    1        1     0.000000000  4711  D   R 300 + 8 [app]\n");
		assertEquals(fio + " is a fio log but " + blkparse + " blkparse output; their clocks differ, so characterize"
				+ " them apart", problem(null, fio, blkparse));
	}

	@Test
	void aFileGivenTwiceIsRefused() throws IOException {
		Path log = file("job_lat.1.log", GOOD_FIO_LINE + "\n");
		assertEquals(log + " is given twice; its requests would count twice", problem(null, log, log));
	}

	@Test
	void missingFilesAndFoldersAreNamed() throws IOException {
		Path missing = folder.resolve("missing_lat.1.log");
		assertEquals(missing + ": no such file or folder", problem(TraceFormat.FIO, missing));
		assertTrue(problem(TraceFormat.FIO, folder).startsWith(folder + ": "));
	}

	@Test
	void traceWithoutReadsOrWritesIsNamed() throws IOException {
		Path trims = file("trim_lat.1.log", "0, 1000, 2, 4096, 0, 0\n");
		Path empty = file("empty_lat.1.log", "");
		assertEquals(trims + " holds no read or write request", problem(null, trims));
		assertEquals("none of " + trims + ", " + empty + " holds a read or write request", problem(null, trims, empty));
	}

	@Test
	void severalLogsAreMergedInTimeOrderEachKeepingItsOwn() throws IOException {
		// issue = completion - latency: job 1 at 0, 2, 4 ms; job 2 at 1, 3 ms
		Path first = file("m_lat.1.log", "1, 1000000, 0, 4096, 0, 0\n3, 1000000, 0, 4096, 4096, 0\n"
				+ "5, 1000000, 0, 4096, 8192, 0\n");
		Path second = file("m_lat.2.log", "2, 1000000, 1, 512, 0, 0\n4, 1000000, 1, 512, 512, 0\n");
		List<Double> issued = new ArrayList<>();
		List<String> clients = new ArrayList<>();
		try (TraceReader trace = Traces.open(List.of(first, second), null)) {
			for (IoRecord request = trace.next(); request != null; request = trace.next()) {
				issued.add(request.issued());
				clients.add(request.client());
			}
		}
		for (int i = 0; i < 5; i++) {
			assertEquals(0.001 * i, issued.get(i), 1e-12, issued.toString());
		}
		assertEquals(List.of("m_lat.1.log", "m_lat.2.log", "m_lat.1.log", "m_lat.2.log", "m_lat.1.log"), clients);
	}
}
