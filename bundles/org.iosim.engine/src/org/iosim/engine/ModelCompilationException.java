package org.iosim.engine;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.validation.Diagnostic;

/** The model cannot be simulated; says which element and what is wrong with it. */
public class ModelCompilationException extends Exception {
	private static final long serialVersionUID = 1L;
	private final transient Diagnostic diagnostic;

	/**
	 * @param element the element that cannot be simulated
	 * @param problem what is wrong with it, e.g. {@code has no scheduling policy}
	 */
	public ModelCompilationException(EObject element, String problem) {
		super(problem);
		this.diagnostic = Diagnostic.error(element, problem);
	}

	/** @param diagnostic an error a validation rule found, which stops the simulation as it stops validation */
	public ModelCompilationException(Diagnostic diagnostic) {
		super(diagnostic.message());
		this.diagnostic = diagnostic;
	}

	/** @return the problem with file, line and element where the model came from files */
	public Diagnostic diagnostic() {
		return diagnostic;
	}

	@Override
	public String getMessage() {
		return diagnostic.format();
	}
}
