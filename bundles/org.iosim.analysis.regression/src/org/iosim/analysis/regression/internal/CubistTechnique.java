package org.iosim.analysis.regression.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Parameter;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.internal.M5Technique.LinearModel;
import org.iosim.analysis.regression.internal.M5Technique.TreeGrower;
import org.iosim.analysis.regression.internal.M5Technique.TreeNode;
import org.iosim.files.FileProblems;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Cubist (RuleQuest; Kuhn et al. 2012; 001 §6.3.1.5): committees of rule-based M5 models with an
 * optional instance-based correction by the nearest training rows.
 * <p>
 * Interpretations (SPEC.md §3): each committee member is an M5 tree of {@link M5Technique} with at
 * most {@code rules} leaves, turned into one rule per leaf: the conjunction of the conditions on its
 * path (merged to one bound per feature and direction) with the leaf's model smoothed along the path
 * folded into a single linear model. Member m ≥ 2 is fitted to y* = y − (ŷ − y) = 2y − ŷ, ŷ being
 * member m − 1's prediction of the training rows (001 §6.3.1.5: ȳ_i = 2y_i − f_i(x_i)); the
 * committee predicts the mean of its members. The correction averages y_i + (ŷ(x) − ŷ(x_i)) over the k nearest training rows
 * by Manhattan distance on features scaled by their training range (features without range are
 * ignored), weighted 1/(distance + 0.5); ties in distance go to the earlier training row. With the
 * defaults (one committee, no neighbours) Cubist equals M5, as in the seed.
 */
public final class CubistTechnique implements Technique {

	static final String ID = "cubist";

	private static final Parameter RULES = new Parameter("rules", 1, 100, true);
	private static final Parameter COMMITTEES = new Parameter("committees", 1, 20, true);
	private static final Parameter NEIGHBORS = new Parameter("neighbors", 0, 9, true);
	/** Constant added to the distance in the neighbour weight 1/(distance + 0.5) (SPEC.md §3). */
	private static final double DISTANCE_OFFSET = 0.5;

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Cubist: committees of rule-based M5 models with instance-based correction by the nearest training rows";
	}

	@Override
	public List<Parameter> parameters() {
		return List.of(RULES, COMMITTEES, NEIGHBORS);
	}

	@Override
	public Map<String, Double> defaults() {
		return Map.of(RULES.name(), RULES.upper(), COMMITTEES.name(), COMMITTEES.lower(), NEIGHBORS.name(), NEIGHBORS.lower());
	}

	@Override
	public RegressionModel fit(Dataset data, Map<String, Double> parameters) {
		return fitter(data).fit(parameters);
	}

	/**
	 * Member m is fitted to the targets member m − 1 leaves, so the committee of a smaller count is a
	 * prefix of a larger one, and the neighbours only act at prediction: the fitter grows one committee
	 * sequence per rule limit, as far as its fits need.
	 */
	@Override
	public Fitter fitter(Dataset data) {
		TechniqueSupport.requireFinite(data, M5Technique.MIN_LEAF_ROWS, ID);
		Map<Integer, List<List<Rule>>> membersByRules = new HashMap<>();
		return new Fitter() {
			@Override
			public synchronized RegressionModel fit(Map<String, Double> parameters) {
				Map<String, Double> values = TechniqueSupport.resolve(CubistTechnique.this, parameters);
				int maxRules = values.get(RULES.name()).intValue();
				int committeeCount = values.get(COMMITTEES.name()).intValue();
				int neighbors = values.get(NEIGHBORS.name()).intValue();
				List<List<Rule>> members = membersByRules.computeIfAbsent(maxRules, rules -> new ArrayList<>());
				while (members.size() < committeeCount) {
					members.add(nextMember(data, maxRules, members));
				}
				return new Model(data.features(), data.target(), List.copyOf(members.subList(0, committeeCount)),
						neighbors, data.x(), data.y());
			}
		};
	}

	/** The next committee member: fitted to y, or to 2y − ŷ with ŷ the previous member's prediction. */
	private static List<Rule> nextMember(Dataset data, int maxRules, List<List<Rule>> members) {
		double[][] x = data.x();
		double[] y = data.y();
		double[] targets = y;
		if (!members.isEmpty()) {
			int previous = members.size() - 1;
			targets = new double[y.length];
			for (int row = 0; row < y.length; row++) {
				targets[row] = 2 * y[row] - Rule.predict(members.get(previous), x[row], previous);
			}
		}
		return Rule.fromTree(new TreeGrower(x, targets, data.featureCount()).grow(maxRules), data.featureCount());
	}

	@Override
	public RegressionModel read(ObjectNode structure) {
		List<String> features = TechniqueSupport.features(structure, ID);
		String target = StoredJson.text(ID, structure, "target");
		List<List<Rule>> committees = new ArrayList<>();
		for (JsonNode committee : StoredJson.objects(ID, structure, "committees")) {
			List<Rule> rules = new ArrayList<>();
			for (JsonNode rule : StoredJson.objects(ID + " committee", committee, "rules")) {
				rules.add(Rule.fromJson(rule, features));
			}
			committees.add(rules);
		}
		if (committees.isEmpty()) {
			throw new IllegalArgumentException(ID + ": no committees");
		}
		int neighbors = StoredJson.count(ID, structure, "neighbors");
		double[][] x = new double[0][];
		double[] y = new double[0];
		if (neighbors > 0) {
			JsonNode instances = StoredJson.object(ID, structure, "instances");
			JsonNode rows = StoredJson.array(ID + " instances", instances, "x");
			JsonNode targets = StoredJson.array(ID + " instances", instances, "y");
			if (rows.size() != targets.size() || rows.size() == 0) {
				throw new IllegalArgumentException(ID + ": " + rows.size() + " instance rows but " + targets.size() + " targets");
			}
			x = new double[rows.size()][features.size()];
			y = new double[rows.size()];
			for (int row = 0; row < y.length; row++) {
				String instance = ID + " instance row " + (row + 1);
				JsonNode values = rows.get(row);
				if (!values.isArray() || values.size() != features.size()) {
					throw new IllegalArgumentException(instance + " must hold " + features.size() + " feature values, not "
							+ StoredJson.shown(values));
				}
				for (int feature = 0; feature < features.size(); feature++) {
					x[row][feature] = StoredJson.finite(instance, values.get(feature));
				}
				y[row] = StoredJson.finite(ID + " instance target " + (row + 1), targets.get(row));
			}
		}
		return new Model(features, target, committees, neighbors, x, y);
	}

	/**
	 * A rule: lower[f] < x[f] ≤ upper[f] for every feature f (infinite bounds for unconstrained
	 * features), predicting with its linear model; rows is the number of training rows it covers.
	 */
	record Rule(int rows, double[] lower, double[] upper, LinearModel model) {

		boolean covers(double[] row) {
			for (int feature = 0; feature < row.length; feature++) {
				if (!(lower[feature] < row[feature] && row[feature] <= upper[feature])) {
					return false;
				}
			}
			return true;
		}

		/**
		 * The prediction of the rule covering the row; the rules of a tree partition the feature space,
		 * so one always does unless a stored structure was edited.
		 */
		static double predict(List<Rule> rules, double[] row, int member) {
			for (Rule rule : rules) {
				if (rule.covers(row)) {
					return rule.model.predict(row);
				}
			}
			throw new RegressionInputException(ID + ": no rule of committee member " + (member + 1) + " covers the row "
					+ FileProblems.excerpt(Arrays.toString(row)) + "; the stored rules leave a gap (was the model file edited?)");
		}

		static List<Rule> fromTree(TreeNode root, int featureCount) {
			double[] lower = new double[featureCount];
			double[] upper = new double[featureCount];
			Arrays.fill(lower, Double.NEGATIVE_INFINITY);
			Arrays.fill(upper, Double.POSITIVE_INFINITY);
			List<Rule> rules = new ArrayList<>();
			collect(root, lower, upper, rules);
			return rules;
		}

		/**
		 * Adds the rules of the subtree's leaves; each rule's model is the leaf model smoothed up to
		 * this node, which the callers above blend further with their own models.
		 */
		private static void collect(TreeNode node, double[] lower, double[] upper, List<Rule> rules) {
			if (node.isLeaf()) {
				rules.add(new Rule(node.rows(), lower.clone(), upper.clone(), node.model()));
				return;
			}
			int feature = node.splitFeature();
			int first = rules.size();
			double upperBefore = upper[feature];
			upper[feature] = Math.min(upperBefore, node.threshold());
			collect(node.atMost(), lower, upper, rules);
			upper[feature] = upperBefore;
			smooth(rules, first, node.atMost().rows(), node.model());
			int firstAbove = rules.size();
			double lowerBefore = lower[feature];
			lower[feature] = Math.max(lowerBefore, node.threshold());
			collect(node.above(), lower, upper, rules);
			lower[feature] = lowerBefore;
			smooth(rules, firstAbove, node.above().rows(), node.model());
		}

		/** M5 smoothing p' = (n·p + k·q)/(n + k) applied to the models of rules[first..]. */
		private static void smooth(List<Rule> rules, int first, int childRows, LinearModel nodeModel) {
			for (int index = first; index < rules.size(); index++) {
				Rule rule = rules.get(index);
				rules.set(index, new Rule(rule.rows, rule.lower, rule.upper,
						rule.model.blend(childRows, nodeModel, M5Technique.SMOOTHING)));
			}
		}

		ObjectNode toJson(List<String> features) {
			ObjectNode json = JsonNodeFactory.instance.objectNode();
			json.put("rows", rows);
			ArrayNode conditions = json.putArray("conditions");
			for (int feature = 0; feature < lower.length; feature++) {
				if (lower[feature] == Double.NEGATIVE_INFINITY && upper[feature] == Double.POSITIVE_INFINITY) {
					continue;
				}
				ObjectNode condition = conditions.addObject();
				condition.put("feature", features.get(feature));
				if (lower[feature] != Double.NEGATIVE_INFINITY) {
					condition.put("above", lower[feature]);
				}
				if (upper[feature] != Double.POSITIVE_INFINITY) {
					condition.put("atMost", upper[feature]);
				}
			}
			json.set("model", model.toJson(features));
			return json;
		}

		static Rule fromJson(JsonNode json, List<String> features) {
			String context = ID + " rule";
			double[] lower = new double[features.size()];
			double[] upper = new double[features.size()];
			Arrays.fill(lower, Double.NEGATIVE_INFINITY);
			Arrays.fill(upper, Double.POSITIVE_INFINITY);
			for (JsonNode condition : StoredJson.objects(context, json, "conditions")) {
				String name = StoredJson.text(context, condition, "feature");
				int feature = features.indexOf(name);
				if (feature < 0) {
					throw new IllegalArgumentException(context + ": condition on unknown feature " + FileProblems.excerpt(name));
				}
				if (condition.has("above")) {
					lower[feature] = StoredJson.number(context, condition, "above");
				}
				if (condition.has("atMost")) {
					upper[feature] = StoredJson.number(context, condition, "atMost");
				}
			}
			return new Rule(StoredJson.count(context, json, "rows"), lower, upper,
					LinearModel.fromJson(StoredJson.object(context, json, "model"), features, context));
		}
	}

	/** A fitted committee of rule sets, with the training rows kept for the instance-based correction. */
	private static final class Model implements RegressionModel {

		private final List<String> features;
		private final String target;
		private final List<List<Rule>> committees;
		private final int neighbors;
		private final double[][] instances;
		private final double[] instanceTargets;
		private final double[] instancePredictions;
		/** 1/range of each feature over the instances, 0 for a feature without range. */
		private final double[] inverseRanges;

		Model(List<String> features, String target, List<List<Rule>> committees, int neighbors, double[][] x, double[] y) {
			this.features = List.copyOf(features);
			this.target = target;
			this.committees = List.copyOf(committees);
			this.neighbors = neighbors;
			this.instances = neighbors > 0 ? x : new double[0][];
			this.instanceTargets = neighbors > 0 ? y : new double[0];
			this.instancePredictions = new double[instances.length];
			for (int row = 0; row < instances.length; row++) {
				instancePredictions[row] = committeePrediction(instances[row]);
			}
			this.inverseRanges = new double[features.size()];
			for (int feature = 0; feature < inverseRanges.length; feature++) {
				double min = Double.POSITIVE_INFINITY;
				double max = Double.NEGATIVE_INFINITY;
				for (double[] instance : instances) {
					min = Math.min(min, instance[feature]);
					max = Math.max(max, instance[feature]);
				}
				inverseRanges[feature] = max > min ? 1 / (max - min) : 0;
			}
		}

		private double committeePrediction(double[] row) {
			double sum = 0;
			for (int member = 0; member < committees.size(); member++) {
				sum += Rule.predict(committees.get(member), row, member);
			}
			return sum / committees.size();
		}

		@Override
		public double predict(double[] row) {
			TechniqueSupport.requireRow(row, features.size());
			double prediction = committeePrediction(row);
			if (neighbors == 0) {
				return prediction;
			}
			int k = Math.min(neighbors, instances.length);
			int[] nearest = new int[k];
			double[] distances = new double[k];
			int found = 0;
			for (int instance = 0; instance < instances.length; instance++) {
				double distance = 0;
				for (int feature = 0; feature < row.length; feature++) {
					distance += Math.abs(row[feature] - instances[instance][feature]) * inverseRanges[feature];
				}
				if (found < k || distance < distances[found - 1]) {
					int position = Math.min(found, k - 1);
					while (position > 0 && distances[position - 1] > distance) {
						distances[position] = distances[position - 1];
						nearest[position] = nearest[position - 1];
						position--;
					}
					distances[position] = distance;
					nearest[position] = instance;
					found = Math.min(found + 1, k);
				}
			}
			double weightedSum = 0;
			double weights = 0;
			for (int index = 0; index < k; index++) {
				int instance = nearest[index];
				double weight = 1 / (distances[index] + DISTANCE_OFFSET);
				weightedSum += weight * (instanceTargets[instance] + prediction - instancePredictions[instance]);
				weights += weight;
			}
			return weightedSum / weights;
		}

		@Override
		public ObjectNode structure() {
			ObjectNode structure = TechniqueSupport.header(ID, features).put("target", target);
			ArrayNode members = structure.putArray("committees");
			for (List<Rule> rules : committees) {
				ArrayNode rulesJson = members.addObject().putArray("rules");
				rules.forEach(rule -> rulesJson.add(rule.toJson(features)));
			}
			structure.put("neighbors", neighbors);
			if (neighbors > 0) {
				ObjectNode instancesJson = structure.putObject("instances");
				ArrayNode rows = instancesJson.putArray("x");
				for (double[] instance : instances) {
					ArrayNode values = rows.addArray();
					Arrays.stream(instance).forEach(values::add);
				}
				ArrayNode targets = instancesJson.putArray("y");
				Arrays.stream(instanceTargets).forEach(targets::add);
			}
			return structure;
		}
	}
}
