package org.iosim.calibration.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.iosim.analysis.regression.ModelSelection;
import org.iosim.analysis.regression.Optimizer;
import org.iosim.analysis.regression.Technique;
import org.iosim.calibration.Calibration;
import org.iosim.calibration.CalibrationCancelledException;
import org.iosim.calibration.CalibrationException;
import org.iosim.calibration.CalibrationFolder;
import org.iosim.calibration.CalibrationRun;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.measure.StorageWorkload;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calibration as a whole, from a measurement database to the output folder: what it gives is what
 * {@link Calibration} gives on the database's rows, it reports its steps and evaluations, refuses
 * what it cannot use with the file's name and the reason, and a cancelled run writes nothing.
 */
class CalibrationRunTest {

	@TempDir
	Path folder;

	/**
	 * A database as {@code iosim measure} leaves it, with the figures of a storage law instead of fio's:
	 * a latin hypercube of the plan's configurations, two repetitions each with 2 % noise.
	 */
	private Path database(String... plansAndPoints) throws Exception {
		Path db = folder.resolve("measured.db");
		Random noise = new Random(11);
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			for (int index = 0; index < plansAndPoints.length; index += 2) {
				String plan = plansAndPoints[index];
				Path file = Files.writeString(folder.resolve(plan + ".json"), """
						{"name": "%s", "design": "latin-hypercube", "points": %s, "seed": %d, "repetitions": 2,
						 "warmup": 0, "duration": 1, "factors": {"requestSize": {"min": "4 KiB", "max": "256 KiB", "scale": "log"},
						 "readRatio": {"min": 0.2, "max": 0.8}, "concurrency": {"min": 1, "max": 8}, "io": %s,
						 "fileSetSize": "64 MiB"}}""".formatted(plan, plansAndPoints[index + 1], index + 1,
						plan.startsWith("mixed") ? "[\"buffered\", \"direct\"]" : "[\"buffered\"]"));
				MeasurementPlan loaded = MeasurementPlan.load(file);
				long id = database.plan(loaded, loaded.runs().size(), "computed", null);
				for (PlannedRun run : loaded.runs()) {
					database.record(id, run, new RunResult(latencies(run.workload(), IoType.READ, noise),
							latencies(run.workload(), IoType.WRITE, noise), 1, "{\"computed\": true}"));
				}
			}
		}
		return db;
	}

	/** Service time grows with the request size, waiting with the other threads; writes are cheaper. */
	private static Optional<Latencies> latencies(StorageWorkload workload, IoType type, Random noise) {
		if (!workload.issues(type)) {
			return Optional.empty();
		}
		double mean = ((type == IoType.READ ? 40e-6 : 10e-6) + workload.requestSize() / (type == IoType.READ ? 4e8 : 1e9))
				* (1 + 0.6 * (workload.concurrency() - 1)) * (1 + 0.02 * noise.nextGaussian());
		return Optional.of(new Latencies(1000, 1 / mean, workload.requestSize() / mean, mean, mean, mean, mean));
	}

	private CalibrationRun.Request request(Path db, String out, CalibrationRun.IoMode mode, List<String> plans,
			List<String> testPlans) {
		return new CalibrationRun.Request(db, folder.resolve(out), false, "computed disk", null, mode, plans, testPlans, 4,
				1);
	}

	@Test
	void theRunWritesWhatCalibratingTheDatabasesRowsGivesAndReportsEachStep() throws Exception {
		Path db = database("train", "30", "check", "8");
		List<String> events = new ArrayList<>();
		CalibrationRun.Outcome outcome = CalibrationRun.run(request(db, "model", null, List.of(), List.of("check")),
				new CalibrationRun.Listener() {
					@Override
					public ModelSelection.Listener selecting(String step, int number, int total) {
						events.add(step + " " + number + "/" + total);
						return new ModelSelection.Listener() {
							@Override
							public void crossValidated(int done, int total) {
								events.add("cross-validated " + done + "/" + total);
							}

							@Override
							public Optimizer.Listener tuning(Technique technique, int index, int count) {
								events.add("tuning " + index + "/" + count);
								return progress -> events.add("evaluated");
							}
						};
					}
				});
		assertEquals(List.of("calibrate reads 1/2", "calibrate writes 2/2"),
				events.stream().filter(event -> event.startsWith("calibrate")).toList());
		int techniques = ModelSelection.SIMPLEST_FIRST.size();
		assertEquals("cross-validated " + techniques + "/" + techniques, events.get(techniques));
		assertTrue(events.contains("tuning 3/3") && events.contains("evaluated"), events::toString);

		List<MeasuredDelay> rows;
		try (MeasurementDatabase opened = MeasurementDatabase.open(db, false)) {
			rows = MeasuredDelay.of(opened.runs());
		}
		Calibration.Result direct = Calibration.calibrate(rows, new Calibration.Settings("computed disk", 4, 1,
				List.of("check")), type -> ModelSelection.Listener.NONE);
		for (int type = 0; type < 2; type++) {
			Calibration.TypeModel run = outcome.result().models().get(type);
			Calibration.TypeModel expected = direct.models().get(type);
			assertEquals(expected.selection().selected().technique().id(), run.selection().selected().technique().id());
			assertEquals(expected.selection().selected().parameters(), run.selection().selected().parameters());
			assertArrayEquals(expected.heldOut(), run.heldOut(), 0.0);
			assertEquals(expected.testError(), run.testError());
			assertEquals(8, run.test().size(), "the check plan's configurations test the model");
		}
		assertEquals(folder.resolve("model").toAbsolutePath(), outcome.folder());
		assertTrue(Files.isRegularFile(outcome.report()) && outcome.report().endsWith(CalibrationFolder.REPORT));
		for (String file : List.of("computed_disk.json", CalibrationFolder.DATA, "models/read-delay.json",
				"models/write-delay.json")) {
			assertTrue(Files.isRegularFile(outcome.folder().resolve(file)), file);
		}
		assertTrue(Files.readString(outcome.folder().resolve("computed_disk.json")).contains(
				"\"systemUnderStudy\" : \"computed disk\""), "without a system under study, the name stands for it");
	}

	@Test
	void aCancelAfterTheFirstProgressEndsTheRunWithoutWritingTheFolder() throws Exception {
		Path db = database("train", "30");
		AtomicBoolean cancelled = new AtomicBoolean();
		List<String> after = new ArrayList<>();
		CalibrationRun.Listener cancelAtFirstProgress = new CalibrationRun.Listener() {
			@Override
			public ModelSelection.Listener selecting(String step, int number, int total) {
				return new ModelSelection.Listener() {
					@Override
					public void crossValidated(int done, int total) {
						if (cancelled.get()) {
							after.add("cross-validated " + done);
						}
						cancelled.set(true);
					}

					@Override
					public Optimizer.Listener tuning(Technique technique, int index, int count) {
						after.add("tuning " + technique.id());
						return Optimizer.Listener.NONE;
					}
				};
			}

			@Override
			public boolean isCancelled() {
				return cancelled.get();
			}
		};
		assertThrows(CalibrationCancelledException.class,
				() -> CalibrationRun.run(request(db, "model", null, List.of(), List.of()), cancelAtFirstProgress));
		assertTrue(after.isEmpty(), () -> "the run stopped at the first progress, yet went on: " + after);
		assertFalse(Files.exists(folder.resolve("model")));
		try (Stream<Path> left = Files.list(folder)) {
			assertEquals(List.of("measured.db", "train.json"),
					left.map(path -> path.getFileName().toString()).sorted().toList(), "no staging folder either");
		}
	}

	/** Halfway: at the first evaluation of the first S3 search over reads, not one more evaluation follows. */
	@Test
	void aCancelDuringATuningSearchStopsItAtTheNextEvaluation() throws Exception {
		Path db = database("train", "30");
		AtomicBoolean cancelled = new AtomicBoolean();
		List<String> events = new ArrayList<>();
		CalibrationRun.Listener cancelAtFirstEvaluation = new CalibrationRun.Listener() {
			@Override
			public ModelSelection.Listener selecting(String step, int number, int total) {
				events.add(step);
				return new ModelSelection.Listener() {
					@Override
					public Optimizer.Listener tuning(Technique technique, int index, int count) {
						return progress -> {
							events.add("evaluation " + progress.evaluations());
							cancelled.set(true);
						};
					}
				};
			}

			@Override
			public boolean isCancelled() {
				return cancelled.get();
			}
		};
		assertThrows(CalibrationCancelledException.class,
				() -> CalibrationRun.run(request(db, "model", null, List.of(), List.of()), cancelAtFirstEvaluation));
		assertEquals(List.of("calibrate reads", "evaluation 1"), events);
		assertFalse(Files.exists(folder.resolve("model")));
	}

	@Test
	void whatCannotBeCalibratedIsRefusedNamingTheDatabaseAndNothingIsWritten() throws Exception {
		Path db = database("train", "30", "mixed", "16");
		CalibrationException error = assertThrows(CalibrationException.class,
				() -> CalibrationRun.run(request(db, "a", null, List.of("nope"), List.of()), CalibrationRun.Listener.NONE));
		assertEquals(db + ": no plan 'nope' (it holds mixed, train)", error.getMessage());

		error = assertThrows(CalibrationException.class,
				() -> CalibrationRun.run(request(db, "b", null, List.of(), List.of()), CalibrationRun.Listener.NONE));
		assertTrue(error.getMessage().startsWith(db + " holds buffered and direct runs"), error.getMessage());

		error = assertThrows(CalibrationException.class, () -> CalibrationRun.run(
				request(db, "c", CalibrationRun.IoMode.DIRECT, List.of(), List.of()), CalibrationRun.Listener.NONE));
		assertTrue(error.getMessage().startsWith(db + ": ") && error.getMessage().contains("with reads to learn from"),
				"the mixed plan's dozen direct runs are too few: " + error.getMessage());

		Path missing = folder.resolve("none.db");
		error = assertThrows(CalibrationException.class, () -> CalibrationRun.run(
				request(missing, "d", null, List.of(), List.of()), CalibrationRun.Listener.NONE));
		assertTrue(error.getMessage().contains("none.db: no such measurement database"), error.getMessage());

		error = assertThrows(CalibrationException.class, () -> CalibrationRun.run(new CalibrationRun.Request(db,
				folder.resolve("e"), false, "x", null, null, List.of(), List.of(), 1, 1), CalibrationRun.Listener.NONE));
		assertEquals("folds must be at least 2, got 1", error.getMessage());
		for (String out : List.of("a", "b", "c", "d", "e")) {
			assertFalse(Files.exists(folder.resolve(out)), out);
		}

		CalibrationRun.Outcome buffered = CalibrationRun.run(
				request(db, "f", CalibrationRun.IoMode.BUFFERED, List.of(), List.of()), CalibrationRun.Listener.NONE);
		assertTrue(buffered.result().models().stream().allMatch(model -> model.training().stream()
				.noneMatch(row -> row.workload().direct())), "--io buffered leaves the direct runs out");
	}
}
