package org.iosim.analysis.regression.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.QRDecomposition;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Parameter;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.files.FileProblems;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * M5 model trees (Quinlan 1992; 001 §6.3.1.4, Eq. 6.15/6.16): a binary tree grown by maximising the
 * standard deviation reduction, a least-squares linear model at every node, bottom-up pruning by the
 * estimated error, and predictions smoothed along the path from the leaf to the root.
 * <p>
 * Interpretations of the seed (SPEC.md §3): a node's linear model may use only the features tested in
 * the splits of its (unpruned) subtree, so a leaf that was never pruned holds a constant; its terms are
 * then dropped greedily while the estimated error does not grow (the seed's "parameters of the linear
 * model are removed"). The tuned {@code maxRules} bounds the leaves kept after pruning: above it, the
 * subtrees whose collapse costs the least estimated error are collapsed further. The package-private
 * members are shared with {@link CubistTechnique}, whose committees consist of such trees.
 */
public final class M5Technique implements Technique {

	static final String ID = "m5";
	static final int MIN_LEAF_ROWS = 4;
	/** Quinlan's smoothing constant k in p' = (n·p + k·q)/(n + k). */
	static final double SMOOTHING = 15;

	private static final Parameter MAX_RULES = new Parameter("maxRules", 1, 100, true);

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "M5 model tree: splits maximising the standard deviation reduction, pruned linear models, smoothed predictions";
	}

	@Override
	public List<Parameter> parameters() {
		return List.of(MAX_RULES);
	}

	@Override
	public Map<String, Double> defaults() {
		return Map.of(MAX_RULES.name(), MAX_RULES.upper());
	}

	@Override
	public RegressionModel fit(Dataset data, Map<String, Double> parameters) {
		Map<String, Double> values = TechniqueSupport.resolve(this, parameters);
		TechniqueSupport.requireFinite(data, MIN_LEAF_ROWS, ID);
		int maxLeaves = values.get(MAX_RULES.name()).intValue();
		TreeNode root = new TreeGrower(data.x(), data.y(), data.featureCount()).grow(maxLeaves);
		return new Model(data.features(), data.target(), root);
	}

	@Override
	public RegressionModel read(ObjectNode structure) {
		List<String> features = TechniqueSupport.features(structure, ID);
		String target = StoredJson.text(ID, structure, "target");
		if (StoredJson.number(ID, structure, "smoothing") != SMOOTHING) {
			throw new IllegalArgumentException(ID + ": predictions are smoothed with k = " + SMOOTHING + ", not "
					+ structure.get("smoothing"));
		}
		TreeNode root = TreeNode.fromJson(StoredJson.object(ID, structure, "tree"), features);
		return new Model(features, target, root);
	}

	/** A fitted M5 tree; predictions are smoothed along the path (Quinlan 1992). */
	private static final class Model implements RegressionModel {

		private final List<String> features;
		private final String target;
		private final TreeNode root;

		Model(List<String> features, String target, TreeNode root) {
			this.features = List.copyOf(features);
			this.target = target;
			this.root = root;
		}

		@Override
		public double predict(double[] row) {
			TechniqueSupport.requireRow(row, features.size());
			return root.smoothedPrediction(row);
		}

		@Override
		public ObjectNode structure() {
			ObjectNode structure = TechniqueSupport.header(ID, features).put("target", target);
			structure.put("smoothing", SMOOTHING);
			structure.set("tree", root.toJson(features));
			return structure;
		}
	}

	/**
	 * A linear model over all features of the data; features a model does not use have coefficient 0
	 * and are left out of its JSON.
	 */
	record LinearModel(double intercept, double[] coefficients) {

		double predict(double[] row) {
			double value = intercept;
			for (int feature = 0; feature < coefficients.length; feature++) {
				value += coefficients[feature] * row[feature];
			}
			return value;
		}

		/** The model whose predictions are (weight·this + otherWeight·other) / (weight + otherWeight). */
		LinearModel blend(double weight, LinearModel other, double otherWeight) {
			double total = weight + otherWeight;
			double[] blended = new double[coefficients.length];
			for (int feature = 0; feature < blended.length; feature++) {
				blended[feature] = (weight * coefficients[feature] + otherWeight * other.coefficients[feature]) / total;
			}
			return new LinearModel((weight * intercept + otherWeight * other.intercept) / total, blended);
		}

		ObjectNode toJson(List<String> features) {
			ObjectNode json = JsonNodeFactory.instance.objectNode();
			json.put("intercept", intercept);
			ObjectNode named = json.putObject("coefficients");
			for (int feature = 0; feature < coefficients.length; feature++) {
				if (coefficients[feature] != 0) {
					named.put(features.get(feature), coefficients[feature]);
				}
			}
			return json;
		}

		static LinearModel fromJson(JsonNode json, List<String> features, String context) {
			double intercept = StoredJson.number(context, json, "intercept");
			double[] coefficients = new double[features.size()];
			for (Map.Entry<String, JsonNode> entry : StoredJson.object(context, json, "coefficients").properties()) {
				int feature = features.indexOf(entry.getKey());
				if (feature < 0) {
					throw new IllegalArgumentException(context + ": coefficient for unknown feature "
							+ FileProblems.excerpt(entry.getKey()));
				}
				coefficients[feature] = StoredJson.finite(StoredJson.named(context, "coefficients." + entry.getKey()),
						entry.getValue());
			}
			return new LinearModel(intercept, coefficients);
		}
	}

	/**
	 * A node of a fitted tree: rows is the number of training rows that reached it (the n of
	 * smoothing); a leaf has no split ({@code atMost == null}); rows with feature value ≤ threshold go
	 * to {@code atMost}, the others to {@code above}.
	 */
	record TreeNode(int rows, LinearModel model, int splitFeature, double threshold, TreeNode atMost, TreeNode above) {

		boolean isLeaf() {
			return atMost == null;
		}

		TreeNode child(double[] row) {
			return row[splitFeature] <= threshold ? atMost : above;
		}

		double smoothedPrediction(double[] row) {
			if (isLeaf()) {
				return model.predict(row);
			}
			TreeNode child = child(row);
			return (child.rows * child.smoothedPrediction(row) + SMOOTHING * model.predict(row)) / (child.rows + SMOOTHING);
		}

		ObjectNode toJson(List<String> features) {
			ObjectNode json = JsonNodeFactory.instance.objectNode();
			json.put("rows", rows);
			json.set("model", model.toJson(features));
			if (!isLeaf()) {
				ObjectNode split = json.putObject("split");
				split.put("feature", features.get(splitFeature));
				split.put("threshold", threshold);
				json.set("atMost", atMost.toJson(features));
				json.set("above", above.toJson(features));
			}
			return json;
		}

		static TreeNode fromJson(JsonNode json, List<String> features) {
			String context = ID + " tree node";
			int rows = StoredJson.count(context, json, "rows");
			LinearModel model = LinearModel.fromJson(StoredJson.object(context, json, "model"), features, context);
			if (!json.has("split")) {
				return new TreeNode(rows, model, -1, Double.NaN, null, null);
			}
			JsonNode split = StoredJson.object(context, json, "split");
			String featureName = StoredJson.text(context, split, "feature");
			int feature = features.indexOf(featureName);
			if (feature < 0) {
				throw new IllegalArgumentException(context + ": split on unknown feature " + FileProblems.excerpt(featureName));
			}
			return new TreeNode(rows, model, feature, StoredJson.number(context, split, "threshold"),
					fromJson(StoredJson.object(context, json, "atMost"), features),
					fromJson(StoredJson.object(context, json, "above"), features));
		}
	}

	/** Grows, fits and prunes one M5 tree on the given rows and targets. */
	static final class TreeGrower {

		/** Quinlan stops splitting once a node's targets deviate by less than 5 % of the whole data's. */
		private static final double STOP_DEVIATION_SHARE = 0.05;
		/**
		 * Relative size of a QR diagonal element below which the standardised design counts as
		 * singular (collinear or constant features): the model then drops terms, down to the mean.
		 */
		private static final double COLLINEARITY_TOLERANCE = 1e-8;

		private final double[][] x;
		private final double[] y;
		private final int featureCount;
		private final boolean[] goesAtMost;
		private double stopDeviation;

		TreeGrower(double[][] x, double[] y, int featureCount) {
			this.x = x;
			this.y = y;
			this.featureCount = featureCount;
			this.goesAtMost = new boolean[y.length];
		}

		TreeNode grow(int maxLeaves) {
			int[] rows = new int[y.length];
			Arrays.setAll(rows, row -> row);
			int[][] sortedRows = new int[featureCount][];
			for (int feature = 0; feature < featureCount; feature++) {
				int sortFeature = feature;
				sortedRows[feature] = Arrays.stream(rows).boxed()
						.sorted(Comparator.comparingDouble((Integer row) -> x[row][sortFeature]).thenComparingInt(row -> row))
						.mapToInt(Integer::intValue).toArray();
			}
			stopDeviation = STOP_DEVIATION_SHARE * deviation(rows);
			Growing root = split(rows, sortedRows);
			prune(root);
			while (leaves(root) > maxLeaves) {
				cheapestTwig(root).collapse();
			}
			return root.freeze();
		}

		/** A node while the tree is grown and pruned. */
		private static final class Growing {
			final int[] rows;
			int splitFeature = -1;
			double threshold;
			Growing atMost;
			Growing above;
			LinearModel model;
			double modelError;
			/** Estimated error of the node as it stands: of its model for a leaf, else of its subtree. */
			double error;

			Growing(int[] rows) {
				this.rows = rows;
			}

			boolean isLeaf() {
				return atMost == null;
			}

			void collapse() {
				atMost = null;
				above = null;
				splitFeature = -1;
				error = modelError;
			}

			TreeNode freeze() {
				return isLeaf() ? new TreeNode(rows.length, model, -1, Double.NaN, null, null)
						: new TreeNode(rows.length, model, splitFeature, threshold, atMost.freeze(), above.freeze());
			}
		}

		private Growing split(int[] rows, int[][] sortedRows) {
			Growing node = new Growing(rows);
			if (rows.length < 2 * MIN_LEAF_ROWS || deviation(rows) <= stopDeviation) {
				return node;
			}
			double mean = mean(rows);
			double totalSum = 0;
			double totalSquares = 0;
			for (int row : rows) {
				double centred = y[row] - mean;
				totalSum += centred;
				totalSquares += centred * centred;
			}
			int n = rows.length;
			double nodeDeviation = deviation(n, totalSum, totalSquares);
			double bestReduction = 0;
			for (int feature = 0; feature < featureCount; feature++) {
				int[] order = sortedRows[feature];
				double sum = 0;
				double squares = 0;
				for (int position = 0; position < n - 1; position++) {
					double centred = y[order[position]] - mean;
					sum += centred;
					squares += centred * centred;
					int atMostCount = position + 1;
					double value = x[order[position]][feature];
					double next = x[order[position + 1]][feature];
					if (atMostCount < MIN_LEAF_ROWS || n - atMostCount < MIN_LEAF_ROWS || !(value < next)) {
						continue;
					}
					double reduction = nodeDeviation - (double) atMostCount / n * deviation(atMostCount, sum, squares)
							- (double) (n - atMostCount) / n * deviation(n - atMostCount, totalSum - sum, totalSquares - squares);
					if (reduction > bestReduction) {
						bestReduction = reduction;
						node.splitFeature = feature;
						double midpoint = value + (next - value) / 2;
						node.threshold = midpoint < next ? midpoint : value;
					}
				}
			}
			if (node.splitFeature < 0) {
				return node;
			}
			for (int row : rows) {
				goesAtMost[row] = x[row][node.splitFeature] <= node.threshold;
			}
			int[][] atMostSorted = new int[featureCount][];
			int[][] aboveSorted = new int[featureCount][];
			for (int feature = 0; feature < featureCount; feature++) {
				int[][] parts = partition(sortedRows[feature]);
				atMostSorted[feature] = parts[0];
				aboveSorted[feature] = parts[1];
			}
			int[][] rowParts = partition(rows);
			node.atMost = split(rowParts[0], atMostSorted);
			node.above = split(rowParts[1], aboveSorted);
			return node;
		}

		/** Splits rows by {@link #goesAtMost}, keeping their order. */
		private int[][] partition(int[] rows) {
			int atMostCount = 0;
			for (int row : rows) {
				atMostCount += goesAtMost[row] ? 1 : 0;
			}
			int[] atMost = new int[atMostCount];
			int[] above = new int[rows.length - atMostCount];
			int nextAtMost = 0;
			int nextAbove = 0;
			for (int row : rows) {
				if (goesAtMost[row]) {
					atMost[nextAtMost++] = row;
				} else {
					above[nextAbove++] = row;
				}
			}
			return new int[][] { atMost, above };
		}

		/** Fits the node models bottom-up and collapses subtrees whose node model is estimated no worse. */
		private void prune(Growing node) {
			boolean[] splitFeatures = new boolean[featureCount];
			collectSplitFeatures(node, splitFeatures);
			fitReduced(node, splitFeatures);
			if (node.isLeaf()) {
				node.error = node.modelError;
				return;
			}
			prune(node.atMost);
			prune(node.above);
			double subtreeError = (node.atMost.rows.length * node.atMost.error + node.above.rows.length * node.above.error)
					/ node.rows.length;
			if (node.modelError <= subtreeError) {
				node.collapse();
			} else {
				node.error = subtreeError;
			}
		}

		private static void collectSplitFeatures(Growing node, boolean[] features) {
			if (!node.isLeaf()) {
				features[node.splitFeature] = true;
				collectSplitFeatures(node.atMost, features);
				collectSplitFeatures(node.above, features);
			}
		}

		private static int leaves(Growing node) {
			return node.isLeaf() ? 1 : leaves(node.atMost) + leaves(node.above);
		}

		/**
		 * The inner node with two leaves whose collapse adds the least total estimated error (error per
		 * row times rows); the first in depth-first order on ties.
		 */
		private static Growing cheapestTwig(Growing root) {
			List<Growing> twigs = new ArrayList<>();
			collectTwigs(root, twigs);
			Growing cheapest = null;
			double cheapestCost = Double.POSITIVE_INFINITY;
			for (Growing twig : twigs) {
				double cost = twig.rows.length * twig.modelError - twig.atMost.rows.length * twig.atMost.modelError
						- twig.above.rows.length * twig.above.modelError;
				if (cheapest == null || cost < cheapestCost) {
					cheapest = twig;
					cheapestCost = cost;
				}
			}
			return cheapest;
		}

		private static void collectTwigs(Growing node, List<Growing> twigs) {
			if (node.isLeaf()) {
				return;
			}
			if (node.atMost.isLeaf() && node.above.isLeaf()) {
				twigs.add(node);
			} else {
				collectTwigs(node.atMost, twigs);
				collectTwigs(node.above, twigs);
			}
		}

		/**
		 * Fits the node's least-squares model on the allowed features that vary in the node, then drops
		 * terms one at a time while the estimated error does not grow; a singular or over-parameterised
		 * design counts as infinitely bad, so the mean is the last resort.
		 */
		private void fitReduced(Growing node, boolean[] allowed) {
			int[] rows = node.rows;
			double[] means = new double[featureCount];
			double[] scales = new double[featureCount];
			List<Integer> terms = new ArrayList<>();
			for (int feature = 0; feature < featureCount; feature++) {
				if (!allowed[feature]) {
					continue;
				}
				double sum = 0;
				for (int row : rows) {
					sum += x[row][feature];
				}
				means[feature] = sum / rows.length;
				double squares = 0;
				for (int row : rows) {
					double centred = x[row][feature] - means[feature];
					squares += centred * centred;
				}
				scales[feature] = Math.sqrt(squares / rows.length);
				if (scales[feature] > 0) {
					terms.add(feature);
				}
			}
			Fit best = fit(rows, terms, means, scales);
			while (!terms.isEmpty()) {
				Fit bestReduced = null;
				int dropped = -1;
				for (int index = 0; index < terms.size(); index++) {
					List<Integer> reduced = new ArrayList<>(terms);
					reduced.remove(index);
					Fit candidate = fit(rows, reduced, means, scales);
					if (bestReduced == null || candidate.error < bestReduced.error) {
						bestReduced = candidate;
						dropped = index;
					}
				}
				if (bestReduced.error > best.error) {
					break;
				}
				terms.remove(dropped);
				best = bestReduced;
			}
			node.model = best.model;
			node.modelError = best.error;
		}

		private record Fit(LinearModel model, double error) {
			static final Fit UNUSABLE = new Fit(null, Double.POSITIVE_INFINITY);
		}

		/**
		 * Least squares by QR on features standardised within the node (so the singularity tolerance
		 * is scale-free), converted back to coefficients of the raw features. The estimated error is
		 * the mean absolute residual × (n + ν)/(n − ν), ν = number of coefficients (Eq. 6.16).
		 */
		private Fit fit(int[] rows, List<Integer> terms, double[] means, double[] scales) {
			int n = rows.length;
			int parameters = terms.size() + 1;
			if (n <= parameters) {
				return Fit.UNUSABLE;
			}
			double[][] design = new double[n][parameters];
			double[] targets = new double[n];
			for (int i = 0; i < n; i++) {
				int row = rows[i];
				design[i][0] = 1;
				for (int term = 0; term < terms.size(); term++) {
					int feature = terms.get(term);
					design[i][term + 1] = (x[row][feature] - means[feature]) / scales[feature];
				}
				targets[i] = y[row];
			}
			DecompositionSolver solver = new QRDecomposition(new Array2DRowRealMatrix(design, false),
					COLLINEARITY_TOLERANCE * Math.sqrt(n)).getSolver();
			if (!solver.isNonSingular()) {
				return Fit.UNUSABLE;
			}
			double[] solution = solver.solve(new ArrayRealVector(targets, false)).toArray();
			double[] coefficients = new double[featureCount];
			double intercept = solution[0];
			for (int term = 0; term < terms.size(); term++) {
				int feature = terms.get(term);
				coefficients[feature] = solution[term + 1] / scales[feature];
				intercept -= coefficients[feature] * means[feature];
			}
			LinearModel model = new LinearModel(intercept, coefficients);
			double absoluteResiduals = 0;
			for (int row : rows) {
				absoluteResiduals += Math.abs(y[row] - model.predict(x[row]));
			}
			return new Fit(model, absoluteResiduals / n * (n + parameters) / (n - parameters));
		}

		private double mean(int[] rows) {
			double sum = 0;
			for (int row : rows) {
				sum += y[row];
			}
			return sum / rows.length;
		}

		private double deviation(int[] rows) {
			double mean = mean(rows);
			double squares = 0;
			for (int row : rows) {
				squares += (y[row] - mean) * (y[row] - mean);
			}
			return Math.sqrt(squares / rows.length);
		}

		/** Standard deviation from the sum and sum of squares of values centred near their mean. */
		private static double deviation(int n, double sum, double squares) {
			double mean = sum / n;
			return Math.sqrt(Math.max(0, squares / n - mean * mean));
		}
	}
}
