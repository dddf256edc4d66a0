package org.iosim.simulation.internal;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.wiring.WiringException;

/**
 * Thrown while a model is compiled and turned into a
 * {@link org.iosim.engine.ModelCompilationException} at the compiler's boundary.
 */
final class Unsimulatable extends RuntimeException {
	private static final long serialVersionUID = 1L;
	final transient EObject element;

	/**
	 * @param element the element that cannot be simulated
	 * @param problem what is wrong with it, as a predicate, e.g. {@code has no scheduling policy}
	 */
	Unsimulatable(EObject element, String problem) {
		super(problem);
		this.element = element;
	}

	Unsimulatable(WiringException broken) {
		this(broken.element(), broken.getMessage());
	}
}
