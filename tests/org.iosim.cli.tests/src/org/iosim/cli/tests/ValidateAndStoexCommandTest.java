package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class ValidateAndStoexCommandTest {

	@TempDir
	Path folder;

	@Test
	void validatesTheBundledExample() {
		CommandLine.Run run = iosim("validate", CommandLine.example("minimal").toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().contains("2 components, 2 SEFFs, 7 actions, 2 resource containers, 1 usage scenario"), run.out());
		assertTrue(run.out().contains("valid"), run.out());
	}

	@Test
	void everyPalladioExampleValidates() throws IOException {
		Path examples = CommandLine.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "../shared/palladio-examples is not present");
		List<Path> modelFolders = new ArrayList<>();
		try (Stream<Path> files = Files.walk(examples)) {
			files.filter(file -> file.toString().endsWith(".allocation")).map(Path::getParent).distinct()
					.forEach(modelFolders::add);
		}
		assertEquals(10, modelFolders.size(), modelFolders.toString());
		for (Path modelFolder : modelFolders) {
			CommandLine.Run run = iosim("validate", modelFolder.toString());
			if (modelFolder.endsWith("Minimum_ExactScheduler_Project")) {
				// validate accepts what simulate accepts: SimuCom's exact scheduler, simulated as processor sharing
				assertTrue(run.out().contains("warning: ") && run.out().contains("which IOSim simulates as processor"
						+ " sharing"), run.out());
			}
			assertEquals(0, run.exitCode(), modelFolder + "\n" + run);
			assertFalse(run.out().contains("error:"), run.out());
		}
	}

	@Test
	void brokenXmlIsReportedWithFileAndLine() throws IOException {
		Path broken = folder.resolve("broken.repository");
		Files.writeString(broken, "<?xml version=\"1.0\"?>\n<repository:Repository xmlns:repository=\"x\">\n  <components__Repository>\n</repository:Repository>\n");
		CommandLine.Run run = iosim("validate", broken.toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.out().contains("broken.repository: line 4"), run.out());
		assertFalse(run.err().contains("Exception"), run.err());
	}

	@Test
	void danglingHrefNamesTheReference() throws IOException {
		Path model = copyExample();
		Path system = model.resolve("shop.system");
		Files.writeString(system, Files.readString(system).replace("shop.repository#shop.catalog\"", "shop.repository#shop.catalgo\""));
		CommandLine.Run run = iosim("validate", model.toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.out().contains("shop.system: line"), run.out());
		assertTrue(run.out().contains("'shop.repository#shop.catalgo', which does not exist"), run.out());
	}

	@Test
	void badStochasticExpressionNamesElementAndColumn() throws IOException {
		Path model = copyExample();
		Path repository = model.resolve("shop.repository");
		Files.writeString(repository, Files.readString(repository).replace("specification=\"Exp(0.05)\"", "specification=\"Exp(0.05\""));
		CommandLine.Run run = iosim("validate", model.toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.out().contains("Frontend/browse/render page"), run.out());
		assertTrue(run.out().contains("\"Exp(0.05\" is not a valid stochastic expression at column 9"), run.out());
	}

	@Test
	void missingPathIsAUsageError() {
		CommandLine.Run run = iosim("validate", folder.resolve("nothing-here").toString());
		assertEquals(2, run.exitCode(), run.toString());
		assertTrue(run.err().contains("no such file or folder"), run.err());
	}

	@Test
	void unknownOptionIsAUsageErrorWithoutStackTrace() {
		CommandLine.Run run = iosim("simulate", "--frobnicate", "x");
		assertEquals(2, run.exitCode(), run.toString());
		assertTrue(run.err().contains("Unknown option: '--frobnicate'"), run.err());
		assertFalse(run.err().contains("\tat "), run.err());
	}

	@Test
	void everyCommandHasHelp() {
		for (String command : List.of("validate", "simulate", "stoex", "bench")) {
			CommandLine.Run run = iosim(command, "--help");
			assertEquals(0, run.exitCode(), command + ": " + run);
			assertTrue(run.out().startsWith("Usage: iosim " + command), run.out());
		}
	}

	@Test
	void stoexPrintsExactMeanAsJson() throws IOException {
		CommandLine.Run run = iosim("stoex", "DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]", "--samples", "20000", "--json");
		assertEquals(0, run.exitCode(), run.toString());
		JsonNode json = new ObjectMapper().readTree(run.out());
		assertEquals("DOUBLE", json.get("type").asText());
		assertEquals(1.5, json.get("mean").asDouble(), 1e-12);
		JsonNode samples = json.get("samples");
		assertEquals(20000, samples.get("count").asInt());
		assertEquals(1.5, samples.get("mean").asDouble(), 4 * samples.get("ci95").asDouble());
	}

	@Test
	void stoexWithoutClosedFormMeanPrintsNull() throws IOException {
		CommandLine.Run run = iosim("stoex", "Max(Exp(1), Exp(2))", "--json");
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(new ObjectMapper().readTree(run.out()).get("mean").isNull(), run.out());
	}

	@Test
	void invalidStoexPointsAtTheColumn() {
		CommandLine.Run run = iosim("stoex", "1 + * 2");
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("column 5"), run.err());
		assertTrue(run.err().contains("      ^"), run.err());
	}

	private Path copyExample() throws IOException {
		return CommandLine.copyExample(folder.resolve("shop"));
	}
}
