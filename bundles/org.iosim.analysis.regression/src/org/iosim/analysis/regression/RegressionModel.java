package org.iosim.analysis.regression;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A fitted model: predicts the target from one row of features (in the order of its training data). */
public interface RegressionModel {

	double predict(double[] features);

	/**
	 * The fitted structure (coefficients, basis functions, tree, rules, ...) as JSON, readable and
	 * complete: {@link Technique#read} rebuilds a model that predicts identically.
	 */
	ObjectNode structure();
}
