package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.iosim.measure.BlockThrottle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iosim volume}: a command and its children run under a volume's limits, and the limits end with it. */
class VolumeCommandTest {

	@TempDir
	Path folder;

	@Test
	void theCommandAndItsChildrenRunInTheVolumesGroupWhichGoesWithIt() throws IOException {
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		assumeTrue(throttling.throttle().isPresent(), "no block throttling here: " + throttling.reason());
		Path volume = Files.writeString(folder.resolve("cli-test.json"), "{\"writeIops\": 300}");
		Path seen = folder.resolve("seen");

		CommandLine.Run run = iosim("volume", volume.toString(), "--folder", folder.toString(), "--", "sh", "-c",
				"sh -c 'grep blkio /proc/self/cgroup' > " + seen + "; exit 3");

		assertEquals(3, run.exitCode(), "the command's exit status: " + run);
		assertTrue(run.err().contains("volume cli-test (300 write IOPS) on the disk of"), run.err());
		String group = Files.readString(seen).strip();
		assertTrue(group.matches("\\d+:blkio:/iosim/cli-test-\\d+-\\d+"), "a child of the command is in the group: " + group);
		Path hierarchy = Path.of(run.err().replaceAll("(?s).*set with cgroup v1 blkio at (\\S+).*", "$1"));
		assertFalse(Files.exists(hierarchy.resolve(group.substring(group.indexOf("/iosim/") + 1))),
				"the group is removed when the command ends");
	}

	@Test
	void aWrongVolumeOrFolderIsAClearError() throws IOException {
		Path volume = Files.writeString(folder.resolve("bad.json"), "{\"writeIops\": \"many\"}");
		CommandLine.Run bad = iosim("volume", volume.toString(), "--folder", folder.toString(), "--", "true");
		assertEquals(1, bad.exitCode(), bad.toString());
		assertTrue(bad.err().contains("bad.json: 'writeIops': must be a whole number"), bad.err());

		CommandLine.Run missing = iosim("volume", volume.toString(), "--folder", folder.resolve("absent").toString(), "--",
				"true");
		assertEquals(2, missing.exitCode(), missing.toString());
		assertTrue(missing.err().contains("no such file or folder"), missing.err());
		assertFalse(bad.err().contains("Exception") || missing.err().contains("Exception"), bad + "\n" + missing);
	}
}
