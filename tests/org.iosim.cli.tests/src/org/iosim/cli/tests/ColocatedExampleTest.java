package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * examples/colocated's two placements of the same two applications run as its README says: both
 * VMs on the host's two vCPUs (model/), and each VM on a vCPU of its own (own-vcpus/, which takes
 * the applications from model/).
 */
class ColocatedExampleTest {

	@TempDir
	Path folder;

	@Test
	void theDatabaseOnAVcpuOfItsOwnHasLessCpuForItsBurstsThanOnTheSharedHost() throws IOException {
		Path example = CommandLine.example("colocated");
		Path configuration = example.resolve("on-w500.ioconfig");
		JsonNode shared = simulate("shared", configuration, example.resolve("model"));
		JsonNode own = simulate("own", configuration, example.resolve("own-vcpus"));

		assertEquals(Map.of("Host (2 vCPUs)", 2), cpus(shared), "both VMs on the host's CPU of 2 cores");
		assertEquals(Map.of("DatabaseVM", 1, "FileServerVM", 1), cpus(own), "a CPU of one core each");
		// pgbench's 4 clients run through a window's burst on one core instead of two shared ones
		double sharedTransactions = throughput(shared, "pgbench clients");
		double ownTransactions = throughput(own, "pgbench clients");
		assertTrue(ownTransactions < 0.9 * sharedTransactions, ownTransactions + " vs " + sharedTransactions);
		assertTrue(throughput(own, "dbench clients") > 0);
	}

	private JsonNode simulate(String name, Path configuration, Path model) throws IOException {
		Path out = folder.resolve(name);
		CommandLine.Run run = iosim("simulate", model.toString(), "--io", configuration.toString(), "--max-measurements",
				"20000", "--quiet", "--out", out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertFalse(run.err().contains("warning"), "the example's files are clean: " + run.err());
		return new ObjectMapper().readTree(out.resolve("results.json").toFile());
	}

	/** @return the CPU resources' containers, with their servers */
	private static Map<String, Integer> cpus(JsonNode results) {
		Map<String, Integer> cpus = new TreeMap<>();
		for (JsonNode resource : results.get("resources")) {
			if ("CPU".equals(resource.path("type").asText())) {
				cpus.put(resource.get("container").asText(), resource.get("servers").asInt());
			}
		}
		return cpus;
	}

	private static double throughput(JsonNode results, String scenario) {
		for (JsonNode each : results.get("scenarios")) {
			if (scenario.equals(each.get("name").asText())) {
				return each.get("throughput").asDouble();
			}
		}
		throw new AssertionError("no scenario " + scenario + " in " + results.get("scenarios"));
	}
}
