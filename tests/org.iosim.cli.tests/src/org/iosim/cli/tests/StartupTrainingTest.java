package org.iosim.cli.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.iosim.cli.internal.StartupTraining;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The training run after each build of {@code ./iosim} completes both of its simulations: one that
 * failed (an example moved, an option renamed) would leave its classes out of the start-up archive
 * without a word, since the build throws the training's output away.
 */
class StartupTrainingTest {

	@Test
	void bothSimulationsOfTheTrainingWriteTheirResults(@TempDir Path results) {
		StartupTraining.main(new String[] { CommandLine.repositoryRoot().toString(), results.toString() });

		assertTrue(Files.isRegularFile(results.resolve("architecture/results.json")), "the architecture simulation's results");
		assertTrue(Files.isRegularFile(results.resolve("qpn/results.json")), "the QPN simulation's results");
	}
}
