package org.iosim.sweep.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.iosim.cli.Main;

/** What the tests share: the command line, the example model, and comparing two sweep folders file by file. */
final class SweepFolders {

	private SweepFolders() {
	}

	record Run(int exitCode, String out, String err) {
		@Override
		public String toString() {
			return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
		}
	}

	/** 'iosim ARGS' in this JVM, as {@code ./iosim} runs it. */
	static Run iosim(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int exitCode = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
		return new Run(exitCode, out.toString(), err.toString());
	}

	/** The repository root: set by the build, or found by walking up from the working directory. */
	static Path example() {
		String configured = System.getProperty("iosim.repository.root");
		if (configured != null && Files.isDirectory(Path.of(configured, "examples", "minimal"))) {
			return Path.of(configured, "examples", "minimal");
		}
		for (Path folder = Path.of("").toAbsolutePath(); folder != null; folder = folder.getParent()) {
			if (Files.isDirectory(folder.resolve("examples/minimal")) && Files.isRegularFile(folder.resolve("iosim"))) {
				return folder.resolve("examples/minimal");
			}
		}
		throw new IllegalStateException("cannot find examples/minimal from " + Path.of("").toAbsolutePath());
	}

	/**
	 * Asserts that two folders hold the same files with the same bytes: sweep.json, the CSV files, the
	 * report, each finished point and the definition (a sweep's files have no wall-clock fields).
	 */
	static void assertSameFiles(Path expected, Path actual) throws IOException {
		List<Path> files = files(expected);
		assertEquals(files, files(actual), "the two folders hold different files");
		for (Path file : files) {
			assertArrayEquals(Files.readAllBytes(expected.resolve(file)), Files.readAllBytes(actual.resolve(file)),
					file + " differs");
		}
	}

	static List<Path> files(Path folder) throws IOException {
		try (Stream<Path> walk = Files.walk(folder)) {
			return walk.filter(Files::isRegularFile).map(folder::relativize).sorted().toList();
		}
	}
}
