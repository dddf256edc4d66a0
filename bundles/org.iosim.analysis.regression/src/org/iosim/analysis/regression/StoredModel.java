package org.iosim.analysis.regression;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.regression.internal.StoredJson;
import org.iosim.files.FileProblems;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A fitted model as stored in a readable JSON file: technique, parameter values, features and
 * target, the range of each feature in the training data, the cross-validation error, and the
 * fitted structure. Loading rebuilds a model that predicts identically.
 *
 * @param ranges            [min, max] of each feature in the training data
 * @param cvRmse            cross-validated RMSE, NaN when not estimated
 * @param cvRelativeError   cross-validated mean relative error (a fraction), NaN when not estimated
 * @param logTarget         whether the model learnt the natural logarithm of the target (so its
 *                          errors are relative ones); {@link #predict} then gives e to the power of
 *                          the model's value
 */
public record StoredModel(String technique, Map<String, Double> parameters, List<String> features, String target,
		double[][] ranges, double cvRmse, double cvRelativeError, RegressionModel model, boolean logTarget) {

	private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

	/** A prediction, with the features that lie outside the training ranges (an extrapolation). */
	public record Prediction(double value, List<String> outsideTrainingRange) {
		public boolean extrapolated() {
			return !outsideTrainingRange.isEmpty();
		}
	}

	public StoredModel {
		parameters = Map.copyOf(parameters);
		features = List.copyOf(features);
	}

	/** A model of the target itself, not of its logarithm. */
	public StoredModel(String technique, Map<String, Double> parameters, List<String> features, String target,
			double[][] ranges, double cvRmse, double cvRelativeError, RegressionModel model) {
		this(technique, parameters, features, target, ranges, cvRmse, cvRelativeError, model, false);
	}

	/** @return this model marked as one fitted to the logarithm of its target */
	public StoredModel ofLogTarget() {
		return new StoredModel(technique, parameters, features, target, ranges, cvRmse, cvRelativeError, model, true);
	}

	public Prediction predict(double[] row) {
		List<String> outside = new ArrayList<>();
		for (int feature = 0; feature < features.size(); feature++) {
			if (row[feature] < ranges[feature][0] || row[feature] > ranges[feature][1]) {
				outside.add(features.get(feature));
			}
		}
		double value = model.predict(row);
		return new Prediction(logTarget ? Math.exp(value) : value, outside);
	}

	public void save(Path file) throws IOException {
		ObjectNode root = JSON.createObjectNode();
		root.put("technique", technique);
		ObjectNode values = root.putObject("parameters");
		parameters.entrySet().stream().sorted(Map.Entry.comparingByKey())
				.forEach(entry -> values.put(entry.getKey(), entry.getValue()));
		root.put("target", target);
		if (logTarget) {
			root.put("targetScale", "log");
		}
		ObjectNode trainingRanges = root.putObject("trainingRanges");
		for (int feature = 0; feature < features.size(); feature++) {
			trainingRanges.putArray(features.get(feature)).add(ranges[feature][0]).add(ranges[feature][1]);
		}
		ObjectNode error = root.putObject("crossValidation");
		putNumber(error, "rmse", cvRmse);
		putNumber(error, "meanRelativeError", cvRelativeError);
		root.set("model", model.structure());
		Path parent = file.toAbsolutePath().getParent();
		if (parent != null) {
			Files.createDirectories(parent);
		}
		Files.writeString(file, JSON.writeValueAsString(root) + "\n");
	}

	private static void putNumber(ObjectNode node, String field, double value) {
		if (Double.isFinite(value)) {
			node.put(field, value);
		} else {
			node.putNull(field);
		}
	}

	/**
	 * @throws DataFormatException naming the file and what is missing or wrong: where the JSON is
	 *                             broken, or which field does not hold what a stored model needs
	 */
	public static StoredModel load(Path file) throws DataFormatException {
		JsonNode root;
		try (JsonParser parser = JSON.createParser(FileProblems.readUtf8(file))) {
			root = JSON.readTree(parser);
			if (root != null && parser.nextToken() != null) {
				throw new DataFormatException(file + ": more text follows the model's JSON object at "
						+ where(parser.currentTokenLocation()) + "; the file holds one model");
			}
		} catch (JsonProcessingException invalid) {
			throw new DataFormatException(file + ": " + FileProblems.jsonProblem(invalid));
		} catch (IOException unreadable) {
			throw new DataFormatException(file + ": cannot read the model file: " + FileProblems.reason(unreadable));
		}
		if (root == null) {
			throw new DataFormatException(file + ": the file is empty; expected a model stored by 'iosim regression fit'");
		}
		if (!root.isObject()) {
			throw new DataFormatException(file + ": expected a JSON object (a model stored by 'iosim regression fit'),"
					+ " found " + StoredJson.shown(root));
		}
		try {
			String techniqueId = StoredJson.text("", root, "technique");
			Technique technique;
			try {
				technique = Techniques.byId(techniqueId);
			} catch (IllegalArgumentException unknown) {
				throw new IllegalArgumentException(StoredJson.named("", "technique") + ": " + unknown.getMessage());
			}
			Map<String, Double> parameters = new LinkedHashMap<>();
			for (Map.Entry<String, JsonNode> entry : StoredJson.object("", root, "parameters").properties()) {
				parameters.put(entry.getKey(),
						StoredJson.finite(StoredJson.named("", "parameters." + entry.getKey()), entry.getValue()));
			}
			List<String> features = new ArrayList<>();
			List<double[]> ranges = new ArrayList<>();
			for (Map.Entry<String, JsonNode> entry : StoredJson.object("", root, "trainingRanges").properties()) {
				features.add(entry.getKey());
				ranges.add(range(StoredJson.named("", "trainingRanges." + entry.getKey()), entry.getValue()));
			}
			if (features.isEmpty()) {
				throw new IllegalArgumentException(StoredJson.named("", "trainingRanges") + " names no feature");
			}
			ObjectNode structure = (ObjectNode) StoredJson.object("", root, "model");
			List<String> modelFeatures = new ArrayList<>();
			structure.path("features").forEach(name -> modelFeatures.add(name.asText()));
			if (!modelFeatures.equals(features)) {
				throw new IllegalArgumentException(StoredJson.named("", "model.features") + " "
						+ StoredJson.shown(structure.get("features")) + " does not list the features of 'trainingRanges' "
						+ FileProblems.excerpt(features.toString()));
			}
			JsonNode error = root.path("crossValidation");
			double rmse = optionalNumber(StoredJson.named("", "crossValidation.rmse"), error.path("rmse"));
			double relativeError = optionalNumber(StoredJson.named("", "crossValidation.meanRelativeError"),
					error.path("meanRelativeError"));
			RegressionModel model;
			try {
				model = technique.read(structure);
			} catch (IllegalArgumentException invalid) {
				throw new IllegalArgumentException(StoredJson.named("", "model") + ": " + invalid.getMessage());
			}
			JsonNode scale = root.path("targetScale");
			if (!scale.isMissingNode() && !scale.asText().equals("log") && !scale.asText().equals("linear")) {
				throw new IllegalArgumentException(StoredJson.named("", "targetScale") + " must be \"log\" or \"linear\", not "
						+ StoredJson.shown(scale));
			}
			return new StoredModel(techniqueId, parameters, features, StoredJson.text("", root, "target"),
					ranges.toArray(double[][]::new), rmse, relativeError, model, scale.asText().equals("log"));
		} catch (IllegalArgumentException invalid) {
			throw new DataFormatException(file + ": " + invalid.getMessage());
		}
	}

	private static String where(JsonLocation location) {
		return "line " + location.getLineNr() + ", column " + location.getColumnNr();
	}

	/** A number that may be absent or null (not estimated), as {@link #save} writes NaN; {@code field} names it. */
	private static double optionalNumber(String field, JsonNode value) {
		return value.isMissingNode() || value.isNull() ? Double.NaN : StoredJson.finite(field, value);
	}

	/** @param field names the field, e.g. "field 'trainingRanges.size'" */
	private static double[] range(String field, JsonNode value) {
		if (!value.isArray() || value.size() != 2) {
			throw new IllegalArgumentException(field + " must be [smallest, largest] training value, not "
					+ StoredJson.shown(value));
		}
		double[] range = { StoredJson.finite(field, value.get(0)), StoredJson.finite(field, value.get(1)) };
		if (range[0] > range[1]) {
			throw new IllegalArgumentException(field + ": the smallest value " + range[0] + " is above the largest "
					+ range[1]);
		}
		return range;
	}
}
