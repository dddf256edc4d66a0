package org.iosim.analysis.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.files.FileProblems;
import org.iosim.analysis.Features;
import org.iosim.pcm.io.FeatureConfiguration;
import org.iosim.analysis.ModelDefinition;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads stored model definitions in the format documented at
 * {@link org.iosim.analysis.AnalysisModelRegistry#loadStored}. Keys are checked, so a misspelt one
 * is reported rather than ignored.
 */
public final class StoredModels {

	private static final Set<String> TOP_LEVEL_KEYS = Set.of("name", "kind", "features", "parameters");
	private static final List<String> FEATURE_KEYS =
			List.of("systemUnderStudy", "virtualization", "ioScheduler", "fileSystem", "formalism");

	private static final ObjectMapper JSON = new ObjectMapper()
			.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
			.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

	private StoredModels() {
	}

	/**
	 * @param folder a folder of {@code *.json} files; sub-folders are not searched
	 * @return the definitions in file name order
	 * @throws AnalysisModelException if the folder cannot be listed, a file cannot be read or is
	 *                                not a valid definition, or two files define the same name
	 */
	public static List<ModelDefinition> load(Path folder) throws AnalysisModelException {
		if (!Files.isDirectory(folder)) {
			throw new AnalysisModelException(folder + ": not a folder of stored analysis models");
		}
		List<Path> files = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder,
				entry -> Files.isRegularFile(entry) && entry.getFileName().toString().endsWith(".json"))) {
			entries.forEach(files::add);
		} catch (IOException e) {
			throw new AnalysisModelException(folder + ": cannot be listed: " + FileProblems.reason(e), e);
		}
		files.sort(null);
		List<ModelDefinition> definitions = new ArrayList<>();
		Map<String, Path> fileByName = new HashMap<>();
		for (Path file : files) {
			ModelDefinition definition = read(file, folder);
			Path previous = fileByName.putIfAbsent(definition.name(), file);
			if (previous != null) {
				throw new AnalysisModelException(file + ": the name '" + FileProblems.excerpt(definition.name()) + "' is already defined in "
						+ previous);
			}
			definitions.add(definition);
		}
		return List.copyOf(definitions);
	}

	private static ModelDefinition read(Path file, Path folder) throws AnalysisModelException {
		JsonNode root;
		try {
			root = JSON.readTree(FileProblems.readUtf8(file));
		} catch (JsonProcessingException e) {
			throw new AnalysisModelException(file + ": " + FileProblems.jsonProblem(e), e);
		} catch (IOException e) {
			throw new AnalysisModelException(file + ": cannot be read: " + FileProblems.reason(e), e);
		}
		if (root == null || root.isMissingNode()) {
			throw new AnalysisModelException(file + ": empty; expected a JSON object with 'name' and 'kind'");
		}
		if (!root.isObject()) {
			throw new AnalysisModelException(file + ": expected a JSON object with 'name' and 'kind' but found "
					+ root.getNodeType().toString().toLowerCase(Locale.ROOT));
		}
		rejectUnknownKeys(file, "", root, TOP_LEVEL_KEYS);
		String name = requiredText(file, root, "name");
		String kind = requiredText(file, root, "kind");
		FeatureConfiguration features = features(file, root.get("features"));
		Map<String, String> parameters = parameters(file, root.get("parameters"));
		return new ModelDefinition(name, kind, features, parameters, folder);
	}

	private static void rejectUnknownKeys(Path file, String prefix, JsonNode object, Collection<String> known)
			throws AnalysisModelException {
		for (Map.Entry<String, JsonNode> property : object.properties()) {
			if (!known.contains(property.getKey())) {
				throw new AnalysisModelException(file + ": unknown key '" + prefix + FileProblems.excerpt(property.getKey())
						+ "'; known keys: " + String.join(", ", new TreeSet<>(known)));
			}
		}
	}

	private static String requiredText(Path file, JsonNode root, String key) throws AnalysisModelException {
		JsonNode value = root.get(key);
		if (value == null || value.isNull()) {
			throw new AnalysisModelException(file + ": '" + key + "' is missing");
		}
		if (!value.isTextual() || value.textValue().isBlank()) {
			throw new AnalysisModelException(file + ": '" + key + "' must be a non-empty string but is " + shown(value));
		}
		return value.textValue();
	}

	/** A value of the file in a message: an excerpt, since it may be an object of megabytes. */
	private static String shown(JsonNode value) {
		return FileProblems.excerpt(value.toString());
	}

	private static FeatureConfiguration features(Path file, JsonNode features) throws AnalysisModelException {
		if (features == null || features.isNull()) {
			return Features.any();
		}
		if (!features.isObject()) {
			throw new AnalysisModelException(file + ": 'features' must be an object but is " + shown(features));
		}
		rejectUnknownKeys(file, "features.", features, FEATURE_KEYS);
		List<String> values = new ArrayList<>();
		for (String key : FEATURE_KEYS) {
			JsonNode value = features.get(key);
			if (value == null || value.isNull()) {
				values.add(null);
			} else if (value.isTextual()) {
				values.add(value.textValue());
			} else {
				throw new AnalysisModelException(file + ": 'features." + key + "' must be a string but is " + shown(value));
			}
		}
		return Features.of(values.get(0), values.get(1), values.get(2), values.get(3), values.get(4), null);
	}

	private static Map<String, String> parameters(Path file, JsonNode parameters) throws AnalysisModelException {
		Map<String, String> result = new LinkedHashMap<>();
		if (parameters == null || parameters.isNull()) {
			return result;
		}
		if (!parameters.isObject()) {
			throw new AnalysisModelException(file + ": 'parameters' must be an object but is " + shown(parameters));
		}
		for (Map.Entry<String, JsonNode> entry : parameters.properties()) {
			JsonNode value = entry.getValue();
			if (!value.isValueNode() || value.isNull()) {
				throw new AnalysisModelException(file + ": parameter '" + FileProblems.excerpt(entry.getKey())
						+ "' must be a string, number or boolean but is " + shown(value));
			}
			result.put(entry.getKey(), value.asText());
		}
		return result;
	}
}
