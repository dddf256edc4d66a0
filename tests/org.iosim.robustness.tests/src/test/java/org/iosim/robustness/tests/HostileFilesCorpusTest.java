package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.iosim.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 23's surfaces fed files that are not what they expect, as users feed them by mistake or
 * spreadsheets write them: every case ends with the documented exit status (1 invalid input, 2 usage)
 * and a message that names the file, quotes no line of it and no more than a short excerpt of a value,
 * shows no control characters and no Java.
 */
class HostileFilesCorpusTest {

	private static final Path EXAMPLES = Path.of(System.getProperty("iosim.repository.root", "../.."), "examples")
			.toAbsolutePath().normalize();

	/** A content that no surface accepts. */
	private record Content(String name, byte[] bytes) {
		@Override
		public String toString() {
			return name;
		}
	}

	/** A command reading one file; {@code arguments} gets that file and a scratch folder. */
	private record Surface(String name, int exitStatus, BiFunction<Path, Path, List<String>> arguments) {
		@Override
		public String toString() {
			return name;
		}
	}

	@TempDir
	Path folder;

	private static final List<Content> CONTENTS = List.of(
			text("a password file", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"),
			text("a README", "# Storage virtualization: synchronous vs asynchronous\n\nSeed 000 models a layer.\n"),
			text("one 20 KB token", "Loremipsumdolorsitamet".repeat(900) + "\n"),
			text("a 20 KB field", "0,8," + "9".repeat(20_000) + ",r,0.5\n"),
			text("a foreign JSON object", "{\"description\": \"" + "measured on the test machine ".repeat(20)
					+ "\", \"values\": [1, 2, 3]}\n"),
			text("terminal escapes", "\u001b[2J\u001b[31mdelay\u001b[0m,size\u202e\n1,\u0007\u001b]0;pwned\u0007\n"),
			text("an empty file", ""),
			bytes("a PNG image", new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H',
					'D', 'R', 0, 0, 1, 0, (byte) 0xFF, (byte) 0xD8 }),
			bytes("UTF-16 text", "concurrency,delay\n1,2\n".getBytes(StandardCharsets.UTF_16)),
			text("text after a JSON object", "{\"model\": \"m\"}\nthe rest of a concatenated file with a long line of notes\n"));

	private static final List<Surface> SURFACES = List.of(
			new Surface("regression fit", 1, (file, scratch) -> List.of("regression", "fit", "--data", file.toString(),
					"--target", "delay", "--technique", "lm", "--out", scratch.resolve("model.json").toString())),
			new Surface("regression select", 1, (file, scratch) -> List.of("regression", "select", "--data",
					file.toString(), "--target", "delay")),
			new Surface("sweep --points", 2, (file, scratch) -> List.of("sweep", EXAMPLES.resolve("minimal").toString(),
					"--points", file.toString(), "--out", scratch.resolve("sweep").toString(), "--quiet")),
			new Surface("run", 2, (file, scratch) -> List.of("run", file.toString())),
			new Surface("characterize", 1, (file, scratch) -> List.of("characterize", file.toString())),
			new Surface("qpn instantiate", 1, (file, scratch) -> List.of("qpn", "instantiate", file.toString(),
					"--threads", "rr=1", "--file-set", "1e9", "--out", scratch.resolve("net.qpe").toString())),
			new Surface("san replay (configuration)", 1, (file, scratch) -> List.of("san", "replay", file.toString(),
					"--trace", EXAMPLES.resolve("san/small.spc").toString())),
			new Surface("san replay (trace)", 1, (file, scratch) -> List.of("san", "replay",
					EXAMPLES.resolve("san/san.json").toString(), "--trace", file.toString())));

	static Stream<Arguments> cases() {
		List<Arguments> cases = new ArrayList<>();
		for (Surface surface : SURFACES) {
			for (Content content : CONTENTS) {
				cases.add(Arguments.of(surface, content));
			}
		}
		return cases.stream();
	}

	@ParameterizedTest(name = "{0} given {1}")
	@MethodSource("cases")
	void isRefusedClearly(Surface surface, Content content) throws IOException {
		Path file = Files.write(folder.resolve("input.csv"), content.bytes());
		Path scratch = Files.createDirectories(folder.resolve("scratch"));
		Run run = iosim(surface.arguments().apply(file, scratch));
		assertEquals(surface.exitStatus(), run.status(), run.toString());
		assertTrue(run.err().startsWith("iosim: ") && run.err().contains(file.toString()), run.toString());
		assertClear(run, content.bytes());
	}

	@Test
	void exportToAFileSaysThatOutMustBeAFolder() throws IOException {
		Path file = Files.writeString(folder.resolve("notes.txt"), "mine\n");
		Run run = iosim(List.of("export", EXAMPLES.resolve("minimal").toString(), "--to", "palladio", "--out",
				file.toString()));
		assertEquals(2, run.status(), run.toString());
		assertEquals("iosim: --out must be a folder; " + file + " is a file\n", run.err());
		assertEquals("mine\n", Files.readString(file));
	}

	/** No Java, and no more of the file than {@link Echoes} allows. */
	static void assertClear(Run run, byte[] content) {
		String all = run.out() + run.err();
		for (String java : List.of("Exception", "java.", "\tat ", "com.fasterxml", "[Source", "REDACTED")) {
			assertFalse(all.contains(java), "'" + java + "' in " + run);
		}
		Echoes.checkNone(all, content);
	}

	record Run(int status, String out, String err) {
		@Override
		public String toString() {
			return "exit " + status + "\n--- out\n" + out + "--- err\n" + err;
		}
	}

	static Run iosim(List<String> arguments) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int status = Main.run(arguments.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
		return new Run(status, out.toString(), err.toString());
	}

	private static Content text(String name, String text) {
		return new Content(name, text.getBytes(StandardCharsets.UTF_8));
	}

	private static Content bytes(String name, byte[] bytes) {
		return new Content(name, bytes);
	}
}
