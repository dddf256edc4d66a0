package org.iosim.pcm.palladio;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.iosim.pcm.validation.Diagnostic;

/**
 * What an import produced: the model sets, and the problems found while reading them.
 *
 * @param modelSets   in a stable order: by allocation, then usage model
 * @param diagnostics errors and warnings of reading the files, each reported once even if several
 *                    model sets share the file
 */
public record ImportResult(List<ModelSet> modelSets, List<Diagnostic> diagnostics) {

	public ImportResult {
		modelSets = List.copyOf(modelSets);
		diagnostics = List.copyOf(diagnostics);
	}

	/** @return whether any diagnostic is an error */
	public boolean hasErrors() {
		return diagnostics.stream().anyMatch(Diagnostic::isError);
	}

	/** @return only the errors */
	public List<Diagnostic> errors() {
		return diagnostics.stream().filter(Diagnostic::isError).toList();
	}

	/**
	 * @return the errors found in the files the model set was read from: parts of it may be missing,
	 *         so it cannot be simulated whatever its validation says
	 */
	public List<Diagnostic> errorsIn(ModelSet modelSet) {
		Set<String> files = modelSet.files().stream().map(Path::toString).collect(Collectors.toSet());
		return diagnostics.stream().filter(Diagnostic::isError).filter(error -> files.contains(error.file())).toList();
	}
}
