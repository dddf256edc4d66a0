package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Regression models from the command line, and a fitted model serving a virtualized storage. */
class RegressionCommandTest {

	@TempDir
	Path folder;

	private Path training;
	private Path test;

	/** Measured delays that follow 2 ms + 0.5 ms per concurrent request exactly; the size column is irrelevant. */
	private Path measurements(String name, int from, int to) throws IOException {
		StringBuilder csv = new StringBuilder("concurrency,meanReadSize,delay\n");
		for (int concurrency = from; concurrency <= to; concurrency++) {
			csv.append(String.format(Locale.ROOT, "%d,%d,%s%n", concurrency, 4096 * (1 + concurrency % 5),
					0.002 + 0.0005 * concurrency));
		}
		return Files.writeString(folder.resolve(name), csv);
	}

	@BeforeEach
	void writeData() throws IOException {
		training = measurements("training.csv", 1, 40);
		test = measurements("test.csv", 41, 60);
	}

	private Path fitLinear() {
		Path model = folder.resolve("delay.json");
		CommandLine.Run fit = iosim("regression", "fit", "--data", training.toString(), "--target", "delay",
				"--features", "concurrency", "--technique", "lm", "--tune", "none", "--bootstrap", "20", "--out",
				model.toString());
		assertEquals(0, fit.exitCode(), fit.toString());
		assertTrue(fit.out().contains("CV RMSE"), fit.out());
		assertTrue(fit.out().contains("bootstrap    out-of-bag RMSE"), fit.out());
		return model;
	}

	/**
	 * fit and select looked at --out only when saving, after tuning or selecting for minutes: a model
	 * written over the training data, or into a folder that cannot be, is refused first.
	 */
	@Test
	void fitAndSelectCheckTheirOutputBeforeTheyWork() throws IOException {
		String before = Files.readString(training);
		CommandLine.Run overData = iosim("regression", "fit", "--data", training.toString(), "--target", "delay",
				"--technique", "mars", "--out", training.toString());
		assertEquals(1, overData.exitCode(), overData.toString());
		assertEquals(before, Files.readString(training), "the data is kept");
		assertEquals("", overData.out(), overData.toString());

		Path notAFolder = Files.writeString(folder.resolve("notes"), "a file");
		CommandLine.Run select = iosim("regression", "select", "--data", training.toString(), "--target", "delay",
				"--out", notAFolder.resolve("model.json").toString());
		assertEquals(1, select.exitCode(), select.toString());
		assertTrue(select.err().contains(notAFolder + " is not a folder"), select.toString());
		assertEquals("", select.out(), "refused before the selection: " + select);
	}

	@Test
	void fittedModelEvaluatesAndFlagsExtrapolation() throws IOException {
		Path model = fitLinear();
		JsonNode stored = new ObjectMapper().readTree(model.toFile());
		assertEquals("lm", stored.get("technique").asText());
		assertEquals(1.0, stored.get("trainingRanges").get("concurrency").get(0).asDouble());
		assertEquals(40.0, stored.get("trainingRanges").get("concurrency").get(1).asDouble());

		CommandLine.Run evaluate = iosim("regression", "evaluate", "--model", model.toString(), "--data", test.toString());
		assertEquals(0, evaluate.exitCode(), evaluate.toString());
		assertTrue(evaluate.out().contains("mean relative error: 0.00 %"), evaluate.out());
		assertTrue(evaluate.out().contains("95th percentile relative error: 0.00 %"), evaluate.out());
		assertTrue(evaluate.out().contains("rows: 20 (20 outside the training ranges)"), evaluate.out());

		CommandLine.Run json = iosim("regression", "evaluate", "--model", model.toString(), "--data", test.toString(), "--json");
		JsonNode errors = new ObjectMapper().readTree(json.out());
		assertTrue(errors.get("meanRelativeErrorPercent").asDouble() < 1e-6, json.out());
		assertTrue(errors.get("p95RelativeErrorPercent").asDouble() < 1e-6, json.out());

		CommandLine.Run predict = iosim("regression", "predict", "--model", model.toString(), "--data", test.toString());
		assertTrue(predict.out().lines().skip(1).allMatch(line -> line.endsWith(",concurrency")), predict.out());
	}

	@Test
	void predictionsArePlainDecimalNumbers() throws IOException {
		Path model = fitLinear();
		Path data = Files.writeString(folder.resolve("far.csv"), "concurrency\n67108864\n0.0000001\n");
		CommandLine.Run predict = iosim("regression", "predict", "--model", model.toString(), "--data", data.toString());
		assertEquals(0, predict.exitCode(), predict.toString());
		List<String> rows = predict.out().lines().skip(1).toList();
		assertTrue(rows.get(0).matches("67108864,33554\\.43\\d*,concurrency"), predict.out());
		assertTrue(rows.get(1).matches("0\\.0000001,0\\.00[12]\\d*,concurrency"), predict.out());
		assertFalse(predict.out().contains("E"), predict.out());
	}

	@Test
	void selectionComparesEveryTechniqueOnTheSameFolds() {
		Path model = folder.resolve("selected.json");
		CommandLine.Run select = iosim("regression", "select", "--data", training.toString(), "--target", "delay",
				"--folds", "5", "--out", model.toString());
		assertEquals(0, select.exitCode(), select.toString());
		for (String technique : new String[] { "lm", "lm-ia", "cart", "mars", "mars-ia", "m5", "cubist" }) {
			assertTrue(select.out().contains(technique + " "), technique + " in\n" + select.out());
		}
		assertTrue(select.out().contains("<- selected"), select.out());
		assertTrue(Files.exists(model));
		assertTrue(select.err().contains("  select: 7 of 7 techniques cross-validated with their defaults, "), select.err());
		assertTrue(select.err().contains("  select: tuning "), select.err());
		assertTrue(select.err().lines().allMatch(line -> line.startsWith("  select: ") || line.startsWith("  S3 on ")),
				select.err());
	}

	/** Input the user got wrong ends with a message in their terms, the status the footer gives, and no exception. */
	private static void assertUserError(CommandLine.Run run, int status, String message) {
		assertEquals(status, run.exitCode(), run.toString());
		assertEquals("iosim: " + message + "\n", run.err(), run.toString());
	}

	@Test
	void moreTermsThanTrainingRowsIsAnErrorInTheUsersTerms() throws IOException {
		StringBuilder csv = new StringBuilder("a,b,c,d,e,delay\n");
		for (int row = 1; row <= 10; row++) {
			csv.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%d%n", row, row * row % 7, row % 3, row * 5 % 11, row % 4, row));
		}
		Path small = Files.writeString(folder.resolve("small.csv"), csv);
		CommandLine.Run fit = iosim("regression", "fit", "--data", small.toString(), "--target", "delay", "--technique",
				"lm-ia", "--folds", "2", "--out", folder.resolve("m.json").toString());
		// it used to end in "unexpected error: java.lang.IllegalArgumentException"
		assertUserError(fit, 1, "small.csv: lm-ia needs at least 16 rows for 15 terms and the intercept, got 5 (the training"
				+ " rows of cross-validation fold 1 of 2)");

		CommandLine.Run select = iosim("regression", "select", "--data", small.toString(), "--target", "delay",
				"--folds", "2", "--quiet");
		assertEquals(0, select.exitCode(), select.toString());
		assertTrue(select.out().contains("lm-ia    left out: small.csv: lm-ia needs at least 16 rows"), select.out());
		assertEquals("", select.err());
	}

	@Test
	void aLatin1FileSaysWhereItIsNotUtf8() throws IOException {
		Path latin1 = Files.write(folder.resolve("latin1.csv"),
				"concurrency,delay\n1,0.1\n2,0.2\n# mesuré à 20 °C\n3,0.3\n".getBytes(StandardCharsets.ISO_8859_1));
		CommandLine.Run fit = iosim("regression", "fit", "--data", latin1.toString(), "--target", "delay",
				"--technique", "lm", "--folds", "2", "--out", folder.resolve("m.json").toString());
		assertUserError(fit, 1, latin1 + ": line 4 is not UTF-8 text (byte 0xE9 at column 8, byte offset 37 in the file);"
				+ " save the file as UTF-8");
	}

	@Test
	void aBrokenStoredModelIsNamedWithWhereItBreaks() throws IOException {
		Path model = fitLinear();
		String json = Files.readString(model);
		Files.writeString(model, json.substring(0, json.length() / 2));
		CommandLine.Run truncated = iosim("regression", "predict", "--model", model.toString(), "--data", test.toString());
		assertEquals(1, truncated.exitCode(), truncated.toString());
		assertTrue(truncated.err().matches("iosim: \\Q" + model + "\\E: the JSON ends early at line \\d+, column \\d+;"
				+ " the file looks truncated\n"), truncated.err());

		Files.writeString(model, json.replaceFirst("\"intercept\" : [^,]*,", "\"intercept\" : \"zero\","));
		CommandLine.Run wrongType = iosim("regression", "evaluate", "--model", model.toString(), "--data", test.toString());
		assertUserError(wrongType, 1, model + ": field 'model': model structure: field 'intercept' must be a finite"
				+ " number, not \"zero\"");
	}

	@Test
	void helpHasNoFormatWarningAndDocumentsTheExitStatus() {
		PrintStream original = System.err;
		ByteArrayOutputStream warnings = new ByteArrayOutputStream();
		// picocli warns about a description it cannot format on the standard error stream of the moment
		System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
		try {
			for (String command : new String[] { "fit", "select", "predict", "evaluate", "bench" }) {
				CommandLine.Run help = iosim("regression", command, "--help");
				assertEquals(0, help.exitCode(), help.toString());
				assertTrue(help.out().contains("Exit status: 0 done, 1 the data or the model file cannot be used (the"),
						help.out());
			}
			CommandLine.Run select = iosim("regression", "select", "--help");
			assertTrue(select.out().replaceAll("\\s+", " ").contains("differ by less than 2 %)"), select.out());
			assertTrue(iosim("regression", "--help").out().contains("Exit status: 0 done"));
		} finally {
			System.setErr(original);
		}
		assertEquals("", warnings.toString(StandardCharsets.UTF_8));
		CommandLine.Run missing = iosim("regression");
		assertEquals(2, missing.exitCode(), missing.toString());
		assertTrue(missing.err().contains("Missing subcommand: fit, select, predict, evaluate, bench"), missing.err());
	}

	@Test
	void parametersPrintWholeNumbersWithoutDecimalsAndSearchesShowProgress() {
		CommandLine.Run defaults = iosim("regression", "fit", "--data", training.toString(), "--target", "delay",
				"--technique", "cart", "--tune", "none", "--folds", "5", "--out", folder.resolve("cart.json").toString());
		assertTrue(defaults.out().contains("parameters   minSplit=20, cp=0.01 (none, 1 evaluations, "), defaults.out());
		assertEquals("", defaults.err(), "no search, no progress");

		CommandLine.Run tuned = iosim("regression", "fit", "--data", training.toString(), "--target", "delay",
				"--technique", "mars", "--folds", "5", "--out", folder.resolve("mars.json").toString());
		assertEquals(0, tuned.exitCode(), tuned.toString());
		assertTrue(tuned.out().matches("(?s).*parameters   maxTermsForward=\\d+, maxTermsPruned=\\d+, minRsqImprovement=[0-9.]+"
				+ " \\(s3, \\d+ evaluations, .*"), tuned.out());
		assertTrue(tuned.err().matches("(  S3 on mars: iteration \\d+ of at most 10, \\d+ evaluations, \\d+:\\d\\d elapsed,"
				+ " about \\d+:\\d\\d left\n)+"), tuned.err());
		assertTrue(tuned.err().startsWith("  S3 on mars: iteration 1 of at most 10, "), tuned.err());

		CommandLine.Run quiet = iosim("regression", "fit", "--data", training.toString(), "--target", "delay",
				"--technique", "mars", "--folds", "5", "--quiet", "--out", folder.resolve("quiet.json").toString());
		assertEquals("", quiet.err());
		assertEquals(tuned.out().replaceAll("\\d+\\.\\d s\\)", ""), quiet.out().replace("quiet.json", "mars.json")
				.replaceAll("\\d+\\.\\d s\\)", ""), "progress changes nothing");
	}

	@Test
	void benchRowsBeyondItsRangeAreAUsageError() {
		// a full bench takes minutes (S3 over MARS), too long for a test: the speed figures are for people to read
		assertUserError(iosim("regression", "bench", "--rows", "5"), 2, "--rows must be between 22 and 1,000,000, got 5");
		assertUserError(iosim("regression", "bench", "--rows", "2000000000"), 2,
				"--rows must be between 22 and 1,000,000, got 2,000,000,000");
	}

	/** A stored regression model for reads and one for writes serve a virtualized storage (kind 'regression'). */
	@Test
	void storedModelsServeVirtualizedStorage() throws IOException {
		Path model = fitLinear();
		String configuration = Files.readString(CommandLine.example("minimal").resolve("shop-virtualized.ioconfig"))
				.replace("name=\"shop SAN contention\" kind=\"expression\"", "name=\"shop SAN regression\" kind=\"regression\"")
				.replace("<parameters name=\"delay\" value=\"0.004 + 0.001 * concurrency - 0.002 * readPattern\"/>",
						"<parameters name=\"readModel\" value=\"delay.json\"/><parameters name=\"writeModel\" value=\"delay.json\"/>");
		Path ioconfig = Files.writeString(folder.resolve("regression.ioconfig"), configuration);
		Path out = folder.resolve("results");
		CommandLine.Run run = iosim("simulate", CommandLine.example("minimal").toString(), "--io", ioconfig.toString(),
				"--out", out.toString(), "--max-measurements", "5000", "--quiet");
		assertEquals(0, run.exitCode(), run.toString());
		JsonNode reads = new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("io").get(0);
		double delay = reads.get("delay").get("mean").asDouble();
		double concurrency = reads.get("meanConcurrency").asDouble();
		// the storage serves with the fitted 2 ms + 0.5 ms per concurrent request (at least 1: the request itself)
		assertTrue(delay >= 0.0025 - 1e-9 && delay <= 0.002 + 0.0005 * (1 + 4 * concurrency), reads.toString());
	}

	/**
	 * The named data set of examples/regression (a measurement export of iosim measure) selects what
	 * its README shows, with the same table.
	 */
	@Test
	void theExampleDataSetSelectsWhatItsReadmeShows() throws IOException {
		Path data = CommandLine.example("storage-qpn").resolve("measured-2026-11-24-cache-raid.csv");
		Path model = folder.resolve("disk-delay.json");
		CommandLine.Run select = iosim("regression", "select", "--data", data.toString(), "--target", "delay",
				"--quiet", "--out", model.toString());
		assertEquals(0, select.exitCode(), select.toString());
		String readme = Files.readString(CommandLine.example("regression").resolve("README.md"));
		String table = readme.substring(readme.indexOf("```\ntechnique") + 4);
		table = table.substring(0, table.indexOf("```"));
		assertTrue(select.out().startsWith(table), "README:\n" + table + "run:\n" + select.out());
		assertEquals("lm-ia", new ObjectMapper().readTree(model.toFile()).get("technique").asText());
	}
}
