package org.iosim.pcm.palladio.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.pcm.validation.Diagnostic;

/**
 * The model files of one import, each parsed once however many model sets use it. A file that
 * cannot be parsed is reported once, by the first request.
 */
final class ParsedFiles {

	private final Map<Path, XmiParser.Outcome> outcomes = new LinkedHashMap<>();
	private final List<Diagnostic> problems = new ArrayList<>();

	/**
	 * @param path        absolute, normalized
	 * @param displayName how to name the file in diagnostics
	 * @return the parsed file, or null if it cannot be read (then a diagnostic says why)
	 */
	XmiFile get(Path path, String displayName) {
		XmiParser.Outcome outcome = outcomes.computeIfAbsent(path, key -> {
			XmiParser.Outcome parsed = XmiParser.parse(key, displayName);
			if (parsed.problem() != null) {
				problems.add(parsed.problem());
			}
			return parsed;
		});
		return outcome.file();
	}

	/** @return why files could not be read, in the order they were first requested */
	List<Diagnostic> problems() {
		return List.copyOf(problems);
	}
}
