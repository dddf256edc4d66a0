package org.iosim.analysis.regression.internal;

import java.util.ArrayList;
import java.util.List;

import org.iosim.files.FileProblems;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Checked access to the fields of a stored model's JSON, and its values as messages quote them
 * ({@link FileProblems#excerpt}). Every failure is an {@link IllegalArgumentException} whose message names the field, in
 * its context (e.g. "m5 tree node"), and what it holds instead.
 */
public final class StoredJson {

	private StoredJson() {
	}

	/** A JSON value as written in the file, shortened; "nothing" for an absent one. */
	public static String shown(JsonNode value) {
		return value == null || value.isMissingNode() ? "nothing" : FileProblems.excerpt(value.toString());
	}

	/** @param context where the field is, e.g. "cubist rule"; empty at the top of a file */
	public static JsonNode required(String context, JsonNode json, String field) {
		JsonNode value = json.get(field);
		if (value == null || value.isNull()) {
			throw new IllegalArgumentException(named(context, field) + " is missing");
		}
		return value;
	}

	public static JsonNode array(String context, JsonNode json, String field) {
		JsonNode value = required(context, json, field);
		if (!value.isArray()) {
			throw new IllegalArgumentException(named(context, field) + " must be a JSON array, not " + shown(value));
		}
		return value;
	}

	public static JsonNode object(String context, JsonNode json, String field) {
		JsonNode value = required(context, json, field);
		if (!value.isObject()) {
			throw new IllegalArgumentException(named(context, field) + " must be a JSON object, not " + shown(value));
		}
		return value;
	}

	/** The elements of a JSON array that must hold JSON objects only. */
	public static List<JsonNode> objects(String context, JsonNode json, String field) {
		List<JsonNode> elements = new ArrayList<>();
		for (JsonNode element : array(context, json, field)) {
			if (!element.isObject()) {
				throw new IllegalArgumentException(named(context, field) + " must hold JSON objects, not " + shown(element));
			}
			elements.add(element);
		}
		return elements;
	}

	public static String text(String context, JsonNode json, String field) {
		JsonNode value = required(context, json, field);
		if (!value.isTextual()) {
			throw new IllegalArgumentException(named(context, field) + " must be text, not " + shown(value));
		}
		return value.asText();
	}

	public static double number(String context, JsonNode json, String field) {
		return finite(named(context, field), required(context, json, field));
	}

	/** @param what names the value, e.g. "field 'knot'" */
	public static double finite(String what, JsonNode value) {
		if (!value.isNumber() || !Double.isFinite(value.doubleValue())) {
			throw new IllegalArgumentException(what + " must be a finite number, not " + shown(value));
		}
		return value.doubleValue();
	}

	/** A count of rows or neighbours: a whole number from 0 up. */
	public static int count(String context, JsonNode json, String field) {
		JsonNode value = required(context, json, field);
		if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 0) {
			throw new IllegalArgumentException(named(context, field) + " must be a whole number from 0 up, not "
					+ shown(value));
		}
		return value.intValue();
	}

	/** "field 'x'", after the context when there is one. */
	public static String named(String context, String field) {
		return (context.isEmpty() ? "" : context + ": ") + "field '" + FileProblems.excerpt(field) + "'";
	}
}
