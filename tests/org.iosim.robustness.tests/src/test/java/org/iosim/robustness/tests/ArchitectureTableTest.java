package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md's table of bundle dependencies says what the manifests say: every bundle under
 * {@code bundles/} with a manifest has a row, and the row names exactly the IOSim bundles its
 * {@code Require-Bundle} header names (the notes in parentheses, after a dash or a semicolon, and
 * outside libraries such as "plus SWT/JFace" are prose).
 */
class ArchitectureTableTest {

	private static final Pattern ROW = Pattern.compile("^\\| `org\\.iosim\\.([a-z.]+)` \\| (.*) \\|$");
	private static final Pattern NOTE = Pattern.compile("\\([^()]*\\)");
	private static final Pattern BUNDLE = Pattern.compile("[a-z]+(\\.[a-z]+)*");
	private static final Pattern REQUIRED_IOSIM_BUNDLE = Pattern.compile("(?<![\\w.])org\\.iosim\\.([a-z.]+?)(?=[;,\\s]|$)");

	@Test
	void theDependencyTableMatchesTheManifests() throws IOException {
		Path root = ImporterCorpus.repositoryRoot();
		Map<String, Set<String>> documented = new TreeMap<>();
		for (String line : Files.readAllLines(root.resolve("ARCHITECTURE.md"))) {
			Matcher row = ROW.matcher(line);
			if (row.matches()) {
				documented.put(row.group(1), bundlesNamed(row.group(2)));
			}
		}
		Map<String, Set<String>> required = requiredIosimBundles(root);
		assertFalse(required.isEmpty(), "no bundle manifests found under " + root.resolve("bundles"));
		List<String> differences = new ArrayList<>();
		required.forEach((bundle, dependencies) -> {
			if (!dependencies.equals(documented.get(bundle))) {
				differences.add("org.iosim." + bundle + ": the manifest requires " + dependencies + ", the table says "
						+ (documented.containsKey(bundle) ? documented.get(bundle) : "nothing (no row)"));
			}
		});
		assertEquals(List.of(), differences, "ARCHITECTURE.md's table of bundle dependencies");
	}

	/**
	 * The run layer finds engines at run time (ARCHITECTURE.md's decision): neither the run pipeline nor
	 * what it requires, directly or through other bundles, requires an engine's bundle.
	 */
	@Test
	void theRunPipelineReachesNoEngine() throws IOException {
		Path root = ImporterCorpus.repositoryRoot();
		Map<String, Set<String>> required = requiredIosimBundles(root);
		Set<String> reached = new TreeSet<>();
		List<String> open = new ArrayList<>(List.of("run"));
		while (!open.isEmpty()) {
			for (String dependency : required.getOrDefault(open.remove(open.size() - 1), Set.of())) {
				if (reached.add(dependency)) {
					open.add(dependency);
				}
			}
		}
		assertTrue(reached.contains("report") && reached.contains("engine"), "the walk found run's dependencies: " + reached);
		for (String engine : List.of("simulation", "qpn.simulation", "analysis.san", "analysis.qpn")) {
			assertFalse(reached.contains(engine), "org.iosim.run reaches org.iosim." + engine + ": " + reached);
		}
	}

	/** The bundles a row's "depends on" cell names, without its prose. */
	private static Set<String> bundlesNamed(String cell) {
		String text = cell;
		for (String shorter = NOTE.matcher(text).replaceAll(""); !shorter.equals(text); shorter = NOTE.matcher(text)
				.replaceAll("")) {
			text = shorter;
		}
		text = text.split(" — |;", 2)[0];
		Set<String> names = new TreeSet<>();
		for (String item : text.split(",")) {
			String name = item.strip();
			if (BUNDLE.matcher(name).matches()) {
				names.add(name);
			}
		}
		return names;
	}

	/** Per bundle under {@code bundles/} (named without "org.iosim."), the IOSim bundles its manifest requires. */
	private static Map<String, Set<String>> requiredIosimBundles(Path root) throws IOException {
		Map<String, Set<String>> required = new TreeMap<>();
		try (Stream<Path> bundles = Files.list(root.resolve("bundles"))) {
			for (Path manifest : bundles.map(bundle -> bundle.resolve("META-INF/MANIFEST.MF")).filter(Files::isRegularFile)
					.toList()) {
				required.put(manifest.getParent().getParent().getFileName().toString().substring("org.iosim.".length()),
						requiredIosimBundles(Files.readString(manifest)));
			}
		}
		return required;
	}

	/** The IOSim bundles of the manifest's Require-Bundle header (continuation lines joined). */
	private static Set<String> requiredIosimBundles(String manifest) {
		String joined = manifest.replace("\r\n", "\n").replace("\n ", "");
		Set<String> names = new TreeSet<>();
		for (String header : joined.split("\n")) {
			if (header.startsWith("Require-Bundle:")) {
				Matcher bundle = REQUIRED_IOSIM_BUNDLE.matcher(header);
				while (bundle.find()) {
					names.add(bundle.group(1));
				}
			}
		}
		return names;
	}
}
