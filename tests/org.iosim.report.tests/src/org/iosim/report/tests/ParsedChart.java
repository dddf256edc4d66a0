package org.iosim.report.tests;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * One SVG chart of a report.html, parsed on its own as XML, which also proves it well-formed. Finds
 * the chart's parts by the class names of their groups.
 */
record ParsedChart(Element svg) {

	private static final Pattern SVG_ELEMENT = Pattern.compile("<svg .*?</svg>", Pattern.DOTALL);
	private static final Pattern PATH_POINT = Pattern.compile("[ML](-?[0-9.]+) (-?[0-9.]+)");

	/** Every chart of the page, in page order. */
	static List<ParsedChart> allIn(String html) throws IOException {
		List<ParsedChart> charts = new ArrayList<>();
		Matcher svg = SVG_ELEMENT.matcher(html);
		while (svg.find()) {
			charts.add(new ParsedChart(parse(svg.group())));
		}
		return charts;
	}

	/** The chart with the given accessible name. */
	static ParsedChart labelled(String html, String ariaLabel) throws IOException {
		return allIn(html).stream().filter(chart -> chart.ariaLabel().equals(ariaLabel)).findFirst()
				.orElseThrow(() -> new AssertionError("no chart labelled " + ariaLabel));
	}

	/** Parses as XML without document type declarations or external entities of any kind. */
	private static Element parse(String svg) throws IOException {
		try {
			DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
			factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
			factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
			factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
			factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
			factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
			factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
			factory.setXIncludeAware(false);
			factory.setExpandEntityReferences(false);
			DocumentBuilder builder = factory.newDocumentBuilder();
			builder.setErrorHandler(new ErrorHandler() {
				@Override
				public void warning(SAXParseException exception) throws SAXException {
					throw exception;
				}

				@Override
				public void error(SAXParseException exception) throws SAXException {
					throw exception;
				}

				@Override
				public void fatalError(SAXParseException exception) throws SAXException {
					throw exception;
				}
			});
			return builder.parse(new InputSource(new StringReader(svg))).getDocumentElement();
		} catch (ParserConfigurationException | SAXException notWellFormed) {
			throw new AssertionError("not well-formed XML: " + notWellFormed.getMessage() + "\n" + svg, notWellFormed);
		}
	}

	String ariaLabel() {
		return svg.getAttribute("aria-label");
	}

	double number(String attribute) {
		return Double.parseDouble(svg.getAttribute(attribute));
	}

	/** The elements named {@code tag} in the group of the given class. */
	List<Element> inGroup(String groupClass, String tag) {
		for (Element group : descendants(svg, "g")) {
			if (group.getAttribute("class").equals(groupClass)) {
				return descendants(group, tag);
			}
		}
		return List.of();
	}

	/** The texts in the group of the given class, without their tooltips. */
	List<String> texts(String groupClass) {
		List<String> texts = new ArrayList<>();
		for (Element text : inGroup(groupClass, "text")) {
			texts.add(text.getFirstChild().getNodeValue());
		}
		return texts;
	}

	/** The values of the tick labels of the axis whose ticks group has the given class. */
	List<Double> ticks(String ticksGroupClass) {
		return texts(ticksGroupClass).stream().map(Double::valueOf).toList();
	}

	/** The horizontal axis line runs along the bottom of the plot, from its left to its right edge. */
	double plotLeft() {
		return coordinate(axisLine(0), "x1");
	}

	double plotRight() {
		return coordinate(axisLine(0), "x2");
	}

	double plotBottom() {
		return coordinate(axisLine(0), "y1");
	}

	/** The vertical axis line runs from the top of the plot down. */
	double plotTop() {
		return coordinate(axisLine(1), "y1");
	}

	/** The corners of the line through the data points, as {x, y} pairs. */
	List<double[]> seriesPoints() {
		List<double[]> points = new ArrayList<>();
		for (Element path : descendants(svg, "path")) {
			if (path.getAttribute("class").equals("series")) {
				Matcher point = PATH_POINT.matcher(path.getAttribute("d"));
				while (point.find()) {
					points.add(new double[] { Double.parseDouble(point.group(1)), Double.parseDouble(point.group(2)) });
				}
			}
		}
		return points;
	}

	static double coordinate(Element element, String attribute) {
		return Double.parseDouble(element.getAttribute(attribute));
	}

	private Element axisLine(int index) {
		return inGroup("axes", "line").get(index);
	}

	private static List<Element> descendants(Element parent, String tag) {
		List<Element> found = new ArrayList<>();
		for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
			if (child instanceof Element element) {
				if (element.getTagName().equals(tag)) {
					found.add(element);
				}
				found.addAll(descendants(element, tag));
			}
		}
		return found;
	}
}
