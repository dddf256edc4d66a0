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
import java.util.List;

import org.iosim.measure.BlockThrottle;
import org.iosim.measure.Dbench;
import org.iosim.measure.PostgresCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'iosim pgbench' and 'iosim dbench' as a user runs them: short real runs on a capped volume, and clear refusals. */
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
}
