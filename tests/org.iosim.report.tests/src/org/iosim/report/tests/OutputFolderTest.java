package org.iosim.report.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.iosim.report.OutputFolder;
import org.iosim.report.OutputFolderException;
import org.iosim.report.ResultWriter;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The output folder is either untouched or complete; temporary folders never stay behind. */
class OutputFolderTest {

	private static final List<String> RESULT_FILES = List.of(OutputFolder.WRITTEN, "io.csv", "report.html", "resources.csv",
			"response-time-over-time.csv", "results.json", "scenarios.csv");

	@TempDir
	Path parent;

	private Path output;

	@BeforeEach
	void nameOutputFolder() {
		output = parent.resolve("results");
	}

	@Test
	void writesAllFilesIntoANewFolder() throws IOException {
		Path written = ResultWriter.write(SampleResults.sample(1), output, false);

		assertEquals(output.toAbsolutePath(), written);
		assertEquals(RESULT_FILES, List.copyOf(snapshot(output).keySet()));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void createsMissingParentFolders() throws IOException {
		Path nested = parent.resolve("a").resolve("b").resolve("results");

		ResultWriter.write(SampleResults.sample(1), nested, false);

		assertEquals(RESULT_FILES, List.copyOf(snapshot(nested).keySet()));
		assertEquals(List.of("results"), entries(nested.getParent()));
	}

	@Test
	void fillsAnEmptyExistingFolderWithoutOverwrite() throws IOException {
		Files.createDirectory(output);

		ResultWriter.write(SampleResults.sample(1), output, false);

		assertEquals(RESULT_FILES, List.copyOf(snapshot(output).keySet()));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void refusesANonEmptyFolderWithoutOverwriteAndTouchesNothing() throws IOException {
		Map<String, String> before = earlierResults();

		OutputFolderException refusal = assertThrows(OutputFolderException.class,
				() -> ResultWriter.write(SampleResults.sample(1), output, false));

		assertTrue(refusal.getMessage().contains(output.toAbsolutePath().toString()), refusal.getMessage());
		assertTrue(refusal.getMessage().contains("--overwrite"), refusal.getMessage());
		assertEquals(output.toAbsolutePath(), refusal.folder());
		assertEquals(before, snapshot(output));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void overwriteReplacesAFolderOfIosimResults() throws IOException {
		ResultWriter.write(SampleResults.sample(2), output, false);
		Files.writeString(output.resolve("results.json"), "{\"model\": \"earlier\"}");

		ResultWriter.write(SampleResults.sample(1), output, true);

		assertEquals(RESULT_FILES, List.copyOf(snapshot(output).keySet()));
		assertTrue(Files.readString(output.resolve("results.json")).contains("\"model\": \"Media Store\""));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void overwriteNeverRemovesAFileIosimDidNotWrite() throws IOException {
		ResultWriter.write(SampleResults.sample(1), output, false);
		Files.writeString(output.resolve("notes.txt"), "keep me");
		Map<String, String> before = snapshot(output);

		OutputFolderException refusal = assertThrows(OutputFolderException.class,
				() -> ResultWriter.write(SampleResults.sample(2), output, true));

		assertTrue(refusal.getMessage().contains("holds 'notes.txt', which IOSim did not write"), refusal.getMessage());
		assertEquals(before, snapshot(output));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void overwriteRefusesAFolderIosimDidNotWrite() throws IOException {
		Map<String, String> before = earlierResults();

		OutputFolderException refusal = assertThrows(OutputFolderException.class,
				() -> ResultWriter.write(SampleResults.sample(1), output, true));

		assertTrue(refusal.getMessage().contains("was not written by IOSim"), refusal.getMessage());
		assertEquals(before, snapshot(output));
	}

	@Test
	void anOutputFolderThatIsContainsOrLiesInsideAnInputIsRefused() throws IOException {
		Path model = Files.createDirectories(parent.resolve("model"));
		Path file = Files.writeString(model.resolve("shop.repository"), "<model/>");
		Path pipeline = Files.writeString(parent.resolve("run.json"), "{}");

		for (var clash : Map.of(model, "is itself", parent, "contains").entrySet()) {
			OutputFolderException refusal = assertThrows(OutputFolderException.class,
					() -> OutputFolder.requireUsable(clash.getKey(), true, List.of(file.getParent(), pipeline)));
			assertTrue(refusal.getMessage().contains(" " + clash.getValue() + " "), refusal.getMessage());
			assertTrue(refusal.getMessage().contains("an input of this run"), refusal.getMessage());
		}
		assertThrows(OutputFolderException.class, () -> OutputFolder.requireApartFrom(parent.resolve("./model/../model"),
				List.of(model), true), "another spelling of the same folder");
		OutputFolderException inside = assertThrows(OutputFolderException.class,
				() -> OutputFolder.requireApartFrom(model.resolve("refined.iosim"), List.of(model), false));
		assertTrue(inside.getMessage().contains(" lies inside "), inside.getMessage());
		// results below a model folder are never read as a model: how a workbench project keeps them
		OutputFolder.requireUsable(model.resolve("results"), false, List.of(model, pipeline));
		OutputFolder.requireUsable(parent.resolve("results"), false, List.of(model, pipeline));
		assertEquals("<model/>", Files.readString(file));
	}

	@Test
	void failureWhileWritingANewFolderLeavesNothing() {
		UncheckedIOException failure = assertThrows(UncheckedIOException.class,
				() -> ResultWriter.write(failingResult(), output, false));

		assertEquals("disk full", failure.getCause().getMessage());
		assertFalse(Files.exists(output));
		assertEquals(List.of(), entries(parent));
	}

	@Test
	void failureWhileOverwritingLeavesTheExistingFolderUntouched() throws IOException {
		ResultWriter.write(SampleResults.sample(2), output, false);
		Map<String, String> before = snapshot(output);

		assertThrows(UncheckedIOException.class, () -> ResultWriter.write(failingResult(), output, true));

		assertEquals(before, snapshot(output));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void refusesAFileInPlaceOfTheFolderEvenWithOverwrite() throws IOException {
		Files.writeString(output, "not a folder");

		OutputFolderException refusal = assertThrows(OutputFolderException.class,
				() -> ResultWriter.write(SampleResults.sample(1), output, true));

		assertTrue(refusal.getMessage().contains("is not a folder"), refusal.getMessage());
		assertEquals("not a folder", Files.readString(output));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void failsWithoutSideEffectsWhenTheParentIsAFile() throws IOException {
		Path fileAsParent = parent.resolve("plain-file");
		Files.writeString(fileAsParent, "content");

		assertThrows(IOException.class,
				() -> ResultWriter.write(SampleResults.sample(1), fileAsParent.resolve("results"), false));

		assertEquals("content", Files.readString(fileAsParent));
		assertEquals(List.of("plain-file"), entries(parent));
	}

	@Test
	void longFolderNamesStillGetATemporarySibling() throws IOException {
		Path longName = parent.resolve("r".repeat(240));

		ResultWriter.write(SampleResults.sample(1), longName, false);

		assertEquals(RESULT_FILES, List.copyOf(snapshot(longName).keySet()));
		assertEquals(List.of(longName.getFileName().toString()), entries(parent));
	}

	@Test
	void runKilledBetweenTheRenamesGetsItsPreviousResultsBack() throws IOException {
		Map<String, String> before = earlierResults();
		Path staging = abandonedStaging("results");
		Files.move(output, staging.resolve("old"));
		Files.createDirectories(staging.resolve("new"));
		Files.writeString(staging.resolve("new").resolve("results.json"), "{\"half\": ");

		OutputFolderException refusal = assertThrows(OutputFolderException.class,
				() -> ResultWriter.write(SampleResults.sample(1), output, false));

		assertTrue(refusal.getMessage().contains("already exists and is not empty"), refusal.getMessage());
		assertEquals(before, snapshot(output));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void runKilledAfterTheSwapLeavesNothingTheNextRunKeeps() throws IOException {
		ResultWriter.write(SampleResults.sample(2), output, false);
		Path staging = abandonedStaging("results");
		Files.createDirectories(staging.resolve("old"));
		Files.writeString(staging.resolve("old").resolve("results.json"), "{\"model\": \"older still\"}");

		ResultWriter.write(SampleResults.sample(1), output, true);

		assertEquals(RESULT_FILES, List.copyOf(snapshot(output).keySet()));
		assertEquals(List.of("results"), entries(parent));
	}

	@Test
	void stagingOfAnotherOutputFolderWithTheSameLongPrefixIsLeftAlone() throws IOException {
		Path longOutput = parent.resolve("r".repeat(200));
		Path othersStaging = Files.createDirectory(parent.resolve("." + "r".repeat(64) + ".tmp-12345"));
		Files.writeString(othersStaging.resolve("target"), "r".repeat(100));
		Files.createFile(othersStaging.resolve("lock"));
		Files.createDirectories(othersStaging.resolve("old"));

		ResultWriter.write(SampleResults.sample(1), longOutput, false);

		assertTrue(Files.isDirectory(othersStaging.resolve("old")));
		assertFalse(Files.exists(parent.resolve("r".repeat(100))));
	}

	@Test
	void stagingStillLockedByItsWriterIsLeftAlone() throws IOException {
		Path staging = abandonedStaging("results");
		Files.createDirectories(staging.resolve("new"));
		try (var channel = java.nio.channels.FileChannel.open(staging.resolve("lock"),
				java.nio.file.StandardOpenOption.WRITE); var lock = channel.lock()) {
			ResultWriter.write(SampleResults.sample(1), output, false);

			assertTrue(Files.isDirectory(staging.resolve("new")));
		}
	}

	/**
	 * What a run killed with SIGKILL leaves: its staging folder beside the output folder, naming the
	 * output folder, with a lock file that nobody holds any more.
	 */
	private Path abandonedStaging(String outputName) throws IOException {
		Path staging = Files.createDirectory(parent.resolve("." + outputName + ".tmp-12345"));
		Files.writeString(staging.resolve("target"), outputName);
		Files.createFile(staging.resolve("lock"));
		return staging;
	}

	/** An earlier run's folder with a file in a subfolder, as a user might leave it. */
	private Map<String, String> earlierResults() throws IOException {
		Files.createDirectories(output.resolve("charts"));
		Files.writeString(output.resolve("results.json"), "{\"model\": \"earlier\"}");
		Files.writeString(output.resolve("charts").resolve("notes.txt"), "keep me");
		return snapshot(output);
	}

	/** Resources fail halfway through, after results.json has been partly written. */
	private static SimulationResult failingResult() {
		List<ResourceResult> healthy = SampleResults.resources();
		List<ResourceResult> failing = new AbstractList<>() {
			@Override
			public ResourceResult get(int index) {
				if (index == 1) {
					throw new UncheckedIOException(new IOException("disk full"));
				}
				return healthy.get(index);
			}

			@Override
			public int size() {
				return healthy.size();
			}
		};
		return SampleResults.withResources(1, failing);
	}

	/** Relative path to content of every file below {@code folder}, sorted by path. */
	private static Map<String, String> snapshot(Path folder) throws IOException {
		Map<String, String> files = new TreeMap<>();
		try (Stream<Path> walk = Files.walk(folder)) {
			for (Path file : walk.filter(Files::isRegularFile).toList()) {
				String relative = folder.relativize(file).toString().replace('\\', '/');
				files.put(relative, new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
			}
		}
		return files;
	}

	private static List<String> entries(Path folder) {
		try (Stream<Path> list = Files.list(folder)) {
			return list.map(path -> path.getFileName().toString()).sorted().toList();
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
