package org.iosim.analysis.regression;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Model selection as in the dissertation's case studies (001 §9.4): every technique is
 * cross-validated with its defaults on one fold partition, the most promising ones are tuned with
 * S3 on the same folds, and the simplest technique whose tuned error is within a small margin of
 * the best wins. {@code iosim regression select} and {@code iosim calibrate} both use it.
 */
public final class ModelSelection {

	/** Techniques from simplest to most complex; the order breaks near-ties. */
	public static final List<String> SIMPLEST_FIRST = List.of("lm", "lm-ia", "cart", "mars", "mars-ia", "m5", "cubist");

	/** How many of the best untuned techniques S3 tunes. */
	public static final int TUNED = 3;

	/** A simpler technique wins when its tuned error exceeds the best by less than this factor. */
	public static final double SIMPLER_MARGIN = 1.02;

	/** A technique fitted with its best parameters found on the folds, and its cross-validated error. */
	public record Tuned(Technique technique, Map<String, Double> parameters, CrossValidation.Estimate error,
			int evaluations) {

		/** @return the technique refitted on all of {@code data} with these parameters, ready to store */
		public StoredModel refit(Dataset data) {
			return new StoredModel(technique.id(), parameters, data.features(), data.target(), data.ranges(),
					error.rmse(), error.meanRelativeError(), technique.fit(data, parameters));
		}
	}

	/**
	 * The outcome of a selection.
	 *
	 * @param untuned  every technique that could fit, with its defaults, in {@link #SIMPLEST_FIRST} order
	 * @param tuned    the techniques tuned with S3, by id
	 * @param leftOut  why a technique could not fit the data, by id
	 * @param selected the winner
	 */
	public record Outcome(List<Tuned> untuned, Map<String, Tuned> tuned, Map<String, String> leftOut, Tuned selected) {
		public Outcome {
			untuned = List.copyOf(untuned);
			tuned = Collections.unmodifiableMap(new LinkedHashMap<>(tuned));
			leftOut = Collections.unmodifiableMap(new LinkedHashMap<>(leftOut));
		}

		/** @return the tuned result of a technique if it was tuned, else its untuned one */
		public Tuned best(Tuned untunedCandidate) {
			return tuned.getOrDefault(untunedCandidate.technique().id(), untunedCandidate);
		}
	}

	/** What a selection reports while it runs. */
	public interface Listener {
		Listener NONE = new Listener() {
		};

		/** After each technique cross-validated with its defaults. */
		default void crossValidated(int done, int total) {
		}

		/** Before a technique is tuned; the returned listener follows its search. */
		default Optimizer.Listener tuning(Technique technique, int index, int count) {
			return Optimizer.Listener.NONE;
		}
	}

	private ModelSelection() {
	}

	/**
	 * Tunes one technique on the folds.
	 *
	 * @param optimizer the search, or {@code null} to keep the technique's defaults
	 */
	public static Tuned tune(Technique technique, Dataset data, Folds folds, Optimizer optimizer,
			Optimizer.Listener listener) {
		Map<String, Double> parameters = technique.defaults();
		int evaluations = 1;
		if (optimizer != null && !technique.parameters().isEmpty()) {
			Optimizer.Result result = optimizer.minimise(technique.parameters(),
					CrossValidation.objective(technique, data, folds), listener);
			parameters = result.best();
			evaluations = result.evaluations();
		}
		return new Tuned(technique, parameters, CrossValidation.estimate(technique, data, parameters, folds), evaluations);
	}

	/**
	 * Selects a model for the data.
	 *
	 * @throws RegressionInputException if no technique can fit the data (the message gives each reason)
	 */
	public static Outcome select(Dataset data, Folds folds, Listener listener) {
		List<Tuned> untuned = new ArrayList<>();
		Map<String, String> leftOut = new LinkedHashMap<>();
		for (String id : SIMPLEST_FIRST) {
			try {
				untuned.add(tune(Techniques.byId(id), data, folds, null, Optimizer.Listener.NONE));
			} catch (RegressionInputException unfittable) {
				leftOut.put(id, unfittable.getMessage());
			}
			listener.crossValidated(untuned.size() + leftOut.size(), SIMPLEST_FIRST.size());
		}
		if (untuned.isEmpty()) {
			throw new RegressionInputException("no technique can fit " + data.source() + "; "
					+ String.join("; ", leftOut.values()));
		}
		List<Tuned> ranked = new ArrayList<>(untuned);
		ranked.sort((a, b) -> Double.compare(a.error().rmse(), b.error().rmse()));
		List<Tuned> promising = ranked.subList(0, Math.min(TUNED, ranked.size()));
		Map<String, Tuned> tuned = new LinkedHashMap<>();
		for (Tuned candidate : promising) {
			Technique technique = candidate.technique();
			tuned.put(technique.id(), tune(technique, data, folds, S3Search.defaults(),
					listener.tuning(technique, tuned.size() + 1, promising.size())));
		}
		Tuned best = tuned.values().stream().min((a, b) -> Double.compare(a.error().rmse(), b.error().rmse()))
				.orElseThrow();
		Tuned selected = best;
		for (String id : SIMPLEST_FIRST) {
			Tuned candidate = tuned.get(id);
			if (candidate != null && candidate.error().rmse() <= best.error().rmse() * SIMPLER_MARGIN) {
				selected = candidate;
				break;
			}
		}
		return new Outcome(untuned, tuned, leftOut, selected);
	}
}
