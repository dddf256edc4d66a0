package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code ./mvnw verify} and {@code .ci/run} do about the programs the tests run
 * (.mvn/system-packages.sh): a machine without fio and dbench hears which packages are missing and
 * the command that installs them, and the build stops, unless the user says to build anyway.
 */
class SystemPackagesTest {

	private static final Path ROOT = Path.of(System.getProperty("iosim.repository.root", "../..")).toAbsolutePath()
			.normalize();

	@TempDir
	Path bin;

	private record Outcome(int status, String output) {
	}

	/** Runs the check as an unprivileged user whose PATH lacks {@code hidden}. */
	private Outcome require(Set<String> hidden, String environment) throws IOException, InterruptedException {
		for (String folder : List.of("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
			try (var programs = Files.list(Path.of(folder))) {
				for (Path program : programs.toList()) {
					Path link = bin.resolve(program.getFileName());
					if (!hidden.contains(program.getFileName().toString()) && !Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
						Files.createSymbolicLink(link, program);
					}
				}
			} catch (java.nio.file.NoSuchFileException absent) {
				// not every system has every folder
			}
		}
		// the unprivileged user may not enter the checkout (a fresh clone under a private temporary folder)
		Path script = Files.copy(ROOT.resolve(".mvn/system-packages.sh"), bin.resolve("iosim-system-packages.sh"),
				java.nio.file.StandardCopyOption.REPLACE_EXISTING);
		script.toFile().setReadable(true, false);
		bin.toFile().setExecutable(true, false);
		bin.getParent().toFile().setExecutable(true, false);
		List<String> command = new ArrayList<>();
		if (isRoot()) { // as root the check would install the packages
			command.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
		}
		command.addAll(List.of("env", "PATH=" + bin, environment, "bash", "-c",
				"source '" + bin.resolve("iosim-system-packages.sh") + "'; iosim_require_packages"));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(process.waitFor(60, TimeUnit.SECONDS));
		return new Outcome(process.exitValue(), output);
	}

	@Test
	void missingProgramsAreNamedWithTheCommandThatInstallsThem() throws Exception {
		assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")) || !isRoot(), "needs setpriv to drop root");
		Outcome missing = require(Set.of("fio", "dbench"), "IOSIM_SYSTEM_PACKAGES=");
		assertEquals(1, missing.status(), missing.output());
		// other missing packages may stand beside them on a machine that lacks more
		assertTrue(missing.output().matches("(?s).*lacks: .*fio dbench.*"), missing.output());
		if (Files.exists(Path.of("/usr/bin/apt-get"))) {
			assertTrue(missing.output().matches("(?s).*sudo apt-get install .*fio dbench.*"), missing.output());
		}

		Outcome anyway = require(Set.of("fio", "dbench"), "IOSIM_SYSTEM_PACKAGES=ignore");
		assertEquals(0, anyway.status(), anyway.output());
	}

	private static boolean isRoot() throws IOException, InterruptedException {
		Process id = new ProcessBuilder("id", "-u").start();
		String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		id.waitFor();
		return uid.equals("0");
	}
}
