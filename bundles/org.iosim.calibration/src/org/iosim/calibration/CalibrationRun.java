package org.iosim.calibration;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.iosim.analysis.regression.ModelSelection;
import org.iosim.analysis.regression.Optimizer;
import org.iosim.analysis.regression.Technique;
import org.iosim.files.FileProblems;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.pcm.io.IoType;
import org.iosim.report.OutputFolder;
import org.iosim.report.OutputFolderException;

/**
 * A whole calibration as {@code iosim calibrate} and the workbench's calibration launch run it: checks
 * that the output folder can be written, reads the measurement database, keeps the chosen plans and
 * I/O mode, calibrates reads and then writes ({@link Calibration}) and writes the output folder
 * ({@link CalibrationFolder}). It tells a {@link Listener} each step and each evaluation of the model
 * selection, and asks it between them whether to stop: a cancelled run writes nothing.
 */
public final class CalibrationRun {

	/** The runs a model learns from: a model learns one I/O mode. */
	public enum IoMode {
		BUFFERED, DIRECT;

		/** @return "buffered" or "direct", as the command line and the launch name them */
		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}

		/** @return the mode of that label, or null for another text */
		public static IoMode ofLabel(String label) {
			for (IoMode mode : values()) {
				if (mode.label().equals(label)) {
					return mode;
				}
			}
			return null;
		}
	}

	/**
	 * What to calibrate.
	 *
	 * @param database         a measurement database written by {@code iosim measure}
	 * @param output           the output folder, written completely or not at all
	 * @param overwrite        whether an existing folder IOSim wrote may be replaced
	 * @param name             the analysis model's name
	 * @param systemUnderStudy the systemUnderStudy feature of the model; null for its name
	 * @param ioMode           the runs to learn from; null when the database holds one mode only
	 * @param plans            the plans to learn from; empty for every plan but the test plans
	 * @param testPlans        plans whose configurations only test the models
	 * @param folds            cross-validation folds
	 * @param seed             seeds the fold partition
	 */
	public record Request(Path database, Path output, boolean overwrite, String name, String systemUnderStudy,
			IoMode ioMode, List<String> plans, List<String> testPlans, int folds, long seed) {
		public Request {
			plans = List.copyOf(plans);
			testPlans = List.copyOf(testPlans);
		}

		/** @return the systemUnderStudy feature the model gets */
		public String systemUnderStudyOrName() {
			return systemUnderStudy != null ? systemUnderStudy : name;
		}
	}

	/**
	 * What a finished run gives.
	 *
	 * @param result the calibration
	 * @param folder the absolute output folder it was written to
	 */
	public record Outcome(Calibration.Result result, Path folder) {
		/** @return the calibration report in the output folder */
		public Path report() {
			return folder.resolve(CalibrationFolder.REPORT);
		}
	}

	/** What a run reports while it works, and whether it should stop. */
	public interface Listener {
		Listener NONE = new Listener() {
		};

		/**
		 * Before one type's model selection; the returned listener follows it.
		 *
		 * @param step   "calibrate reads" or "calibrate writes"
		 * @param number 1 for reads, 2 for writes
		 * @param total  2
		 */
		default ModelSelection.Listener selecting(String step, int number, int total) {
			return ModelSelection.Listener.NONE;
		}

		/** Asked before each step and after each cross-validation and tuning evaluation. */
		default boolean isCancelled() {
			return false;
		}
	}

	/** The steps a run reports, reads first. */
	public static final List<String> STEPS = List.of("calibrate reads", "calibrate writes");

	/** Leaves the model selection when the listener asks to stop; turned into a {@link CalibrationCancelledException}. */
	private static final class Stop extends RuntimeException {
		private static final long serialVersionUID = 1L;

		Stop() {
			super(null, null, false, false);
		}
	}

	private CalibrationRun() {
	}

	/**
	 * @throws CalibrationException          if the database cannot be read or calibrated, or the output folder
	 *                                       cannot be written; the message names the file and says why
	 * @throws CalibrationCancelledException if the listener asked to stop; nothing was written then
	 */
	public static Outcome run(Request request, Listener listener) throws CalibrationException, CalibrationCancelledException {
		if (request.folds() < 2) {
			throw new CalibrationException("folds must be at least 2, got " + request.folds());
		}
		try {
			OutputFolder.requireUsable(request.output(), request.overwrite(), List.of(request.database()));
		} catch (OutputFolderException refused) {
			throw new CalibrationException(refused.getMessage());
		} catch (IOException unusable) {
			throw new CalibrationException("cannot write " + request.output() + ": " + FileProblems.reason(unusable));
		}
		List<MeasuredDelay> rows;
		try (MeasurementDatabase opened = MeasurementDatabase.open(request.database(), false)) {
			rows = MeasuredDelay.of(opened.runs());
		} catch (MeasurementException unusable) {
			throw new CalibrationException(unusable.getMessage());
		}
		rows = selected(rows, request);
		Calibration.Result result;
		try {
			result = Calibration.calibrate(rows,
					new Calibration.Settings(request.name(), request.folds(), request.seed(), request.testPlans()),
					type -> {
						int number = type == IoType.READ ? 1 : 2;
						stopIfCancelled(listener);
						return cancellable(listener.selecting(STEPS.get(number - 1), number, STEPS.size()), listener);
					});
		} catch (Stop stopped) {
			throw new CalibrationCancelledException();
		} catch (CalibrationException unusable) {
			throw new CalibrationException(request.database() + ": " + unusable.getMessage());
		}
		// the last chance to stop: once the folder is being written, it is written completely
		if (listener.isCancelled()) {
			throw new CalibrationCancelledException();
		}
		try {
			return new Outcome(result,
					CalibrationFolder.write(result, request.systemUnderStudyOrName(), request.output(), request.overwrite()));
		} catch (OutputFolderException refused) {
			throw new CalibrationException(refused.getMessage());
		} catch (IOException failed) {
			throw new CalibrationException("cannot write " + request.output() + ": " + FileProblems.reason(failed));
		}
	}

	/** The rows of the chosen plans and I/O mode. */
	private static List<MeasuredDelay> selected(List<MeasuredDelay> rows, Request request) throws CalibrationException {
		Set<String> known = new TreeSet<>();
		rows.forEach(row -> known.add(row.plan()));
		List<String> named = new ArrayList<>(request.plans());
		named.addAll(request.testPlans());
		for (String plan : named) {
			if (!known.contains(plan)) {
				throw new CalibrationException(request.database() + ": no plan '" + plan + "' (it holds "
						+ (known.isEmpty() ? "no measurements" : String.join(", ", known)) + ")");
			}
		}
		List<MeasuredDelay> chosen = rows.stream().filter(row -> request.plans().isEmpty()
				|| request.plans().contains(row.plan()) || request.testPlans().contains(row.plan())).toList();
		Set<Boolean> modes = new TreeSet<>();
		chosen.forEach(row -> modes.add(row.workload().direct()));
		if (request.ioMode() == null && modes.size() > 1) {
			throw new CalibrationException(request.database() + " holds buffered and direct runs; choose the I/O"
					+ " mode of the application to model with --io buffered or --io direct");
		}
		boolean direct = request.ioMode() == IoMode.DIRECT;
		return request.ioMode() == null ? chosen : chosen.stream().filter(row -> row.workload().direct() == direct).toList();
	}

	private static void stopIfCancelled(Listener listener) {
		if (listener.isCancelled()) {
			throw new Stop();
		}
	}

	/** Passes the selection's progress on and stops it between evaluations once the listener asks to. */
	private static ModelSelection.Listener cancellable(ModelSelection.Listener follower, Listener listener) {
		return new ModelSelection.Listener() {
			@Override
			public void crossValidated(int done, int total) {
				follower.crossValidated(done, total);
				stopIfCancelled(listener);
			}

			@Override
			public Optimizer.Listener tuning(Technique technique, int index, int count) {
				stopIfCancelled(listener);
				Optimizer.Listener search = follower.tuning(technique, index, count);
				return progress -> {
					search.evaluated(progress);
					stopIfCancelled(listener);
				};
			}
		};
	}
}
