package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.characterization.SyscallStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The I/O stream of a program from its system calls: a known stream traced for real, and a log written by hand. */
class TraceCommandTest {

	@TempDir
	Path folder;

	@Test
	void aKnownStreamIsFoundInARealTrace() throws IOException {
		assumeTrue(installed("strace"), "strace is not installed");
		Path data = folder.resolve("data");
		Files.createDirectories(data);
		Path file = data.resolve("f");
		// 4 synchronous 8 KiB writes in a row, then 8 reads of 4 KiB in a row: one operation each, 4 operations
		Path log = folder.resolve("dd.strace");
		CommandLine.Run run = iosim("trace", "--units", "4", "--log", log.toString(), "--", "sh", "-c", "dd if=/dev/zero of=" + file
				+ " bs=8192 count=4 oflag=dsync status=none && dd if=" + file + " of=/dev/null bs=4096 status=none");

		assertEquals(0, run.exitCode(), run.toString());
		String row = run.out().lines().filter(line -> line.startsWith(data.toString())).findFirst().orElseThrow();
		List<String> cells = List.of(row.substring(data.toString().length()).strip().split("\\s{2,}"));
		// reads/op, mean read, seq. reads, writes/op, mean write, seq. writes, flushes/op, flushes/write, sync writes, files, extent
		assertEquals(List.of("2", "4.0 KiB", "0.88", "1", "8.0 KiB", "0.75", "0", "0.00", "4", "1", "32.0 KiB"), cells,
				() -> row + "\n" + String.join("\n", lines(log, file)));
	}

	@Test
	void aLogWrittenByHandGivesItsStreamExactly() throws IOException {
		Path log = Files.writeString(folder.resolve("app.strace"), """
				100 1.000000 openat(AT_FDCWD</db>, "/db/wal/0001", O_RDWR|O_CLOEXEC) = 5</db/wal/0001> <0.000010>
				100 1.000100 pwrite64(5</db/wal/0001>, "abc"..., 8192, 0) = 8192 <0.000020>
				100 1.000200 fdatasync(5</db/wal/0001>) = 0 <0.004000>
				101 1.000250 pwrite64(5</db/wal/0001>, "abc"..., 16384, 8192 <unfinished ...>
				100 1.000260 pread64(6</db/base/1>, "xyz"..., 8192, 81920) = 8192 <0.000010>
				101 1.000300 <... pwrite64 resumed>) = 16384 <0.000030>
				101 1.000400 fdatasync(5</db/wal/0001>) = 0 <0.004100>
				100 1.000500 write(7<socket:[1234]>, "reply", 5) = 5 <0.000005>
				100 1.000600 +++ exited with 0 +++
				""");

		List<SyscallStreams.Stream> streams = SyscallStreams.read(log, SyscallStreams.Grouping.FOLDER);

		assertEquals(List.of("/db/base", "/db/wal"), streams.stream().map(SyscallStreams.Stream::name).toList());
		SyscallStreams.Stream wal = streams.get(1);
		assertEquals(new SyscallStreams.Sizes(2, 12288, 8192, 16384, 24576), wal.writes());
		assertEquals(0.5, wal.sequentialWrites(), "the second write continues the first");
		assertEquals(2, wal.flushes());
		assertEquals(1.0, wal.flushesPerWrite());
		assertEquals(24576, wal.extent());
		assertEquals(1, streams.get(0).reads().count());
		assertEquals(90112, streams.get(0).extent(), "read at 80 KiB, 8 KiB long");

		CommandLine.Run printed = iosim("trace", "--from", log.toString(), "--units", "2");
		assertEquals(0, printed.exitCode(), printed.toString());
		assertTrue(printed.out().contains("per operation: divided by --units 2"), printed.out());
	}

	@Test
	void whatIsNoStraceLogIsAClearError() throws IOException {
		Path notALog = Files.writeString(folder.resolve("notes.txt"), "secret line one\nsecret line two\n");
		CommandLine.Run run = iosim("trace", "--from", notALog.toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("notes.txt: line 1: not a system call as 'strace -f -ttt -T -y' records it"), run.err());
		assertFalse(run.err().contains("secret"), "the file's content is never echoed: " + run.err());
		CommandLine.Run neither = iosim("trace");
		assertEquals(2, neither.exitCode(), neither.toString());
	}

	/** The trace's lines about the file and its descriptors, for a failure's message. */
	private static List<String> lines(Path log, Path file) {
		try {
			return Files.readAllLines(log).stream().filter(line -> line.contains(file.getFileName().toString() + ">")
					|| line.contains("dup")).toList();
		} catch (IOException unreadable) {
			return List.of("(no trace: " + unreadable.getMessage() + ")");
		}
	}

	private static boolean installed(String program) {
		try {
			return new ProcessBuilder(program, "-V").redirectErrorStream(true).start().waitFor() == 0;
		} catch (IOException | InterruptedException absent) {
			return false;
		}
	}
}
