package org.iosim.analysis.regression;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A regression technique (linear, MARS, CART, M5, Cubist, ...): fits a model to data for given
 * values of its tunable parameters. Fitting is deterministic: the same data and parameters give the
 * same model (a technique needing randomness derives it from a seed parameter or the data).
 */
public interface Technique {

	/** Short id used on the command line and in stored models: lm, lm-ia, mars, mars-ia, cart, m5, cubist. */
	String id();

	String description();

	/** Tunable parameters and their search ranges; empty for techniques without any. */
	List<Parameter> parameters();

	/** Values used when nothing is tuned. */
	Map<String, Double> defaults();

	/**
	 * @throws IllegalArgumentException naming the problem when the data cannot be fitted (e.g. fewer
	 *                                  rows than the technique needs) or a parameter is out of range
	 */
	RegressionModel fit(Dataset data, Map<String, Double> parameters);

	/**
	 * Fits to one data set with many parameter values, as a parameter search does on each fold; every
	 * fit equals {@link #fit}'s. Techniques whose fits on the same rows share work (MARS's forward pass
	 * for smaller term limits is a prefix of the one for larger) override it to do that work once.
	 *
	 * @throws IllegalArgumentException as {@link #fit}, when the data cannot be fitted
	 */
	default Fitter fitter(Dataset data) {
		return parameters -> fit(data, parameters);
	}

	/** Fits of one technique to one data set; safe for concurrent use. */
	@FunctionalInterface
	interface Fitter {
		/** @throws IllegalArgumentException as {@link Technique#fit} */
		RegressionModel fit(Map<String, Double> parameters);
	}

	/** Rebuilds a model from its {@link RegressionModel#structure()}. */
	RegressionModel read(ObjectNode structure);
}
