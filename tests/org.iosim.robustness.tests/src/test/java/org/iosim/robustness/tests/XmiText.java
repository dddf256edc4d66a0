package org.iosim.robustness.tests;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The elements and attributes of an XMI text, found by patterns rather than a parser, so that text
 * already broken by earlier mutations can still be mutated further.
 */
final class XmiText {

	/** A start, end or empty-element tag: slash of an end tag, name, attributes, slash of an empty element. */
	private static final Pattern TAG = Pattern
			.compile("<(/?)([A-Za-z_][\\w.:-]*)((?:\\s+[^\\s=/>]+\\s*=\\s*\"[^\"]*\")*)\\s*(/?)>");
	private static final Pattern ATTRIBUTE = Pattern.compile("\\s([^\\s=/>\"]+)\\s*=\\s*\"([^\"]*)\"");

	/**
	 * An element: its start tag, and its end (after its end tag, or after the start tag if it is empty
	 * or its end tag is not found).
	 */
	record Element(int start, int startTagEnd, int end, String name) {
	}

	/** An attribute: where its value starts and ends (inside the quotes), and its name. */
	record Attribute(int nameStart, int valueStart, int valueEnd, String name) {
	}

	private final String text;
	private final List<Element> elements = new ArrayList<>();
	private final List<Attribute> attributes = new ArrayList<>();

	XmiText(String text) {
		this.text = text;
		record Open(int start, int startTagEnd, String name) {
		}
		Deque<Open> open = new ArrayDeque<>();
		List<Element> found = new ArrayList<>();
		Matcher tag = TAG.matcher(text);
		while (tag.find()) {
			boolean closing = !tag.group(1).isEmpty();
			String name = tag.group(2);
			if (closing) {
				// pops to the matching start tag; start tags left open by broken text end at their start tag
				while (!open.isEmpty()) {
					Open top = open.pop();
					boolean matches = top.name().equals(name);
					found.add(new Element(top.start(), top.startTagEnd(), matches ? tag.end() : top.startTagEnd(),
							top.name()));
					if (matches) {
						break;
					}
				}
				continue;
			}
			Matcher attribute = ATTRIBUTE.matcher(text).region(tag.start(3), tag.end(3));
			while (attribute.find()) {
				attributes.add(new Attribute(attribute.start(1), attribute.start(2), attribute.end(2),
						attribute.group(1)));
			}
			if (tag.group(4).isEmpty()) {
				open.push(new Open(tag.start(), tag.end(), name));
			} else {
				found.add(new Element(tag.start(), tag.end(), tag.end(), name));
			}
		}
		open.forEach(top -> found.add(new Element(top.start(), top.startTagEnd(), top.startTagEnd(), top.name())));
		found.sort((one, other) -> Integer.compare(one.start(), other.start()));
		elements.addAll(found);
	}

	String text() {
		return text;
	}

	/** @return the elements in document order */
	List<Element> elements() {
		return elements;
	}

	/** @return the attributes in document order */
	List<Attribute> attributes() {
		return attributes;
	}

	/** @return the attributes named {@code name} */
	List<Attribute> attributes(String name) {
		return attributes.stream().filter(attribute -> attribute.name().equals(name)).toList();
	}

	/** @return the element following {@code element} inside the same parent, or null */
	Element nextSibling(Element element) {
		for (Element candidate : elements) {
			if (candidate.start() >= element.end()) {
				Element parent = parentOf(element);
				return parent == null || candidate.end() <= parent.end() && parentOf(candidate) == parent ? candidate
						: null;
			}
		}
		return null;
	}

	private Element parentOf(Element element) {
		Element parent = null;
		for (Element candidate : elements) {
			if (candidate.start() < element.start() && candidate.end() >= element.end()) {
				parent = candidate;
			}
		}
		return parent;
	}

	String replace(int start, int end, String replacement) {
		return text.substring(0, start) + replacement + text.substring(end);
	}
}
