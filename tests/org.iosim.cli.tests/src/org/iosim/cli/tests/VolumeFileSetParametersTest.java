package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The volume model's per-file-set parameters ({@code flushWrites.NAME} and the like) name file sets
 * of the I/O configuration: a misspelt one was a value nothing read. validate, simulate and sweep
 * refuse it alike, with exit status 1 and the file, the model and the file sets there are.
 */
class VolumeFileSetParametersTest {

	@TempDir
	Path folder;

	/** The minimal shop's database disk on a 500-write-IOPS volume, with a flushWrites for the named file set. */
	private Path configuration(String fileSetOfTheParameter) throws IOException {
		Files.writeString(folder.resolve("w500.json"), "{\"name\": \"w500\", \"writeIops\": 500}\n");
		return Files.writeString(folder.resolve("shop-on-w500.ioconfig"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<io:IoConfiguration xmlns:io="http://iosim.org/pcm/io/1.0"
				    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="shop on w500">
				  <fileSets name="catalog" size="16777216"/>
				  <fileSets name="orders" size="16777216"/>
				  <storages name="w500" containers="shop.host.db" defaultFileSet="catalog" defaultSequentiality="0">
				    <memoryLength xsi:type="io:FixedMemoryLength" requests="16"/>
				    <features modelReference="w500"/>
				  </storages>
				  <analysisModels name="w500" kind="volume">
				    <parameters name="volume" value="w500.json"/>
				    <parameters name="flushWrites.%s" value="2"/>
				  </analysisModels>
				</io:IoConfiguration>
				""".formatted(fileSetOfTheParameter));
	}

	@Test
	void aFileSetOfTheConfigurationIsAccepted() throws IOException {
		CommandLine.Run run = iosim("validate", CommandLine.example("minimal").toString(), "--io",
				configuration("orders").toString());

		assertEquals(0, run.exitCode(), run.toString());
	}

	@Test
	void aFileSetTheConfigurationDoesNotHaveIsRefusedByValidateSimulateAndSweepAlike() throws IOException {
		Path configuration = configuration("order");
		String expected = "cannot apply the I/O configuration " + configuration + ":" + System.lineSeparator()
				+ "  analysis model 'w500' (kind 'volume'): parameter 'flushWrites.order' names file set 'order', which"
				+ " the I/O configuration does not have (its file sets: 'catalog', 'orders')";
		String model = CommandLine.example("minimal").toString();

		CommandLine.Run validate = iosim("validate", model, "--io", configuration.toString());
		CommandLine.Run simulate = iosim("simulate", model, "--io", configuration.toString(), "--out",
				folder.resolve("simulated").toString(), "--quiet");
		CommandLine.Run sweep = iosim("sweep", model, "--io", configuration.toString(), "--vary", "population=1,2",
				"--out", folder.resolve("swept").toString(), "--quiet");

		assertEquals(1, validate.exitCode(), validate.toString());
		assertTrue(validate.out().contains(expected), validate.toString());
		assertEquals(1, simulate.exitCode(), simulate.toString());
		assertEquals("iosim: " + expected + System.lineSeparator(), simulate.err());
		assertFalse(Files.exists(folder.resolve("simulated")));
		assertEquals(1, sweep.exitCode(), sweep.toString());
		assertTrue(sweep.err().contains(expected), sweep.toString());
		for (CommandLine.Run run : new CommandLine.Run[] { validate, simulate, sweep }) {
			assertFalse(run.toString().contains("Exception") || run.toString().contains("\tat "), run.toString());
		}
	}
}
