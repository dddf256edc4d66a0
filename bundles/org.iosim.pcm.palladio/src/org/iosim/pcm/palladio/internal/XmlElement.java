package org.iosim.pcm.palladio.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One element of a parsed XMI file, with the line of its start tag (where the parser reports it).
 * Attributes in the XSI and XMI namespaces are keyed {@code xsi:NAME} and {@code xmi:NAME} whatever
 * prefix the file used; all others by their local name, as PCM writes its features unqualified.
 */
final class XmlElement {

	private final XmiFile file;
	private final XmlElement parent;
	private final String namespace;
	private final String localName;
	private final int line;
	private final Map<String, String> attributes = new LinkedHashMap<>();
	private final List<XmlElement> children = new ArrayList<>();

	XmlElement(XmiFile file, XmlElement parent, String namespace, String localName, int line) {
		this.file = file;
		this.parent = parent;
		this.namespace = namespace;
		this.localName = localName;
		this.line = line;
	}

	void putAttribute(String key, String value) {
		attributes.put(key, value);
	}

	void addChild(XmlElement child) {
		children.add(child);
	}

	XmiFile file() {
		return file;
	}

	XmlElement parent() {
		return parent;
	}

	String namespace() {
		return namespace;
	}

	String localName() {
		return localName;
	}

	int line() {
		return line;
	}

	String attribute(String key) {
		return attributes.get(key);
	}

	Map<String, String> attributes() {
		return Collections.unmodifiableMap(attributes);
	}

	List<XmlElement> children() {
		return Collections.unmodifiableList(children);
	}

	/** @return the class named by {@code xsi:type} without its namespace prefix, or null */
	String declaredType() {
		String type = attributes.get("xsi:type");
		if (type == null) {
			return null;
		}
		int colon = type.lastIndexOf(':');
		return colon < 0 ? type : type.substring(colon + 1);
	}

	@Override
	public String toString() {
		return "<" + localName + "> at " + file.displayName() + ":" + line;
	}
}
