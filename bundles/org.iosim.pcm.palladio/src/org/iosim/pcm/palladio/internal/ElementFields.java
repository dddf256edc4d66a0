package org.iosim.pcm.palladio.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The features of one XML element as the mapping reads them. It remembers what was read, so that
 * whatever was not read can be reported instead of silently dropped.
 */
final class ElementFields {

	private final XmlElement element;
	private final Set<String> readAttributes = new LinkedHashSet<>();
	private final Set<XmlElement> readChildren = Collections.newSetFromMap(new IdentityHashMap<>());

	ElementFields(XmlElement element) {
		this.element = element;
	}

	XmlElement element() {
		return element;
	}

	/** @return the value of the first of the attributes that is present, or null */
	String attribute(String... names) {
		String value = null;
		for (String name : names) {
			readAttributes.add(name);
			if (value == null) {
				value = element.attribute(name);
			}
		}
		return value;
	}

	/** Marks attributes as read whose content has no place in the model and no effect (e.g. descriptions). */
	void ignore(String... names) {
		Collections.addAll(readAttributes, names);
	}

	/** @return the child elements with any of the names, in document order */
	List<XmlElement> children(String... names) {
		List<XmlElement> found = new ArrayList<>();
		for (XmlElement child : element.children()) {
			for (String name : names) {
				if (child.localName().equals(name)) {
					found.add(child);
					readChildren.add(child);
					break;
				}
			}
		}
		return found;
	}

	/**
	 * @return the {@code specification} of the child holding a random variable (PCM's
	 *         PCMRandomVariable), or null if there is no such child
	 */
	String randomVariable(String... names) {
		List<XmlElement> found = children(names);
		return found.isEmpty() ? null : found.get(0).attribute("specification");
	}

	/** @return attributes not read, except XML schema and XMI bookkeeping */
	List<String> unreadAttributes() {
		List<String> unread = new ArrayList<>();
		for (String name : element.attributes().keySet()) {
			if (!readAttributes.contains(name) && !name.startsWith("xsi:") && !name.startsWith("xmi:")) {
				unread.add(name);
			}
		}
		return unread;
	}

	List<XmlElement> unreadChildren() {
		List<XmlElement> unread = new ArrayList<>();
		for (XmlElement child : element.children()) {
			if (!readChildren.contains(child)) {
				unread.add(child);
			}
		}
		return unread;
	}
}
