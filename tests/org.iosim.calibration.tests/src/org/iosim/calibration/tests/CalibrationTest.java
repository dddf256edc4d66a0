package org.iosim.calibration.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.regression.ModelSelection;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.calibration.Calibration;
import org.iosim.calibration.CalibrationException;
import org.iosim.calibration.CalibrationFolder;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.StorageWorkload;
import org.iosim.pcm.io.IoType;
import org.iosim.report.OutputFolderException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calibration on delays drawn from a known storage law with 2 % noise: the selected models must
 * recover the law on configurations they did not learn from, and the output folder must hold what
 * a simulation needs.
 */
class CalibrationTest {

	@TempDir
	Path folder;

	/** Service time grows with the request size, waiting with the other threads; writes are cheaper. */
	private static double law(StorageWorkload workload, IoType type) {
		double service = (type == IoType.READ ? 40e-6 : 10e-6) + workload.requestSize() / (type == IoType.READ ? 4e8 : 1e9);
		return service * (1 + 0.6 * (workload.concurrency() - 1)) * (workload.sequential() ? 0.7 : 1);
	}

	private static List<MeasuredDelay> measured(String plan, int configurations, long seed) {
		Random random = new Random(seed);
		List<MeasuredDelay> rows = new ArrayList<>();
		for (int configuration = 0; configuration < configurations; configuration++) {
			StorageWorkload workload = new StorageWorkload(512L << random.nextInt(8), random.nextInt(11) / 10.0,
					random.nextBoolean(), 64 << 20, 1 + random.nextInt(16), 1, false);
			for (IoType type : List.of(IoType.READ, IoType.WRITE)) {
				if (workload.issues(type)) {
					double delay = law(workload, type);
					rows.add(new MeasuredDelay(plan, configuration, workload, type,
							List.of(delay * (1 + 0.02 * random.nextGaussian()), delay * (1 + 0.02 * random.nextGaussian()))));
				}
			}
		}
		return rows;
	}

	private static Calibration.Result calibrate(List<MeasuredDelay> rows, String name) throws CalibrationException {
		List<String> testPlans = rows.stream().anyMatch(row -> row.plan().equals("test")) ? List.of("test") : List.of();
		return Calibration.calibrate(rows, new Calibration.Settings(name, 5, 1, testPlans),
				type -> ModelSelection.Listener.NONE);
	}

	@Test
	void selectedModelsPredictUnseenConfigurations() throws Exception {
		List<MeasuredDelay> rows = new ArrayList<>(measured("train", 80, 1));
		rows.addAll(measured("test", 20, 2));
		Calibration.Result result = calibrate(rows, "law");
		for (Calibration.TypeModel model : result.models()) {
			assertEquals(List.of("concurrency", "meanReadSize", "meanWriteSize", "readPattern", "writePattern", "readRatio"),
					model.model().features(), "fileSetSize is the same everywhere, so it is left out");
			assertTrue(model.test().size() >= 10);
			assertTrue(model.testError().orElseThrow() < 0.15,
					model.type() + ": test error " + model.testError().get() + " with " + model.model().technique());
			assertEquals(model.training().size(), model.heldOut().length);
		}
	}

	@Test
	void theFolderHoldsADefinitionThatFindsItsModels() throws Exception {
		List<MeasuredDelay> rows = new ArrayList<>(measured("train", 40, 3));
		rows.addAll(measured("test", 5, 4));
		Calibration.Result result = calibrate(rows, "disk <b>&</b>");
		Path out = CalibrationFolder.write(result, "this machine", folder.resolve("out"), false);
		List<ModelDefinition> definitions = AnalysisModelRegistry.loadStored(out);
		assertEquals(1, definitions.size());
		ModelDefinition definition = definitions.get(0);
		assertEquals("disk <b>&</b>", definition.name());
		assertEquals("regression", definition.kind());
		assertEquals("this machine", definition.features().getSystemUnderStudy());
		for (Calibration.TypeModel model : result.models()) {
			String parameter = model.type() == IoType.READ ? "readModel" : "writeModel";
			StoredModel stored = StoredModel.load(definition.resolve(definition.parameter(parameter).orElseThrow()));
			double[] row = model.data().x()[0];
			assertEquals(model.model().predict(row).value(), stored.predict(row).value(), 1e-12);
		}
		String report = Files.readString(out.resolve(CalibrationFolder.REPORT));
		assertTrue(report.contains("Calibration of &#39;disk &lt;b&gt;&amp;&lt;/b&gt;&#39;")
				|| report.contains("Calibration of 'disk &lt;b&gt;&amp;&lt;/b&gt;'"), "the name is escaped");
		assertFalse(report.contains("<b>&</b>"));
		for (String section : List.of("Reads delay", "Writes delay", "Held-out error by parameter",
				"Configurations outside the training ranges", "<svg", "selected technique", "test mean relative error",
				"noise floor: a perfect model", "noise floor of the test configurations",
				"Each configuration: measured interval and prediction", "95 % interval")) {
			assertTrue(report.contains(section), section);
		}
		List<String> csv = Files.readAllLines(out.resolve(CalibrationFolder.DATA));
		assertEquals(rows.size() + 1, csv.size());
	}

	/** Two repetitions 1 s and 3 s: mean 2 s, standard error 1 s, t(1) = 12.706. */
	@Test
	void aConfigurationsIntervalAndNoiseFloorFollowFromItsRepetitions() {
		MeasuredDelay two = new MeasuredDelay("p", 0, new StorageWorkload(4096, 1, false, 64 << 20, 1, 1, false),
				IoType.READ, List.of(1.0, 3.0));
		assertEquals(12.706, two.halfWidth95(), 1e-3);
		assertEquals(Math.sqrt(2 / Math.PI) / 2, two.noiseFloor(), 1e-12);
		MeasuredDelay one = new MeasuredDelay("p", 1, two.workload(), IoType.READ, List.of(1.0));
		assertTrue(Double.isNaN(one.halfWidth95()) && Double.isNaN(one.noiseFloor()), "one repetition says nothing");
		assertEquals(two.noiseFloor(), MeasuredDelay.noiseFloor(List.of(one, two)), 1e-12);
	}

	/**
	 * The noise floor is what its name says: a perfect model, predicting each configuration's true
	 * delay, errs on the noisy measured means by about the floor on average (400 configurations of
	 * 5 repetitions with 3 % normal noise).
	 */
	@Test
	void aPerfectModelErrsByTheNoiseFloor() {
		Random random = new Random(7);
		List<MeasuredDelay> rows = new ArrayList<>();
		double perfectModelsError = 0;
		for (int configuration = 0; configuration < 400; configuration++) {
			double truth = 1e-3 * (1 + random.nextInt(50));
			List<Double> delays = new ArrayList<>();
			for (int repetition = 0; repetition < 5; repetition++) {
				delays.add(truth * (1 + 0.03 * random.nextGaussian()));
			}
			MeasuredDelay row = new MeasuredDelay("p", configuration, new StorageWorkload(4096, 1, false, 64 << 20, 1, 1,
					false), IoType.READ, delays);
			rows.add(row);
			perfectModelsError += Calibration.relativeError(row.meanDelay(), truth) / 400;
		}
		double floor = MeasuredDelay.noiseFloor(rows);
		assertEquals(Math.sqrt(2 / Math.PI) * 0.03 / Math.sqrt(5), perfectModelsError, 0.1 * perfectModelsError);
		assertEquals(perfectModelsError, floor, 0.15 * perfectModelsError);
	}

	@Test
	void anExistingFolderIsNotReplacedUnlessAsked() throws Exception {
		Calibration.Result result = calibrate(measured("train", 30, 5), "x");
		Path out = Files.createDirectories(folder.resolve("results"));
		Path precious = Files.writeString(out.resolve("notes.txt"), "mine");
		assertThrows(OutputFolderException.class, () -> CalibrationFolder.write(result, "x", out, false));
		assertEquals("mine", Files.readString(precious));
		assertThrows(OutputFolderException.class, () -> CalibrationFolder.write(result, "x", out, true),
				"--overwrite never removes a file IOSim did not write");
		assertEquals("mine", Files.readString(precious));
		Files.delete(precious);
		CalibrationFolder.write(result, "x", out, false);
		Files.writeString(out.resolve(CalibrationFolder.REPORT), "an earlier report");
		CalibrationFolder.write(result, "x", out, true);
		assertTrue(Files.readString(out.resolve(CalibrationFolder.REPORT)).contains("<svg"), "a folder IOSim wrote is replaced");
	}

	@Test
	void tooFewOrOneSidedMeasurementsSayWhatToMeasure() throws IOException {
		List<MeasuredDelay> readsOnly = measured("train", 200, 6).stream()
				.filter(row -> row.workload().readRatio() == 1).toList();
		CalibrationException error = assertThrows(CalibrationException.class, () -> calibrate(readsOnly, "x"));
		assertTrue(error.getMessage().contains("with writes to learn from")
				&& error.getMessage().contains("read ratios below 1"), error.getMessage());
		error = assertThrows(CalibrationException.class,
				() -> Calibration.calibrate(measured("train", 30, 7), new Calibration.Settings("x", 5, 1, List.of("nope")),
						type -> ModelSelection.Listener.NONE));
		assertTrue(error.getMessage().contains("no measurements of the test plan 'nope'"), error.getMessage());
	}

	@Test
	void delaysOfZeroAreRefusedInOneShortSentence() {
		List<MeasuredDelay> zero = measured("train", 30, 8).stream().map(row -> new MeasuredDelay(row.plan(),
				row.configuration(), row.workload(), row.type(), List.of(0.0, 0.0))).toList();
		long reads = zero.stream().filter(row -> row.type() == IoType.READ).count();
		CalibrationException error = assertThrows(CalibrationException.class, () -> calibrate(zero, "x"));
		assertEquals("all of the " + reads + " measured configurations with reads have a mean delay of 0, which a"
				+ " calibration (of ln(delay)) cannot use; measure them again", error.getMessage());

		List<MeasuredDelay> someZero = new ArrayList<>(measured("train", 30, 9));
		MeasuredDelay first = someZero.get(0);
		someZero.set(0, new MeasuredDelay(first.plan(), first.configuration(), first.workload(), first.type(),
				List.of(0.0, 0.0)));
		error = assertThrows(CalibrationException.class, () -> calibrate(someZero, "x"));
		assertTrue(error.getMessage().startsWith("1 of the "), error.getMessage());
	}
}
