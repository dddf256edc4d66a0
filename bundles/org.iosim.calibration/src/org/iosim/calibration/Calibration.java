package org.iosim.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.regression.CrossValidation;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Folds;
import org.iosim.analysis.regression.ModelSelection;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.measure.MeasuredDelay;
import org.iosim.pcm.io.IoType;

/**
 * Turns storage measurements into I/O analysis models (001 §9.4): for reads and for writes, model
 * selection over every regression technique on one fold partition with S3 tuning of the promising
 * ones, the winner refitted on all training rows. The models learn the logarithm of the delay, so
 * that the fit and the selection weigh relative errors (the dissertation's metric, Eq. 9.2) rather
 * than the absolute errors of the slowest configurations. Rows of test plans are kept out of the training
 * and only predicted, to estimate the error on configurations the model has not seen.
 */
public final class Calibration {

	/**
	 * The analysis model inputs the models may use: those of the dissertation (Sect. 8.3.2). Inputs that
	 * one value covers in all training rows are left out, since they cannot be learnt.
	 */
	public static final List<WorkloadInput> CANDIDATE_FEATURES = List.of(WorkloadInput.CONCURRENCY,
			WorkloadInput.MEAN_READ_SIZE, WorkloadInput.MEAN_WRITE_SIZE, WorkloadInput.READ_PATTERN,
			WorkloadInput.WRITE_PATTERN, WorkloadInput.READ_RATIO, WorkloadInput.FILE_SET_SIZE, WorkloadInput.SYNCHRONOUS);

	/**
	 * What a calibration is asked to do.
	 *
	 * @param name      the analysis model's name
	 * @param folds     cross-validation folds
	 * @param seed      seeds the fold partition
	 * @param testPlans plans whose rows only test the models
	 */
	public record Settings(String name, int folds, long seed, List<String> testPlans) {
		public Settings {
			testPlans = List.copyOf(testPlans);
		}
	}

	/**
	 * The model of one request type.
	 *
	 * @param type        reads or writes
	 * @param training    the rows it learnt from
	 * @param data        those rows as the regression saw them (the target is the logarithm of the delay)
	 * @param selection   the model selection
	 * @param heldOut     every training row's delay predicted by the model fitted without its fold
	 * @param model       the selected model refitted on all training rows
	 * @param test        rows of test plans
	 * @param predictions the model's predictions of the test rows
	 */
	public record TypeModel(IoType type, List<MeasuredDelay> training, Dataset data, ModelSelection.Outcome selection,
			double[] heldOut, StoredModel model, List<MeasuredDelay> test, List<StoredModel.Prediction> predictions) {

		/** @return the name the stored model file gets, e.g. "read-delay" */
		public String fileStem() {
			return type == IoType.READ ? "read-delay" : "write-delay";
		}

		/** @return each training row's relative error, predicted by the model fitted without its fold */
		public double[] heldOutErrors() {
			double[] errors = new double[training.size()];
			for (int row = 0; row < errors.length; row++) {
				errors[row] = relativeError(training.get(row).meanDelay(), heldOut[row]);
			}
			return errors;
		}

		/** @return the mean of {@link #heldOutErrors} */
		public double heldOutError() {
			return java.util.Arrays.stream(heldOutErrors()).average().orElse(Double.NaN);
		}

		/**
		 * @return the mean relative error a perfect model would have on the training rows, given their
		 *         repetitions' noise ({@link MeasuredDelay#noiseFloor}); NaN without repetitions
		 */
		public double heldOutNoiseFloor() {
			return MeasuredDelay.noiseFloor(training);
		}

		/** @return as {@link #heldOutNoiseFloor}, for the test rows; absent without test rows */
		public Optional<Double> testNoiseFloor() {
			return test.isEmpty() ? Optional.empty() : Optional.of(MeasuredDelay.noiseFloor(test));
		}

		/** @return the mean relative error over the test rows, absent without test rows */
		public Optional<Double> testError() {
			if (test.isEmpty()) {
				return Optional.empty();
			}
			double sum = 0;
			for (int row = 0; row < test.size(); row++) {
				sum += relativeError(test.get(row).meanDelay(), predictions.get(row).value());
			}
			return Optional.of(sum / test.size());
		}
	}

	/** A calibration: the settings and the models of reads and writes. */
	public record Result(Settings settings, TypeModel reads, TypeModel writes) {
		public List<TypeModel> models() {
			return List.of(reads, writes);
		}
	}

	/** What a calibration reports while it runs. */
	public interface Listener {
		/** Before the selection of one type's model; the returned listener follows it. */
		ModelSelection.Listener selecting(IoType type);
	}

	private Calibration() {
	}

	/** |measured - predicted| / measured, the error metric of Eq. 9.2 */
	public static double relativeError(double measured, double predicted) {
		return Math.abs((measured - predicted) / measured);
	}

	/**
	 * @param rows measured delays of one I/O mode (buffered or direct)
	 * @throws CalibrationException if the rows cannot give models (too few, a type missing, a test
	 *                              plan unknown, or no technique fits)
	 */
	public static Result calibrate(List<MeasuredDelay> rows, Settings settings, Listener listener)
			throws CalibrationException {
		for (String plan : settings.testPlans()) {
			if (rows.stream().noneMatch(row -> row.plan().equals(plan))) {
				throw new CalibrationException("no measurements of the test plan '" + plan + "'");
			}
		}
		return new Result(settings, typeModel(rows, IoType.READ, settings, listener),
				typeModel(rows, IoType.WRITE, settings, listener));
	}

	private static TypeModel typeModel(List<MeasuredDelay> rows, IoType type, Settings settings, Listener listener)
			throws CalibrationException {
		String typeName = type == IoType.READ ? "reads" : "writes";
		List<MeasuredDelay> training = new ArrayList<>();
		List<MeasuredDelay> test = new ArrayList<>();
		for (MeasuredDelay row : rows) {
			if (row.type() == type) {
				(settings.testPlans().contains(row.plan()) ? test : training).add(row);
			}
		}
		if (training.size() < Math.max(settings.folds(), 2) || training.size() < 10) {
			throw new CalibrationException(String.format(Locale.ROOT,
					"%d measured configurations with %s to learn from; a calibration needs at least %d (measure a plan with"
							+ " more configurations%s)", training.size(), typeName, Math.max(10, settings.folds()),
					type == IoType.WRITE ? " and read ratios below 1" : " and read ratios above 0"));
		}
		long withoutDelay = Stream.concat(training.stream(), test.stream()).filter(row -> !(row.meanDelay() > 0)).count();
		if (withoutDelay > 0) {
			// ln(0) would reach the techniques as -Infinity, whose complaint lists every value
			throw new CalibrationException(String.format(Locale.ROOT, "%s of the %d measured configurations with %s have"
					+ " a mean delay of 0, which a calibration (of ln(delay)) cannot use; measure them again",
					withoutDelay == training.size() + test.size() ? "all" : String.valueOf(withoutDelay),
					training.size() + test.size(), typeName));
		}
		List<WorkloadInput> features = varying(training);
		if (features.isEmpty()) {
			throw new CalibrationException("every configuration with " + typeName + " is the same; nothing to learn");
		}
		double[][] x = new double[training.size()][];
		double[] y = new double[training.size()];
		for (int row = 0; row < training.size(); row++) {
			x[row] = values(training.get(row), features);
			// delays span orders of magnitude: in logarithms, the fit weighs every configuration's relative error alike
			y[row] = Math.log(training.get(row).meanDelay());
		}
		Dataset data = new Dataset("measured " + typeName, features.stream().map(WorkloadInput::inputName).toList(),
				MeasuredDelay.TARGET, x, y);
		Folds folds = Folds.of(data.size(), settings.folds(), settings.seed());
		ModelSelection.Outcome selection;
		try {
			selection = ModelSelection.select(data, folds, listener.selecting(type));
		} catch (RegressionInputException unfittable) {
			throw new CalibrationException(unfittable.getMessage());
		}
		ModelSelection.Tuned selected = selection.selected();
		double[] heldOut = CrossValidation.heldOutPredictions(selected.technique(), data, selected.parameters(), folds);
		for (int row = 0; row < heldOut.length; row++) {
			heldOut[row] = Math.exp(heldOut[row]);
		}
		StoredModel model = selected.refit(data).ofLogTarget();
		List<StoredModel.Prediction> predictions = new ArrayList<>();
		for (MeasuredDelay row : test) {
			predictions.add(model.predict(values(row, features)));
		}
		return new TypeModel(type, training, data, selection, heldOut, model, test, predictions);
	}

	private static List<WorkloadInput> varying(List<MeasuredDelay> rows) {
		List<WorkloadInput> varying = new ArrayList<>();
		for (WorkloadInput input : CANDIDATE_FEATURES) {
			double first = rows.get(0).workload().inputs(rows.get(0).type()).get(input);
			if (rows.stream().anyMatch(row -> row.workload().inputs(row.type()).get(input) != first)) {
				varying.add(input);
			}
		}
		return varying;
	}

	private static double[] values(MeasuredDelay row, List<WorkloadInput> features) {
		var inputs = row.workload().inputs(row.type());
		return features.stream().mapToDouble(inputs::get).toArray();
	}
}
