package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

import org.iosim.cli.Main;
import org.iosim.robustness.tests.MeasurementInputsCorpusTest.Case;
import org.iosim.robustness.tests.MeasurementInputsCorpusTest.Invocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 23's surfaces fed files that are not what they expect, as users feed them by mistake or
 * spreadsheets write them: every case ends with the documented exit status (1 invalid input, 2 usage)
 * and a message that names the file, quotes no line of it and no more than a short excerpt of a value,
 * shows no control characters and no Java.
 */
class HostileFilesCorpusTest {

	private static final Path EXAMPLES = Path.of(System.getProperty("iosim.repository.root", "../.."), "examples")
			.toAbsolutePath().normalize();

	/** A content that no surface accepts. */
	private record Content(String name, byte[] bytes) {
		@Override
		public String toString() {
			return name;
		}
	}

	/** A command reading one file; {@code arguments} gets that file and a scratch folder. */
	private record Surface(String name, int exitStatus, BiFunction<Path, Path, List<String>> arguments) {
		@Override
		public String toString() {
			return name;
		}
	}

	@TempDir
	Path folder;

	private static final List<Content> CONTENTS = List.of(
			text("a password file", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"),
			text("a README", "# Storage virtualization: synchronous vs asynchronous\n\nSeed 000 models a layer.\n"),
			text("one 20 KB token", "Loremipsumdolorsitamet".repeat(900) + "\n"),
			text("a 20 KB field", "0,8," + "9".repeat(20_000) + ",r,0.5\n"),
			text("a foreign JSON object", "{\"description\": \"" + "measured on the test machine ".repeat(20)
					+ "\", \"values\": [1, 2, 3]}\n"),
			text("terminal escapes", "\u001b[2J\u001b[31mdelay\u001b[0m,size\u202e\n1,\u0007\u001b]0;pwned\u0007\n"),
			text("an empty file", ""),
			bytes("a PNG image", new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H',
					'D', 'R', 0, 0, 1, 0, (byte) 0xFF, (byte) 0xD8 }),
			bytes("UTF-16 text", "concurrency,delay\n1,2\n".getBytes(StandardCharsets.UTF_16)),
			text("text after a JSON object", "{\"model\": \"m\"}\nthe rest of a concatenated file with a long line of notes\n"));

	private static final List<Surface> SURFACES = List.of(
			new Surface("regression fit", 1, (file, scratch) -> List.of("regression", "fit", "--data", file.toString(),
					"--target", "delay", "--technique", "lm", "--out", scratch.resolve("model.json").toString())),
			new Surface("regression select", 1, (file, scratch) -> List.of("regression", "select", "--data",
					file.toString(), "--target", "delay")),
			new Surface("sweep --points", 2, (file, scratch) -> List.of("sweep", EXAMPLES.resolve("minimal").toString(),
					"--points", file.toString(), "--out", scratch.resolve("sweep").toString(), "--quiet")),
			new Surface("run", 2, (file, scratch) -> List.of("run", file.toString())),
			new Surface("characterize", 1, (file, scratch) -> List.of("characterize", file.toString())),
			new Surface("qpn instantiate", 1, (file, scratch) -> List.of("qpn", "instantiate", file.toString(),
					"--threads", "rr=1", "--file-set", "1e9", "--out", scratch.resolve("net.qpe").toString())),
			new Surface("san replay (configuration)", 1, (file, scratch) -> List.of("san", "replay", file.toString(),
					"--trace", EXAMPLES.resolve("san/small.spc").toString())),
			new Surface("san replay (trace)", 1, (file, scratch) -> List.of("san", "replay",
					EXAMPLES.resolve("san/san.json").toString(), "--trace", file.toString())));

	static Stream<Arguments> cases() {
		List<Arguments> cases = new ArrayList<>();
		for (Surface surface : SURFACES) {
			for (Content content : CONTENTS) {
				cases.add(Arguments.of(surface, content));
			}
		}
		return cases.stream();
	}

	@ParameterizedTest(name = "{0} given {1}")
	@MethodSource("cases")
	void isRefusedClearly(Surface surface, Content content) throws IOException {
		Path file = Files.write(folder.resolve("input.csv"), content.bytes());
		Path scratch = Files.createDirectories(folder.resolve("scratch"));
		Run run = iosim(surface.arguments().apply(file, scratch));
		assertEquals(surface.exitStatus(), run.status(), run.toString());
		assertTrue(run.err().startsWith("iosim: ") && run.err().contains(file.toString()), run.toString());
		assertClear(run, content.bytes());
	}

	/**
	 * Single hostile inputs on each surface, beyond the contents above: values an attacker would try
	 * (a path with terminal escapes, 1e300, two billion disks, entity expansion), each with the exit
	 * status and the texts its message must name.
	 */
	static Stream<Case> attacks() {
		List<Case> cases = new ArrayList<>();
		pipelineAttacks(cases);
		pointsAttacks(cases);
		qpnAttacks(cases);
		sanAttacks(cases);
		measurementDatabaseAttacks(cases);
		ioConfigurationAttacks(cases);
		argumentAttacks(cases);
		return cases.stream();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("attacks")
	void attackIsRefusedClearly(Case attack) throws IOException {
		Invocation invocation = attack.setup().in(folder);
		Run run = iosim(invocation.arguments());
		assertEquals(attack.exitStatus(), run.status(), run.toString());
		assertTrue(run.err().startsWith("iosim: ") || run.err().contains("\niosim: "), run.toString());
		for (String named : invocation.named()) {
			assertTrue(run.err().contains(named), "'" + named + "' named in " + run);
		}
		assertClear(run, invocation.content());
		assertTrue(run.err().length() < 3_000, "a message, not a dump: " + run.err().length() + " characters");
	}

	private static final String LONG = "ZQXJ" + "n".repeat(5_000);

	/** A file of the case's folder, written as UTF-8; its content is what the message must not echo. */
	private static Invocation withFile(Path folder, String name, String content, Function<Path, List<String>> arguments,
			String... named) throws IOException {
		Path file = folder.resolve(name);
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
		List<String> texts = new ArrayList<>(List.of(named));
		texts.replaceAll(text -> text.replace("FILE", file.toString()));
		return new Invocation(arguments.apply(file), texts, content.getBytes(StandardCharsets.UTF_8));
	}

	private static void pipelineAttacks(List<Case> cases) {
		String model = EXAMPLES.resolve("minimal").toString();
		cases.add(new Case("pipeline: an output path with a newline and a terminal escape", 2,
				folder -> withFile(folder, "p.json", "{\"model\": \"" + model + "\", \"out\": \"re\\nsults\\u001b[31m\"}",
						file -> List.of("run", file.toString()), "FILE", "'out' is not a file name")));
		cases.add(new Case("pipeline: a model path of 5,000 characters", 2,
				folder -> withFile(folder, "p.json", "{\"model\": \"" + LONG + "\"}", file -> List.of("run", file.toString()),
						"FILE", "'model' is not a file name", "5004 characters")));
		cases.add(new Case("pipeline: 100,000 nested lists", 2, folder -> withFile(folder, "p.json", "[".repeat(100_000),
				file -> List.of("run", file.toString()), "FILE")));
		cases.add(new Case("pipeline: a key given twice", 2, folder -> withFile(folder, "p.json", "{\"model\": \"" + model
				+ "\", \"model\": \"/etc\"}", file -> List.of("run", file.toString()), "FILE", "line 1")));
		cases.add(new Case("pipeline: a stop time of NaN", 2, folder -> withFile(folder, "p.json", "{\"model\": \"" + model
				+ "\", \"simulation\": {\"stopTime\": NaN}}", file -> List.of("run", file.toString()), "FILE")));
	}

	private static void pointsAttacks(List<Case> cases) {
		for (String population : List.of("NaN", "-5", "1e300")) {
			// a value the model refuses is the model's case (as with --vary), named with the file it came from
			cases.add(new Case("points: a population of " + population, 1, folder -> withFile(folder, "points.csv",
					"\ufeffpopulation\r\n" + population + "\r\n", file -> List.of("sweep", EXAMPLES.resolve("minimal").toString(),
							"--points", file.toString(), "--out", folder.resolve("sweep").toString(), "--quiet"), "FILE",
					"point 1 (population=" + population + ")")));
		}
		cases.add(new Case("points: a population of 5,000 characters", 1, folder -> withFile(folder, "points.csv",
				"population\n" + LONG + "\n", file -> List.of("sweep", EXAMPLES.resolve("minimal").toString(), "--points",
						file.toString(), "--out", folder.resolve("sweep").toString(), "--quiet"), "FILE",
				"point 1 (population=ZQXJ")));
		cases.add(new Case("points: an I/O configuration named by 5,000 characters", 2, folder -> withFile(folder,
				"points.csv", "io\n" + LONG + "\n", file -> List.of("sweep", EXAMPLES.resolve("minimal").toString(),
						"--points", file.toString(), "--out", folder.resolve("sweep").toString(), "--quiet"), "FILE",
				"no such file or folder: '")));
		cases.add(new Case("points: endless random bytes", 2, folder -> new Invocation(List.of("sweep",
				EXAMPLES.resolve("minimal").toString(), "--points", "/dev/urandom", "--out", folder.resolve("sweep").toString(),
				"--quiet"), List.of("/dev/urandom"), new byte[0])));
	}

	private static void qpnAttacks(List<Case> cases) {
		cases.add(new Case("qpn: a population of 5,000 characters", 1, folder -> withFile(folder, "n.qpe", closedNetwork()
				.replace("initial-population=\"20\"", "initial-population=\"" + LONG + "\""),
				file -> List.of("qpn", "validate", file.toString()), "n.qpe", "initial-population is 'ZQXJ", "(5004 characters)")));
		cases.add(new Case("qpn: a queue-ref to an id of 5,000 characters", 1, folder -> withFile(folder, "n.qpe",
				closedNetwork().replace("queue-ref=\"_cn_queue_cpu\"", "queue-ref=\"" + LONG + "\""),
				file -> List.of("qpn", "validate", file.toString()), "n.qpe", "refers to unknown queue")));
		cases.add(new Case("qpn: a name with a terminal escape and a bidirectional override", 1, folder -> withFile(folder,
				"n.qpe", closedNetwork().replace("name=\"CPU\"", "name=\"C\u202ePU\"").replace("lambda=\"50.0\"",
						"lambda=\"-5\""), file -> List.of("qpn", "validate", file.toString()), "n.qpe", "'C?PU'")));
		cases.add(new Case("qpn: entity expansion (a billion laughs)", 1, folder -> withFile(folder, "n.qpe",
				"<?xml version=\"1.0\"?><!DOCTYPE l [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
						+ "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]><net>&d;</net>",
				file -> List.of("qpn", "validate", file.toString()), "n.qpe")));
		cases.add(new Case("qpn: an external entity naming /etc/passwd", 1, folder -> withFile(folder, "n.qpe",
				"<?xml version=\"1.0\"?><!DOCTYPE net [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><net>&x;</net>",
				file -> List.of("qpn", "validate", file.toString()), "n.qpe")));
		// the example's own configuration has a precision rule; its checks at 1e300 would come after 1e294 time units
		cases.add(new Case("qpn: a run length of 1e300 with a precision stopping rule", 1, folder -> new Invocation(
				List.of("qpn", "simulate", EXAMPLES.resolve("qpn/closed-network.qpe").toString(), "--run-length", "1e300",
						"--quiet", "--out", folder.resolve("out").toString()), List.of("the run cannot finish",
								"ask for a run length of at most"), new byte[0])));
	}

	private static String closedNetwork() throws IOException {
		return Files.readString(EXAMPLES.resolve("qpn/closed-network.qpe"));
	}

	private static void sanAttacks(List<Case> cases) {
		cases.add(san("san: two billion disks in a rank", "\"disks\": 7", "\"disks\": 2000000000",
				"'storage.ranks[0].disks' must be at most 4096"));
		cases.add(san("san: 5,000 host adapters", "\"hostAdapters\": { \"count\": 2", "\"hostAdapters\": { \"count\": 5000",
				"'storage.hostAdapters.count' must be at most 4096"));
		cases.add(san("san: a raid level of 5,000 characters", "\"raid\": \"raid5\"", "\"raid\": \"" + LONG + "\"",
				"'storage.ranks[0].raid'"));
		cases.add(san("san: a volume layout of 5,000 characters", "\"layout\": \"striped\"", "\"layout\": \"" + LONG + "\"",
				"'volumes[0].layout'"));
		cases.add(new Case("san: a workload's inter-arrival distribution of 5,000 characters", 1, folder -> withFile(folder,
				"w.json", Files.readString(EXAMPLES.resolve("san/workload.json")).replaceFirst("\"exponential\"",
						"\"" + LONG + "\""), file -> List.of("san", "generate", file.toString(), "--out",
								folder.resolve("t.spc").toString()), "FILE", "interArrival")));
	}

	private static Case san(String name, String original, String replacement, String named) {
		return new Case(name, 1, folder -> {
			String configuration = Files.readString(EXAMPLES.resolve("san/san.json"));
			assertTrue(configuration.contains(original), original);
			return withFile(folder, "s.json", configuration.replaceFirst(java.util.regex.Pattern.quote(original),
					java.util.regex.Matcher.quoteReplacement(replacement)), file -> List.of("san", "replay", file.toString(),
							"--trace", EXAMPLES.resolve("san/small.spc").toString()), "FILE", named);
		});
	}

	/** A measurement database of one computed run whose figures an edit replaced; export reads them. */
	private static void measurementDatabaseAttacks(List<Case> cases) {
		for (String edited : List.of("'fast'", "-1", "NULL", "9e999")) {
			cases.add(new Case("measurement database: a latency edited to " + edited, 1, folder -> {
				Path db = MeasuredDatabases.withOneRun(folder, "UPDATE run SET read_latency_mean = " + edited);
				return new Invocation(List.of("measure", "--out", db.toString(), "--export",
						folder.resolve("export.csv").toString()), List.of(db.toString(), "holds an impossible measurement",
								"read_latency_mean"), new byte[0]);
			}));
		}
		cases.add(new Case("measurement database: a plan name of 5,000 characters and a latency edited", 1, folder -> {
			Path db = MeasuredDatabases.withOneRun(folder, "UPDATE plan SET name = '" + LONG + "'",
					"UPDATE run SET read_latency_p99 = 'slow'");
			return new Invocation(List.of("measure", "--out", db.toString(), "--export", folder.resolve("export.csv")
					.toString()), List.of(db.toString(), "holds an impossible measurement", "read_latency_p99 is not a number"),
					LONG.getBytes(StandardCharsets.UTF_8));
		}));
	}

	private static void ioConfigurationAttacks(List<Case> cases) {
		String formula = "value=\"0.004 + 0.001 * concurrency - 0.002 * readPattern\"";
		cases.add(ioConfiguration("I/O configuration: a delay formula naming a variable of 5,000 characters", formula,
				"value=\"" + LONG + "\"", "unknown variable ZQXJ"));
		cases.add(ioConfiguration("I/O configuration: a delay formula nested 100,000 deep", formula,
				"value=\"" + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "\"", "nested too deeply"));
		cases.add(ioConfiguration("I/O configuration: an analysis model kind of 5,000 characters", "kind=\"expression\"",
				"kind=\"" + LONG + "\"", "unknown kind 'ZQXJ"));
		cases.add(ioConfiguration("I/O configuration: a container of 5,000 characters",
				"<containers>shop.host.db</containers>", "<containers>" + LONG + "</containers>",
				"no resource container has the id or name 'ZQXJ"));
		// a generated file repeating one mistake: the first problems are listed, then how many more
		cases.add(ioConfiguration("I/O configuration: 100,000 storages without containers", "<storages ",
				"<storages name=\"x\" defaultFileSet=\"catalog\"/>".repeat(100_000) + "<storages ", "… and 199,980 more (200,000 in all)"));
	}

	/** The shop's I/O configuration with one text replaced, simulated with the shop. */
	private static Case ioConfiguration(String name, String original, String replacement, String named) {
		return new Case(name, 1, folder -> {
			String configuration = Files.readString(EXAMPLES.resolve("minimal/shop-virtualized.ioconfig"));
			assertTrue(configuration.contains(original), original);
			return withFile(folder, "shop.ioconfig", configuration.replaceFirst(java.util.regex.Pattern.quote(original),
					java.util.regex.Matcher.quoteReplacement(replacement)), file -> List.of("simulate",
							EXAMPLES.resolve("minimal").toString(), "--io", file.toString(), "--quiet", "--out",
							folder.resolve("out").toString()), "FILE", named);
		});
	}

	private static void argumentAttacks(List<Case> cases) {
		String trace = EXAMPLES.resolve("characterize/reader_lat.1.log").toString();
		cases.add(new Case("characterize --format of 5,000 characters", 2, folder -> new Invocation(List.of("characterize",
				"--format", LONG, trace), List.of("--format must be fio or blkparse"), LONG.getBytes(StandardCharsets.UTF_8))));
		cases.add(new Case("san replay --layout with a terminal escape", 2, folder -> new Invocation(List.of("san",
				"replay", EXAMPLES.resolve("san/san.json").toString(), "--trace", EXAMPLES.resolve("san/small.spc").toString(),
				"--layout", "\u001b]0;pwned\u0007" + LONG), List.of("--layout must be striped or concatenated"),
				LONG.getBytes(StandardCharsets.UTF_8))));
		for (String fileSet : List.of("1e300", "NaN", "-1")) {
			cases.add(new Case("qpn instantiate --file-set " + fileSet, 2, folder -> new Invocation(List.of("qpn",
					"instantiate", EXAMPLES.resolve("storage-qpn/disk-storage.json").toString(), "--threads", "rr=1",
					"--file-set", fileSet, "--out", folder.resolve("net.qpe").toString()), List.of("--file-set must be a"
							+ " number of bytes from 1 to 1125899906842624 (1 PiB)"), new byte[0])));
		}
		cases.add(new Case("models: a stored model whose name is a list of 5,000 numbers", 1, folder -> {
			Path models = Files.createDirectories(folder.resolve("models"));
			String numbers = "[" + "1,".repeat(5_000) + "1]";
			return withFile(models, "model.json", "{\"name\": " + numbers + ", \"kind\": \"table\"}",
					file -> List.of("models", "--models", models.toString()), "FILE", "'name' must be a non-empty string");
		}));
		cases.add(new Case("export into a folder of the model", 1, folder -> {
			Path model = Files.createDirectories(folder.resolve("model"));
			try (Stream<Path> files = Files.list(EXAMPLES.resolve("minimal"))) {
				for (Path file : files.filter(Files::isRegularFile).toList()) {
					Files.copy(file, model.resolve(file.getFileName()));
				}
			}
			return new Invocation(List.of("export", model.toString(), "--to", "palladio", "--out",
					model.resolve("exported").toString()), List.of("lies inside"), new byte[0]);
		}));
	}

	/** A command writing one file, given the file to write and a scratch folder. */
	record FileWriter(String name, BiFunction<Path, Path, List<String>> arguments) {
		@Override
		public String toString() {
			return name;
		}
	}

	static Stream<FileWriter> fileWriters() {
		return Stream.of(
				new FileWriter("san generate --out", (file, scratch) -> List.of("san", "generate",
						EXAMPLES.resolve("san/workload.json").toString(), "--out", file.toString())),
				new FileWriter("san analyze --spec", (file, scratch) -> List.of("san", "analyze",
						EXAMPLES.resolve("san/small.spc").toString(), "--spec", file.toString())),
				new FileWriter("san replay --out (its summary.json)", (file, scratch) -> List.of("san", "replay",
						EXAMPLES.resolve("san/san.json").toString(), "--trace", EXAMPLES.resolve("san/small.spc").toString(),
						"--out", file.getParent().toString())),
				new FileWriter("regression fit --out", (file, scratch) -> List.of("regression", "fit", "--data",
						delays(scratch).toString(), "--target", "delay", "--technique", "lm", "--tune", "none", "--quiet",
						"--out", file.toString())),
				new FileWriter("regression select --out", (file, scratch) -> List.of("regression", "select", "--data",
						delays(scratch).toString(), "--target", "delay", "--quiet", "--out", file.toString())),
				new FileWriter("measure --export", (file, scratch) -> {
					try {
						Path db = scratch.resolve("measured.db");
						return List.of("measure", "--out", (Files.exists(db) ? db : MeasuredDatabases.withOneRun(scratch))
								.toString(), "--export", file.toString());
					} catch (IOException failed) {
						throw new UncheckedIOException(failed);
					}
				}));
	}

	/** Forty measured delays that grow with the request size, enough for every regression technique. */
	private static Path delays(Path scratch) {
		StringBuilder csv = new StringBuilder("requestSize,delay\n");
		for (int row = 1; row <= 40; row++) {
			csv.append(row * 512).append(',').append(0.001 + row * 512e-8 + (row % 7) * 1e-6).append('\n');
		}
		try {
			return Files.writeString(scratch.resolve("delays.csv"), csv);
		} catch (IOException failed) {
			throw new UncheckedIOException(failed);
		}
	}

	/** Issue 23 item 4's rule for single files: a file that exists is the user's until --overwrite says otherwise. */
	@ParameterizedTest(name = "{0}")
	@MethodSource("fileWriters")
	void aFileThatExistsIsReplacedOnlyWithOverwrite(FileWriter writer) throws IOException {
		Path scratch = Files.createDirectories(folder.resolve("scratch"));
		Path mine = Files.writeString(Files.createDirectories(folder.resolve("mine")).resolve("summary.json"),
				"my own notes\n");
		Run refused = iosim(writer.arguments().apply(mine, scratch));
		assertEquals(1, refused.status(), refused.toString());
		assertTrue(refused.err().contains(mine + " exists; add --overwrite to replace it"), refused.toString());
		assertEquals("my own notes\n", Files.readString(mine));
		List<String> replacing = new ArrayList<>(writer.arguments().apply(mine, scratch));
		replacing.add("--overwrite");
		Run replaced = iosim(replacing);
		assertEquals(0, replaced.status(), replaced.toString());
		assertFalse(Files.readString(mine).equals("my own notes\n"), "replaced when asked");
	}

	/**
	 * The measuring commands' output files follow the same rule, checked before anything is measured (so
	 * these cases need neither root nor the applications).
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "pgbench --out", "dbench --out", "colocate --out", "trace --log" })
	void aMeasuringCommandReplacesItsOutputFileOnlyWithOverwrite(String command) throws IOException {
		Path mine = Files.writeString(folder.resolve("runs.csv"), "my own runs\n");
		Path applicationFolder = Files.createDirectories(folder.resolve("application"));
		List<String> arguments = switch (command) {
			case "trace --log" -> List.of("trace", "--log", mine.toString(), "--", "true");
			default -> List.of(command.split(" ")[0], "--folder", applicationFolder.toString(), "--out", mine.toString());
		};
		Run refused = iosim(arguments);
		assertEquals(1, refused.status(), refused.toString());
		assertTrue(refused.err().contains(mine + " exists; add --overwrite to replace it"), refused.toString());
		assertEquals("my own runs\n", Files.readString(mine));
		assertClear(refused, new byte[0]);
	}

	/** A usage model repeating one mistake 5,000 times: validate lists the first problems, simulate fewer. */
	@Test
	void aModelOfThousandsOfMistakesIsListedInPart() throws IOException {
		Path model = Files.createDirectories(folder.resolve("model"));
		try (Stream<Path> files = Files.list(EXAMPLES.resolve("minimal"))) {
			for (Path file : files.filter(file -> file.getFileName().toString().startsWith("shop.")).toList()) {
				Files.copy(file, model.resolve(file.getFileName()));
			}
		}
		StringBuilder delays = new StringBuilder();
		for (int delay = 0; delay < 5_000; delay++) {
			delays.append("<actions_ScenarioBehaviour xsi:type=\"usagemodel:Delay\" id=\"d").append(delay)
					.append("\"><timeSpecification_Delay specification=\"-1\"/></actions_ScenarioBehaviour>\n");
		}
		Path usage = model.resolve("shop.usagemodel");
		String stop = "<actions_ScenarioBehaviour xsi:type=\"usagemodel:Stop\"";
		Files.writeString(usage, Files.readString(usage).replace(stop, delays + stop));

		Run validate = iosim(List.of("validate", model.toString()));
		assertEquals(1, validate.status(), validate.err());
		assertTrue(validate.out().contains("… and 9,900 more problems (10,000 in all; the first 100 are listed)"),
				validate.out().substring(Math.max(0, validate.out().length() - 2_000)));
		assertTrue(validate.out().lines().count() < 120, validate.out().lines().count() + " lines");
		Run simulate = iosim(List.of("simulate", model.toString(), "--quiet", "--out", folder.resolve("out").toString()));
		assertEquals(1, simulate.status(), simulate.err());
		assertTrue(simulate.err().contains("… and 9,980 more (10,000 in all)"), simulate.err());
		assertTrue(simulate.err().length() < 5_000, simulate.err().length() + " characters");
		assertClear(simulate, new byte[0]);
	}

	@Test
	void exportToAFileSaysThatOutMustBeAFolder() throws IOException {
		Path file = Files.writeString(folder.resolve("notes.txt"), "mine\n");
		Run run = iosim(List.of("export", EXAMPLES.resolve("minimal").toString(), "--to", "palladio", "--out",
				file.toString()));
		assertEquals(2, run.status(), run.toString());
		assertEquals("iosim: --out must be a folder; " + file + " is a file\n", run.err());
		assertEquals("mine\n", Files.readString(file));
	}

	/** No Java, and no more of the file than {@link Echoes} allows. */
	static void assertClear(Run run, byte[] content) {
		String all = run.out() + run.err();
		for (String java : List.of("Exception", "java.", "\tat ", "com.fasterxml", "[Source", "REDACTED")) {
			assertFalse(all.contains(java), "'" + java + "' in " + run);
		}
		Echoes.checkNone(all, content);
	}

	record Run(int status, String out, String err) {
		@Override
		public String toString() {
			return "exit " + status + "\n--- out\n" + out + "--- err\n" + err;
		}
	}

	static Run iosim(List<String> arguments) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int status = Main.run(arguments.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
		return new Run(status, out.toString(), err.toString());
	}

	private static Content text(String name, String text) {
		return new Content(name, text.getBytes(StandardCharsets.UTF_8));
	}

	private static Content bytes(String name, byte[] bytes) {
		return new Content(name, bytes);
	}
}
