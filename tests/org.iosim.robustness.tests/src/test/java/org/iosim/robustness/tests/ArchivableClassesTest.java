package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;

/**
 * What the launcher's build prepares for a quick start. It raises the classes compiled for Java 5
 * (picocli, commons-math3) to Java 8's class file version with stack maps
 * (releng/org.iosim.distribution/src/UpgradeOldClassFiles.java), so that the start-up archive can hold
 * them: afterwards no class of the ./iosim classpath is older than Java 6, and every raised class
 * passes the JVM's verifier. On JDK 25 or newer it makes an ahead-of-time cache, which commands start
 * from. Needs a build by ./iosim on JDK 24 (25) or newer; skipped otherwise.
 */
class ArchivableClassesTest {

	private static final Path ROOT = Path.of(System.getProperty("iosim.repository.root", "../..")).toAbsolutePath()
			.normalize();
	private static final Path DISTRIBUTION = ROOT.resolve("releng/org.iosim.distribution/target");
	private static final int ARCHIVABLE = 50;
	private static final int UPGRADE_NEEDS_JDK = 24;
	private static final int AHEAD_OF_TIME_CACHE_NEEDS_JDK = 25;

	@Test
	void noClassOfTheCommandLineIsTooOldToArchiveAndTheRaisedOnesVerify() throws Exception {
		Path classpath = builtClasspath();
		List<Path> jars = new ArrayList<>();
		try (DirectoryStream<Path> found = Files.newDirectoryStream(classpath, "*.jar")) {
			found.forEach(jars::add);
		}
		List<String> tooOld = new ArrayList<>();
		List<String> raised = new ArrayList<>();
		for (Path jar : jars) {
			try (ZipFile zip = new ZipFile(jar.toFile())) {
				for (ZipEntry entry : zip.stream().filter(entry -> entry.getName().endsWith(".class")).toList()) {
					int major = majorVersion(zip, entry);
					if (major < ARCHIVABLE) {
						tooOld.add(jar.getFileName() + "!" + entry.getName());
					} else if (major == 52 && isJava5Library(jar)) {
						raised.add(entry.getName());
					}
				}
			}
		}
		assertEquals(List.of(), tooOld.stream().limit(10).toList(), tooOld.size() + " classes too old to archive");
		assertTrue(raised.size() > 1_000, "picocli's and commons-math3's classes were raised: " + raised.size());

		// loading a class links it, which runs the verifier over the stack maps the build computed
		List<String> refused = new ArrayList<>();
		URL[] urls = new URL[jars.size()];
		for (int jar = 0; jar < urls.length; jar++) {
			urls[jar] = jars.get(jar).toUri().toURL();
		}
		try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
			for (String file : raised) {
				String name = file.substring(0, file.length() - ".class".length()).replace('/', '.');
				try {
					Class.forName(name, true, loader);
				} catch (VerifyError wrong) {
					refused.add(name + ": " + wrong.getMessage());
				} catch (LinkageError elsewhere) {
					// a class that needs what this classpath does not have; not the build's doing
				}
			}
		}
		assertEquals(List.of(), refused);
	}

	/**
	 * With {@code AOTMode=on} the JVM refuses to start unless the cache it is given can be used (made by
	 * this JDK for this classpath), and refuses the class-data-sharing archive that older JDKs start
	 * from: so a command that starts proves that the launcher hands the JVM a fitting cache.
	 */
	@Test
	void commandsStartFromTheAheadOfTimeCache() throws Exception {
		Path classpath = builtClasspath();
		assumeTrue(launcherJdkFeature() >= AHEAD_OF_TIME_CACHE_NEEDS_JDK,
				"./iosim's JDK is older than " + AHEAD_OF_TIME_CACHE_NEEDS_JDK);
		assertTrue(Files.isRegularFile(classpath.resolve("iosim.aot")), "the build made " + classpath.resolve("iosim.aot"));
		ProcessBuilder command = new ProcessBuilder(ROOT.resolve("iosim").toString(), "--version").redirectErrorStream(true);
		command.environment().put("IOSIM_JAVA_OPTS", "-XX:AOTMode=on");
		Process launched = command.start();
		String output = new String(launched.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(launched.waitFor(10, TimeUnit.MINUTES), "./iosim --version ended");
		assertEquals(0, launched.exitValue(), output);
		assertTrue(output.startsWith("IOSim "), output);
	}

	/** @return the ./iosim classpath folder, when ./iosim built it on a JDK that raises old classes */
	private static Path builtClasspath() throws IOException {
		Path built = DISTRIBUTION.resolve(".built");
		assumeTrue(Files.isRegularFile(built), "./iosim has not built yet (run ./iosim --version)");
		Path classpath = DISTRIBUTION.resolve(Files.readString(built).strip());
		assumeTrue(Files.isDirectory(classpath), classpath + " is gone");
		assumeTrue(launcherJdkFeature() >= UPGRADE_NEEDS_JDK, "./iosim's JDK is older than " + UPGRADE_NEEDS_JDK);
		return classpath;
	}

	/** @return the feature version of the JDK ./iosim runs on (its .jdk file: key, '>', home) */
	private static int launcherJdkFeature() throws IOException {
		Path jdk = DISTRIBUTION.resolve(".jdk");
		if (!Files.isRegularFile(jdk)) {
			return 0;
		}
		String line = Files.readString(jdk).strip();
		Path release = Path.of(line.substring(line.indexOf('>') + 1)).resolve("release");
		for (String property : Files.readAllLines(release)) {
			if (property.startsWith("JAVA_VERSION=\"")) {
				String version = property.substring("JAVA_VERSION=\"".length());
				return Integer.parseInt(version.split("[.\"]")[0]);
			}
		}
		return 0;
	}

	private static boolean isJava5Library(Path jar) {
		String name = jar.getFileName().toString();
		return name.startsWith("picocli-") || name.startsWith("commons-math3-");
	}

	private static int majorVersion(ZipFile zip, ZipEntry entry) throws IOException {
		try (InputStream in = zip.getInputStream(entry)) {
			byte[] header = in.readNBytes(8);
			return header.length < 8 ? Integer.MAX_VALUE : ((header[6] & 0xff) << 8) | (header[7] & 0xff);
		}
	}
}
