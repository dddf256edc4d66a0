package org.iosim.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.iosim.engine.SimulationConfig;
import org.iosim.files.FileProblems;
import org.iosim.run.RunConfiguration.After;
import org.iosim.run.RunConfiguration.TransformationStep;
import org.iosim.run.RunFailure.Kind;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A run described in a small JSON file, which the command line ({@code iosim run FILE}), the Maven
 * plugin and the workbench all execute:
 *
 * <pre>
 * {
 *   "model": "../minimal",
 *   "io": "../minimal/shop-virtualized.ioconfig",
 *   "transformations": [
 *     {"id": "scale-processing-rate", "after": "complete",
 *      "parameters": {"container": "database server", "factor": 2}}
 *   ],
 *   "simulation": {"seed": 1, "maxMeasurements": 50000},
 *   "out": "results/faster-database"
 * }
 * </pre>
 *
 * Keys: {@code model} (a path or a list of paths, required), {@code modelSet}, {@code io},
 * {@code storedModels}, {@code transformations} (each with {@code id}, {@code after} one of
 * {@code load}, {@code complete} (the default), {@code bind}, and {@code parameters}),
 * {@code simulation} ({@code seed}, {@code stopTime}, {@code maxMeasurements}, {@code warmup},
 * {@code replications}, {@code confidence} with {@code precision}, {@code simulateNetwork}), and
 * {@code out}. Paths are relative to the file's folder. Unknown keys are errors, since a misspelt
 * one would otherwise be ignored. Without a stop condition a run stops after
 * {@value SimulationConfig#DEFAULT_MAX_MEASUREMENTS} measurements.
 */
public final class PipelineFile {

	private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
	/** Most unknown keys a message names: a file of other keys would otherwise be echoed whole. */
	private static final int LISTED_KEYS = 5;
	private static final Set<String> KEYS = Set.of("model", "modelSet", "io", "storedModels", "transformations",
			"simulation", "out");
	private static final Set<String> TRANSFORMATION_KEYS = Set.of("id", "after", "parameters");
	private static final Set<String> SIMULATION_KEYS = Set.of("seed", "stopTime", "maxMeasurements", "warmup",
			"replications", "confidence", "precision", "simulateNetwork");

	private final Path file;
	private final Path folder;

	private PipelineFile(Path file) {
		this.file = file;
		this.folder = file.toAbsolutePath().normalize().getParent();
	}

	/**
	 * @throws RunFailure naming the file and the key that is wrong ({@link Kind#USAGE}: the request is wrong)
	 */
	public static RunConfiguration read(Path file) throws RunFailure {
		return new PipelineFile(file).read();
	}

	private RunConfiguration read() throws RunFailure {
		JsonNode root;
		try {
			root = FileProblems.readJson(JSON, FileProblems.readUtf8(file));
		} catch (JsonProcessingException invalid) {
			throw wrong(FileProblems.jsonProblem(invalid));
		} catch (IOException unreadable) {
			throw wrong("cannot be read: " + FileProblems.reason(unreadable));
		}
		if (root == null || !root.isObject()) {
			throw wrong("expected a JSON object with at least 'model'");
		}
		requireKnown(root, KEYS, "");
		List<Path> model = new ArrayList<>();
		JsonNode models = root.get("model");
		if (models == null || models.isNull()) {
			throw wrong("'model' is missing: name the model folder or files");
		}
		if (models.isArray()) {
			for (JsonNode entry : models) {
				model.add(path(entry, "model"));
			}
		} else {
			model.add(path(models, "model"));
		}
		RunConfiguration configuration = RunConfiguration.of(model)
				.withModelSet(text(root.get("modelSet"), "modelSet"))
				.withIoConfiguration(optionalPath(root.get("io"), "io"))
				.withStoredModels(optionalPath(root.get("storedModels"), "storedModels"))
				.withTransformations(transformations(root.get("transformations")))
				.withSimulation(simulation(root.get("simulation")));
		return configuration.withOutputFolder(optionalPath(root.get("out"), "out"), false).withPipelineFile(file);
	}

	private List<TransformationStep> transformations(JsonNode node) throws RunFailure {
		List<TransformationStep> steps = new ArrayList<>();
		if (node == null || node.isNull()) {
			return steps;
		}
		if (!node.isArray()) {
			throw wrong("'transformations' must be a list");
		}
		for (int index = 0; index < node.size(); index++) {
			JsonNode step = node.get(index);
			String where = "transformations[" + index + "]";
			if (!step.isObject()) {
				throw wrong("'" + where + "' must be an object with 'id'");
			}
			requireKnown(step, TRANSFORMATION_KEYS, where + ".");
			String id = text(step.get("id"), where + ".id");
			if (id == null) {
				throw wrong("'" + where + ".id' is missing: name the transformation");
			}
			String after = text(step.get("after"), where + ".after");
			After position;
			try {
				position = after == null ? After.COMPLETE : After.valueOf(after.toUpperCase(Locale.ROOT));
			} catch (IllegalArgumentException unknown) {
				throw wrong("'" + where + ".after' is '" + FileProblems.excerpt(after)
						+ "'; it must be load, complete or bind");
			}
			Map<String, String> parameters = new LinkedHashMap<>();
			JsonNode given = step.get("parameters");
			if (given != null && !given.isNull()) {
				if (!given.isObject()) {
					throw wrong("'" + where + ".parameters' must be an object");
				}
				for (Map.Entry<String, JsonNode> parameter : given.properties()) {
					JsonNode value = parameter.getValue();
					if (!value.isValueNode() || value.isNull()) {
						throw wrong("'" + where + ".parameters." + FileProblems.excerpt(parameter.getKey())
								+ "' must be a string, number or boolean");
					}
					parameters.put(parameter.getKey(), value.asText());
				}
			}
			steps.add(new TransformationStep(id, position, parameters));
		}
		return steps;
	}

	private SimulationConfig simulation(JsonNode node) throws RunFailure {
		SimulationConfig defaults = SimulationConfig.defaults();
		if (node == null || node.isNull()) {
			return defaults;
		}
		if (!node.isObject()) {
			throw wrong("'simulation' must be an object");
		}
		requireKnown(node, SIMULATION_KEYS, "simulation.");
		Double maxMeasurements = number(node.get("maxMeasurements"), "simulation.maxMeasurements");
		Double seed = number(node.get("seed"), "simulation.seed");
		Double warmup = number(node.get("warmup"), "simulation.warmup");
		Double replications = number(node.get("replications"), "simulation.replications");
		JsonNode network = node.get("simulateNetwork");
		if (network != null && !network.isBoolean()) {
			throw wrong("'simulation.simulateNetwork' must be true or false");
		}
		try {
			return SimulationConfig.of(seed == null ? defaults.seed() : whole(seed, "simulation.seed"),
					number(node.get("stopTime"), "simulation.stopTime"),
					maxMeasurements == null ? null : whole(maxMeasurements, "simulation.maxMeasurements"),
					number(node.get("confidence"), "simulation.confidence"),
					number(node.get("precision"), "simulation.precision"),
					warmup == null ? defaults.warmupMeasurements() : whole(warmup, "simulation.warmup"),
					replications == null ? defaults.replications()
							: Math.clamp(whole(replications, "simulation.replications"), Integer.MIN_VALUE,
									Integer.MAX_VALUE),
					network != null && network.booleanValue());
		} catch (IllegalArgumentException invalid) {
			throw wrong("'simulation': " + invalid.getMessage());
		}
	}

	private void requireKnown(JsonNode node, Set<String> known, String prefix) throws RunFailure {
		Set<String> unknown = new TreeSet<>();
		node.fieldNames().forEachRemaining(name -> {
			if (!known.contains(name)) {
				unknown.add(prefix + FileProblems.excerpt(name));
			}
		});
		if (!unknown.isEmpty()) {
			throw wrong("unknown key" + (unknown.size() == 1 ? " " : "s ")
					+ String.join(", ", unknown.stream().limit(LISTED_KEYS).toList())
					+ (unknown.size() > LISTED_KEYS ? ", … (" + unknown.size() + " in all)" : "") + "; known: "
					+ String.join(", ", new TreeSet<>(known.stream().map(key -> prefix + key).toList())));
		}
	}

	private String text(JsonNode node, String key) throws RunFailure {
		if (node == null || node.isNull()) {
			return null;
		}
		if (!node.isTextual() || node.asText().isBlank()) {
			throw wrong("'" + key + "' must be a text that is not empty");
		}
		return node.asText();
	}

	private Path path(JsonNode node, String key) throws RunFailure {
		String text = text(node, key);
		if (text == null) {
			throw wrong("'" + key + "' must name a file or folder");
		}
		if (!namesAFile(text)) {
			// such a path could only be printed whole in later messages, e.g. that it does not exist
			throw wrong("'" + key + "' is not a file name: '" + FileProblems.excerpt(text) + "' (" + text.length()
					+ " characters; a path has no control characters, at most " + MAX_PATH_BYTES + " bytes and names of at most "
					+ MAX_NAME_BYTES + " bytes)");
		}
		try {
			return folder.resolve(text).normalize();
		} catch (InvalidPathException notAPath) {
			throw wrong("'" + key + "' is not a file name: '" + FileProblems.excerpt(text) + "'");
		}
	}

	/** Linux's limits (PATH_MAX, NAME_MAX): no file system there has a longer path or name. */
	private static final int MAX_PATH_BYTES = 4095;
	private static final int MAX_NAME_BYTES = 255;

	/** Whether the text could be a path on Linux, and one that prints as it is (no control characters). */
	private static boolean namesAFile(String text) {
		if (text.getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES
				|| text.codePoints().anyMatch(Character::isISOControl)) {
			return false;
		}
		for (String name : text.split("/")) {
			if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
				return false;
			}
		}
		return true;
	}

	private Path optionalPath(JsonNode node, String key) throws RunFailure {
		return node == null || node.isNull() ? null : path(node, key);
	}

	private Double number(JsonNode node, String key) throws RunFailure {
		if (node == null || node.isNull()) {
			return null;
		}
		if (!node.isNumber()) {
			throw wrong("'" + key + "' must be a number");
		}
		return node.doubleValue();
	}

	private long whole(double value, String key) throws RunFailure {
		if (value != Math.rint(value) || Math.abs(value) > 9e15) {
			throw wrong("'" + key + "' must be a whole number");
		}
		return (long) value;
	}

	private RunFailure wrong(String problem) {
		return new RunFailure(Kind.USAGE, file + ": " + problem);
	}
}
