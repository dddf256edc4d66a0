package org.iosim.pcm.wiring;

import org.eclipse.emf.ecore.EObject;

/** A call that the model's connectors do not lead to a behaviour; names the element that makes it. */
public final class WiringException extends Exception {
	private static final long serialVersionUID = 1L;
	private final transient EObject element;

	public WiringException(EObject element, String problem) {
		super(problem);
		this.element = element;
	}

	/** @return the call (or the element making it) that cannot be resolved */
	public EObject element() {
		return element;
	}
}
