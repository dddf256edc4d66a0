package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** iosim measure → calibrate → simulate with real fio runs, and their answers to bad input. */
class MeasureAndCalibrateCommandTest {

	@TempDir
	Path folder;

	private static boolean fioInstalled() {
		try {
			return new ProcessBuilder("fio", "--version").start().waitFor() == 0;
		} catch (IOException | InterruptedException absent) {
			return false;
		}
	}

	@Test
	void fromMeasurementsToASimulationOnTheCalibratedModel() throws Exception {
		assumeTrue(fioInstalled(), "fio is not installed (apt-get install fio)");
		Path plan = Files.writeString(folder.resolve("tiny.json"), """
				{"name": "tiny", "design": "latin-hypercube", "points": 12, "seed": 5, "warmup": 0, "duration": 0.2,
				 "factors": {"requestSize": {"min": "4 KiB", "max": "64 KiB", "scale": "log"},
				             "readRatio": {"min": 0.2, "max": 0.8}, "concurrency": {"min": 1, "max": 4},
				             "fileSetSize": "8 MiB"}}""");
		Path db = folder.resolve("disk.db");
		CommandLine.Run measured = iosim("measure", plan.toString(), "--out", db.toString(), "--export",
				folder.resolve("delays.csv").toString());
		assertEquals(0, measured.exitCode(), measured.toString());
		assertTrue(measured.out().contains("plan 'tiny': 12 runs"), measured.out());
		assertTrue(measured.err().contains("run 12 of 12:") && measured.err().contains("0 left"), measured.err());
		List<String> csv = Files.readAllLines(folder.resolve("delays.csv"));
		assertEquals(1 + 24, csv.size(), "a read and a write row per configuration");

		CommandLine.Run again = iosim("measure", plan.toString(), "--out", db.toString());
		assertEquals(0, again.exitCode(), again.toString());
		assertTrue(again.out().contains("resuming: 12 of 12 runs were recorded before"), again.out());

		Path model = folder.resolve("model");
		CommandLine.Run calibrated = iosim("calibrate", db.toString(), "--out", model.toString(), "--name", "tiny disk",
				"--folds", "3", "--quiet");
		assertEquals(0, calibrated.exitCode(), calibrated.toString());
		assertTrue(calibrated.out().contains("reads ") && calibrated.out().contains("writes"), calibrated.out());
		assertTrue(Files.exists(model.resolve("calibration.html")));

		// the minimal example's storage, asking for the calibrated model instead of its own formula
		Path io = Files.writeString(folder.resolve("calibrated.ioconfig"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<io:IoConfiguration xmlns:io="http://iosim.org/pcm/io/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="calibrated">
				  <fileSets name="catalog" size="8388608"/>
				  <storages name="local disk" defaultFileSet="catalog" defaultSequentiality="0">
				    <containers>shop.host.db</containers>
				    <memoryLength xsi:type="io:FixedMemoryLength" requests="8"/>
				    <features modelReference="tiny disk"/>
				  </storages>
				</io:IoConfiguration>
				""");
		String minimal = CommandLine.repositoryRoot().resolve("examples/minimal").toString();
		CommandLine.Run validated = iosim("validate", minimal, "--io", io.toString(), "--models", model.toString());
		assertEquals(0, validated.exitCode(), validated.toString());
		assertTrue(validated.out().contains("storage 'local disk' serves") && validated.out().contains(
				"analysis model 'tiny disk'"), validated.out());
		Path results = folder.resolve("results");
		CommandLine.Run simulated = iosim("simulate", minimal,
				"--io", io.toString(), "--models", model.toString(), "--max-measurements", "2000", "--out",
				results.toString());
		assertEquals(0, simulated.exitCode(), simulated.toString());
		JsonNode io0 = new ObjectMapper().readTree(results.resolve("results.json").toFile()).path("io").path(0);
		assertEquals("local disk", io0.path("storage").asText(), io0.toString());
		assertTrue(io0.path("count").asLong() > 0, io0.toString());
	}

	@Test
	void badInputGetsAClearAnswer() throws IOException {
		CommandLine.Run run = iosim("measure");
		assertEquals(2, run.exitCode(), run.toString());
		assertTrue(run.err().contains("give a PLAN to measure, or --out DB with --export CSV"), run.err());

		Path plan = Files.writeString(folder.resolve("p.json"), "{\"factors\": {\"concurrency\": [\"many\"]}}");
		run = iosim("measure", plan.toString(), "--out", folder.resolve("p.db").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains(plan + ": 'factors.concurrency[0]': must be a whole number"), run.err());
		assertFalse(Files.exists(folder.resolve("p.db")), "a refused plan leaves no database behind");

		Path good = Files.writeString(folder.resolve("good.json"), "{\"duration\": 1}");
		run = iosim("measure", good.toString(), "--out", folder.resolve("g.db").toString(), "--fio",
				folder.resolve("no-such-fio").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("fio not found") && run.err().contains("apt-get install fio"), run.err());
		assertFalse(run.err().contains("Exception"), run.err());

		run = iosim("calibrate", folder.resolve("none.db").toString(), "--out", folder.resolve("m").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("none.db: no such measurement database"), run.err());

		run = iosim("calibrate", folder.resolve("g.db").toString(), "--out", folder.resolve("m").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("0 measured configurations with reads to learn from"), run.err());
		assertFalse(Files.exists(folder.resolve("m")));
	}
}
