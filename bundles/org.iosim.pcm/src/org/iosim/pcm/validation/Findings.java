package org.iosim.pcm.validation;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;

/**
 * The problems validation finds, in order, each with the element it is about: a {@link Diagnostic}
 * names its element for people, {@link IosimValidator} hands the element itself to EMF.
 */
final class Findings {

	private final List<Diagnostic> diagnostics = new ArrayList<>();
	private final List<EObject> subjects = new ArrayList<>();

	void error(ValidationRule rule, EObject element, String message) {
		add(element, Diagnostic.of(rule, Diagnostic.Severity.ERROR, element, message));
	}

	void warning(ValidationRule rule, EObject element, String message) {
		add(element, Diagnostic.of(rule, Diagnostic.Severity.WARNING, element, message));
	}

	private void add(EObject element, Diagnostic diagnostic) {
		diagnostics.add(diagnostic);
		subjects.add(element);
	}

	List<Diagnostic> diagnostics() {
		return diagnostics;
	}

	/** @return the element the {@code index}-th diagnostic is about */
	EObject subject(int index) {
		return subjects.get(index);
	}
}
