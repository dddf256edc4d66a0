package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The I/O extension from the command line: models, transform, and simulate with an I/O configuration. */
class IoCommandsTest {

	@TempDir
	Path folder;

	private static String configuration() {
		return CommandLine.example("minimal").resolve("shop-virtualized.ioconfig").toString();
	}

	@Test
	void modelsListsTheBuiltInKinds() {
		CommandLine.Run run = iosim("models");
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().contains("expression"), run.out());
		assertTrue(run.out().contains("table"), run.out());
	}

	@Test
	void transformWritesTheRefinedModelWhichSimulates() throws IOException {
		Path refined = folder.resolve("refined.iosim");
		CommandLine.Run transform = iosim("transform", CommandLine.example("minimal").toString(), "--io",
				configuration(), "--out", refined.toString());
		assertEquals(0, transform.exitCode(), transform.toString());
		assertTrue(transform.out().contains("1 I/O action"), transform.out());
		assertTrue(transform.out().contains("storage 'SAN volume' serves database server: analysis model"
				+ " 'shop SAN contention', memory length 10"), transform.out());
		assertTrue(Files.readString(refined).contains("io:IoAction"));

		Path out = folder.resolve("results");
		// the refined model holds its storages and analysis models: it simulates as it is
		CommandLine.Run simulate = iosim("simulate", refined.toString(), "--out", out.toString(), "--max-measurements",
				"5000", "--quiet");
		assertEquals(0, simulate.exitCode(), simulate.toString());
		JsonNode io = new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("io").get(0);
		assertEquals("SAN volume", io.get("storage").asText());
		assertEquals("read", io.get("type").asText());
		assertTrue(io.get("count").asLong() >= 5000, io.toString());
		double delay = io.get("delay").get("mean").asDouble();
		// 4 ms + 1 ms per concurrent request - 2 ms for sequential reads: between 3 ms and a few ms more
		assertTrue(delay >= 0.003 && delay < 0.01, io.toString());
		assertTrue(io.get("throughputBytesPerSecond").asDouble() > 0, io.toString());
	}

	@Test
	void validateChecksAnIoConfiguration() throws IOException {
		CommandLine.Run good = iosim("validate", CommandLine.example("minimal").toString(), "--io", configuration());
		assertEquals(0, good.exitCode(), good.toString());
		assertTrue(good.out().contains("I/O: storage 'SAN volume' serves database server: analysis model"
				+ " 'shop SAN contention', memory length 10"), good.out());
		Path bad = Files.writeString(folder.resolve("bad.ioconfig"), Files.readString(Path.of(configuration()))
				.replace("defaultSequentiality=\"0.7\"", "defaultSequentiality=\"7\""));
		CommandLine.Run run = iosim("validate", CommandLine.example("minimal").toString(), "--io", bad.toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.out().contains("SAN volume (VirtualizedStorage 'SAN volume'): defaultSequentiality must be a"
				+ " probability between 0 and 1, but is 7"), run.out());
	}

	@Test
	void badConfigurationNamesTheProblem() throws IOException {
		Path configuration = Files.writeString(folder.resolve("bad.ioconfig"), Files.readString(Path.of(configuration()))
				.replace("<containers>shop.host.db</containers>", "<containers>mainframe</containers>"));
		CommandLine.Run run = iosim("simulate", CommandLine.example("minimal").toString(), "--io",
				configuration.toString(), "--out", folder.resolve("out").toString(), "--quiet");
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("no resource container has the id or name 'mainframe'"), run.err());
	}
}
