package org.iosim.simulation.internal;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.wiring.ComponentInstance;

/**
 * Names model elements in messages the way users find them, e.g.
 * {@code shop.repository: line 29: Catalog/find/render (InternalAction 'render', _x)}.
 */
final class Elements {

	private Elements() {
	}

	/** @return the file, line and path of the element, as validation diagnostics name it */
	static String describe(EObject element) {
		return element == null ? "(nothing)" : Diagnostic.where(element);
	}

	/** The element's name, or its type and id when it has no name. */
	static String name(EObject element) {
		return element == null ? "?" : ComponentInstance.nameOf(element);
	}
}
