package org.iosim.pcm.palladio;

import java.util.List;

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
}
