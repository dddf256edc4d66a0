package org.iosim.analysis.regression.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.apache.commons.math3.linear.SingularMatrixException;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Parameter;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Ordinary least squares with intercept (001 Eq. 6.11), {@code lm}; {@code lm-ia} adds the product of
 * every pair of distinct features. A column that is a linear combination of the intercept and the
 * columns before it (a constant feature, a duplicated one, a product with a constant) is dropped, so
 * such data still fits; the structure lists the dropped columns.
 */
public final class LinearTechnique implements Technique {

	/** Relative residual norm² below which a column counts as dependent on the columns kept before it. */
	private static final double DEPENDENT = 1e-10;

	private final boolean interactions;

	public LinearTechnique(boolean interactions) {
		this.interactions = interactions;
	}

	@Override
	public String id() {
		return interactions ? "lm-ia" : "lm";
	}

	@Override
	public String description() {
		return interactions ? "linear regression with all pairwise interaction terms (least squares)"
				: "linear regression (least squares)";
	}

	@Override
	public List<Parameter> parameters() {
		return List.of();
	}

	@Override
	public Map<String, Double> defaults() {
		return Map.of();
	}

	@Override
	public RegressionModel fit(Dataset data, Map<String, Double> parameters) {
		TechniqueSupport.resolve(this, parameters);
		TechniqueSupport.requireFinite(data, 1, id());
		int features = data.featureCount();
		long terms = interactions ? features + (long) features * (features - 1) / 2 : features;
		// the rows OLS needs for every candidate term, so a dependent column never hides missing rows;
		// checked before the terms are listed, as thousands of features have millions of interactions
		if (data.size() < terms + 1) {
			throw new RegressionInputException(data.source() + ": " + id() + " needs at least " + (terms + 1)
					+ " rows for " + terms + " terms and the intercept, got " + data.size());
		}
		List<int[]> candidates = new ArrayList<>();
		for (int first = 0; first < data.featureCount(); first++) {
			candidates.add(new int[] { first });
		}
		if (interactions) {
			for (int first = 0; first < data.featureCount(); first++) {
				for (int second = first + 1; second < data.featureCount(); second++) {
					candidates.add(new int[] { first, second });
				}
			}
		}
		List<int[]> kept = new ArrayList<>();
		List<int[]> dropped = new ArrayList<>();
		List<double[]> orthogonal = new ArrayList<>();
		double[] ones = new double[data.size()];
		Arrays.fill(ones, 1);
		orthogonal.add(normalised(ones));
		for (int[] term : candidates) {
			double[] column = new double[data.size()];
			for (int row = 0; row < data.size(); row++) {
				column[row] = value(term, data.x()[row]);
			}
			double norm = dot(column, column);
			double[] residual = column.clone();
			for (int pass = 0; pass < 2; pass++) {
				for (double[] basis : orthogonal) {
					double projection = dot(residual, basis);
					for (int row = 0; row < residual.length; row++) {
						residual[row] -= projection * basis[row];
					}
				}
			}
			if (norm > 0 && dot(residual, residual) > DEPENDENT * norm) {
				kept.add(term);
				orthogonal.add(normalised(residual));
			} else {
				dropped.add(term);
			}
		}
		double[] coefficients;
		if (kept.isEmpty()) {
			coefficients = new double[] { Arrays.stream(data.y()).average().orElseThrow() };
		} else {
			double[][] design = new double[data.size()][kept.size()];
			for (int row = 0; row < data.size(); row++) {
				for (int term = 0; term < kept.size(); term++) {
					design[row][term] = value(kept.get(term), data.x()[row]);
				}
			}
			OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
			ols.newSampleData(data.y(), design);
			try {
				coefficients = ols.estimateRegressionParameters();
			} catch (SingularMatrixException collinear) {
				throw new RegressionInputException(data.source() + ": " + id()
						+ ": the terms are numerically collinear; remove dependent features");
			}
		}
		return new LinearModel(id(), data.features(), coefficients[0], kept,
				Arrays.copyOfRange(coefficients, 1, coefficients.length), dropped);
	}

	@Override
	public RegressionModel read(ObjectNode structure) {
		List<String> features = TechniqueSupport.features(structure, id());
		List<int[]> terms = new ArrayList<>();
		List<Double> coefficients = new ArrayList<>();
		for (JsonNode term : StoredJson.objects(id(), structure, "terms")) {
			terms.add(indexes(term.get("features"), features));
			coefficients.add(TechniqueSupport.number(term, "coefficient"));
		}
		List<int[]> dropped = new ArrayList<>();
		for (JsonNode term : StoredJson.objects(id(), structure, "dropped")) {
			dropped.add(indexes(term.get("features"), features));
		}
		return new LinearModel(id(), features, TechniqueSupport.number(structure, "intercept"), terms,
				coefficients.stream().mapToDouble(Double::doubleValue).toArray(), dropped);
	}

	private static double value(int[] term, double[] row) {
		double value = 1;
		for (int feature : term) {
			value *= row[feature];
		}
		return value;
	}

	private static double dot(double[] first, double[] second) {
		double sum = 0;
		for (int i = 0; i < first.length; i++) {
			sum += first[i] * second[i];
		}
		return sum;
	}

	private static double[] normalised(double[] column) {
		double norm = Math.sqrt(dot(column, column));
		return Arrays.stream(column).map(value -> value / norm).toArray();
	}

	private record LinearModel(String technique, List<String> features, double intercept, List<int[]> terms,
			double[] coefficients, List<int[]> dropped) implements RegressionModel {

		@Override
		public double predict(double[] row) {
			// same summation order as Commons Math's X·β, so predictions match it exactly
			double prediction = intercept;
			for (int term = 0; term < terms.size(); term++) {
				prediction += value(terms.get(term), row) * coefficients[term];
			}
			return prediction;
		}

		@Override
		public ObjectNode structure() {
			ObjectNode structure = TechniqueSupport.header(technique, features);
			structure.put("intercept", intercept);
			ArrayNode termNodes = structure.putArray("terms");
			for (int term = 0; term < terms.size(); term++) {
				ObjectNode node = termNode(terms.get(term), features);
				node.put("coefficient", coefficients[term]);
				termNodes.add(node);
			}
			ArrayNode droppedNodes = structure.putArray("dropped");
			for (int[] term : dropped) {
				droppedNodes.add(termNode(term, features));
			}
			return structure;
		}

		private static ObjectNode termNode(int[] term, List<String> features) {
			ObjectNode node = JsonNodeFactory.instance.objectNode();
			ArrayNode names = JsonNodeFactory.instance.arrayNode();
			List<String> parts = new ArrayList<>();
			for (int feature : term) {
				names.add(features.get(feature));
				parts.add(features.get(feature));
			}
			node.put("term", String.join("*", parts));
			node.set("features", names);
			return node;
		}
	}

	private static int[] indexes(JsonNode names, List<String> features) {
		if (names == null || !names.isArray()) {
			throw new IllegalArgumentException("model structure: a term without a 'features' array");
		}
		int[] indexes = new int[names.size()];
		for (int i = 0; i < indexes.length; i++) {
			indexes[i] = TechniqueSupport.feature(names.get(i), features);
		}
		return indexes;
	}
}
