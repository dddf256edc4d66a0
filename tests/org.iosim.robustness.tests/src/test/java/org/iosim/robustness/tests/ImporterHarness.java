package org.iosim.robustness.tests;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;

/**
 * Runs the importer on untrusted input and checks what every import must satisfy, whatever the
 * input: it returns (within {@link #TIME_LIMIT}, without throwing), allocates memory in proportion to
 * its input, and reports problems only as diagnostics that name a file, place lines inside it and
 * contain no Java exception names or stack traces.
 */
final class ImporterHarness {

	/** Far above what any input here needs (milliseconds); only a hang or a quadratic blow-up reaches it. */
	static final Duration TIME_LIMIT = Duration.ofSeconds(60);

	/**
	 * Bytes an import may allocate in all (not only keep): a fixed allowance plus a multiple of the
	 * bytes below the paths it is given. Imports of the mutated models here allocate up to about 30
	 * bytes per byte of input and a few megabytes besides; an entity expansion, or texts repeated per
	 * element, would allocate far more than the input.
	 */
	static final long FIXED_ALLOCATION = 64L << 20;
	static final long ALLOCATION_PER_INPUT_BYTE = 64;

	/** Diagnostic messages quote file names and values shortened; a longer message quotes something whole. */
	static final int MAX_MESSAGE_LENGTH = 4000;

	private static final Pattern JAVA_INTERNALS = Pattern.compile(
			"\\b[A-Z]\\w*(?:Exception|Error)\\b" // exception class names
					+ "|\\b(?:java|javax|jdk|sun|org\\.eclipse|org\\.xml|org\\.iosim)\\.[a-z]\\w*\\." // qualified names
					+ "|\\bat [\\w$.]+\\(" // stack trace lines
					+ "|\\w@[0-9a-f]{5,}\\b" // Object.toString()
					+ "|internal error");

	private ImporterHarness() {
	}

	/** Imports the paths, checks the invariants and returns the result. */
	static ImportResult importPaths(List<Path> paths) {
		long inputBytes = inputBytes(paths);
		AtomicReference<ImportResult> result = new AtomicReference<>();
		AtomicReference<Throwable> thrown = new AtomicReference<>();
		AtomicLong allocated = new AtomicLong();
		// a thread of its own, so that a hang can be detected and its allocation measured alone
		Thread worker = Thread.ofPlatform().daemon().name("import under test").start(() -> {
			com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
					.getThreadMXBean();
			long before = threads.getCurrentThreadAllocatedBytes();
			try {
				result.set(new PalladioImporter().importPaths(paths));
			} catch (Throwable anything) {
				thrown.set(anything);
			}
			allocated.set(threads.getCurrentThreadAllocatedBytes() - before);
		});
		try {
			if (!worker.join(TIME_LIMIT)) {
				throw new AssertionError("the import did not end within " + TIME_LIMIT);
			}
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new AssertionError("interrupted while waiting for the import", e);
		}
		if (thrown.get() != null) {
			throw new AssertionError("the import threw instead of returning diagnostics", thrown.get());
		}
		long allowance = FIXED_ALLOCATION + ALLOCATION_PER_INPUT_BYTE * inputBytes;
		if (allocated.get() > allowance) {
			throw new AssertionError("the import allocated " + allocated.get() + " bytes for " + inputBytes
					+ " bytes of input, more than " + allowance);
		}
		checkDiagnostics(result.get());
		return result.get();
	}

	private static void checkDiagnostics(ImportResult result) {
		if (result == null || result.modelSets() == null || result.diagnostics() == null) {
			throw new AssertionError("the import returned no result");
		}
		Map<String, Long> lineCounts = new HashMap<>();
		for (Diagnostic diagnostic : result.diagnostics()) {
			String text = diagnostic.format();
			check(diagnostic.file() != null && !diagnostic.file().isBlank(), "names no file", text);
			check(!diagnostic.message().isBlank(), "says nothing", text);
			check(!JAVA_INTERNALS.matcher(diagnostic.message()).find(), "shows Java internals", text);
			check(diagnostic.message().length() <= MAX_MESSAGE_LENGTH, "is longer than " + MAX_MESSAGE_LENGTH
					+ " characters", text.substring(0, Math.min(text.length(), 500)) + "…");
			check(diagnostic.line() >= 0 && diagnostic.column() >= 0, "has a negative position", text);
			long lines = lineCounts.computeIfAbsent(diagnostic.file(), ImporterHarness::lineCount);
			check(diagnostic.line() <= lines + 1, "points past the file's " + lines + " lines", text);
		}
		for (ModelSet modelSet : result.modelSets()) {
			check(modelSet.model() != null && !modelSet.name().isBlank(), "is a model set without model or name",
					modelSet.name());
		}
	}

	private static void check(boolean holds, String problem, String diagnostic) {
		if (!holds) {
			throw new AssertionError("diagnostic " + problem + ": " + diagnostic);
		}
	}

	/** @return the file's lines, or a number no line can pass if the diagnostic's file is no text file */
	private static long lineCount(String file) {
		try {
			Path path = Path.of(file);
			if (!Files.isRegularFile(path)) {
				return Long.MAX_VALUE - 1;
			}
			byte[] content = Files.readAllBytes(path);
			long newlines = 0;
			for (byte b : content) {
				// line ends in ASCII-based encodings (UTF-16 has a zero byte beside them) and EBCDIC (0x15, 0x25);
				// counting \r\n twice, or '%' (0x25), only makes the bound looser
				newlines += b == '\n' || b == '\r' || b == 0x15 || b == 0x25 ? 1 : 0;
			}
			return newlines + 1;
		} catch (IOException | RuntimeException notAFile) {
			return Long.MAX_VALUE - 1;
		}
	}

	/** @return the bytes of the model files below the paths (a rough, generous measure of the input) */
	private static long inputBytes(List<Path> paths) {
		long bytes = 0;
		for (Path path : paths) {
			try (var files = Files.walk(path)) {
				bytes += files.filter(Files::isRegularFile).mapToLong(file -> {
					try {
						return Files.size(file);
					} catch (IOException unreadable) {
						return 0;
					}
				}).sum();
			} catch (IOException | RuntimeException unreadable) {
				// a missing or unreadable path adds nothing to read
			}
		}
		return bytes;
	}
}
