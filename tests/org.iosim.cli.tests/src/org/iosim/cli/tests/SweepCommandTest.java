package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
