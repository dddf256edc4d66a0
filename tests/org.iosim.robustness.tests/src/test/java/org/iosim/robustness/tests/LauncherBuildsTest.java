package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build rules that {@code ./iosim} and {@code ./iosim workbench} share (.mvn/builds.sh): what a
 * build writes among the sources never makes the other launcher build again, and two builds of one
 * checkout, whichever launcher starts them, run one after the other. Before, a CLI command started
 * while the workbench built for the first time saw Tycho's .tycho-consumer-pom.xml files as changed
 * sources and rebuilt the jars under the workbench build, which then failed.
 */
class LauncherBuildsTest {

	private static final Path ROOT = Path.of(System.getProperty("iosim.repository.root", "../..")).toAbsolutePath()
			.normalize();

	/** The build mark's time, long before anything the test writes: a file written now is newer. */
	private static final FileTime MARK = FileTime.fromMillis(1_000_000_000_000L);
	private static final FileTime BEFORE_THE_MARK = FileTime.fromMillis(999_000_000_000L);

	@TempDir
	Path checkout;

	@Test
	void whatABuildWritesAmongTheSourcesIsNoChange() throws Exception {
		Path mark = built();
		Path bundle = Files.createDirectories(checkout.resolve("bundles/org.example"));
		for (String byProduct : List.of(".tycho-consumer-pom.xml", "target/classes/A.class", "src-gen/A.java",
				"xtend-gen/B.java", "bin/C.class", ".settings/x.prefs")) {
			Path file = bundle.resolve(byProduct);
			Files.createDirectories(file.getParent());
			Files.writeString(file, "written by the build");
		}

		assertEquals(1, sourcesChanged(mark), "by-products of a build are not source changes");

		Files.writeString(Files.createDirectories(bundle.resolve("src")).resolve("A.java"), "class A {}");
		assertEquals(0, sourcesChanged(mark), "an edited source is a change");
	}

	@Test
	void whatGitIgnoresIsNoSourceEither() throws Exception {
		Path mark = built();
		Path edit = Files.createDirectories(checkout.resolve("bundles/org.example.edit"));
		Files.writeString(edit.resolve(".gitignore"), "/icons/\n/plugin.properties\n");
		Process init = new ProcessBuilder("git", "init", "-q", checkout.toString()).start();
		assumeTrue(init.waitFor(30, TimeUnit.SECONDS) && init.exitValue() == 0, "git is not installed");
		Files.setLastModifiedTime(edit.resolve(".gitignore"), BEFORE_THE_MARK);
		// what the metamodel's build generates into the edit bundle on a fresh checkout
		Files.writeString(Files.createDirectories(edit.resolve("icons/full/obj16")).resolve("Start.gif"), "GIF89a");
		Files.writeString(edit.resolve("plugin.properties"), "pluginName = generated");

		assertEquals(1, sourcesChanged(mark), "generated files git ignores are no change");

		Files.writeString(edit.resolve("plugin.xml"), "<plugin/>");
		assertEquals(0, sourcesChanged(mark), "a source beside them is a change");
	}

	@Test
	void aMissingMarkMeansNeverBuilt() throws Exception {
		Files.createDirectories(checkout.resolve("bundles"));
		assertEquals(0, sourcesChanged(checkout.resolve("never-written")));
	}

	@Test
	void twoBuildsOfOneCheckoutRunOneAfterTheOther() throws Exception {
		Path log = checkout.resolve("log");
		Path release = checkout.resolve("release");
		// the first build holds the lock until the test releases it, once the second is seen waiting
		Process first = underBuildLock("echo first-start >> " + log + "; echo holding; while [ ! -e " + release
				+ " ]; do sleep 0.05; done; echo first-end >> " + log);
		try (BufferedReader holding = reader(first.getInputStream())) {
			assertEquals("holding", holding.readLine(), "the first build has the lock");
			Process second = underBuildLock("echo second >> " + log);
			try (BufferedReader waiting = reader(second.getErrorStream())) {
				String said = waiting.readLine();
				assertTrue(said != null && said.contains("another IOSim build of this checkout is running; waiting"), said);
				Files.createFile(release);
			}
			assertTrue(second.waitFor(30, TimeUnit.SECONDS) && first.waitFor(30, TimeUnit.SECONDS));
		}
		assertEquals(List.of("first-start", "first-end", "second"), Files.readAllLines(log));
	}

	@Test
	void bothLaunchersTakeTheSharedLockAndRules() throws IOException {
		for (Path launcher : List.of(ROOT.resolve("iosim"), ROOT.resolve("releng/org.iosim.workbench/workbench.sh"))) {
			String script = Files.readString(launcher);
			assertTrue(script.contains("source \"$root/.mvn/builds.sh\""), launcher + " uses the shared build rules");
			assertTrue(script.contains("iosim_with_build_lock \"$root\""), launcher + " builds under the checkout's lock");
			assertTrue(script.contains("iosim_sources_changed \"$built\""), launcher + " asks the shared rule what changed");
			assertTrue(!script.contains("flock"), launcher + " takes no lock of its own");
		}
	}

	/** A build mark older than everything the test writes afterwards. */
	private Path built() throws IOException {
		Path mark = Files.writeString(checkout.resolve(".built"), "lib-1");
		Files.setLastModifiedTime(mark, MARK);
		return mark;
	}

	private int sourcesChanged(Path mark) throws Exception {
		Process check = bash("iosim_sources_changed '" + mark + "' '" + checkout.resolve("bundles") + "'");
		assertTrue(check.waitFor(30, TimeUnit.SECONDS));
		return check.exitValue();
	}

	private Process underBuildLock(String command) throws IOException {
		return bash("iosim_with_build_lock '" + checkout + "' bash -c '" + command + "'");
	}

	private static Process bash(String command) throws IOException {
		return new ProcessBuilder("bash", "-c", "set -euo pipefail; source '" + ROOT.resolve(".mvn/builds.sh") + "'; "
				+ command).start();
	}

	private static BufferedReader reader(java.io.InputStream output) {
		return new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8));
	}
}
