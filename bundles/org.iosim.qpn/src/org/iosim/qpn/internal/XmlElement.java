package org.iosim.qpn.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One element of a parsed {@code .qpe} file: its name, its attributes in file order (distribution
 * parameters are kept in that order) and its child elements. {@code xsi:type} is stored under that
 * key whatever prefix the file binds to the XML Schema instance namespace.
 */
public final class XmlElement {

	public static final String XSI_TYPE = "xsi:type";

	private final String name;
	private final XmlElement parent;
	private final int line;
	private final Map<String, String> attributes = new LinkedHashMap<>();
	private final List<XmlElement> children = new ArrayList<>();

	XmlElement(String name, XmlElement parent, int line) {
		this.name = name;
		this.parent = parent;
		this.line = line;
	}

	public String name() {
		return name;
	}

	/** @return the enclosing element, null for the document element */
	public XmlElement parent() {
		return parent;
	}

	/** @return the line the element starts on, 0 where unknown */
	public int line() {
		return line;
	}

	/** @return the attribute's value, null if the element does not have it */
	public String attribute(String attributeName) {
		return attributes.get(attributeName);
	}

	public boolean has(String attributeName) {
		return attributes.containsKey(attributeName);
	}

	/** @return all attributes, in the order of the file */
	public Map<String, String> attributes() {
		return Collections.unmodifiableMap(attributes);
	}

	public String type() {
		return attributes.get(XSI_TYPE);
	}

	public String id() {
		return attributes.get("id");
	}

	public List<XmlElement> children() {
		return Collections.unmodifiableList(children);
	}

	/** @return the child elements with the name, in file order */
	public List<XmlElement> children(String childName) {
		return children.stream().filter(child -> child.name.equals(childName)).toList();
	}

	void putAttribute(String attributeName, String value) {
		attributes.put(attributeName, value);
	}

	/** @return the attribute's value, which the element no longer has; null if it had none */
	String removeAttribute(String attributeName) {
		return attributes.remove(attributeName);
	}

	void addChild(XmlElement child) {
		children.add(child);
	}
}
