package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The command line's side of the one rule for an .ioconfig beside the model (the workbench's Run As
 * follows the same, tested in org.iosim.ui.tests): the folder is simulated as it is, the .ioconfig
 * given as the model is applied as --io is, and results.json names which one a run used.
 */
class IoConfigurationBesideTheModelTest {

	private static final String[] BRIEF = { "--max-measurements", "3000", "--quiet" };

	@TempDir
	Path temp;

	@Test
	void theFolderIsTheModelAsItIsAndTheIoconfigGivenAsTheModelIsApplied() throws IOException {
		Path example = CommandLine.example("minimal");
		Path config = example.resolve("shop-virtualized.ioconfig");

		JsonNode folder = simulate("folder", example.toString());
		assertTrue(folder.get("ioConfiguration").isNull(), folder::toString);
		assertEquals("shop-virtualized.ioconfig", folder.path("ioConfigurationsNotApplied").get(0).asText());

		JsonNode selected = simulate("selected", config.toString());
		assertEquals("shop-virtualized.ioconfig", selected.path("ioConfiguration").asText());
		assertEquals(0, selected.path("ioConfigurationsNotApplied").size());

		JsonNode named = simulate("named", example.toString(), "--io", config.toString());
		assertEquals(mean(named), mean(selected), 0.0, "the .ioconfig as the model is --io on its folder");
		assertNotEquals(mean(folder), mean(selected), "the SAN's delays replace the disk's");
	}

	@Test
	void theIoconfigGivenAsTheModelPrintsNoNoteAndTwoDifferentConfigurationsAreRefused() {
		Path config = CommandLine.example("minimal").resolve("shop-virtualized.ioconfig");
		CommandLine.Run run = iosim("validate", config.toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertFalse(run.err().contains("note:"), run.err());
		assertTrue(run.out().contains("I/O: "), "the configuration's storage is checked: " + run.out());

		CommandLine.Run same = iosim("validate", config.toString(), "--io", config.toString());
		assertEquals(0, same.exitCode(), "one file named twice is one choice: " + same);
		Path other = CommandLine.example("fileserver").resolve("fileserver.ioconfig");
		CommandLine.Run two = iosim("simulate", config.toString(), "--io", other.toString(), "--quiet");
		assertEquals(2, two.exitCode(), two.toString());
		assertTrue(two.err().contains("more than one I/O configuration is chosen"), two.err());
	}

	private JsonNode simulate(String name, String... arguments) throws IOException {
		Path out = temp.resolve(name);
		String[] args = new String[arguments.length + BRIEF.length + 3];
		args[0] = "simulate";
		System.arraycopy(arguments, 0, args, 1, arguments.length);
		System.arraycopy(BRIEF, 0, args, 1 + arguments.length, BRIEF.length);
		args[args.length - 2] = "--out";
		args[args.length - 1] = out.toString();
		CommandLine.Run run = iosim(args);
		assertEquals(0, run.exitCode(), run.toString());
		return new ObjectMapper().readTree(Files.readString(out.resolve("results.json")));
	}

	private static double mean(JsonNode results) {
		return results.path("scenarios").get(0).path("responseTime").path("mean").asDouble();
	}
}
