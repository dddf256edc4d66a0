package org.iosim.pcm.palladio.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An element of an XMI document being built for export: its name (PCM's feature name, or the root's
 * type with its prefix), its attributes and its children, in order. {@link XmiWriter} writes it.
 */
final class XmiNode {
	final String name;
	final Map<String, String> attributes = new LinkedHashMap<>();
	final List<XmiNode> children = new ArrayList<>();

	XmiNode(String name) {
		this.name = name;
	}

	XmiNode attribute(String key, String value) {
		attributes.put(key, value);
		return this;
	}

	XmiNode child(String childName) {
		XmiNode child = new XmiNode(childName);
		children.add(child);
		return child;
	}

	/** @return a number as an attribute holds it */
	static String number(double value) {
		return Double.toString(value);
	}
}
