package org.iosim.sweep.internal;

import java.util.ArrayList;
import java.util.List;

import org.iosim.engine.SimulationConfig;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepPoint;
import org.iosim.sweep.SweepPoints;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A sweep definition's JSON form, both ways: what {@code sweep-definition.json} records (without
 * the file digests {@link SweepFolder} adds) and what an engine ships to its workers. Numbers are
 * written in their shortest exact form, so a definition read back simulates exactly as the one
 * written. The simulation's replications count is not part of it (a sweep has its own); it reads
 * back as 1.
 */
public final class DefinitionJson {

	private static final ObjectMapper JSON = new ObjectMapper();

	private DefinitionJson() {
	}

	public static ObjectNode write(SweepDefinition definition) {
		ObjectNode json = JSON.createObjectNode();
		ArrayNode model = json.putArray("model");
		definition.model().forEach(model::add);
		json.put("modelSet", definition.modelSet());
		json.put("ioConfiguration", definition.ioConfiguration());
		json.put("storedModels", definition.storedModels());
		SimulationConfig simulation = definition.simulation();
		ObjectNode settings = json.putObject("simulation");
		settings.put("seed", simulation.seed());
		settings.put("stopTime", Double.isFinite(simulation.stopTime()) ? simulation.stopTime() : null);
		settings.put("maxMeasurements", simulation.maxMeasurements() == Long.MAX_VALUE ? null
				: simulation.maxMeasurements());
		settings.put("confidence", simulation.confidenceLevel());
		settings.put("precision", simulation.relativePrecision());
		settings.put("warmup", simulation.warmupMeasurements());
		settings.put("simulateNetwork", simulation.simulateLinkingResources());
		json.put("replications", definition.replications());
		ArrayNode parameters = json.putArray("parameters");
		definition.parameters().forEach(parameters::add);
		SweepPoints points = definition.sweepPoints();
		if (points.isGrid()) {
			// a grid of a million points is its parameters' values
			ArrayNode grid = json.putArray("grid");
			for (int p = 0; p < points.parameters(); p++) {
				ArrayNode values = grid.addArray();
				points.values(p).forEach(values::add);
			}
		} else {
			ArrayNode rows = json.putArray("points");
			for (SweepPoint point : points) {
				ArrayNode values = rows.addArray();
				point.values().forEach(values::add);
			}
		}
		return json;
	}

	/**
	 * @throws IllegalArgumentException if the JSON is not a sweep definition, saying what is missing or wrong
	 */
	public static SweepDefinition read(JsonNode json) {
		JsonNode settings = required(json, "simulation");
		JsonNode stopTime = settings.get("stopTime");
		JsonNode maxMeasurements = settings.get("maxMeasurements");
		SimulationConfig simulation = new SimulationConfig(required(settings, "seed").asLong(),
				stopTime == null || stopTime.isNull() ? Double.POSITIVE_INFINITY : stopTime.asDouble(),
				maxMeasurements == null || maxMeasurements.isNull() ? Long.MAX_VALUE : maxMeasurements.asLong(),
				required(settings, "confidence").asDouble(), required(settings, "precision").asDouble(),
				required(settings, "warmup").asLong(), 1, required(settings, "simulateNetwork").asBoolean());
		List<String> parameters = texts(required(json, "parameters"));
		SweepPoints points;
		JsonNode grid = json.get("grid");
		if (grid != null && grid.isArray()) {
			List<List<String>> values = new ArrayList<>();
			grid.forEach(parameterValues -> values.add(texts(parameterValues)));
			points = SweepPoints.grid(values);
		} else {
			SweepPoints.Table table = new SweepPoints.Table(parameters.size());
			for (JsonNode values : required(json, "points")) {
				table.add(texts(values));
			}
			points = table.build();
		}
		return new SweepDefinition(texts(required(json, "model")), text(json.get("modelSet")),
				text(json.get("ioConfiguration")), text(json.get("storedModels")), simulation,
				parameters, points, required(json, "replications").asInt());
	}

	private static JsonNode required(JsonNode json, String field) {
		JsonNode value = json == null ? null : json.get(field);
		if (value == null || value.isNull()) {
			throw new IllegalArgumentException("not a sweep definition: '" + field + "' is missing");
		}
		return value;
	}

	private static List<String> texts(JsonNode array) {
		if (!array.isArray()) {
			throw new IllegalArgumentException("not a sweep definition: " + array + " is not a list");
		}
		List<String> texts = new ArrayList<>();
		array.forEach(element -> texts.add(element.asText()));
		return texts;
	}

	private static String text(JsonNode node) {
		return node == null || node.isNull() ? null : node.asText();
	}
}
