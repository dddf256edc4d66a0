package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded results stay byte for byte what they were: every example, and every model set of the real
 * Palladio examples when they are beside the repository, simulated with seed 1; results.json without
 * its wall-clock time is compared by its SHA-256 with resources/golden-results.txt. A change that
 * is meant to change results updates that file: run the tests with IOSIM_GOLDEN_UPDATE=1 in the
 * environment and review the diff. Floating-point results are those of this JDK on this kind of
 * machine.
 */
class GoldenResultsTest {

	private static final Path GOLDEN = Path.of("resources", "golden-results.txt");
	private static final String[] RUN = { "--seed", "1", "--max-measurements", "20000", "--warmup", "500", "--quiet" };

	@TempDir
	Path folder;

	/** Case name → simulate arguments (model, options) before the common ones. */
	private static Map<String, List<String>> cases() throws IOException {
		Map<String, List<String>> cases = new LinkedHashMap<>();
		Path examples = CommandLine.repositoryRoot().resolve("examples");
		cases.put("minimal", List.of(examples.resolve("minimal").toString()));
		cases.put("minimal 3 replications", List.of(examples.resolve("minimal").toString(), "--replications", "3"));
		cases.put("minimal virtualized", withIo(examples.resolve("minimal"), "shop-virtualized.ioconfig"));
		cases.put("fileserver", withIo(examples.resolve("fileserver"), "fileserver.ioconfig"));
		cases.put("mailserver", withIo(examples.resolve("mailserver"), "mailserver.ioconfig"));
		for (String variant : List.of("fcfs-1read", "fcfs-5reads")) {
			cases.put("pcm-vs-io " + variant, List.of(examples.resolve("pcm-vs-io").resolve(variant).toString()));
		}
		for (String variant : List.of("io-1read", "io-5reads")) {
			cases.put("pcm-vs-io " + variant, withIo(examples.resolve("pcm-vs-io").resolve(variant), "fileserver.ioconfig"));
		}
		Path palladio = CommandLine.palladioExamples().orElse(null);
		if (palladio == null) {
			return cases;
		}
		List<Path> modelFolders;
		try (Stream<Path> files = Files.walk(palladio)) {
			modelFolders = files.filter(file -> file.toString().endsWith(".allocation")).map(Path::getParent).distinct()
					.sorted().toList();
		}
		for (Path modelFolder : modelFolders) {
			for (String modelSet : SimulateCommandTest.modelSets(modelFolder)) {
				cases.put("palladio " + palladio.relativize(modelFolder) + " " + modelSet,
						List.of(modelFolder.toString(), "--model-set", modelSet));
			}
		}
		Path hdd = palladio.resolve("HDDExample");
		for (String modelSet : SimulateCommandTest.modelSets(hdd)) {
			cases.put("hdd-virtualized " + modelSet, List.of(hdd.toString(), "--model-set", modelSet, "--io",
					examples.resolve("hdd-virtualized").resolve("virtualized.ioconfig").toString()));
		}
		return cases;
	}

	private static List<String> withIo(Path model, String config) {
		return List.of(model.toString(), "--io", model.resolve(config).toString());
	}

	@Test
	void seededResultsAreUnchanged() throws IOException {
		Map<String, String> expected = read();
		Map<String, String> actual = new LinkedHashMap<>();
		int index = 0;
		for (Map.Entry<String, List<String>> run : cases().entrySet()) {
			Path out = folder.resolve("out-" + index++);
			List<String> args = new ArrayList<>(List.of("simulate"));
			args.addAll(run.getValue());
			args.addAll(List.of(RUN));
			args.addAll(List.of("--out", out.toString()));
			CommandLine.Run simulated = iosim(args.toArray(String[]::new));
			actual.put(run.getKey(), simulated.exitCode() == 0 ? digest(out.resolve("results.json"))
					: "refused:" + simulated.exitCode());
		}
		if (System.getenv("IOSIM_GOLDEN_UPDATE") != null) {
			StringBuilder text = new StringBuilder();
			actual.forEach((name, hash) -> text.append(hash).append("  ").append(name).append('\n'));
			Files.writeString(GOLDEN, text);
			return;
		}
		Map<String, String> compared = new LinkedHashMap<>(expected);
		compared.keySet().retainAll(actual.keySet());
		assertEquals(toText(compared), toText(actual), "seeded results changed; if that is intended, run the"
				+ " tests with IOSIM_GOLDEN_UPDATE=1 and review the diff of " + GOLDEN);
	}

	private static String toText(Map<String, String> hashes) {
		StringBuilder text = new StringBuilder();
		hashes.forEach((name, hash) -> text.append(name).append(": ").append(hash).append('\n'));
		return text.toString();
	}

	private static Map<String, String> read() throws IOException {
		Map<String, String> hashes = new LinkedHashMap<>();
		if (Files.exists(GOLDEN)) {
			for (String line : Files.readAllLines(GOLDEN)) {
				if (!line.isBlank()) {
					hashes.put(line.substring(line.indexOf("  ") + 2), line.substring(0, line.indexOf("  ")));
				}
			}
		}
		return hashes;
	}

	/**
	 * SHA-256 of results.json without wallClockSeconds, the one figure that differs between identical
	 * runs, and without the names of the I/O configurations applied and left beside the model: the
	 * hashes stand for the figures, which the arguments of each case already decide.
	 */
	private static String digest(Path results) throws IOException {
		String json = Files.readString(results).replaceAll("\"wallClockSeconds\"\\s*:\\s*[-0-9.eE+]+,?", "")
				.replaceAll("\"ioConfiguration\"\\s*:\\s*(null|\"[^\"]*\"),?\\s*", "")
				.replaceAll("\"ioConfigurationsNotApplied\"\\s*:\\s*\\[[^\\]]*\\],?\\s*", "");
		try {
			return HexFormat.of().formatHex(
					MessageDigest.getInstance("SHA-256").digest(json.getBytes(StandardCharsets.UTF_8)));
		} catch (NoSuchAlgorithmException impossible) {
			throw new IllegalStateException(impossible);
		}
	}
}
