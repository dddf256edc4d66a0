package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'iosim export --to palladio': files Palladio and IOSim read, and bad input refused in words. */
class ExportCommandTest {

	@TempDir
	Path folder;

	@Test
	void writesAPalladioModelSetThatValidates() {
		Path out = folder.resolve("palladio");

		CommandLine.Run export = iosim("export", CommandLine.example("minimal").toString(), "--to", "palladio", "--out",
				out.toString());

		assertEquals(0, export.exitCode(), export.toString());
		assertTrue(export.out().contains("Model set 'shop' written as Palladio PCM 5.2"), export.toString());
		for (String extension : new String[] { "repository", "system", "resourceenvironment", "allocation",
				"usagemodel" }) {
			assertTrue(Files.isRegularFile(out.resolve("shop." + extension)), extension);
		}
		CommandLine.Run validate = iosim("validate", out.toString());
		assertEquals(0, validate.exitCode(), validate.toString());
	}

	@Test
	void keepsExistingFilesUnlessAskedToOverwrite() throws Exception {
		Path out = folder.resolve("palladio");
		String[] args = { "export", CommandLine.example("minimal").toString(), "--to", "palladio", "--out",
				out.toString() };
		assertEquals(0, iosim(args).exitCode());
		Files.writeString(out.resolve("shop.repository"), "mine");

		CommandLine.Run again = iosim(args);

		assertEquals(1, again.exitCode(), again.toString());
		assertTrue(again.err().contains("shop.repository") && again.err().contains("--overwrite"), again.toString());
		assertEquals("mine", Files.readString(out.resolve("shop.repository")));
		CommandLine.Run overwriting = iosim("export", CommandLine.example("minimal").toString(), "--to", "palladio",
				"--out", out.toString(), "--overwrite");
		assertEquals(0, overwriting.exitCode(), overwriting.toString());
		assertTrue(Files.readString(out.resolve("shop.repository")).contains("repository:Repository"));
	}

	@Test
	void unknownFormatIsAUsageError() {
		CommandLine.Run run = iosim("export", CommandLine.example("minimal").toString(), "--to", "qpme", "--out",
				folder.toString());

		assertEquals(2, run.exitCode(), run.toString());
		assertTrue(run.err().contains("--to") && run.err().contains("palladio"), run.toString());
		assertFalse(run.err().contains("\tat "), run.toString());
	}

	@Test
	void aRefinedModelIsWrittenWithItsIoConfigurationWhichIsKeptUnlessAskedToOverwrite() throws Exception {
		Path refined = folder.resolve("refined.iosim");
		CommandLine.Run transform = iosim("transform", CommandLine.example("minimal").toString(), "--io",
				CommandLine.example("minimal").resolve("shop-virtualized.ioconfig").toString(), "--out",
				refined.toString());
		assertEquals(0, transform.exitCode(), transform.toString());
		Path out = folder.resolve("out");

		CommandLine.Run export = iosim("export", refined.toString(), "--to", "palladio", "--out", out.toString());

		assertEquals(0, export.exitCode(), export.toString());
		assertTrue(export.out().contains("shop.usagemodel, shop.ioconfig in"), export.toString());
		CommandLine.Run validate = iosim("validate", out.toString(), "--io", out.resolve("shop.ioconfig").toString());
		assertEquals(0, validate.exitCode(), validate.toString());
		Files.writeString(out.resolve("shop.ioconfig"), "mine");
		CommandLine.Run again = iosim("export", refined.toString(), "--to", "palladio", "--out", out.toString(),
				"--overwrite");
		assertEquals(0, again.exitCode(), again.toString());
		assertTrue(Files.readString(out.resolve("shop.ioconfig")).contains("io:IoConfiguration"));
		Path other = Files.createDirectories(folder.resolve("other"));
		Files.writeString(other.resolve("shop.ioconfig"), "mine");
		CommandLine.Run kept = iosim("export", refined.toString(), "--to", "palladio", "--out", other.toString());
		assertEquals(1, kept.exitCode(), kept.toString());
		assertTrue(kept.err().contains("shop.ioconfig' exists") && kept.err().contains("--overwrite"), kept.toString());
		assertEquals("mine", Files.readString(other.resolve("shop.ioconfig")));
		try (var written = Files.list(other)) {
			assertEquals(1, written.count(), "no Palladio file is written beside a configuration that is kept");
		}
		assertFalse(kept.err().contains("Exception") || kept.err().contains("\tat "), kept.toString());
	}
}
