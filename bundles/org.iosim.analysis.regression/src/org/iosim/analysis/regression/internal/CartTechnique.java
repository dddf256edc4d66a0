package org.iosim.analysis.regression.internal;

import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Parameter;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Regression tree (CART, 001 §6.3.1.3, after Breiman et al. 1984), {@code cart}. Grows binary splits
 * "feature ≤ threshold" (threshold halfway between neighbouring training values) that minimise the sum
 * of squared errors, splitting nodes with at least {@code minSplit} rows; then cost-complexity pruning
 * (Eq. 6.14) with α = {@code cp} × root SSE: the subtree minimising leaf SSE + α·leaves is kept, i.e.
 * a split survives only if it (with the splits below it) improves the fit by at least α per split.
 * Growing to the end before pruning keeps weak splits that enable strong ones below them. A leaf
 * predicts the mean of its training rows.
 */
public final class CartTechnique implements Technique {

	static final String MIN_SPLIT = "minSplit";
	static final String COMPLEXITY = "cp";
	/** Where a stored node is, for messages. */
	private static final String CONTEXT = "cart node";

	@Override
	public String id() {
		return "cart";
	}

	@Override
	public String description() {
		return "regression tree (CART) with cost-complexity pruning";
	}

	@Override
	public List<Parameter> parameters() {
		return List.of(new Parameter(MIN_SPLIT, 2, 50, true), new Parameter(COMPLEXITY, 0, 0.05, false));
	}

	@Override
	public Map<String, Double> defaults() {
		Map<String, Double> defaults = new LinkedHashMap<>();
		defaults.put(MIN_SPLIT, 20.0);
		defaults.put(COMPLEXITY, 0.01);
		return defaults;
	}

	/** A tree node; {@code feature} < 0 marks a leaf. */
	private static final class Node {
		int rows;
		double value;
		double squaredError;
		int feature = -1;
		double threshold;
		Node left;
		Node right;

		boolean leaf() {
			return feature < 0;
		}

		void collapse() {
			feature = -1;
			threshold = 0;
			left = null;
			right = null;
		}
	}

	@Override
	public RegressionModel fit(Dataset data, Map<String, Double> given) {
		Map<String, Double> parameters = TechniqueSupport.resolve(this, given);
		TechniqueSupport.requireFinite(data, 1, id());
		int minSplit = parameters.get(MIN_SPLIT).intValue();
		Node root = grow(data, IntStream.range(0, data.size()).toArray(), minSplit);
		prune(root, parameters.get(COMPLEXITY) * root.squaredError);
		return new CartModel(data.features(), root);
	}

	private static Node grow(Dataset data, int[] rows, int minSplit) {
		Node node = new Node();
		node.rows = rows.length;
		node.value = Arrays.stream(rows).mapToDouble(row -> data.y()[row]).average().orElseThrow();
		node.squaredError = Arrays.stream(rows).mapToDouble(row -> data.y()[row] - node.value)
				.map(residual -> residual * residual).sum();
		if (rows.length < minSplit || node.squaredError <= 0) {
			return node;
		}
		double bestGain = 1e-12 * node.squaredError;
		int[] bestOrder = null;
		int bestLeftSize = 0;
		for (int feature = 0; feature < data.featureCount(); feature++) {
			int f = feature;
			int[] order = Arrays.stream(rows).boxed()
					.sorted(Comparator.comparingDouble((Integer row) -> data.x()[row][f]).thenComparing(row -> row))
					.mapToInt(Integer::intValue).toArray();
			// sums of y − node mean, which keeps the SSE differences accurate for large targets
			double sum = 0;
			double squares = 0;
			for (int row : order) {
				double centred = data.y()[row] - node.value;
				sum += centred;
				squares += centred * centred;
			}
			double leftSum = 0;
			double leftSquares = 0;
			for (int position = 0; position < order.length - 1; position++) {
				double centred = data.y()[order[position]] - node.value;
				leftSum += centred;
				leftSquares += centred * centred;
				if (data.x()[order[position]][feature] == data.x()[order[position + 1]][feature]) {
					continue;
				}
				int leftSize = position + 1;
				int rightSize = order.length - leftSize;
				double rightSum = sum - leftSum;
				double split = leftSquares - leftSum * leftSum / leftSize + (squares - leftSquares)
						- rightSum * rightSum / rightSize;
				double gain = node.squaredError - split;
				if (gain > bestGain) {
					bestGain = gain;
					bestOrder = order;
					bestLeftSize = leftSize;
					node.feature = feature;
				}
			}
		}
		if (bestOrder == null) {
			return node;
		}
		double below = data.x()[bestOrder[bestLeftSize - 1]][node.feature];
		double above = data.x()[bestOrder[bestLeftSize]][node.feature];
		double halfway = below + (above - below) / 2;
		// neighbouring doubles can round the midpoint up to the upper value, which must go right
		node.threshold = halfway < above ? halfway : below;
		node.left = grow(data, Arrays.copyOfRange(bestOrder, 0, bestLeftSize), minSplit);
		node.right = grow(data, Arrays.copyOfRange(bestOrder, bestLeftSize, bestOrder.length), minSplit);
		return node;
	}

	/** Collapses, bottom-up, every subtree whose cost SSE + α·leaves is not below that of a leaf; returns the cost. */
	private static double prune(Node node, double alpha) {
		double asLeaf = node.squaredError + alpha;
		if (node.leaf()) {
			return asLeaf;
		}
		double asSubtree = prune(node.left, alpha) + prune(node.right, alpha);
		if (asLeaf <= asSubtree) {
			node.collapse();
			return asLeaf;
		}
		return asSubtree;
	}

	@Override
	public RegressionModel read(ObjectNode structure) {
		List<String> features = TechniqueSupport.features(structure, id());
		return new CartModel(features, readNode(StoredJson.object(id(), structure, "root"), features));
	}

	private static Node readNode(JsonNode json, List<String> features) {
		Node node = new Node();
		node.rows = StoredJson.count(CONTEXT, json, "rows");
		node.value = StoredJson.number(CONTEXT, json, "value");
		if (json.has("feature")) {
			node.feature = TechniqueSupport.feature(json.get("feature"), features);
			node.threshold = StoredJson.number(CONTEXT, json, "threshold");
			node.left = readNode(StoredJson.object(CONTEXT, json, "left"), features);
			node.right = readNode(StoredJson.object(CONTEXT, json, "right"), features);
		}
		return node;
	}

	private record CartModel(List<String> features, Node root) implements RegressionModel {

		@Override
		public double predict(double[] row) {
			Node node = root;
			while (!node.leaf()) {
				node = row[node.feature] <= node.threshold ? node.left : node.right;
			}
			return node.value;
		}

		@Override
		public ObjectNode structure() {
			ObjectNode structure = TechniqueSupport.header("cart", features);
			structure.set("root", write(root));
			return structure;
		}

		private ObjectNode write(Node node) {
			ObjectNode json = JsonNodeFactory.instance.objectNode();
			json.put("rows", node.rows);
			json.put("value", node.value);
			if (!node.leaf()) {
				json.put("condition", features.get(node.feature) + " <= " + node.threshold);
				json.put("feature", features.get(node.feature));
				json.put("threshold", node.threshold);
				json.set("left", write(node.left));
				json.set("right", write(node.right));
			}
			return json;
		}
	}
}
