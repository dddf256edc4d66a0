package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A closed workload whose population follows a load profile (SimuLizar's usage evolution), on the
 * command line: 'validate' and 'simulate' accept the same model set with the same warnings, and the
 * results hold the population over time (results.json, population-over-time.csv, report.html).
 */
class ClosedLoadProfileCommandTest {

	@TempDir
	Path folder;

	/** 10 users for 200 time units, then 30 for 200, once. */
	private static final String STEP_PROFILE = """
			<?xml version="1.0" encoding="UTF-8"?>
			<tools.descartes.dlim:Sequence xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" \
			xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:tools.descartes.dlim="http://descartes.tools/dlim/0.1" \
			name="step" terminateAfterLoops="1">
			  <sequenceFunctionContainers name="few" duration="200.0">
			    <function xsi:type="tools.descartes.dlim:Constant" constant="10.0"/>
			  </sequenceFunctionContainers>
			  <sequenceFunctionContainers name="many" duration="200.0">
			    <function xsi:type="tools.descartes.dlim:Constant" constant="30.0"/>
			  </sequenceFunctionContainers>
			</tools.descartes.dlim:Sequence>
			""";

	private static final String EVOLUTION = """
			<?xml version="1.0" encoding="UTF-8"?>
			<usageevolution:UsageEvolution xmlns:usageevolution="http://usageevolution/1.0" id="evolution">
			  <usages id="evolution.browsing" entityName="Browsing in two steps">
			    <loadEvolution href="step.dlim#/"/>
			    <scenario href="shop.usagemodel#shop.browsing"/>
			  </usages>
			</usageevolution:UsageEvolution>
			""";

	private static List<String> warnings(String output) {
		return output.lines().map(String::strip).filter(line -> line.startsWith("warning: ")).toList();
	}

	@Test
	void validateAndSimulateAgreeAndTheResultsHoldThePopulationOverTime() throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Files.writeString(model.resolve("step.dlim"), STEP_PROFILE);
		Files.writeString(model.resolve("shop.usageevolution"), EVOLUTION);

		CommandLine.Run validate = iosim("validate", model.toString());
		assertEquals(0, validate.exitCode(), validate.toString());
		List<String> validateWarnings = warnings(validate.out());
		assertEquals(1, validateWarnings.size(), validate.out());
		assertTrue(validateWarnings.get(0).contains("shop.usageevolution: line 3: repeatingPattern is not set")
				&& validateWarnings.get(0).contains("lets the closed population fall to 0 at its end"), validate.out());

		Path out = folder.resolve("out");
		CommandLine.Run simulate = iosim("simulate", model.toString(), "--out", out.toString(), "--warmup", "0",
				"--max-measurements", "100000000", "--quiet");
		assertEquals(0, simulate.exitCode(), simulate.toString());
		assertEquals(validateWarnings, warnings(simulate.err()), "the same warnings, word for word");
		assertFalse(simulate.err().contains("Exception"), simulate.err());

		JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
		assertEquals("no more events", results.get("stopReason").asText(), "the population is 0 after the profile");
		JsonNode population = results.get("scenarios").get(0).get("populationOverTime");
		assertTrue(population != null && population.size() > 100, String.valueOf(population));
		for (JsonNode window : population) {
			double start = window.get("start").asDouble();
			double end = window.get("end").asDouble();
			if (end <= 200) {
				assertEquals(10, window.get("meanUsers").asDouble(), 1e-12, window.toString());
			} else if (start >= 200 && end <= 400) {
				assertEquals(30, window.get("meanUsers").asDouble(), 1e-12, window.toString());
			}
		}
		List<String> csv = Files.readAllLines(out.resolve("population-over-time.csv"));
		assertEquals("scenario,windowStartSeconds,windowEndSeconds,meanUsers", csv.get(0));
		assertEquals(population.size() + 1, csv.size());
		assertTrue(csv.get(1).startsWith("Browsing customers,0,"), csv.get(1));
		assertTrue(Files.readString(out.resolve("report.html")).contains("Population over simulated time"));
	}

	/**
	 * The rules of a profile are the validator's: 'validate' names the element at fault with its file
	 * and line, and the rule's code, and 'simulate' refuses the model set with the same error before
	 * compiling it.
	 */
	@Test
	void aSequenceThatEndsAtOnceIsRefusedByValidateAndSimulateNamingIt() throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Files.writeString(model.resolve("step.dlim"), STEP_PROFILE.replace("terminateAfterLoops=\"1\"",
				"terminateAfterLoops=\"0\""));
		Files.writeString(model.resolve("shop.usageevolution"), EVOLUTION);

		CommandLine.Run validate = iosim("validate", model.toString());
		assertEquals(1, validate.exitCode(), validate.toString());
		List<String> errors = validate.out().lines().map(String::strip).filter(line -> line.startsWith("error: "))
				.toList();
		assertEquals(1, errors.size(), validate.out());
		assertTrue(errors.get(0).endsWith(" [load-profile]"), "the rule's code ends the line: " + errors.get(0));
		String error = errors.get(0).substring("error: ".length(), errors.get(0).length() - " [load-profile]".length());
		assertTrue(error.contains("step.dlim: line 2: ") && error.contains("'step'")
				&& error.endsWith(": the sequence ends at once: terminateAfterLoops is 0 and terminateAfterTime 0"),
				validate.out());

		CommandLine.Run simulate = iosim("simulate", model.toString(), "--out", folder.resolve("out").toString(),
				"--quiet");
		assertEquals(1, simulate.exitCode(), simulate.toString());
		assertTrue(simulate.err().contains(error), simulate.err());
	}

	@Test
	void aClosedWorkloadWithoutAProfileHasNoPopulationSeries() throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Path out = folder.resolve("out");
		CommandLine.Run simulate = iosim("simulate", model.toString(), "--out", out.toString(), "--max-measurements",
				"2000", "--quiet");
		assertEquals(0, simulate.exitCode(), simulate.toString());
		assertFalse(Files.exists(out.resolve("population-over-time.csv")));
		JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
		assertFalse(results.get("scenarios").get(0).has("populationOverTime"));
	}

	/**
	 * Palladio's ConnectedHeating example (SimuLizar's): 6 users in the usage model, but a usage evolution
	 * whose profile (a sine trend from 1 to 10 over 500 time units and back over 500, once) gives the
	 * population. Skipped where the shared Palladio examples do not hold it.
	 */
	@Test
	void palladiosConnectedHeatingExampleRuns() throws IOException {
		Path examples = CommandLine.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "../shared/palladio-examples is not present");
		Optional<Path> heating;
		try (Stream<Path> files = Files.walk(examples)) {
			heating = files.filter(file -> file.toString().endsWith(".usageevolution"))
					.filter(file -> file.getParent().getFileName().toString().contains("ConnectedHeating"))
					.map(Path::getParent).findFirst();
		}
		Assumptions.assumeTrue(heating.isPresent(), "no ConnectedHeating example in " + examples);

		CommandLine.Run validate = iosim("validate", heating.get().toString());
		assertEquals(0, validate.exitCode(), validate.toString());
		assertFalse(validate.out().contains("error:"), validate.out());

		Path out = folder.resolve("heating");
		CommandLine.Run simulate = iosim("simulate", heating.get().toString(), "--out", out.toString(), "--warmup",
				"100", "--quiet");
		assertEquals(0, simulate.exitCode(), simulate.toString());
		assertEquals(warnings(validate.out()), warnings(simulate.err()));
		JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
		JsonNode population = results.get("scenarios").get(0).get("populationOverTime");
		double most = 0;
		for (JsonNode window : population) {
			most = Math.max(most, window.get("meanUsers").asDouble());
			assertTrue(window.get("meanUsers").asDouble() <= 10, window.toString());
		}
		assertEquals(10, most, 1, "the profile peaks at 10 users at 500");
		assertTrue(results.get("simulatedTime").asDouble() >= 1000, "the profile lasts 1000");
	}
}
