package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** iosim san on the example: the figures examples/san/README.md reports, the analysis, generation. */
class SanCommandTest {

	@TempDir
	Path folder;

	@Test
	void replayOfTheExamplePrintsTheReadmeFiguresAndWritesTheFiles() throws IOException {
		Path san = CommandLine.example("san");
		Path out = folder.resolve("out");
		CommandLine.Run run = iosim("san", "replay", san.resolve("san.json").toString(), "--trace",
				san.resolve("small.spc").toString(), "--out", out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().contains("5971 requests, 5696 after joining"), run.toString());
		assertTrue(run.out().contains("read hit rate 14.0 % (516 of 3693)"), run.toString());
		assertTrue(run.out().contains("response time read  mean 6.130 ms"), run.toString());
		assertTrue(Files.readString(out.resolve("summary.json")).contains("\"readHits\" : 516"));
		assertTrue(Files.readString(out.resolve("resources.csv")).contains("\nr0.disk0,1,"));
		assertTrue(Files.readString(out.resolve("resources.csv"))
				.startsWith("resource,servers,uses,utilization,mean_waiting,mean_in_system,mean_wait_seconds\n"));

		CommandLine.Run base = iosim("san", "replay", san.resolve("base.json").toString(), "--trace",
				san.resolve("small.spc").toString());
		assertTrue(base.out().contains("response time read  mean 10.08"), base.toString());
	}

	@Test
	void analyzeFindsTheSpecifiedParametersAndGenerateReproducesTheTrace() throws IOException {
		Path san = CommandLine.example("san");
		Path spec = folder.resolve("spec.json");
		CommandLine.Run analyze = iosim("san", "analyze", san.resolve("small.spc").toString(), "--spec", spec.toString());
		assertEquals(0, analyze.exitCode(), analyze.toString());
		assertTrue(analyze.out().contains("5971 requests"), analyze.toString());
		assertTrue(analyze.out().contains("      0      2444      0.808         0.515"), analyze.toString());
		assertTrue(Files.readString(spec).contains("\"interArrival\" : \"exponential\""));

		Path trace = folder.resolve("again.spc");
		CommandLine.Run generate = iosim("san", "generate", san.resolve("workload.json").toString(), "--out",
				trace.toString());
		assertEquals(0, generate.exitCode(), generate.toString());
		assertEquals(Files.readString(san.resolve("small.spc")), Files.readString(trace),
				"the example trace is what its specification generates");
	}

	/**
	 * The web shop with its database disk on the example SAN: the SAN's components are resources of the
	 * results. Every browse reads the catalog once, so the database host's LVM serves as many requests
	 * per second as browses complete, each for its fixed 10 µs (san.json: no bandwidth term).
	 */
	@Test
	void inASimulationTheSansComponentsAreResourcesOfTheResults() throws IOException {
		Path out = folder.resolve("shop");
		CommandLine.Run run = iosim("simulate", CommandLine.example("minimal").toString(), "--io",
				CommandLine.example("san").resolve("shop-san.ioconfig").toString(), "--max-measurements", "20000",
				"--seed", "3", "--out", out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
		JsonNode lvm = null;
		int disks = 0;
		for (JsonNode resource : results.get("resources")) {
			if (resource.get("id").asText().equals("SAN/db.lvm")) {
				lvm = resource;
			}
			if (resource.get("type").asText().endsWith("(disk)")) {
				disks++;
				assertEquals("SAN", resource.get("container").asText());
				assertTrue(resource.get("utilization").asDouble() > 0, resource.toString());
			}
		}
		assertEquals(4 * 7, disks, "four RAID 5 ranks of 6+P");
		assertTrue(lvm != null, results.get("resources").toString());
		assertEquals(1e-5, lvm.get("meanServiceTime").asDouble(), 1e-5 * 1e-6);
		double browses = results.get("scenarios").get(0).get("throughput").asDouble();
		assertEquals(browses, lvm.get("throughput").asDouble(), browses * 0.01);
		assertTrue(Files.readString(out.resolve("resources.csv")).contains("SAN/r3.disk6"), "resources.csv");
	}

	/** generate and replay check where they write before they work: over the specification, under a file. */
	@Test
	void generateAndReplayCheckTheirOutputFirst() throws IOException {
		Path specification = Files.copy(CommandLine.example("san").resolve("workload.json"),
				folder.resolve("workload.json"));
		String before = Files.readString(specification);
		CommandLine.Run over = iosim("san", "generate", specification.toString(), "--out", specification.toString());
		assertEquals(1, over.exitCode(), over.toString());
		assertEquals(before, Files.readString(specification), "the specification is kept");

		Path notAFolder = Files.writeString(folder.resolve("notes"), "a file");
		Path san = CommandLine.example("san");
		CommandLine.Run replay = iosim("san", "replay", san.resolve("san.json").toString(), "--trace",
				san.resolve("small.spc").toString(), "--out", notAFolder.resolve("replay").toString());
		assertEquals(1, replay.exitCode(), replay.toString());
		assertTrue(replay.err().contains(notAFolder + " is not a folder"), replay.toString());
		assertEquals("", replay.out(), "refused before the replay: " + replay);
	}
}
