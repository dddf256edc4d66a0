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

/**
 * A storage processed by the container's CPU ({@code processedBy="CPU"}): each request occupies the
 * CPU for its delay. By the utilization law the database CPU then does, per completed scenario,
 * its own demand plus the I/O delays of the scenario: (U_cpu / X) grows by (requests per scenario x
 * delay) / servers, and only the storage that is processed adds to it.
 */
class ProcessedStorageTest {

	@TempDir
	Path folder;

	private static final double DELAY = 0.002;

	private Path configuration(String processedBy) throws IOException {
		return Files.writeString(folder.resolve("io-" + processedBy.length() + ".ioconfig"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<io:IoConfiguration xmlns:io="http://iosim.org/pcm/io/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="shop">
				  <fileSets name="catalog" size="2147483648"/>
				  <storages name="memory" defaultFileSet="catalog" %s>
				    <containers>shop.host.db</containers>
				    <memoryLength xsi:type="io:FixedMemoryLength" requests="4"/>
				    <features formalism="expression"/>
				  </storages>
				  <analysisModels name="copy" kind="expression">
				    <features formalism="expression"/>
				    <parameters name="delay" value="%s"/>
				  </analysisModels>
				</io:IoConfiguration>
				""".formatted(processedBy, DELAY));
	}

	private JsonNode simulate(String processedBy) throws IOException {
		Path out = folder.resolve("out-" + processedBy.length());
		CommandLine.Run run = iosim("simulate", CommandLine.repositoryRoot().resolve("examples/minimal").toString(),
				"--io", configuration(processedBy).toString(), "--max-measurements", "40000", "--seed", "3", "--out",
				out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		return new ObjectMapper().readTree(out.resolve("results.json").toFile());
	}

	/** CPU work per completed scenario at the database server, and I/O requests per scenario. */
	private static double[] perScenario(JsonNode results) {
		double throughput = results.path("scenarios").path(0).path("throughput").asDouble();
		double cpuWork = 0;
		for (JsonNode resource : results.path("resources")) {
			if (resource.path("container").asText().equals("database server")) {
				cpuWork = resource.path("utilization").asDouble() * resource.path("servers").asDouble();
			}
		}
		double requests = 0;
		for (JsonNode io : results.path("io")) {
			// the rows per request type; the rows per type and file set count the same requests again
			if (io.path("fileSet").isNull()) {
				requests += io.path("count").asDouble();
			}
		}
		double scenarios = results.path("scenarios").path(0).path("responseTime").path("count").asDouble();
		return new double[] { cpuWork / throughput, requests / scenarios };
	}

	@Test
	void requestsOccupyTheCpuForTheirDelay() throws IOException {
		double[] waiting = perScenario(simulate(""));
		double[] processed = perScenario(simulate("processedBy=\"CPU\""));
		assertTrue(processed[1] > 0.5, "the scenario issues I/O requests: " + processed[1]);
		assertEquals(waiting[1], processed[1], 0.05 * waiting[1], "the same requests per scenario");
		double added = processed[0] - waiting[0];
		assertEquals(processed[1] * DELAY, added, 0.05 * processed[1] * DELAY,
				"CPU work per scenario grows by the requests' delays");
	}

	@Test
	void aContainerWithoutThatResourceIsNamed() throws IOException {
		CommandLine.Run run = iosim("validate", CommandLine.repositoryRoot().resolve("examples/minimal").toString(), "--io",
				configuration("processedBy=\"GPU\"").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.out().contains("whose requests are processed by GPU, but its container 'database server' has no GPU"
				+ " resource"), run.out());
	}
}
