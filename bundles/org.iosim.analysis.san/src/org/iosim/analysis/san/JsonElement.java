package org.iosim.analysis.san;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.iosim.files.FileProblems;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A JSON object of a SAN file with its path from the root (e.g. {@code storage.ranks[1]}), so that every
 * complaint names the file, the element and what is wrong.
 */
final class JsonElement {

	private static final ObjectMapper JSON = new ObjectMapper();
	/** Most unknown keys a message names: a file of other keys would otherwise be echoed whole. */
	private static final int LISTED_KEYS = 5;

	private final String file;
	private final String path;
	private final JsonNode node;

	JsonElement(String file, String path, JsonNode node) throws SanException {
		this.file = file;
		this.path = path;
		this.node = node;
		if (!node.isObject()) {
			throw problem(path, "must be a JSON object {...}, got " + kind(node));
		}
	}

	/**
	 * @param what the kind of file, e.g. {@code SAN configuration}
	 * @return the file's text
	 */
	static String read(Path file, String what) throws SanException {
		try {
			return FileProblems.readUtf8(file);
		} catch (IOException unreadable) {
			throw new SanException(file + ": cannot read the " + what + ": " + FileProblems.reason(unreadable));
		}
	}

	/**
	 * @param file the name to report
	 * @param what the kind of file, e.g. {@code SAN configuration}
	 * @return the top-level object of the JSON text
	 */
	static JsonElement parse(String file, String text, String what) throws SanException {
		JsonNode root;
		try {
			root = FileProblems.readJson(JSON, text);
		} catch (JsonProcessingException invalid) {
			throw new SanException(file + ": " + FileProblems.jsonProblem(invalid));
		}
		if (root == null || root.isMissingNode()) {
			throw new SanException(file + ": the file is empty; a " + what + " is a JSON object");
		}
		return new JsonElement(file, "", root);
	}

	String path() {
		return path;
	}

	SanException problem(String element, String what) {
		return new SanException(file + ": " + (element.isEmpty() ? "the top level" : "'" + element + "'") + " " + what);
	}

	private String at(String key) {
		return path.isEmpty() ? key : path + "." + key;
	}

	/** Refuses keys not in the set: a misspelt key would otherwise be ignored silently. */
	void onlyKeys(String... known) throws SanException {
		Set<String> unknown = new TreeSet<>();
		node.fieldNames().forEachRemaining(unknown::add);
		unknown.removeAll(Set.of(known));
		if (!unknown.isEmpty()) {
			throw problem(path, "has the unknown key" + (unknown.size() == 1 ? " " : "s ")
					+ String.join(", ", unknown.stream().limit(LISTED_KEYS).map(FileProblems::excerpt).toList())
					+ (unknown.size() > LISTED_KEYS ? ", … (" + unknown.size() + " in all)" : "")
					+ "; known keys: " + String.join(", ", new TreeSet<>(Set.of(known))));
		}
	}

	boolean has(String key) {
		return node.has(key) && !node.get(key).isNull();
	}

	JsonElement object(String key) throws SanException {
		if (!has(key)) {
			throw problem(at(key), "is missing");
		}
		return new JsonElement(file, at(key), node.get(key));
	}

	/** @return the object, or an empty one if the key is absent */
	JsonElement optionalObject(String key) throws SanException {
		return has(key) ? object(key)
				: new JsonElement(file, at(key), com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode());
	}

	List<JsonElement> objects(String key) throws SanException {
		JsonNode array = node.get(key);
		if (array == null || array.isNull()) {
			throw problem(at(key), "is missing");
		}
		if (!array.isArray() || array.isEmpty()) {
			throw problem(at(key), "must be a non-empty JSON array [...], got " + kind(array));
		}
		List<JsonElement> elements = new ArrayList<>();
		for (int i = 0; i < array.size(); i++) {
			elements.add(new JsonElement(file, at(key) + "[" + i + "]", array.get(i)));
		}
		return elements;
	}

	List<String> strings(String key) throws SanException {
		JsonNode array = node.get(key);
		if (array == null || array.isNull()) {
			throw problem(at(key), "is missing");
		}
		if (!array.isArray() || array.isEmpty()) {
			throw problem(at(key), "must be a non-empty JSON array of names, got " + kind(array));
		}
		List<String> values = new ArrayList<>();
		for (Iterator<JsonNode> it = array.elements(); it.hasNext();) {
			JsonNode value = it.next();
			if (!value.isTextual() || value.asText().isBlank()) {
				throw problem(at(key) + "[" + values.size() + "]", "must be a name in quotes, got " + kind(value));
			}
			values.add(value.asText());
		}
		return values;
	}

	String string(String key, String fallback) throws SanException {
		if (!has(key)) {
			if (fallback == null) {
				throw problem(at(key), "is missing");
			}
			return fallback;
		}
		JsonNode value = node.get(key);
		if (!value.isTextual() || value.asText().isBlank()) {
			throw problem(at(key), "must be a non-blank text in quotes, got " + kind(value));
		}
		return value.asText();
	}

	/** @param fallback the value if absent; NaN if the key is required */
	double number(String key, double fallback, double min, double max) throws SanException {
		if (!has(key)) {
			if (Double.isNaN(fallback)) {
				throw problem(at(key), "is missing");
			}
			return fallback;
		}
		JsonNode value = node.get(key);
		if (!value.isNumber() || !Double.isFinite(value.asDouble())) {
			throw problem(at(key), "must be a number, got " + kind(value));
		}
		double number = value.asDouble();
		if (number < min || number > max) {
			throw problem(at(key), "must lie in [" + format(min) + ", " + format(max) + "], got " + kind(value));
		}
		return number;
	}

	/** @param fallback the value if absent; {@code Long.MIN_VALUE} if the key is required */
	long whole(String key, long fallback, long min) throws SanException {
		if (!has(key)) {
			if (fallback == Long.MIN_VALUE) {
				throw problem(at(key), "is missing");
			}
			return fallback;
		}
		JsonNode value = node.get(key);
		if (!value.isNumber() || value.asDouble() != Math.rint(value.asDouble()) || Math.abs(value.asDouble()) > 9e18) {
			throw problem(at(key), "must be a whole number, got " + kind(value));
		}
		long number = value.asLong();
		if (number < min) {
			throw problem(at(key), "must be at least " + min + ", got " + kind(value));
		}
		return number;
	}

	/**
	 * A whole number with an upper bound too, e.g. a size the model cannot represent beyond it.
	 *
	 * @param fallback the value if absent; {@code Long.MIN_VALUE} if the key is required
	 * @param why      why the bound, e.g. {@code (2^62 bytes, the most the model addresses)}
	 */
	long whole(String key, long fallback, long min, long max, String why) throws SanException {
		long number = whole(key, fallback, min);
		if (number > max) {
			throw problem(at(key), "must be at most " + max + " " + why + ", got " + kind(node.get(key)));
		}
		return number;
	}

	private static String format(double value) {
		return value == Double.MAX_VALUE ? "inf" : value == Math.rint(value) ? String.valueOf((long) value)
				: String.format(Locale.ROOT, "%s", value);
	}

	static String kind(JsonNode value) {
		if (value.isTextual()) {
			// quoted as IOSim's messages quote a value, not as JSON does: the excerpt is then never a run of the file
			return "the text '" + FileProblems.excerpt(value.asText()) + "'";
		}
		if (value.isObject()) {
			return "an object";
		}
		if (value.isArray()) {
			return value.isEmpty() ? "an empty array" : "an array";
		}
		return FileProblems.excerpt(value.toString());
	}
}
