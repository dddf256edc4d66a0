package org.iosim.analysis.regression.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Parameter;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.Technique;
import org.iosim.files.FileProblems;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Checks and JSON structure shared by every technique. */
final class TechniqueSupport {

	private TechniqueSupport() {
	}

	/**
	 * The technique's defaults overridden by the given values.
	 *
	 * @throws IllegalArgumentException for an unknown name or a value outside its range
	 */
	static Map<String, Double> resolve(Technique technique, Map<String, Double> given) {
		Map<String, Double> values = new LinkedHashMap<>(technique.defaults());
		for (Map.Entry<String, Double> entry : given.entrySet()) {
			Parameter parameter = technique.parameters().stream()
					.filter(candidate -> candidate.name().equals(entry.getKey())).findFirst()
					.orElseThrow(() -> new IllegalArgumentException(technique.id() + " has no parameter '"
							+ entry.getKey() + "'; it has " + technique.parameters().stream().map(Parameter::name).toList()));
			double value = entry.getValue();
			if (!(value >= parameter.lower() && value <= parameter.upper())
					|| parameter.integer() && value != Math.rint(value)) {
				throw new IllegalArgumentException(technique.id() + ": " + parameter.name() + " = " + value
						+ " is outside [" + parameter.lower() + ", " + parameter.upper() + "]"
						+ (parameter.integer() ? " or not an integer" : ""));
			}
			values.put(entry.getKey(), value);
		}
		return values;
	}

	/** @throws RegressionInputException for fewer rows than {@code minimumRows} or a NaN/infinite value */
	static void requireFinite(Dataset data, int minimumRows, String technique) {
		if (data.size() < minimumRows) {
			throw new RegressionInputException(data.source() + ": " + technique + " needs at least " + minimumRows
					+ " rows, got " + data.size());
		}
		for (int row = 0; row < data.size(); row++) {
			if (!Double.isFinite(data.y()[row])) {
				throw new RegressionInputException(data.source() + ": row " + (row + 1) + " has target " + data.target()
						+ " = " + data.y()[row] + "; " + technique + " needs finite values");
			}
			for (int feature = 0; feature < data.featureCount(); feature++) {
				if (!Double.isFinite(data.x()[row][feature])) {
					throw new RegressionInputException(data.source() + ": row " + (row + 1) + " has feature "
							+ data.features().get(feature) + " = " + data.x()[row][feature] + "; " + technique
							+ " needs finite values");
				}
			}
		}
	}

	/** A structure's common head: the technique id and the feature names in row order. */
	static ObjectNode header(String technique, List<String> features) {
		ObjectNode structure = JsonNodeFactory.instance.objectNode();
		structure.put("technique", technique);
		ArrayNode names = structure.putArray("features");
		features.forEach(names::add);
		return structure;
	}

	/** The feature names of a structure written by {@link #header}, checking it belongs to the technique. */
	static List<String> features(JsonNode structure, String technique) {
		if (!technique.equals(structure.path("technique").asText())) {
			throw new IllegalArgumentException("not a " + technique + " model: technique is "
					+ StoredJson.shown(structure.path("technique")));
		}
		List<String> features = new ArrayList<>();
		for (JsonNode name : StoredJson.array(technique, structure, "features")) {
			if (!name.isTextual()) {
				throw new IllegalArgumentException(StoredJson.named(technique, "features") + " must list names, not "
						+ StoredJson.shown(name));
			}
			features.add(name.asText());
		}
		if (features.isEmpty()) {
			throw new IllegalArgumentException(StoredJson.named(technique, "features") + " lists no feature");
		}
		return features;
	}

	static int feature(JsonNode name, List<String> features) {
		int index = name != null && name.isTextual() ? features.indexOf(name.asText()) : -1;
		if (index < 0) {
			throw new IllegalArgumentException("unknown feature " + StoredJson.shown(name) + "; the model's features are "
					+ FileProblems.excerpt(features.toString()));
		}
		return index;
	}

	static double number(JsonNode node, String field) {
		return StoredJson.number("model structure", node, field);
	}

	/** @throws IllegalArgumentException if a row to predict has the wrong length or a value that is not finite */
	static void requireRow(double[] row, int featureCount) {
		if (row.length != featureCount) {
			throw new IllegalArgumentException("expected " + featureCount + " feature values, got " + row.length);
		}
		for (int feature = 0; feature < featureCount; feature++) {
			if (!Double.isFinite(row[feature])) {
				throw new IllegalArgumentException("feature value " + (feature + 1) + " is " + row[feature]);
			}
		}
	}
}
