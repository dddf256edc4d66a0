package org.iosim.analysis.regression.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Parameter;
import org.iosim.analysis.regression.Technique;

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

	/** @throws IllegalArgumentException for fewer rows than {@code minimumRows} or a NaN/infinite value */
	static void requireFinite(Dataset data, int minimumRows, String technique) {
		if (data.size() < minimumRows) {
			throw new IllegalArgumentException(data.source() + ": " + technique + " needs at least " + minimumRows
					+ " rows, got " + data.size());
		}
		for (int row = 0; row < data.size(); row++) {
			if (!Double.isFinite(data.y()[row])) {
				throw new IllegalArgumentException(data.source() + ": row " + (row + 1) + " has target " + data.target()
						+ " = " + data.y()[row] + "; " + technique + " needs finite values");
			}
			for (int feature = 0; feature < data.featureCount(); feature++) {
				if (!Double.isFinite(data.x()[row][feature])) {
					throw new IllegalArgumentException(data.source() + ": row " + (row + 1) + " has feature "
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
			throw new IllegalArgumentException("not a " + technique + " model: technique is '"
					+ structure.path("technique").asText() + "'");
		}
		List<String> features = new ArrayList<>();
		structure.path("features").forEach(name -> features.add(name.asText()));
		return features;
	}

	static int feature(JsonNode name, List<String> features) {
		int index = name == null ? -1 : features.indexOf(name.asText());
		if (index < 0) {
			throw new IllegalArgumentException("unknown feature " + name + "; the model's features are " + features);
		}
		return index;
	}

	static double number(JsonNode node, String field) {
		return requiredNumber("model structure", node, field);
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

	/** A field a stored structure must have; the message names the context. */
	static JsonNode required(String context, JsonNode json, String field) {
		JsonNode value = json.get(field);
		if (value == null || value.isNull()) {
			throw new IllegalArgumentException(context + ": missing '" + field + "'");
		}
		return value;
	}

	static double requiredNumber(String context, JsonNode json, String field) {
		JsonNode value = required(context, json, field);
		if (!value.isNumber()) {
			throw new IllegalArgumentException(context + ": '" + field + "' is not a number: " + value);
		}
		return value.doubleValue();
	}
}
