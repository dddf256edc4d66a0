package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.iosim.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file IOSim writes, it reads back, here on the plain classpath that ./iosim runs (the OSGi
 * side is covered by the command-line tests): a refined model written by 'transform --out' holds
 * its storages and analysis models and simulates, as it is, to the same results as the model and
 * I/O configuration it came from.
 */
class WrittenFilesReadBackTest {

	@TempDir
	Path folder;

	private static String run(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
		assertEquals(0, status, String.join(" ", args) + "\n" + out + err);
		return out.toString();
	}

	private static Path example(String name) {
		return Path.of(System.getProperty("iosim.repository.root", "../.."), "examples", name);
	}

	/**
	 * results.json without the one figure that differs between identical runs, and without the names
	 * of the I/O configurations, which differ by design: the refined model carries its storage inside
	 * and is simulated without one.
	 */
	private static String results(Path folder) throws IOException {
		return Files.readString(folder.resolve("results.json")).replaceAll("\"wallClockSeconds\"\\s*:\\s*[0-9.eE+-]+", "")
				.replaceAll("\"ioConfiguration\"\\s*:\\s*(null|\"[^\"]*\"),?\\s*", "")
				.replaceAll("\"ioConfigurationsNotApplied\"\\s*:\\s*\\[[^\\]]*\\],?\\s*", "");
	}

	@Test
	void refinedModelSimulatesLikeTheModelItCameFrom() throws IOException {
		Path model = example("minimal");
		String config = model.resolve("shop-virtualized.ioconfig").toString();
		Path refined = folder.resolve("shop-refined.iosim");
		run("transform", model.toString(), "--io", config, "--out", refined.toString());

		run("validate", refined.toString());
		run("simulate", model.toString(), "--io", config, "--max-measurements", "20000", "--quiet", "--out",
				folder.resolve("direct").toString());
		run("simulate", refined.toString(), "--max-measurements", "20000", "--quiet", "--out",
				folder.resolve("refined").toString());

		assertEquals(results(folder.resolve("direct")), results(folder.resolve("refined")));
		assertTrue(Files.readString(folder.resolve("direct/results.json"))
				.contains("\"ioConfiguration\": \"shop-virtualized.ioconfig\""));
		assertTrue(Files.readString(folder.resolve("refined/results.json")).contains("\"ioConfiguration\": null"));
	}
}
