package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class SweepCommandTest {

	@TempDir
	Path folder;

	private String[] sweep(Path out, String points) {
		return new String[] { "sweep", CommandLine.example("minimal").toString(), "--quiet", "--max-measurements",
				"300", "--warmup", "30", "--vary", "population=" + points, "--out", out.toString() };
	}

	/** A resumed sweep used to say nothing about the points it kept when none was left to run. */
	@Test
	void aResumedSweepSaysHowManyPointsItKeeps() {
		Path out = folder.resolve("sweep");
		CommandLine.Run first = iosim(sweep(out, "1,2"));
		assertEquals(0, first.exitCode(), first.toString());
		assertFalse(first.out().contains("resuming"), first.toString());

		CommandLine.Run again = iosim(sweep(out, "1,2"));
		assertEquals(0, again.exitCode(), again.toString());
		assertTrue(again.out().contains("resuming: 2 of 2 points were finished before and are skipped"),
				again.toString());
	}

	/**
	 * A sweep's points give each file set's I/O delays, as simulate does: the file server's writes
	 * that make a new file durable cost a device write more than those that grow a file, so they
	 * wait longer, and the synchronous writes apart from the flushes are what dbench calls WriteX.
	 */
	@Test
	void aSweepPointGivesTheDelaysOfEachFileSet() throws Exception {
		Path out = folder.resolve("dbench");
		CommandLine.Run run = iosim("sweep", CommandLine.example("dbench").resolve("model").toString(), "--io",
				CommandLine.example("dbench").resolve("on-w500.ioconfig").toString(), "--quiet", "--max-measurements",
				"3000", "--vary", "population=1", "--out", out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		JsonNode point = new ObjectMapper().readTree(Files.readString(out.resolve("sweep.json"))).get("points").get(0);
		Map<String, Double> writeDelay = new HashMap<>();
		for (JsonNode io : point.get("io")) {
			if (io.get("type").asText().equals("write")) {
				writeDelay.put(io.has("fileSet") ? io.get("fileSet").asText() : "all", io.get("delay").get("mean").asDouble());
			}
		}
		assertEquals(Map.of("all", 0, "files", 0, "new files", 0, "metadata", 0).keySet(), writeDelay.keySet(),
				writeDelay.toString());
		assertTrue(writeDelay.get("new files") > writeDelay.get("files"), writeDelay.toString());
		assertTrue(writeDelay.get("metadata") < writeDelay.get("files"), "a flush alone costs one device write: "
				+ writeDelay);
	}
}
