package org.iosim.testing;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.iosim.pcm.Entity;
import org.iosim.pcm.Identified;

/**
 * The ids of one model: derived from kinds and names rather than counted, so that they stay the
 * same when a test adds an element elsewhere, and unique, so that diagnostics name one element.
 */
final class Ids {

	private final Set<String> used = new HashSet<>();

	/** Lower-case words joined by hyphens, e.g. {@code demand on CPU} → {@code demand-on-cpu}. */
	static String slug(String name) {
		return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
	}

	/** @return the candidate, or the candidate with the first free suffix -2, -3, … if it is taken */
	String unique(String candidate) {
		String id = candidate;
		for (int suffix = 2; !used.add(id); suffix++) {
			id = candidate + "-" + suffix;
		}
		return id;
	}

	/** Gives the element the id, made unique, and the name. */
	<T extends Entity> T identify(T element, String id, String name) {
		element.setId(unique(id));
		element.setName(name);
		return element;
	}

	/**
	 * Gives every element inside the owner that has no id yet one below the owner's id: an
	 * element's name, or where it has none the feature that holds it (e.g. {@code loop.body}).
	 */
	void identifyContents(Identified owner) {
		for (EReference containment : owner.eClass().getEAllContainments()) {
			List<?> children = containment.isMany() ? (List<?>) owner.eGet(containment)
					: owner.eGet(containment) == null ? List.of() : List.of(owner.eGet(containment));
			for (int index = 0; index < children.size(); index++) {
				if (children.get(index) instanceof Identified child) {
					if (child.getId() == null) {
						child.setId(unique(owner.getId() + "." + localName(child, containment, index)));
					}
					identifyContents(child);
				}
			}
		}
	}

	private static String localName(EObject child, EReference containment, int index) {
		if (child instanceof Entity entity && entity.getName() != null) {
			return slug(entity.getName());
		}
		return containment.isMany() ? containment.getName() + "-" + (index + 1) : containment.getName();
	}
}
