package org.iosim.files.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.files.XmlTreeReader;
import org.iosim.files.XmlTreeReader.Problem;
import org.junit.jupiter.api.Test;

/**
 * The one reader of untrusted XML trees: the caller's elements with their lines and keyed
 * attributes, and refusals that say which kind of problem, where, and which limit.
 */
class XmlTreeReaderTest {

	private static final XmlTreeReader.Limits LIMITS = new XmlTreeReader.Limits("test files", "a test file", 3, 5);

	/** A plain element of the test: its name, line, attributes and children. */
	private record Node(String name, int line, Map<String, String> attributes, List<Node> children) {
	}

	private static Node read(String xml) throws Problem {
		return XmlTreeReader.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), null, LIMITS,
				new XmlTreeReader.Elements<Node>() {
					@Override
					public Node element(Node parent, String namespace, String localName, int line) {
						return new Node(localName, line, new LinkedHashMap<>(), new ArrayList<>());
					}

					@Override
					public void attribute(Node element, String key, String value) {
						element.attributes().put(key, value);
					}

					@Override
					public void add(Node parent, Node element) {
						if (parent != null) {
							parent.children().add(element);
						}
					}
				});
	}

	@Test
	void elementsHaveTheirLinesAndAttributesKeyedByNamespace() throws Problem {
		Node root = read("""
				<net xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xmi="http://www.omg.org/XMI"
				     xmlns:q="urn:q" name="shop">
				  <place xsi:type="q:Queue" xmi:id="p1" q:size="3"/>
				</net>""");
		assertEquals("net", root.name());
		assertEquals(Map.of("name", "shop"), root.attributes());
		Node place = root.children().get(0);
		assertEquals(3, place.line());
		assertEquals(List.of("xsi:type", "xmi:id", "size"), List.copyOf(place.attributes().keySet()),
				"xsi and xmi attributes keep their namespace whatever the prefix; others their local name");
	}

	@Test
	void deeperNestingThanTheLimitIsRefusedNamingTheLimitAndTheLine() {
		Problem problem = assertThrows(Problem.class, () -> read("<a>\n<b>\n<c>\n<d/></c></b></a>"));
		assertEquals(Problem.Kind.LIMIT, problem.kind());
		assertEquals(4, problem.line());
		assertEquals("element 'd' is nested 4 levels deep; test files may nest elements at most 3 levels deep",
				problem.getMessage());
	}

	@Test
	void moreElementsThanTheLimitAreRefused() {
		Problem problem = assertThrows(Problem.class, () -> read("<a><b/><b/><b/><b/><b/></a>"));
		assertEquals(Problem.Kind.LIMIT, problem.kind());
		assertEquals("the file has more than 5 elements, more than a test file may have", problem.getMessage());
	}

	@Test
	void aDocumentTypeAndMalformedXmlAreProblemsOfTheirOwnKind() {
		assertEquals(Problem.Kind.DOCUMENT_TYPE,
				assertThrows(Problem.class, () -> read("<?xml version=\"1.0\"?><!DOCTYPE a []><a/>")).kind());
		Problem malformed = assertThrows(Problem.class, () -> read("<a>\n<b></a>"));
		assertEquals(Problem.Kind.NOT_WELL_FORMED, malformed.kind());
		assertEquals(2, malformed.line());
	}
}
