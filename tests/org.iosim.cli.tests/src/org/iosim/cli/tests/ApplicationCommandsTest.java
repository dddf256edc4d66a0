package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.iosim.measure.BlockThrottle;
import org.iosim.measure.Dbench;
import org.iosim.measure.PostgresCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 'iosim pgbench', 'iosim dbench' and 'iosim colocate' as a user runs them: short real runs on a
 * capped volume, and clear refusals.
 */
class ApplicationCommandsTest {

	@TempDir
	Path folder;

	@Test
	void pgbenchMeasuresAPrivateClusterOnAVolumeAndRemovesIt() throws IOException {
		assumeTrue(PostgresCluster.programs().isPresent(), "PostgreSQL is not installed");
		assumeTrue(BlockThrottle.detect().throttle().isPresent(), "no block throttling here");
		Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path volume = Files.writeString(folder.resolve("w500.json"), "{\"writeIops\": 500}");
		Path cluster = folder.resolve("cluster");
		Path runs = folder.resolve("runs.csv");

		CommandLine.Run run = iosim("pgbench", "--folder", cluster.toString(), "--volume", volume.toString(), "--clients",
				"1,2", "--repeats", "1", "--seconds", "2", "--scale", "1", "--port", "54732", "--out", runs.toString());

		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.err().contains("loading pgbench's tables at scale 1 on the volume w500 (500 write IOPS)"), run.err());
		assertTrue(run.out().contains("WAL flushes/tx"), run.out());
		List<String> rows = Files.readAllLines(runs);
		assertEquals(3, rows.size(), rows.toString());
		assertTrue(rows.get(0).startsWith("clients,repetition,tps,meanResponseSeconds"), rows.get(0));
		try (var left = Files.list(cluster)) {
			assertEquals(0, left.count(), "the cluster is removed at the end");
		}
	}

	@Test
	void dbenchMeasuresSynchronousWritesOnAVolume() throws IOException {
		assumeTrue(Dbench.installed(), "dbench is not installed");
		assumeTrue(BlockThrottle.detect().throttle().isPresent(), "no block throttling here");
		Path volume = Files.writeString(folder.resolve("w500.json"), "{\"writeIops\": 500}");

		CommandLine.Run run = iosim("dbench", "--folder", folder.resolve("files").toString(), "--volume",
				volume.toString(), "--clients", "1", "--repeats", "1", "--seconds", "2");

		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().contains("MB/s (median)") && run.out().contains("write ms (median)"), run.out());
	}

	@Test
	void wrongSettingsAreRefusedBeforeAnythingStarts() throws IOException {
		Path occupied = Files.createDirectories(folder.resolve("occupied"));
		Files.writeString(occupied.resolve("mine.txt"), "keep");
		CommandLine.Run zero = iosim("pgbench", "--folder", folder.resolve("x").toString(), "--clients", "0");
		assertEquals(2, zero.exitCode(), zero.toString());
		assertTrue(zero.err().contains("client counts must be 1 to 1000"), zero.err());
		CommandLine.Run badVolume = iosim("dbench", "--folder", folder.toString(), "--volume",
				Files.writeString(folder.resolve("v.json"), "{\"iops\": 5}").toString());
		assertEquals(1, badVolume.exitCode(), badVolume.toString());
		assertTrue(badVolume.err().contains("'iops': unknown entry"), badVolume.err());
		if (PostgresCluster.programs().isPresent()) {
			CommandLine.Run taken = iosim("pgbench", "--folder", occupied.toString(), "--clients", "1", "--seconds", "1");
			assertEquals(1, taken.exitCode(), taken.toString());
			assertTrue(taken.err().contains("must be an empty or new folder"), taken.err());
			assertEquals("keep", Files.readString(occupied.resolve("mine.txt")));
		}
		assertFalse((zero.err() + badVolume.err()).contains("Exception"));
	}

	@Test
	void wrongPairsAreUsageErrorsThatNameTheItem() {
		Path target = folder.resolve("colocated");
		Map<String, String> wrong = Map.of(
				"4+1,4x1", "'4x1' is not a pair of client counts such as 4+1",
				"4+1,,0+1", "'' is not a pair of client counts",
				"0+0", "0+0: a pair needs clients of at least one application",
				"4+1001", "4+1001: client counts must be 0 to 1000",
				"-1+2", "'-1+2' is not a pair",
				"4+1," + "7".repeat(5000), "'77777777777777777777...' is not a pair");
		for (Map.Entry<String, String> pairs : wrong.entrySet()) {
			CommandLine.Run run = iosim("colocate", "--folder", target.toString(), "--pairs", pairs.getKey());
			assertEquals(2, run.exitCode(), run.toString());
			assertTrue(run.err().contains(pairs.getValue()), pairs.getKey() + " gave: " + run.err());
			assertTrue(run.err().length() < 400, "a long --pairs is not repeated: " + run.err().length() + " characters");
			assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err());
		}
		for (String[] usage : new String[][] { { "--pairs", "4+1", "--repeats", "0" }, { "--pairs", "4+1", "--port", "80" },
				{ "--pairs", "4+1", "--scale", "0" }, { "--pairs", "4+1", "--seconds", "0" } }) {
			List<String> args = new ArrayList<>(List.of("colocate", "--folder", target.toString()));
			args.addAll(List.of(usage));
			CommandLine.Run run = iosim(args.toArray(String[]::new));
			assertEquals(2, run.exitCode(), run.toString());
			assertFalse(run.err().contains("Exception"), run.err());
		}
		CommandLine.Run noFolder = iosim("colocate", "--pairs", "4+1");
		assertEquals(2, noFolder.exitCode(), noFolder.toString());
		assertTrue(noFolder.err().contains("--folder"), noFolder.err());
		assertFalse(Files.exists(target), "nothing is made before the settings are right");
	}
}
