package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The case-study examples of dissertation 001 §9.5 run as their READMEs say, and keep their shape. */
class CaseStudyExamplesTest {

	@TempDir
	Path folder;

	private JsonNode simulate(Path model, Path configuration, String name) throws IOException {
		Path out = folder.resolve(name);
		List<String> args = new ArrayList<>(List.of("simulate", model.toString(), "--out", out.toString(),
				"--max-measurements", "20000", "--quiet"));
		if (configuration != null) {
			args.addAll(List.of("--io", configuration.toString()));
		}
		CommandLine.Run run = iosim(args.toArray(String[]::new));
		assertEquals(0, run.exitCode(), name + ": " + run);
		return new ObjectMapper().readTree(out.resolve("results.json").toFile());
	}

	private static double meanResponseTime(JsonNode results) {
		return results.get("scenarios").get(0).get("responseTime").get("mean").asDouble();
	}

	@Test
	void fileServerAndMailServerValidateAndSimulateOnVirtualizedStorage() throws IOException {
		for (String example : List.of("fileserver", "mailserver")) {
			Path model = CommandLine.example(example);
			Path configuration = model.resolve(example + ".ioconfig");
			CommandLine.Run validation = iosim("validate", model.toString(), "--io", configuration.toString());
			assertEquals(0, validation.exitCode(), validation.toString());
			JsonNode results = simulate(model, configuration, example);
			JsonNode io = results.get("io");
			assertTrue(io.size() >= 2, example + " has read and write traffic: " + io);
			for (JsonNode traffic : io) {
				if (traffic.get("count").asLong() > 0) {
					assertTrue(traffic.get("delay").get("mean").asDouble() > 0, traffic.toString());
				}
			}
			assertTrue(meanResponseTime(results) > 0);
		}
	}

	/**
	 * Fig. 9.22: calibrated to agree at one read per sequence, the FCFS-demand model and the I/O model
	 * part ways at five reads, where the FCFS-demand model misses that the storage serves the added
	 * sequential reads cheaply.
	 */
	@Test
	void fcfsDemandModelMissesTheChangeTheIoModelFollows() throws IOException {
		Path variants = CommandLine.example("pcm-vs-io");
		double fcfsOne = meanResponseTime(simulate(variants.resolve("fcfs-1read"), null, "fcfs-1read"));
		double ioOne = meanResponseTime(simulate(variants.resolve("io-1read"),
				variants.resolve("io-1read/fileserver.ioconfig"), "io-1read"));
		double fcfsFive = meanResponseTime(simulate(variants.resolve("fcfs-5reads"), null, "fcfs-5reads"));
		double ioFive = meanResponseTime(simulate(variants.resolve("io-5reads"),
				variants.resolve("io-5reads/fileserver.ioconfig"), "io-5reads"));

		assertEquals(ioOne, fcfsOne, ioOne * 0.05, "both calibrated at one read per sequence");
		assertTrue(fcfsFive > 1.4 * ioFive, "five reads: FCFS demand " + fcfsFive + " vs I/O model " + ioFive);
		assertTrue(ioFive > ioOne, "more reads still take longer");
	}
}
