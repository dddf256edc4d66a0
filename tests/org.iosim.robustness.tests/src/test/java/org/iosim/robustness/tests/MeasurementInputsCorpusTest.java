package org.iosim.robustness.tests;

import static org.iosim.robustness.tests.HostileFilesCorpusTest.assertClear;
import static org.iosim.robustness.tests.HostileFilesCorpusTest.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.iosim.robustness.tests.HostileFilesCorpusTest.Run;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The surfaces added for measuring applications and volumes, given what users get wrong and what an
 * attacker tries: measurement plans with the {@code files} factor, volume files ({@code --volume}),
 * {@code colocate --pairs}, the arguments of {@code pgbench} and {@code dbench}, and per-file-set
 * parameters of the volume model in an {@code .ioconfig}. Every case must end with its exit status
 * (1 invalid input, 2 usage) before anything is measured, with a message that names the file or the
 * option and what is wrong, and no Java, no control characters and no more of the file than an
 * excerpt ({@link Echoes}).
 * <p>
 * The commands that measure need root, fio, PostgreSQL or dbench; each case here is refused by the
 * argument and file checks that come first. So that a check that stopped working cannot start a
 * measurement on the test machine, the application commands are given a folder that their run
 * refuses at once (one that is not empty, or lies below a file), and a measurement's scratch folder
 * lies below a file: such a case then fails on its message instead of measuring.
 */
class MeasurementInputsCorpusTest {

	private static final Path EXAMPLES = Path.of(System.getProperty("iosim.repository.root", "../.."), "examples")
			.toAbsolutePath().normalize();

	/** More than any name or value a message may quote whole. */
	private static final String LONG = "n".repeat(5_000);

	@TempDir
	Path folder;

	/** What a case runs: the command line, the texts its message must name, the file whose content must not be echoed. */
	record Invocation(List<String> arguments, List<String> named, byte[] content) {
	}

	/** Builds a case's files in a scratch folder and says how to run it. */
	interface Setup {
		Invocation in(Path folder) throws IOException;
	}

	record Case(String name, int exitStatus, Setup setup) {
		@Override
		public String toString() {
			return name;
		}
	}

	static Stream<Case> cases() {
		List<Case> cases = new ArrayList<>();
		plans(cases);
		volumes(cases);
		pairs(cases);
		applicationArguments(cases);
		fileSetParameters(cases);
		return cases.stream();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("cases")
	void isRefusedClearlyBeforeMeasuring(Case refused) throws IOException {
		Invocation invocation = refused.setup().in(folder);
		Run run = iosim(invocation.arguments());

		assertEquals(refused.exitStatus(), run.status(), run.toString());
		assertTrue(run.err().startsWith("iosim: "), run.toString());
		for (String named : invocation.named()) {
			assertTrue(run.err().contains(named), "'" + named + "' named in " + run);
		}
		assertClear(run, invocation.content());
		assertTrue(run.err().length() < 1_000, "a message, not a dump: " + run.err().length() + " characters");
		assertFalse(Files.exists(folder.resolve("measured.db")), "no measurement database was made");
	}

	// ------------------------------------------------------------------ measurement plans

	private static void plans(List<Case> cases) {
		cases.add(plan("files: an unknown level", "\"files\": [\"new\"]", "'factors.files[0]'", "\"existing\" or \"growing\""));
		cases.add(plan("files: a number", "\"files\": [1]", "'factors.files[0]'", "\"existing\" or \"growing\""));
		cases.add(plan("files: a range", "\"files\": {\"min\": 0, \"max\": 1}", "'factors.files'", "not a range"));
		cases.add(plan("files: no levels", "\"files\": []", "'factors.files'", "levels"));
		cases.add(plan("files: a 5,000-character level", "\"files\": [\"" + LONG + "\"]", "'factors.files[0]'",
				"\"existing\" or \"growing\""));
		cases.add(plan("files: growing files read", "\"files\": [\"growing\"], \"readRatio\": [0.5], \"pattern\":"
				+ " [\"sequential\"]", "'factors'", "readRatio 0"));
		cases.add(plan("files: growing files written at random", "\"files\": [\"growing\"], \"readRatio\": [0],"
				+ " \"pattern\": [\"random\"]", "'factors'", "the sequential pattern"));
		cases.add(new Case("files: growing files of a sampled read ratio", 1, folder -> {
			Path plan = Files.writeString(folder.resolve("plan.json"), "{\"name\": \"p\", \"design\": \"latin-hypercube\","
					+ " \"points\": 8, \"seed\": 1, \"repetitions\": 1, \"warmup\": 0, \"duration\": 1, \"factors\":"
					+ " {\"files\": [\"growing\"], \"pattern\": [\"sequential\"], \"readRatio\": {\"min\": 0, \"max\": 1}}}");
			return measure(folder, plan, null, List.of(plan.toString(), "readRatio 0"));
		}));
		cases.add(plan("files: growing files too small for the threads", "\"files\": [\"growing\"], \"readRatio\": [0],"
				+ " \"pattern\": [\"sequential\"], \"fileSetSize\": [\"4 KiB\"], \"concurrency\": [16], \"requestSize\":"
				+ " [\"64 KiB\"]", "'factors'", "fileSetSize 4096 must hold at least one request per thread"));
		cases.add(plan("a file set smaller than a request", "\"fileSetSize\": [\"512 B\"], \"requestSize\": [\"64 KiB\"]",
				"'factors'", "fileSetSize 512 must hold at least one request per thread"));
	}

	/** A factorial plan of the factors, refused with a message naming the plan and each text. */
	private static Case plan(String name, String factors, String... named) {
		return new Case(name, 1, folder -> {
			Path plan = Files.writeString(folder.resolve("plan.json"), "{\"name\": \"p\", \"design\": \"factorial\","
					+ " \"repetitions\": 1, \"warmup\": 0, \"duration\": 1, \"factors\": {" + factors + "}}");
			List<String> expected = new ArrayList<>(List.of(plan.toString()));
			expected.addAll(List.of(named));
			return measure(folder, plan, null, expected);
		});
	}

	/** {@code iosim measure} of the plan, its database and scratch folder in the case's folder. */
	private static Invocation measure(Path folder, Path plan, Path volume, List<String> named) throws IOException {
		Path blocking = Files.writeString(folder.resolve("a file"), "not a folder\n");
		List<String> arguments = new ArrayList<>(List.of("measure", plan.toString(), "--out",
				folder.resolve("measured.db").toString(), "--scratch", blocking.resolve("scratch").toString()));
		if (volume != null) {
			arguments.addAll(List.of("--volume", volume.toString()));
		}
		Path shown = volume != null ? volume : plan;
		return new Invocation(arguments, named, Files.isRegularFile(shown) ? Files.readAllBytes(shown) : new byte[0]);
	}

	// ------------------------------------------------------------------ volume files

	private static void volumes(List<Case> cases) {
		cases.add(volume("volume: not JSON", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
				"not valid JSON"));
		cases.add(volume("volume: an empty file", "", "JSON"));
		cases.add(volume("volume: a JSON list", "[{\"name\": \"v\", \"writeIops\": 500}]\n", "JSON object"));
		cases.add(volume("volume: a negative limit", "{\"name\": \"v\", \"writeIops\": -5}\n", "'writeIops'"));
		cases.add(volume("volume: a huge IOPS limit", "{\"name\": \"v\", \"writeIops\": 1e300}\n", "'writeIops'"));
		cases.add(volume("volume: a huge bandwidth", "{\"name\": \"v\", \"writeBps\": \"99999999 PiB\"}\n", "'writeBps'"));
		cases.add(volume("volume: a fractional IOPS limit", "{\"name\": \"v\", \"readIops\": 0.5}\n", "'readIops'"));
		cases.add(volume("volume: an unknown key", "{\"name\": \"v\", \"writeIOPS\": 500}\n", "'writeIOPS'",
				"unknown entry"));
		cases.add(volume("volume: a 5,000-character name", "{\"name\": \"" + LONG + "\", \"writeIops\": 500}\n",
				"'name'"));
		cases.add(volume("volume: a name with a path in it", "{\"name\": \"../../etc\", \"writeIops\": 500}\n",
				"'name'"));
		// a byte-order mark, as editors on Windows write, is read past: the mistake after it is what is named
		cases.add(new Case("volume: a byte-order mark before an unknown key", 1, folder -> {
			Path volume = Files.write(folder.resolve("volume.json"),
					("\ufeff{\"name\": \"v\", \"writeIOPS\": 500}\n").getBytes(StandardCharsets.UTF_8));
			return measure(folder, validPlan(folder), volume, List.of(volume.toString(), "'writeIOPS'", "unknown entry"));
		}));
		cases.add(volume("volume: text after the object", "{\"name\": \"v\", \"writeIops\": 500}\nthe rest of a"
				+ " concatenated file with notes that are not JSON\n", "more text follows"));
		cases.add(new Case("volume: a folder", 1, folder -> {
			Path volume = Files.createDirectories(folder.resolve("volume.json"));
			return measure(folder, validPlan(folder), volume, List.of(volume.toString(), "cannot be read"));
		}));
		cases.add(new Case("volume: no such file", 1, folder -> {
			Path volume = folder.resolve("missing.json");
			return measure(folder, validPlan(folder), volume, List.of(volume.toString()));
		}));
	}

	private static Case volume(String name, String content, String... named) {
		return new Case(name, 1, folder -> {
			Path volume = Files.writeString(folder.resolve("volume.json"), content);
			List<String> expected = new ArrayList<>(List.of(volume.toString()));
			expected.addAll(List.of(named));
			return measure(folder, validPlan(folder), volume, expected);
		});
	}

	/** A plan that is fine: its volume is what a case gets wrong. */
	private static Path validPlan(Path folder) throws IOException {
		return Files.writeString(folder.resolve("plan.json"), "{\"name\": \"p\", \"design\": \"factorial\","
				+ " \"repetitions\": 1, \"warmup\": 0, \"duration\": 1, \"factors\": {}}");
	}

	// ------------------------------------------------------------------ colocate --pairs

	private static void pairs(List<Case> cases) {
		for (String pair : List.of("4+x", "4-1", "-4+1", "4", "4+1+1", "", "+", "99999999999+1", "４+1")) {
			cases.add(colocate("colocate --pairs '" + pair + "'", "--pairs", pair, "Invalid value for option '--pairs'",
					"is not a pair of client counts"));
		}
		cases.add(colocate("colocate --pairs of 3,000 digits", "--pairs", "7".repeat(3_000) + "+1",
				"Invalid value for option '--pairs'", "is not a pair of client counts"));
		cases.add(colocate("colocate --pairs 0+0", "--pairs", "0+0", "0+0", "at least one application"));
		cases.add(colocate("colocate --pairs 1001+1", "--pairs", "1001+1", "1001+1", "client counts must be 0 to 1000"));
		cases.add(colocate("colocate --pairs 4+1,,0+1", "--pairs", "4+1,,0+1", "is not a pair of client counts"));
		cases.add(colocate("colocate --repeats 0", "--repeats", "0", "repetitions must be 1 to 100"));
		cases.add(colocate("colocate --scale 0", "--scale", "0", "the scale must be 1 to 10,000"));
		cases.add(new Case("colocate --volume of a password file", 1, folder -> {
			Path volume = Files.writeString(folder.resolve("volume.json"), "root:x:0:0:root:/root:/bin/bash\n");
			return new Invocation(List.of("colocate", "--folder", notEmpty(folder).toString(), "--volume",
					volume.toString(), "--pairs", "4+1"), List.of(volume.toString(), "not valid JSON"),
					Files.readAllBytes(volume));
		}));
	}

	private static Case colocate(String name, String option, String value, String... named) {
		return new Case(name, 2, folder -> new Invocation(
				List.of("colocate", "--folder", notEmpty(folder).toString(), option, value), List.of(named), new byte[0]));
	}

	/** A folder the application commands refuse to measure in: it holds a file of the user's. */
	private static Path notEmpty(Path folder) throws IOException {
		Path applications = Files.createDirectories(folder.resolve("applications"));
		Files.writeString(applications.resolve("notes.txt"), "mine\n");
		return applications;
	}

	// ------------------------------------------------------------------ pgbench and dbench

	private static void applicationArguments(List<Case> cases) {
		for (String command : List.of("pgbench", "dbench")) {
			cases.add(application(command, "--clients", "0", "client counts must be 1 to 1000"));
			cases.add(application(command, "--clients", "1001", "client counts must be 1 to 1000"));
			cases.add(application(command, "--clients", "x", "Invalid value for option '--clients'"));
			cases.add(application(command, "--clients", "9".repeat(3_000), "Invalid value for option '--clients'"));
			cases.add(application(command, "--repeats", "0", "repetitions must be 1 to 100"));
			cases.add(application(command, "--seconds", "100000", "seconds 1 to 86,400"));
			cases.add(application(command, "--seconds", "-1", "seconds 1 to 86,400"));
			cases.add(application(command, "--max-other-load", "-1", "0 or more"));
			cases.add(application(command, "--max-other-load", "NaN", "0 or more"));
			cases.add(new Case(command + " --volume that is a folder", 1, folder -> {
				Path volume = Files.createDirectories(folder.resolve("volume.json"));
				return new Invocation(List.of(command, "--folder", refusedFolder(command, folder).toString(), "--volume",
						volume.toString()), List.of(volume.toString(), "cannot be read"), new byte[0]);
			}));
		}
		cases.add(application("pgbench", "--scale", "100000", "the scale must be 1 to 10,000"));
		cases.add(application("pgbench", "--port", "80", "the port must be 1024 to 65535"));
	}

	private static Case application(String command, String option, String value, String named) {
		return new Case(command + " " + option + " " + (value.length() > 20 ? value.length() + " characters" : value), 2,
				folder -> new Invocation(List.of(command, "--folder", refusedFolder(command, folder).toString(), option,
						value), List.of(named), new byte[0]));
	}

	/** pgbench refuses a folder that is not empty; dbench cannot make one below a file. */
	private static Path refusedFolder(String command, Path folder) throws IOException {
		return command.equals("pgbench") ? notEmpty(folder)
				: Files.writeString(folder.resolve("a file"), "not a folder\n").resolve("dbench");
	}

	// ------------------------------------------------------------------ .ioconfig per-file-set parameters

	private static void fileSetParameters(List<Case> cases) {
		cases.add(ioconfig("flushWrites of a file set not a number", "catalog", "flushWrites.catalog", "two",
				"'flushWrites.catalog' must be a finite number of at least 0"));
		cases.add(ioconfig("deviceTime of a file set negative", "catalog", "deviceTime.catalog", "-0.001",
				"'deviceTime.catalog' must be a finite number of at least 0"));
		cases.add(ioconfig("flushWrites of a file set infinite", "catalog", "flushWrites.catalog", "1e400",
				"'flushWrites.catalog' must be a finite number of at least 0"));
		cases.add(ioconfig("deviceTime of a file set NaN", "catalog", "deviceTime.catalog", "NaN",
				"'deviceTime.catalog' must be a finite number of at least 0"));
		cases.add(ioconfig("groupCommit of a file set not a boolean", "catalog", "groupCommit.catalog", "yes",
				"'groupCommit.catalog' must be true or false"));
		cases.add(ioconfig("a per-file-set parameter with an empty file set name", "catalog", "flushWrites.", "2",
				"unknown parameter 'flushWrites.'"));
		cases.add(ioconfig("a per-file-set parameter of a 5,000-character file set, not a number", LONG,
				"flushWrites." + LONG, "two", "must be a finite number of at least 0"));
		cases.add(ioconfig("a per-file-set parameter of a file set the configuration does not have", "catalog",
				"flushWrites.catalgo", "2", "parameter 'flushWrites.catalgo' names file set 'catalgo', which the I/O"
						+ " configuration does not have (its file sets: 'catalog')"));
		cases.add(ioconfig("a per-file-set parameter of an unknown 5,000-character file set", "catalog",
				"deviceTime." + LONG, "0.001", "which the I/O configuration does not have (its file sets: 'catalog')"));
	}

	/**
	 * The minimal shop's database disk on a volume model whose file set and per-file-set parameter are
	 * given, simulated; refused with a message naming the configuration file and the texts.
	 */
	private static Case ioconfig(String name, String fileSet, String parameter, String value, String named) {
		return new Case(".ioconfig: " + name, 1, folder -> {
			Files.writeString(folder.resolve("w500.json"), "{\"name\": \"w500\", \"writeIops\": 500}\n");
			Path configuration = Files.writeString(folder.resolve("shop.ioconfig"), """
					<?xml version="1.0" encoding="UTF-8"?>
					<io:IoConfiguration xmlns:io="http://iosim.org/pcm/io/1.0"
					    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="shop on w500">
					  <fileSets name="%s" size="16777216"/>
					  <storages name="w500" containers="shop.host.db" defaultFileSet="%s" defaultSequentiality="0">
					    <memoryLength xsi:type="io:FixedMemoryLength" requests="16"/>
					    <features modelReference="w500"/>
					  </storages>
					  <analysisModels name="w500" kind="volume">
					    <parameters name="volume" value="w500.json"/>
					    <parameters name="%s" value="%s"/>
					  </analysisModels>
					</io:IoConfiguration>
					""".formatted(fileSet, fileSet, parameter, value));
			return new Invocation(List.of("simulate", EXAMPLES.resolve("minimal").toString(), "--io",
					configuration.toString(), "--out", folder.resolve("simulated").toString(), "--quiet"),
					List.of(configuration.toString(), "analysis model 'w500'", named), Files.readAllBytes(configuration));
		});
	}
}
