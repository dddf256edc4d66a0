package org.iosim.simulation.internal;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.Entity;
import org.iosim.pcm.Identified;

/** Names model elements in messages the way users find them: {@code InternalAction 'render' (id _x)}. */
final class Elements {

	private Elements() {
	}

	static String describe(EObject element) {
		if (element == null) {
			return "(nothing)";
		}
		StringBuilder text = new StringBuilder(element.eClass().getName());
		if (element instanceof Entity entity && entity.getName() != null && !entity.getName().isBlank()) {
			text.append(" '").append(entity.getName()).append('\'');
		}
		if (element instanceof Identified identified && identified.getId() != null) {
			text.append(" (id ").append(identified.getId()).append(')');
		}
		return text.toString();
	}

	/** The element's name, or its type and id when it has no name. */
	static String name(EObject element) {
		if (element instanceof Entity entity && entity.getName() != null && !entity.getName().isBlank()) {
			return entity.getName();
		}
		if (element instanceof Identified identified && identified.getId() != null) {
			return element.eClass().getName() + " " + identified.getId();
		}
		return element == null ? "?" : element.eClass().getName();
	}
}
