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
 * and flushWrites device writes at the volume's write IOPS limit. Deterministic demands make the
 * closed forms exact: one client's response time is CPU + (1 + flushWrites) / IOPS, and clients
 * enough to keep the throttle busy get IOPS / (1 + flushWrites) transactions a second.
 */
class VolumeModelExampleTest {

	private static final double CPU_SECONDS = 770e-6;
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

	@Test
	void oneClientWaitsForItsCpuAndItsFlushedCommit() throws IOException {
		for (String volume : new String[] { "w500", "w2000" }) {
			double iops = volume.equals("w500") ? 500 : 2000;
			double expected = CPU_SECONDS + (1 + FLUSH_WRITES) / iops;
			double mean = scenario(simulate(volume, 1)).get("responseTime").get("mean").asDouble();
			assertEquals(expected, mean, expected * 1e-9, volume);
		}
	}

	@Test
	void clientsEnoughToKeepTheThrottleBusyGetItsRate() throws IOException {
		JsonNode results = simulate("w500", 4);
		double throughput = scenario(results).get("throughput").asDouble();
		assertEquals(500 / (1 + FLUSH_WRITES), throughput, 1e-6 * throughput);
		String text = results.toString();
		assertTrue(text.contains("writes"), "the volume reports its write throttle: " + text);
	}
}
