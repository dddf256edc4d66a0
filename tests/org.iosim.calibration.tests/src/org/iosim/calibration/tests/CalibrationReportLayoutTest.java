package org.iosim.calibration.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.iosim.analysis.regression.ModelSelection;
import org.iosim.calibration.Calibration;
import org.iosim.calibration.CalibrationFolder;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.StorageWorkload;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The charts of calibration.html keep every text inside the image and apart from every other text
 * (issue 23 item 16f: labels were clipped at the right edge and collided on the error axis). Text
 * width is estimated as characters × font size × 0.6; a line of text reaches a font size above its
 * baseline and a quarter of it below.
 */
class CalibrationReportLayoutTest {

	private static final Pattern SVG = Pattern.compile("<svg .*?</svg>", Pattern.DOTALL);
	private static final Pattern VERTICAL = Pattern.compile("translate\\(([-0-9.]+) ([-0-9.]+)\\) rotate\\(-90\\)");
	private static final double CHARACTER_WIDTH_EM = 0.6;
	private static final double DESCENT_EM = 0.25;

	@TempDir
	Path folder;

	/** Where a text lies, estimated; {@code group} is the class of the group it is in. */
	private record Box(String group, String text, double left, double top, double right, double bottom) {

		boolean overlaps(Box other) {
			return left < other.right && other.left < right && top < other.bottom && other.top < bottom;
		}

		@Override
		public String toString() {
			return String.format("%s '%s' [%.1f, %.1f] x [%.1f, %.1f]", group, text, left, right, top, bottom);
		}
	}

	/**
	 * Delays over several decades with log-normal noise of spread 1 (factors up to about e^±3): held-out
	 * errors of hundreds of per cent, long labels on both axes of both charts.
	 */
	@Test
	void noisyDelaysOverManyDecades() throws Exception {
		assertLaidOut(report(measured(60, 1.0, 5), "a storage whose name is long enough to fill a title line"));
	}

	/** Precise delays: errors of a few per cent, the densest ticks on the error axis. */
	@Test
	void preciseDelays() throws Exception {
		assertLaidOut(report(measured(40, 0.01, 6), "disk"));
	}

	private String report(List<MeasuredDelay> rows, String name) throws Exception {
		Calibration.Result result = Calibration.calibrate(rows, new Calibration.Settings(name, 5, 1, List.of("test")),
				type -> ModelSelection.Listener.NONE);
		Path out = CalibrationFolder.write(result, "this machine", folder.resolve("out"), false);
		return Files.readString(out.resolve(CalibrationFolder.REPORT));
	}

	/**
	 * A delay growing with request size and threads, times a log-normal noise of the given spread; a
	 * fifth of the configurations form the test plan, so the scatter chart has both kinds of point.
	 */
	private static List<MeasuredDelay> measured(int configurations, double noise, long seed) {
		Random random = new Random(seed);
		List<MeasuredDelay> rows = new ArrayList<>();
		for (int configuration = 0; configuration < configurations; configuration++) {
			StorageWorkload workload = new StorageWorkload(512L << random.nextInt(12), random.nextInt(11) / 10.0,
					random.nextBoolean(), 64 << 20, 1 + random.nextInt(16), 1, false);
			String plan = configuration % 5 == 4 ? "test" : "train";
			for (IoType type : List.of(IoType.READ, IoType.WRITE)) {
				if (workload.issues(type)) {
					double delay = (20e-6 + workload.requestSize() / 2e8) * workload.concurrency();
					rows.add(new MeasuredDelay(plan, configuration, workload, type,
							List.of(delay * Math.exp(noise * random.nextGaussian()),
									delay * Math.exp(noise * random.nextGaussian()))));
				}
			}
		}
		return rows;
	}

	private static void assertLaidOut(String html) throws IOException {
		List<Element> charts = new ArrayList<>();
		Matcher svg = SVG.matcher(html);
		while (svg.find()) {
			charts.add(parse(svg.group()));
		}
		assertEquals(4, charts.size(), "a scatter chart and a histogram each for reads and writes");
		for (Element chart : charts) {
			String[] viewBox = chart.getAttribute("viewBox").split(" ");
			double width = Double.parseDouble(viewBox[2]);
			double height = Double.parseDouble(viewBox[3]);
			List<Box> boxes = new ArrayList<>();
			NodeList texts = chart.getElementsByTagName("text");
			for (int i = 0; i < texts.getLength(); i++) {
				boxes.add(box((Element) texts.item(i)));
			}
			String name = chart.getAttribute("aria-label");
			for (Box box : boxes) {
				assertTrue(box.left() >= 0 && box.right() <= width && box.top() >= 0 && box.bottom() <= height,
						name + ": " + box + " reaches out of 0 0 " + width + " " + height);
			}
			for (String axis : List.of("x-ticks", "y-ticks")) {
				assertTrue(boxes.stream().filter(box -> box.group().equals(axis)).count() >= 2, name + ": " + axis);
			}
			assertTicksApart(name, boxes, "x-ticks", Box::left, Box::right);
			assertTicksApart(name, boxes, "y-ticks", Box::top, Box::bottom);
			for (int i = 0; i < boxes.size(); i++) {
				for (int j = i + 1; j < boxes.size(); j++) {
					Box a = boxes.get(i);
					Box b = boxes.get(j);
					assertTrue(!a.overlaps(b), name + ": " + a + " collides with " + b);
				}
			}
		}
	}

	/** Neighbouring tick labels along their axis leave a gap. */
	private static void assertTicksApart(String chart, List<Box> boxes, String axis,
			ToDoubleFunction<Box> start, ToDoubleFunction<Box> end) {
		List<Box> ticks = boxes.stream().filter(box -> box.group().equals(axis))
				.sorted(Comparator.comparingDouble(start)).toList();
		for (int i = 1; i < ticks.size(); i++) {
			assertTrue(end.applyAsDouble(ticks.get(i - 1)) < start.applyAsDouble(ticks.get(i)),
					chart + ": " + ticks.get(i - 1) + " and " + ticks.get(i) + " overlap");
		}
	}

	private static Box box(Element text) {
		double fontSize = fontSize(text);
		StringBuilder content = new StringBuilder();
		for (Node child = text.getFirstChild(); child != null; child = child.getNextSibling()) {
			if (child.getNodeType() == Node.TEXT_NODE) { // not the tooltip of a shortened text
				content.append(child.getNodeValue());
			}
		}
		String shown = content.toString();
		double length = shown.codePointCount(0, shown.length()) * CHARACTER_WIDTH_EM * fontSize;
		String group = ((Element) text.getParentNode()).getAttribute("class");
		Matcher vertical = VERTICAL.matcher(text.getAttribute("transform"));
		if (vertical.matches()) {
			// read from bottom to top, centred: the letters stand left of x
			double x = Double.parseDouble(vertical.group(1));
			double y = Double.parseDouble(vertical.group(2));
			return new Box(group, shown, x - fontSize, y - length / 2, x + DESCENT_EM * fontSize, y + length / 2);
		}
		assertEquals("", text.getAttribute("transform"), "only texts read from bottom to top are turned");
		double x = Double.parseDouble(text.getAttribute("x"));
		double baseline = Double.parseDouble(text.getAttribute("y"));
		double left = switch (text.getAttribute("text-anchor")) {
		case "middle" -> x - length / 2;
		case "end" -> x - length;
		default -> x;
		};
		return new Box(group, shown, left, baseline - fontSize, left + length, baseline + DESCENT_EM * fontSize);
	}

	/** The font size the text inherits from the nearest element that sets one. */
	private static double fontSize(Element text) {
		for (Node node = text; node instanceof Element element; node = node.getParentNode()) {
			if (element.hasAttribute("font-size")) {
				return Double.parseDouble(element.getAttribute("font-size"));
			}
		}
		throw new AssertionError("no font size for " + text.getTextContent());
	}

	private static Element parse(String svg) throws IOException {
		try {
			DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
			factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
			factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
			return factory.newDocumentBuilder().parse(new InputSource(new StringReader(svg))).getDocumentElement();
		} catch (ParserConfigurationException | SAXException notWellFormed) {
			throw new AssertionError("not well-formed: " + notWellFormed.getMessage() + "\n" + svg, notWellFormed);
		}
	}
}
