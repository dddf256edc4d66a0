package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.iosim.engine.SimulationConfig;
import org.iosim.run.PipelineFile;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunConfiguration.After;
import org.iosim.run.RunConfiguration.TransformationStep;
import org.iosim.run.RunFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PipelineFileTest {

	@TempDir
	Path folder;

	@Test
	void readsTheWhatIfExample() throws Exception {
		Path file = Runs.example("what-if").resolve("faster-database.json");
		RunConfiguration configuration = PipelineFile.read(file);

		Path examples = Runs.repositoryRoot().resolve("examples").toAbsolutePath().normalize();
		assertEquals(List.of(examples.resolve("minimal")), configuration.model());
		assertEquals(examples.resolve("minimal/shop-virtualized.ioconfig"), configuration.ioConfiguration());
		assertEquals(List.of(new TransformationStep("scale-processing-rate", After.COMPLETE,
				Map.of("container", "shop.host.db", "resource", "CPU", "factor", "2"))), configuration.transformations());
		assertEquals(SimulationConfig.defaults().withMaxMeasurements(50_000), configuration.simulation());
		assertEquals(examples.getParent().resolve("results/what-if-faster-database"), configuration.outputFolder());
		assertNull(configuration.storedModels());
	}

	@Test
	void pathsResolveBesideTheFileAndDefaultsFillTheRest() throws Exception {
		Path file = write("pipelines/p.json", """
				{"model": ["../models/a.repository", "../models/a.usagemodel"], "transformations": [{"id": "x"}],
				 "simulation": {"stopTime": 100, "replications": 4, "simulateNetwork": true}}""");
		RunConfiguration configuration = PipelineFile.read(file);

		assertEquals(List.of(folder.resolve("models/a.repository"), folder.resolve("models/a.usagemodel")),
				configuration.model());
		assertEquals(List.of(new TransformationStep("x", After.COMPLETE, Map.of())), configuration.transformations());
		SimulationConfig simulation = configuration.simulation();
		assertEquals(100, simulation.stopTime());
		assertEquals(Long.MAX_VALUE, simulation.maxMeasurements(), "a stop time alone decides when the run ends");
		assertEquals(4, simulation.replications());
		assertTrue(simulation.simulateLinkingResources());
		assertNull(configuration.outputFolder());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
			{                                                          | the JSON ends early at line 1
			{"model": "m",}                                            | not valid JSON at line 1
			{"model": "m", "model": "n"}                               | not valid JSON at line 1
			[]                                                         | expected a JSON object with at least 'model'
			{}                                                         | 'model' is missing
			{"model": 3}                                               | 'model' must be a text that is not empty
			{"model": "m", "modle": 1}                                 | unknown key modle; known: io, model, modelSet, out, simulation, storedModels, transformations
			{"model": "m", "transformations": {}}                      | 'transformations' must be a list
			{"model": "m", "transformations": [{"after": "load"}]}     | 'transformations[0].id' is missing
			{"model": "m", "transformations": [{"id": "x", "after": "later"}]} | 'transformations[0].after' is 'later'; it must be load, complete or bind
			{"model": "m", "transformations": [{"id": "x", "parameters": {"a": [1]}}]} | 'transformations[0].parameters.a' must be a string, number or boolean
			{"model": "m", "simulation": {"seed": 1.5}}                | 'simulation.seed' must be a whole number
			{"model": "m", "simulation": {"seed": "one"}}              | 'simulation.seed' must be a number
			{"model": "m", "simulation": {"confidence": 0.95}}         | confidence and precision go together
			{"model": "m", "simulation": {"replications": 0}}          | replications must be between 1 and 1000
			{"model": "m", "simulation": {"stopTime": -3}}             | stop time must be positive
			{"model": "m", "simulation": {"simulateNetwork": "yes"}}   | 'simulation.simulateNetwork' must be true or false
			{"model": "m", "simulation": {"warmUp": 5}}                | unknown key simulation.warmUp
			{"model": "m"} trailing garbage                            | more text follows the JSON value at line 1
			{"model": "m"}{"model": "n"}                               | more text follows the JSON value at line 1
			{"model": "m", "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6} | unknown keys a, b, c, d, e, … (6 in all); known:
			{"model": "m", "out": "re\\nsults\\u001b[31m"}            | 'out' is not a file name: 're?sults?[31m' (13 characters; a path has no control characters
			{"model": "m/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"} | 'model' is not a file name: 'm/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…' (258 characters; a path has no control characters, at most 4095 bytes and names of at most 255 bytes)
			""")
	void wrongFilesAreUsageErrorsNamingTheFileAndTheKey(String content, String expected) throws Exception {
		Path file = write("bad.json", content);
		RunFailure failure = assertThrows(RunFailure.class, () -> PipelineFile.read(file));
		assertEquals(RunFailure.Kind.USAGE, failure.kind());
		assertTrue(failure.getMessage().startsWith(file + ": "), failure.getMessage());
		assertTrue(failure.getMessage().contains(expected), failure.getMessage());
	}

	@Test
	void garbageAfterTheObjectOnALaterLineIsNamedWithItsLine() throws Exception {
		Path file = write("bad.json", "{\"model\": \"m\"}\n\n# notes\n");
		RunFailure failure = assertThrows(RunFailure.class, () -> PipelineFile.read(file));
		assertTrue(failure.getMessage().startsWith(file + ": more text follows the JSON value at line 3, column "),
				failure.getMessage());
	}

	@Test
	void aFileThatIsNoPipelineFileIsNotEchoed() throws Exception {
		String firstLine = "Loremipsumdolorsitametconsecteturadipiscingelitseddoeiusmod";
		Path file = write("notes.json", firstLine + "\nsecond line\n");
		RunFailure failure = assertThrows(RunFailure.class, () -> PipelineFile.read(file));
		assertTrue(failure.getMessage().startsWith(file + ": not valid JSON at line 1, column "), failure.getMessage());
		assertFalse(failure.getMessage().contains(firstLine.substring(0, 41)), failure.getMessage());
		Path key = write("key.json", "{\"model\": \"m\", \"" + "\\u001b[2J".repeat(30) + "\": 1}");
		failure = assertThrows(RunFailure.class, () -> PipelineFile.read(key));
		assertTrue(failure.getMessage().contains("unknown key ?[2J?[2J"), failure.getMessage());
		assertFalse(failure.getMessage().contains("\u001b"), failure.getMessage());
		assertTrue(failure.getMessage().length() < 250, failure.getMessage());
	}

	@Test
	void aMissingFileIsNamed() {
		Path file = folder.resolve("nowhere.json");
		RunFailure failure = assertThrows(RunFailure.class, () -> PipelineFile.read(file));
		assertEquals(file + ": cannot be read: no such file or folder", failure.getMessage());
	}

	private Path write(String name, String content) throws IOException {
		Path file = folder.resolve(name);
		Files.createDirectories(file.getParent());
		return Files.writeString(file, content);
	}
}
