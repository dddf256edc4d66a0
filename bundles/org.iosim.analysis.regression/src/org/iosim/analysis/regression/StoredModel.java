package org.iosim.analysis.regression;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 */
public record StoredModel(String technique, Map<String, Double> parameters, List<String> features, String target,
		double[][] ranges, double cvRmse, double cvRelativeError, RegressionModel model) {

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

	public Prediction predict(double[] row) {
		List<String> outside = new ArrayList<>();
		for (int feature = 0; feature < features.size(); feature++) {
			if (row[feature] < ranges[feature][0] || row[feature] > ranges[feature][1]) {
				outside.add(features.get(feature));
			}
		}
		return new Prediction(model.predict(row), outside);
	}

	public void save(Path file) throws IOException {
		ObjectNode root = JSON.createObjectNode();
		root.put("technique", technique);
		ObjectNode values = root.putObject("parameters");
		parameters.entrySet().stream().sorted(Map.Entry.comparingByKey())
				.forEach(entry -> values.put(entry.getKey(), entry.getValue()));
		root.put("target", target);
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

	/** @throws DataFormatException naming the file and what is missing or wrong */
	public static StoredModel load(Path file) throws DataFormatException {
		JsonNode root;
		try {
			root = JSON.readTree(file.toFile());
		} catch (IOException unreadable) {
			throw new DataFormatException(file + ": not a readable model file: " + unreadable.getMessage());
		}
		try {
			String techniqueId = text(root, "technique");
			Technique technique = Techniques.byId(techniqueId);
			Map<String, Double> parameters = new LinkedHashMap<>();
			root.path("parameters").fields().forEachRemaining(entry -> parameters.put(entry.getKey(), entry.getValue().asDouble()));
			List<String> features = new ArrayList<>();
			List<double[]> ranges = new ArrayList<>();
			JsonNode trainingRanges = root.path("trainingRanges");
			if (!trainingRanges.isObject() || trainingRanges.isEmpty()) {
				throw new IllegalArgumentException("no 'trainingRanges'");
			}
			trainingRanges.fields().forEachRemaining(entry -> {
				features.add(entry.getKey());
				ranges.add(new double[] { entry.getValue().path(0).asDouble(), entry.getValue().path(1).asDouble() });
			});
			JsonNode structure = root.path("model");
			if (!structure.isObject()) {
				throw new IllegalArgumentException("no 'model' structure");
			}
			JsonNode error = root.path("crossValidation");
			return new StoredModel(techniqueId, parameters, features, text(root, "target"),
					ranges.toArray(double[][]::new), number(error.path("rmse")), number(error.path("meanRelativeError")),
					technique.read((ObjectNode) structure));
		} catch (IllegalArgumentException | ClassCastException invalid) {
			throw new DataFormatException(file + ": " + invalid.getMessage());
		}
	}

	private static String text(JsonNode root, String field) {
		JsonNode value = root.path(field);
		if (!value.isTextual()) {
			throw new IllegalArgumentException("no '" + field + "'");
		}
		return value.asText();
	}

	private static double number(JsonNode value) {
		return value.isNumber() ? value.asDouble() : Double.NaN;
	}
}
