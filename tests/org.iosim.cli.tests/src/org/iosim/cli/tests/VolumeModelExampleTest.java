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
 * The pgbench example on its QoS-limited volumes: a transaction's commit is a synchronous write
 * (the HddInterface call's input 'synchronous'), which the volume model charges as one data write
 * and flushWrites device writes against the volume's write IOPS limit, counted in windows of 0.1 s.
 * Two closed forms hold whatever the CPU demands and the row locks: one client, whose transactions
 * of a window all fit in the window's first part, gets exactly the cap's flush rate IOPS / (1 +
 * flushWrites); and many clients keep the throttle passing exactly that many flushes a second, more
 * transactions than flushes because commits that wait for the same flush share it.
 */
class VolumeModelExampleTest {

	private static final double FLUSH_WRITES = 1.04;

	@TempDir
	Path folder;

	private JsonNode simulate(String volume, int clients) throws IOException {
		Path example = CommandLine.example("pgbench");
		Path model = folder.resolve("model-" + volume + "-" + clients);
		Files.createDirectories(model);
		try (var files = Files.list(example.resolve("model"))) {
			for (Path file : files.toList()) {
				String text = Files.readString(file);
				if (file.getFileName().toString().endsWith(".usagemodel")) {
					text = text.replace("population=\"1\"", "population=\"" + clients + "\"");
				}
				Files.writeString(model.resolve(file.getFileName()), text);
			}
		}
		Path out = folder.resolve("out-" + volume + "-" + clients);
		CommandLine.Run run = iosim("simulate", model.toString(), "--io",
				example.resolve("on-" + volume + ".ioconfig").toString(), "--max-measurements", "5000", "--warmup", "200",
				"--out", out.toString(), "--quiet");
		assertEquals(0, run.exitCode(), run.toString());
		return new ObjectMapper().readTree(out.resolve("results.json").toFile());
	}

	private static JsonNode scenario(JsonNode results) {
		return results.get("scenarios").get(0);
	}

	private static JsonNode writeThrottle(JsonNode results) {
		for (JsonNode resource : results.get("resources")) {
			if (resource.get("id").asText().endsWith("/writes")) {
				return resource;
			}
		}
		throw new AssertionError("no write throttle among the resources: " + results.get("resources"));
	}

	@Test
	void oneClientFlushesAtTheCapsRate() throws IOException {
		JsonNode results = simulate("w500", 1);
		double flushRate = 500 / (1 + FLUSH_WRITES);
		double throughput = scenario(results).get("throughput").asDouble();
		assertEquals(flushRate, throughput, 0.01 * flushRate);
		double mean = scenario(results).get("responseTime").get("mean").asDouble();
		assertEquals(1 / flushRate, mean, 0.01 / flushRate, "one client: the response time is the cycle time");
	}

	@Test
	void manyClientsShareTheCapsFlushes() throws IOException {
		JsonNode results = simulate("w500", 16);
		double flushRate = 500 / (1 + FLUSH_WRITES);
		// the throttle passes a flush's device writes one after the other: its data, then the flush
		assertEquals(2 * flushRate, writeThrottle(results).get("throughput").asDouble(), 0.01 * 2 * flushRate);
		double throughput = scenario(results).get("throughput").asDouble();
		assertTrue(throughput > 1.3 * flushRate, "commits share flushes: " + throughput + " transactions a second");
		assertTrue(results.toString().contains("branch 1's row"), "the branch row locks are reported: " + results);
	}
}
