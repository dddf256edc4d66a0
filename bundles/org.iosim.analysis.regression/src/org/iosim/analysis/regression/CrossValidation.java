package org.iosim.analysis.regression;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * Generalisation error of a technique with given parameters: k-fold cross-validation over one fixed
 * {@link Folds} partition (φ of 001 Eq. 6.3, the S3 objective), and the bootstrap as an alternative.
 * φ here averages the per-fold root <em>mean</em> squared error, so folds of different sizes weigh
 * alike and the value is in the target's unit (Eq. 6.3 prints the root of the sum; the mean is what
 * §3.2.2 and the spec call RMSE).
 */
public final class CrossValidation {

	private CrossValidation() {
	}

	/**
	 * @param rmse                     φ: mean over the folds of the held-out RMSE
	 * @param meanRelativeError        mean of |(y − ŷ)/y| over the held-out rows with y ≠ 0 (001 Eq. 9.2);
	 *                                 NaN when every target is 0
	 * @param relativeError95          95th percentile of the same relative errors (nearest rank)
	 * @param relativeErrorRows        rows the relative errors cover
	 * @param skippedZeroTargets       held-out rows left out of the relative errors because y = 0
	 */
	public record Estimate(double rmse, double meanRelativeError, double relativeError95, int relativeErrorRows,
			int skippedZeroTargets) {
	}

	/** φ alone: the objective S3 minimises. */
	public static double rmse(Technique technique, Dataset data, Map<String, Double> parameters, Folds folds) {
		return objective(technique, data, folds).applyAsDouble(parameters);
	}

	/**
	 * φ as a function of the parameters, for a search over them: each fold's training rows are taken
	 * once, with one {@link Technique#fitter} each, so work that fits on the same rows share is done
	 * once per fold for the whole search.
	 *
	 * @throws RegressionInputException when a fold's training rows cannot be fitted (the message names the fold)
	 */
	public static ToDoubleFunction<Map<String, Double>> objective(Technique technique, Dataset data, Folds folds) {
		List<Technique.Fitter> fitters = new ArrayList<>();
		List<Dataset> tests = new ArrayList<>();
		for (int fold = 0; fold < folds.count(); fold++) {
			Dataset training = data.rows(folds.rows(fold, false));
			fitters.add(inPart(foldName(fold, folds), () -> technique.fitter(training)));
			tests.add(data.rows(folds.rows(fold, true)));
		}
		return parameters -> {
			double sum = 0;
			for (int fold = 0; fold < folds.count(); fold++) {
				Technique.Fitter fitter = fitters.get(fold);
				sum += rmse(inPart(foldName(fold, folds), () -> fitter.fit(parameters)), tests.get(fold));
			}
			return sum / folds.count();
		};
	}

	/** φ together with the relative errors of every held-out prediction. */
	public static Estimate estimate(Technique technique, Dataset data, Map<String, Double> parameters, Folds folds) {
		double rmseSum = 0;
		double[] relativeErrors = new double[data.size()];
		int relativeErrorRows = 0;
		int skipped = 0;
		for (int fold = 0; fold < folds.count(); fold++) {
			Dataset training = data.rows(folds.rows(fold, false));
			Dataset test = data.rows(folds.rows(fold, true));
			RegressionModel model = fit(technique, training, parameters, foldName(fold, folds));
			rmseSum += rmse(model, test);
			for (int row = 0; row < test.size(); row++) {
				double measured = test.y()[row];
				if (measured == 0) {
					skipped++;
				} else {
					relativeErrors[relativeErrorRows++] = Math.abs((measured - model.predict(test.x()[row])) / measured);
				}
			}
		}
		double[] errors = Arrays.copyOf(relativeErrors, relativeErrorRows);
		Arrays.sort(errors);
		double mean = relativeErrorRows == 0 ? Double.NaN : Arrays.stream(errors).sum() / relativeErrorRows;
		double percentile95 = relativeErrorRows == 0 ? Double.NaN
				: errors[Math.max(0, (int) Math.ceil(0.95 * relativeErrorRows) - 1)];
		return new Estimate(rmseSum / folds.count(), mean, percentile95, relativeErrorRows, skipped);
	}

	/**
	 * Every row's prediction by the model fitted without its fold: what a calibration report plots
	 * against the measured values.
	 *
	 * @return predictions in the row order of {@code data}
	 */
	public static double[] heldOutPredictions(Technique technique, Dataset data, Map<String, Double> parameters,
			Folds folds) {
		double[] predictions = new double[data.size()];
		for (int fold = 0; fold < folds.count(); fold++) {
			int[] heldOut = folds.rows(fold, true);
			RegressionModel model = fit(technique, data.rows(folds.rows(fold, false)), parameters, foldName(fold, folds));
			for (int row : heldOut) {
				predictions[row] = model.predict(data.x()[row]);
			}
		}
		return predictions;
	}

	/**
	 * Bootstrap estimate: fits on {@code resamples} samples of n rows drawn with replacement (seeded)
	 * and averages the RMSE on each sample's out-of-bag rows; samples without out-of-bag rows are
	 * skipped.
	 *
	 * @throws RegressionInputException when no sample left any row out of the bag
	 */
	public static double bootstrap(Technique technique, Dataset data, Map<String, Double> parameters, int resamples,
			long seed) {
		Random random = new Random(seed);
		double sum = 0;
		int used = 0;
		for (int resample = 0; resample < resamples; resample++) {
			int[] inBag = new int[data.size()];
			boolean[] drawn = new boolean[data.size()];
			for (int draw = 0; draw < inBag.length; draw++) {
				inBag[draw] = random.nextInt(data.size());
				drawn[inBag[draw]] = true;
			}
			int[] outOfBag = IntStream.range(0, data.size()).filter(row -> !drawn[row]).toArray();
			if (outOfBag.length > 0) {
				sum += rmse(fit(technique, data.rows(inBag), parameters,
						"bootstrap resample " + (resample + 1) + " of " + resamples), data.rows(outOfBag));
				used++;
			}
		}
		if (used == 0) {
			throw new RegressionInputException(data.source() + ": no bootstrap sample of " + resamples
					+ " left a row out of the bag; take more resamples");
		}
		return sum / used;
	}

	/** Fits one part of the data; when it cannot be fitted, the message tells which part. */
	private static RegressionModel fit(Technique technique, Dataset part, Map<String, Double> parameters, String which) {
		return inPart(which, () -> technique.fit(part, parameters));
	}

	private static <T> T inPart(String which, Supplier<T> work) {
		try {
			return work.get();
		} catch (RegressionInputException unfittable) {
			throw new RegressionInputException(unfittable.getMessage() + " (the training rows of " + which + ")");
		}
	}

	private static String foldName(int fold, Folds folds) {
		return "cross-validation fold " + (fold + 1) + " of " + folds.count();
	}

	/** Root mean squared error of the model's predictions on the data. */
	public static double rmse(RegressionModel model, Dataset test) {
		double squares = 0;
		for (int row = 0; row < test.size(); row++) {
			double residual = test.y()[row] - model.predict(test.x()[row]);
			squares += residual * residual;
		}
		return Math.sqrt(squares / test.size());
	}
}
