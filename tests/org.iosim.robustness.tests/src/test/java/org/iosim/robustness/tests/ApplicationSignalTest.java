package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.iosim.measure.Dbench;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C or a kill (SIGTERM) of an application command, in a process of its own: the command
 * stops its application with all the processes it forked and removes what it made before the JVM
 * ends, so the next run finds its folder as the user left it.
 */
class ApplicationSignalTest {

	@TempDir
	Path folder;

	@Test
	void aTerminatedDbenchRunStopsDbenchAndRemovesItsFiles() throws Exception {
		assumeTrue(Dbench.installed(), "dbench is not installed (apt-get install dbench)");
		Path work = folder.resolve("db");
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Process iosim = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
				System.getProperty("java.class.path"), "org.iosim.cli.Main", "dbench", "--folder", work.toString(),
				"--clients", "2", "--repeats", "1", "--seconds", "60", "--max-other-load", "100")
				.redirectErrorStream(true).redirectOutput(folder.resolve("output.txt").toFile()).start();
		List<ProcessHandle> clients = List.of();
		for (int waited = 0; waited < 300 && clients.size() < 3; waited++) {
			TimeUnit.MILLISECONDS.sleep(100);
			clients = iosim.descendants().filter(process -> process.info().command().orElse("").endsWith("dbench"))
					.toList();
		}
		assumeTrue(clients.size() >= 3, "dbench did not start its clients: " + output());
		TimeUnit.SECONDS.sleep(1);
		assertTrue(Files.isDirectory(work.resolve("clients")), "dbench works in its clients folder");

		iosim.destroy(); // SIGTERM, as kill or Ctrl-C sends
		assertTrue(iosim.waitFor(60, TimeUnit.SECONDS), "the command ended: " + output());
		for (ProcessHandle client : clients) {
			assertTrue(client.onExit().get(10, TimeUnit.SECONDS) != null && !client.isAlive(),
					"dbench and its clients stopped with the command");
		}
		assertFalse(Files.exists(work.resolve("clients")), "dbench's files were removed: " + output());
		assertTrue(Files.isDirectory(work), "the folder the user named stays");
	}

	private String output() throws IOException {
		return Files.readString(folder.resolve("output.txt"));
	}
}
