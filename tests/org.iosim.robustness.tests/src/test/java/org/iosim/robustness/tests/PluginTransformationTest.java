package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.iosim.cli.Main;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own model transformation, compiled here from source into a jar as its author would,
 * loaded by {@code iosim run --plugins DIR} on the plain classpath ./iosim runs.
 */
class PluginTransformationTest {

	@TempDir
	Path folder;

	private Path plugins;
	private Path pipeline;

	record Run(int status, String out, String err) {
	}

	@BeforeEach
	void writePipeline() throws IOException {
		plugins = Files.createDirectories(folder.resolve("plugins"));
		Path shop = Path.of(System.getProperty("iosim.repository.root", "../.."), "examples", "minimal")
				.toAbsolutePath().normalize();
		pipeline = Files.writeString(folder.resolve("pipeline.json"), """
				{"model": "%s",
				 "transformations": [{"id": "ten-users", "after": "load"}],
				 "simulation": {"maxMeasurements": 3000, "warmup": 100},
				 "out": "out"}""".formatted(shop.toString().replace("\\", "\\\\")));
	}

	@Test
	void aTransformationFromAPluginJarRunsInThePipeline() throws Exception {
		jar("tenusers.jar", Map.of("example/TenUsers.java", transformation("TenUsers", "ten-users", """
				((org.iosim.pcm.ClosedWorkload) model.getUsageModel().getScenarios().get(0).getWorkload()).setPopulation(10);
				return model;""")), List.of("example.TenUsers"));

		Run listed = iosim("run", "--transformations", "--plugins", plugins.toString());
		assertEquals(0, listed.status(), listed.toString());
		assertTrue(listed.out().contains("ten-users") && listed.out().contains("scale-processing-rate"), listed.out());

		Run run = iosim("run", pipeline.toString(), "--plugins", plugins.toString());
		assertEquals(0, run.status(), run.toString());
		assertTrue(run.err().contains("pipeline: load → ten-users → simulate → write results"), run.err());
		String results = Files.readString(folder.resolve("out/results.json"));
		// 10 users thinking 5 s: about 2 scenario runs per second instead of 10 with the shop's 50 users.
		double throughput = Double.parseDouble(results.replaceAll("(?s).*?\"throughput\"\\s*:\\s*([0-9.eE+-]+).*", "$1"));
		assertEquals(10 / 5.05, throughput, 0.1, results);
	}

	@Test
	void aBrokenTransformationIsNamedWithoutAStackTraceUnlessAskedFor() throws Exception {
		jar("broken.jar", Map.of("example/Broken.java", transformation("Broken", "ten-users", """
				Object nothing = parameters.get("missing");
				nothing.hashCode();
				return model;""")), List.of("example.Broken"));

		Run run = iosim("run", pipeline.toString(), "--plugins", plugins.toString(), "--quiet");
		assertEquals(1, run.status(), run.toString());
		assertTrue(run.err().startsWith("iosim: model transformation 'ten-users' (example.Broken) failed"), run.err());
		assertTrue(run.err().contains("Run again with --debug for the stack trace."), run.err());
		assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err());
		assertTrue(Files.notExists(folder.resolve("out")), "nothing written");

		Run debug = iosim("run", pipeline.toString(), "--plugins", plugins.toString(), "--quiet", "--debug");
		assertTrue(debug.err().contains("java.lang.NullPointerException") && debug.err().contains("at example.Broken"),
				debug.err());
	}

	/** Issue 23 item 11: a plug-in whose code overflows the stack is named; Java's name for it is not shown. */
	@Test
	void aTransformationThatOverflowsTheStackIsNamedWithoutJava() throws Exception {
		jar("deep.jar", Map.of("example/Deep.java", transformation("Deep", "ten-users", """
				return deeper(model, 0);
			}

			private static org.iosim.pcm.ArchitectureModel deeper(org.iosim.pcm.ArchitectureModel model, long depth) {
				return depth < 0 ? model : deeper(model, depth + 1);""")), List.of("example.Deep"));

		Run run = iosim("run", pipeline.toString(), "--plugins", plugins.toString(), "--quiet");
		assertEquals(1, run.status(), run.toString());
		assertEquals("iosim: model transformation 'ten-users' (example.Deep) failed: its code calls itself too deeply,"
				+ " without end or for a model this large (the stack overflowed)\nRun again with --debug for the stack"
				+ " trace.\n", run.err());
		assertTrue(Files.notExists(folder.resolve("out")), "nothing written");

		Run debug = iosim("run", pipeline.toString(), "--plugins", plugins.toString(), "--quiet", "--debug");
		assertEquals(1, debug.status(), debug.toString());
		assertTrue(debug.err().contains("java.lang.StackOverflowError") && debug.err().contains("at example.Deep"),
				debug.err().substring(0, Math.min(2000, debug.err().length())));
	}

	@Test
	void aTransformationThatRunsOutOfMemoryIsNamedWithoutJavasMessage() throws Exception {
		jar("greedy.jar", Map.of("example/Greedy.java", transformation("Greedy", "ten-users", """
				throw new OutOfMemoryError("Java heap space");""")), List.of("example.Greedy"));
		Run run = iosim("run", pipeline.toString(), "--plugins", plugins.toString(), "--quiet");
		assertEquals(1, run.status(), run.toString());
		assertTrue(run.err().startsWith("iosim: model transformation 'ten-users' (example.Greedy) failed: it ran out of"
				+ " memory (this JVM may use "), run.err());
		assertFalse(run.err().contains("heap space") || run.err().contains("Error"), run.err());
	}

	@Test
	void aTransformationWhoseIdFailsIsLeftOutWithItsClassNamed() throws Exception {
		jar("nameless.jar", Map.of("example/Nameless.java", """
				package example;

				public final class Nameless implements org.iosim.run.ModelTransformation {
					public String id() {
						return id();
					}

					public String description() {
						throw new IllegalStateException("no words");
					}

					public org.iosim.pcm.ArchitectureModel transform(org.iosim.pcm.ArchitectureModel model,
							java.util.Map<String, String> parameters) {
						return model;
					}
				}
				"""), List.of("example.Nameless"));
		Run listed = iosim("run", "--transformations", "--plugins", plugins.toString());
		assertEquals(0, listed.status(), listed.toString());
		assertEquals("warning: example.Nameless is left out: its id() failed: its code calls itself too deeply, without"
				+ " end or for a model this large (the stack overflowed)\n", listed.err());
		assertTrue(listed.out().contains("scale-processing-rate"), listed.out());
	}

	/** Issue 23 item 11: the class loader passes over a jar it cannot open; the command names it instead. */
	@Test
	void aDamagedPluginJarIsNamed() throws Exception {
		jar("tenusers.jar", Map.of("example/TenUsers.java", transformation("TenUsers", "ten-users", "return model;")),
				List.of("example.TenUsers"));
		byte[] whole = Files.readAllBytes(plugins.resolve("tenusers.jar"));
		Path truncated = Files.write(plugins.resolve("truncated.jar"), java.util.Arrays.copyOf(whole, whole.length / 2));
		for (Run run : List.of(iosim("run", "--transformations", "--plugins", plugins.toString()),
				iosim("run", pipeline.toString(), "--plugins", plugins.toString(), "--quiet"))) {
			assertEquals(1, run.status(), run.toString());
			assertTrue(run.err().startsWith("iosim: " + truncated + ": not a readable plug-in jar, so its transformations"
					+ " cannot be loaded: it is damaged or not a jar (ZIP) file at all"), run.err());
			assertFalse(run.err().contains("Exception") || run.err().contains("java."), run.err());
		}
		Files.delete(truncated);
		Path text = Files.writeString(plugins.resolve("notes.jar"), "not a jar, only named like one\n");
		Run run = iosim("run", pipeline.toString(), "--plugins", plugins.toString(), "--quiet");
		assertEquals(1, run.status(), run.toString());
		assertTrue(run.err().startsWith("iosim: " + text + ": not a readable plug-in jar"), run.err());
		assertFalse(run.err().contains("only named like one"), "the file's content is not echoed");
		assertTrue(Files.notExists(folder.resolve("out")), "nothing written");
	}

	@Test
	void aJarListingAMissingClassIsWarnedAboutAndTheOthersStillWork() throws Exception {
		jar("missing.jar", Map.of(), List.of("example.NotThere"));
		Run listed = iosim("run", "--transformations", "--plugins", plugins.toString());
		assertEquals(0, listed.status(), listed.toString());
		assertTrue(listed.err().startsWith("warning: ") && listed.err().contains("example.NotThere"), listed.err());
		assertTrue(listed.out().contains("scale-processing-rate"), listed.out());

		Run run = iosim("run", pipeline.toString(), "--plugins", plugins.toString(), "--quiet");
		assertEquals(2, run.status(), run.toString());
		assertTrue(run.err().contains("no model transformation has the id 'ten-users'"), run.err());
	}

	@Test
	void aFolderWithoutJarsIsAUsageError() throws Exception {
		Files.writeString(plugins.resolve("README.txt"), "not a jar");
		Run run = iosim("run", pipeline.toString(), "--plugins", plugins.toString());
		assertEquals(2, run.status(), run.toString());
		assertEquals("iosim: " + plugins + ": holds no .jar files; give the folder of the jars with your transformations",
				run.err().strip());
	}

	private static String transformation(String className, String id, String body) {
		return """
				package example;

				public final class %s implements org.iosim.run.ModelTransformation {
					public String id() {
						return "%s";
					}

					public String description() {
						return "a user's transformation";
					}

					public org.iosim.pcm.ArchitectureModel transform(org.iosim.pcm.ArchitectureModel model,
							java.util.Map<String, String> parameters) {
						%s
					}
				}
				""".formatted(className, id, body);
	}

	/** Compiles the sources against the test's classpath and puts them in a jar that lists the services. */
	private void jar(String name, Map<String, String> sources, List<String> services) throws IOException {
		Path sourceFolder = Files.createDirectories(folder.resolve("src-" + name));
		Path classes = Files.createDirectories(folder.resolve("classes-" + name));
		List<String> files = new ArrayList<>();
		for (Map.Entry<String, String> source : sources.entrySet()) {
			Path file = sourceFolder.resolve(source.getKey());
			Files.createDirectories(file.getParent());
			files.add(Files.writeString(file, source.getValue()).toString());
		}
		if (!files.isEmpty()) {
			JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
			StringWriter errors = new StringWriter();
			List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-classpath",
					System.getProperty("java.class.path")));
			arguments.addAll(files);
			int status = compiler.run(null, null, new OutputStream() {
				@Override
				public void write(int b) {
					errors.write(b);
				}
			}, arguments.toArray(String[]::new));
			assertEquals(0, status, errors.toString());
		}
		try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(plugins.resolve(name)));
				Stream<Path> compiled = Files.walk(classes)) {
			for (Path file : compiled.filter(Files::isRegularFile).toList()) {
				jar.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
				jar.write(Files.readAllBytes(file));
				jar.closeEntry();
			}
			jar.putNextEntry(new JarEntry("META-INF/services/org.iosim.run.ModelTransformation"));
			jar.write((String.join("\n", services) + "\n").getBytes(StandardCharsets.UTF_8));
			jar.closeEntry();
		}
	}

	private static Run iosim(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
		return new Run(status, out.toString(), err.toString());
	}
}
