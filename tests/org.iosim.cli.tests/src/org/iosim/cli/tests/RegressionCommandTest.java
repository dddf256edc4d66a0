package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
	}

	@Test
	void badDataIsNamed() throws IOException {
		CommandLine.Run missing = iosim("regression", "fit", "--data", training.toString(), "--target", "latency",
				"--technique", "lm", "--out", folder.resolve("m.json").toString());
		assertEquals(1, missing.exitCode(), missing.toString());
		assertTrue(missing.err().contains("training.csv: no column named 'latency' for the target"), missing.err());

		Path text = Files.writeString(folder.resolve("text.csv"), "concurrency,delay\n1,0.1\n2,slow\n3,0.3\n");
		CommandLine.Run nonNumeric = iosim("regression", "fit", "--data", text.toString(), "--target", "delay",
				"--technique", "lm", "--folds", "2", "--out", folder.resolve("m.json").toString());
		assertEquals(1, nonNumeric.exitCode(), nonNumeric.toString());
		assertTrue(nonNumeric.err().contains("text.csv: row 3, column 2 ('delay'): 'slow' is not a number"), nonNumeric.err());

		CommandLine.Run unknown = iosim("regression", "fit", "--data", training.toString(), "--target", "delay",
				"--technique", "svm", "--out", folder.resolve("m.json").toString());
		assertEquals(2, unknown.exitCode(), unknown.toString());

		CommandLine.Run oneFold = iosim("regression", "fit", "--data", training.toString(), "--target", "delay",
				"--technique", "lm", "--folds", "1", "--out", folder.resolve("m.json").toString());
		assertEquals(2, oneFold.exitCode(), oneFold.toString());
		assertTrue(oneFold.err().contains("--folds must be at least 2, got 1"), oneFold.err());
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
}
