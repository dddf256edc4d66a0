package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.export.PalladioExporter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A refined model comes back from Palladio files: for every I/O configuration of the examples,
 * {@code transform} → {@code export} → {@code transform} of the written files with the written
 * {@code .ioconfig} gives the same refined model, which simulates to the same mean response time
 * with the same seed.
 * <p>
 * Normalisation before comparing, as docs/models.md's "Exporting to Palladio" says: the re-imported model
 * set is named after the written files, so it gets the original's name back; and the role requiring
 * HddInterface that the export adds to a component whose I/O came from HDD demands is removed.
 */
class RefinedExportRoundTripTest {

	private static final String[] RUN = { "--seed", "1", "--max-measurements", "2000", "--quiet" };

	@TempDir
	Path folder;

	/** Each configuration of examples/ with the model it applies to, as the examples' READMEs run them. */
	private static Map<String, List<String>> exampleCases() {
		Path examples = CommandLine.repositoryRoot().resolve("examples");
		Map<String, List<String>> cases = new LinkedHashMap<>();
		for (String example : List.of("minimal/shop-virtualized", "fileserver/fileserver", "mailserver/mailserver",
				"pcm-vs-io/io-1read/fileserver", "pcm-vs-io/io-5reads/fileserver", "postmark/postmark")) {
			Path configuration = examples.resolve(example + ".ioconfig");
			cases.put(example, List.of(configuration.getParent().toString(), "--io", configuration.toString()));
		}
		for (String configuration : List.of("shop-qpn", "shop-qpn-embedded", "shop-cache")) {
			cases.put("storage-qpn/" + configuration, List.of(examples.resolve("minimal").toString(), "--io",
					examples.resolve("storage-qpn").resolve(configuration + ".ioconfig").toString()));
		}
		cases.put("san/shop-san", List.of(examples.resolve("minimal").toString(), "--io",
				examples.resolve("san").resolve("shop-san.ioconfig").toString()));
		for (String configuration : List.of("fileserver-disk", "fileserver-disk-embedded")) {
			cases.put("storage-qpn/" + configuration, List.of(examples.resolve("fileserver").toString(), "--io",
					examples.resolve("storage-qpn").resolve(configuration + ".ioconfig").toString()));
		}
		// synchronous writes on a QoS-limited volume: 'synchronous' goes out as an HddInterface input and comes back
		// and the file server's, alone and beside the database (two VMs nested in one host), with a file set's own costs
		for (String volume : List.of("w500", "w1000", "w2000")) {
			for (String example : List.of("pgbench", "dbench", "colocated")) {
				cases.put(example + "/on-" + volume, List.of(examples.resolve(example).resolve("model").toString(), "--io",
						examples.resolve(example).resolve("on-" + volume + ".ioconfig").toString()));
			}
		}
		return cases;
	}

	@TestFactory
	Stream<DynamicTest> everyExampleConfigurationRoundTrips() {
		return exampleCases().entrySet().stream()
				.map(example -> DynamicTest.dynamicTest(example.getKey(), () -> assertRoundTrips(example.getKey(),
						withStoredModel(example.getKey(), example.getValue()))));
	}

	/** The Palladio HDD example with the hdd-virtualized configuration, when ../shared is there. */
	@TestFactory
	Stream<DynamicTest> palladioHddExampleRoundTrips() {
		Path palladio = CommandLine.palladioExamples().orElse(null);
		Assumptions.assumeTrue(palladio != null, "shared/palladio-examples not found");
		Path configuration = CommandLine.example("hdd-virtualized").resolve("virtualized.ioconfig");
		return Stream.of("HDDDemoUsingInfrastructureCalls/default", "HDDDemoUsingResourceSignatures/default")
				.map(modelSet -> DynamicTest.dynamicTest(modelSet, () -> assertRoundTrips(modelSet.replace('/', '-'),
						List.of(palladio.resolve("HDDExample").toString(), "--model-set", modelSet, "--io",
								configuration.toString()))));
	}

	/** A configuration added to examples/ is covered here too. */
	@Test
	void everyConfigurationOfTheExamplesIsACase() throws IOException {
		Path examples = CommandLine.repositoryRoot().resolve("examples");
		Set<String> configurations = new TreeSet<>();
		try (Stream<Path> files = Files.walk(examples)) {
			files.filter(file -> file.toString().endsWith(".ioconfig")).forEach(file -> configurations
					.add(examples.relativize(file).toString().replace('\\', '/').replaceAll("\\.ioconfig$", "")));
		}
		configurations.remove("hdd-virtualized/virtualized"); // applies to ../shared, palladioHddExampleRoundTrips

		assertEquals(configurations, new TreeSet<>(exampleCases().keySet()));
	}

	/**
	 * PostMark's configuration asks for the analysis model 'page-cache' that {@code iosim calibrate}
	 * learns on the machine it runs on, so it is not in the repository; a stored definition of that
	 * name stands in for it. It is copied into the refined model, so the written configuration carries
	 * it, with its folder named relative to the written file.
	 */
	private List<String> withStoredModel(String example, List<String> args) throws IOException {
		if (!example.equals("postmark/postmark")) {
			return args;
		}
		Path models = Files.createDirectories(folder.resolve("stored-models"));
		Files.writeString(models.resolve("page-cache.json"), """
				{"name": "page-cache", "kind": "expression", "features": {},
				 "parameters": {"delay": "0.00002 + 0.000001 * concurrency"}}
				""");
		List<String> withModels = new ArrayList<>(args);
		withModels.addAll(List.of("--models", models.toString()));
		return withModels;
	}

	private void assertRoundTrips(String name, List<String> transformArgs) throws IOException {
		Path work = Files.createDirectories(folder.resolve(name.replace('/', '-')));
		Path refined = work.resolve("refined.iosim");
		run(concat(List.of("transform"), transformArgs, List.of("--out", refined.toString())));
		Path palladio = work.resolve("palladio");
		run(List.of("export", refined.toString(), "--to", "palladio", "--out", palladio.toString()));
		Path writtenConfiguration;
		try (Stream<Path> files = Files.list(palladio)) {
			List<Path> configurations = files.filter(file -> file.toString().endsWith(".ioconfig")).toList();
			assertEquals(1, configurations.size(), () -> "written configurations: " + configurations);
			writtenConfiguration = configurations.get(0);
		}
		assertFalse(Files.readString(writtenConfiguration).contains("baseDirectory=\"/"),
				"the written configuration names the folders of analysis models' files relative to itself");
		Path again = work.resolve("again.iosim");
		run(List.of("transform", palladio.toString(), "--io", writtenConfiguration.toString(), "--out",
				again.toString()));

		ArchitectureModel expected = load(refined);
		ArchitectureModel actual = load(again);
		actual.setName(expected.getName());
		removeAddedHddRoles(actual);
		assertTrue(EcoreUtil.equals(expected, actual),
				() -> name + ": the refined model after export and import; " + firstDifference(refined, again));
		double before = meanResponseTime(refined, work.resolve("before"));
		double after = meanResponseTime(again, work.resolve("after"));
		assertEquals(before, after, name + ": mean response time with the same seed");
		System.out.println("refined round trip " + name + ": " + after);
	}

	/** For the failure message: the first line in which the model files differ. */
	private static String firstDifference(Path expected, Path actual) {
		try {
			List<String> left = Files.readAllLines(expected);
			List<String> right = Files.readAllLines(actual);
			for (int line = 0; line < Math.min(left.size(), right.size()); line++) {
				if (!left.get(line).equals(right.get(line))) {
					return "line " + (line + 1) + ":\n" + left.get(line) + "\n" + right.get(line);
				}
			}
			return left.size() + " vs " + right.size() + " lines";
		} catch (IOException unreadable) {
			return unreadable.toString();
		}
	}

	private static void removeAddedHddRoles(ArchitectureModel model) {
		for (Iterator<EObject> contents = model.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof BasicComponent component) {
				component.getResourceRequiredRoles()
						.removeIf(role -> role.getId().startsWith(PalladioExporter.HDD_ROLE_ID_PREFIX));
			}
		}
	}

	private static ArchitectureModel load(Path file) {
		ImportResult loaded = ArchitectureFiles.load(file);
		assertFalse(loaded.hasErrors(), () -> file + ": " + loaded.diagnostics());
		return loaded.modelSets().get(0).model();
	}

	private static double meanResponseTime(Path model, Path out) throws IOException {
		run(concat(List.of("simulate", model.toString()), List.of(RUN), List.of("--out", out.toString())));
		return new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("scenarios").get(0)
				.get("responseTime").get("mean").asDouble();
	}

	private static void run(List<String> args) {
		CommandLine.Run run = iosim(args.toArray(String[]::new));
		assertEquals(0, run.exitCode(), () -> String.join(" ", args) + ": " + run);
	}

	@SafeVarargs
	private static List<String> concat(List<String>... parts) {
		List<String> all = new ArrayList<>();
		for (List<String> part : parts) {
			all.addAll(part);
		}
		return all;
	}
}
