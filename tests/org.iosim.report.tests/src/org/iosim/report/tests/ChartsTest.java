package org.iosim.report.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.iosim.report.ReportOptions;
import org.iosim.report.ResultWriter;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.QuantilePoint;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ResponseTime;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.engine.SimulationResult.StopReason;
import org.iosim.engine.SimulationResult.TimeWindow;
import org.iosim.engine.SimulationResult.UtilizationWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/** The charts of report.html: well-formed inline SVG whose axes and marks match the data. */
class ChartsTest {

	private static final ReportOptions CHART_SIZE = new ReportOptions(480, 300);
	private static final String UTILIZATION = "Utilization per resource";
	private static final String UTILIZATION_OVER_TIME = "Utilization over simulated time of the busiest resources";
	private static final String SCENARIO = "Buy";
	/** Coordinates are written with two decimals. */
	private static final double PIXEL_TOLERANCE = 0.01;

	@TempDir
	Path temp;

	private int reports;

	@Test
	void everyChartIsInlineSvgOfTheDeclaredSizeWithAnAccessibleName() throws IOException {
		List<ParsedChart> charts = ParsedChart.allIn(report(SampleResults.sample(1)));

		assertEquals(List.of(distributionOf(SampleResults.HOSTILE_NAME), overTimeOf(SampleResults.HOSTILE_NAME),
				"Throughput over simulated time of " + SampleResults.HOSTILE_NAME,
				distributionOf(SampleResults.COMMA_QUOTE_NAME), overTimeOf(SampleResults.COMMA_QUOTE_NAME),
				"Throughput over simulated time of " + SampleResults.COMMA_QUOTE_NAME, UTILIZATION), charts.stream().map(ParsedChart::ariaLabel).toList());
		for (ParsedChart chart : charts) {
			assertEquals("img", chart.svg().getAttribute("role"));
			Element title = (Element) chart.svg().getElementsByTagName("title").item(0);
			assertEquals(chart.svg(), title.getParentNode(), "the title names the whole image");
			assertEquals(chart.ariaLabel(), title.getTextContent());
			assertEquals(CHART_SIZE.chartWidth(), chart.number("width"));
			assertEquals(CHART_SIZE.chartHeight(), chart.number("height"));
			assertEquals("0 0 480 300", chart.svg().getAttribute("viewBox"));
		}
	}

	@Test
	void namesFromTheModelAreEscapedInTheCharts() throws IOException {
		String hostile = "<script>alert('x')</script> ]]> <![CDATA[ \"q\" & \u0001 \uD83D\uDE00 end";
		// XML has no way to write U+0001, not even escaped: it becomes the replacement character, while
		// the surrogate pair of the emoji stays.
		String shown = hostile.replace('\u0001', '\uFFFD');
		String html = report(result(List.of(scenario(hostile, List.of(window(0, 10, 1.0)), List.of(quantile(1, 2)))),
				List.of(resource("<b>DB</b> & 'co'", 0.5))));

		assertFalse(html.toLowerCase(Locale.ROOT).contains("<script"));
		assertFalse(html.contains("]]>"));
		assertFalse(html.contains("<b>"));
		assertFalse(html.contains("\u0001"));
		assertEquals(distributionOf(shown), ParsedChart.labelled(html, distributionOf(shown)).ariaLabel());
		assertEquals(overTimeOf(shown), ParsedChart.labelled(html, overTimeOf(shown)).ariaLabel());
		assertEquals(List.of("<b>DB</b> & 'co' CPU", "50.0 %"),
				ParsedChart.labelled(html, UTILIZATION).texts("bar-labels"));
	}

	@Test
	void utilizationBarsSpanTheirShareOfTheAxisFromZeroToHundredPercent() throws IOException {
		ParsedChart chart = ParsedChart.labelled(
				report(result(List.of(), List.of(resource("Web", 0.25), resource("DB", 0.8)))), UTILIZATION);

		List<Double> ticks = chart.ticks("x-ticks");
		assertNiceTicks(ticks, 0, 100);
		assertEquals(0, ticks.get(0));
		assertEquals(100, ticks.get(ticks.size() - 1));
		double plotWidth = chart.plotRight() - chart.plotLeft();
		List<Element> bars = chart.inGroup("bars", "rect");
		assertEquals(2, bars.size());
		for (Element bar : bars) {
			assertEquals(chart.plotLeft(), ParsedChart.coordinate(bar, "x"), PIXEL_TOLERANCE);
		}
		assertEquals(0.25 * plotWidth, ParsedChart.coordinate(bars.get(0), "width"), PIXEL_TOLERANCE);
		assertEquals(0.8 * plotWidth, ParsedChart.coordinate(bars.get(1), "width"), PIXEL_TOLERANCE);
		assertEquals(List.of("Web CPU", "25.0 %", "DB CPU", "80.0 %"), chart.texts("bar-labels"));
	}

	@Test
	void resourcesWithInfinitelyManyServersGetNoBar() throws IOException {
		ResourceResult delay = new ResourceResult("_think", "Users", "DELAY", "Delay",
				ResourceResult.INFINITE_SERVERS, 0, 0, 1, 1, 1, 1);
		String html = report(result(List.of(), List.of(resource("Web", 0.5), delay)));

		assertEquals(List.of("Web CPU", "50.0 %"), ParsedChart.labelled(html, UTILIZATION).texts("bar-labels"));
	}

	@Test
	void longResourceNamesAreShortenedAndShownWholeOnHover() throws IOException {
		String longName = "Container with a name far too long for the label column of the chart";
		ParsedChart chart = ParsedChart.labelled(report(result(List.of(), List.of(resource(longName, 0.5)))),
				UTILIZATION);

		String label = chart.texts("bar-labels").get(0);
		assertTrue(label.endsWith("…") && longName.startsWith(label.substring(0, label.length() - 1)), label);
		assertEquals(longName + " CPU", chart.inGroup("bar-labels", "title").get(0).getTextContent());
		// It ends a few pixels left of the plot; estimated as the report does, it starts inside the image.
		double estimatedLabelWidth = label.codePointCount(0, label.length()) * 0.6 * 11;
		assertTrue(estimatedLabelWidth < chart.plotLeft() - 5, "the label starts inside the image");
	}

	@Test
	void utilizationChartGrowsWithTheNumberOfResources() throws IOException {
		List<ResourceResult> many = new ArrayList<>();
		for (int i = 0; i < 40; i++) {
			many.add(resource("Server " + i, i / 40.0));
		}
		ParsedChart chart = ParsedChart.labelled(report(result(List.of(), many)), UTILIZATION);

		assertTrue(chart.number("height") > CHART_SIZE.chartHeight(), "height " + chart.number("height"));
		List<Element> bars = chart.inGroup("bars", "rect");
		assertEquals(40, bars.size());
		for (int i = 1; i < bars.size(); i++) {
			assertTrue(ParsedChart.coordinate(bars.get(i), "y") >= ParsedChart.coordinate(bars.get(i - 1), "y")
					+ ParsedChart.coordinate(bars.get(i - 1), "height"), "bars do not overlap");
		}
	}

	@Test
	void distributionRisesFromZeroToOneAtTheTopOfThePlot() throws IOException {
		List<QuantilePoint> distribution = List.of(quantile(0.5, 0.7), quantile(0.9, 1.6), quantile(1.0, 2.3));
		ParsedChart chart = ParsedChart.labelled(scenarioReport(List.of(window(0, 10, 1)), distribution),
				distributionOf(SCENARIO));

		List<Double> probabilityTicks = chart.ticks("y-ticks");
		assertNiceTicks(probabilityTicks, 0, 1);
		assertEquals(0, probabilityTicks.get(0));
		assertEquals(1, probabilityTicks.get(probabilityTicks.size() - 1));
		List<Double> timeTicks = chart.ticks("x-ticks");
		assertNiceTicks(timeTicks, 0, 2.3);
		assertEquals(0, timeTicks.get(0));

		List<double[]> points = chart.seriesPoints();
		assertEquals(3, points.size());
		double top = chart.plotTop();
		double bottom = chart.plotBottom();
		double lastTimeTick = timeTicks.get(timeTicks.size() - 1);
		for (int i = 0; i < 3; i++) {
			QuantilePoint expected = distribution.get(i);
			assertEquals(chart.plotLeft() + expected.value() / lastTimeTick * (chart.plotRight() - chart.plotLeft()),
					points.get(i)[0], PIXEL_TOLERANCE);
			assertEquals(bottom - expected.probability() * (bottom - top), points.get(i)[1], PIXEL_TOLERANCE);
		}
		assertEquals(top, points.get(2)[1], PIXEL_TOLERANCE);
	}

	@Test
	void responseTimeOverTimeLeavesAGapAtAnEmptyWindowAndMarksEveryWindow() throws IOException {
		List<TimeWindow> windows = List.of(window(0, 100, 1.0), window(100, 200, 1.5),
				new TimeWindow(200, 300, 0, Double.NaN), window(300, 400, 2.0));
		ParsedChart chart = ParsedChart.labelled(scenarioReport(windows, List.of(quantile(1, 1))),
				overTimeOf(SCENARIO));

		assertEquals(2, chart.seriesPoints().size(), "the line joins only the first two windows");
		List<Element> dots = chart.inGroup("dots", "circle");
		assertEquals(3, dots.size());
		List<Double> timeTicks = chart.ticks("x-ticks");
		assertNiceTicks(timeTicks, 0, 350);
		assertNiceTicks(chart.ticks("y-ticks"), 0, 2.0);
		assertArrayEquals(chart.seriesPoints().get(1), new double[] { ParsedChart.coordinate(dots.get(1), "cx"),
				ParsedChart.coordinate(dots.get(1), "cy") });
	}

	@Test
	void pointsThatAreNotFiniteAreLeftOut() throws IOException {
		List<QuantilePoint> distribution = List.of(quantile(0.2, 0.1), quantile(0.5, Double.POSITIVE_INFINITY),
				quantile(0.9, 0.4), quantile(Double.NaN, 0.5));
		List<TimeWindow> windows = List.of(window(0, 10, 1), new TimeWindow(10, Double.POSITIVE_INFINITY, 5, 3),
				window(20, 30, 2), window(30, 40, Double.NaN));
		String html = scenarioReport(windows, distribution);

		assertEquals(2, ParsedChart.labelled(html, distributionOf(SCENARIO)).seriesPoints().size());
		assertEquals(2, ParsedChart.labelled(html, overTimeOf(SCENARIO)).inGroup("dots", "circle").size());
		assertFalse(html.contains("NaN"));
		assertFalse(html.contains("Infinity"));
	}

	@Test
	void withoutAnyFinitePointThereIsNoChart() throws IOException {
		ResourceResult unmeasured = new ResourceResult("_cpu", "App", "CPU", "FCFS", 1, Double.NaN, 0, 0, 0, 0, 0);
		String html = report(result(List.of(scenario(SCENARIO, List.of(new TimeWindow(0, 10, 0, Double.NaN)),
				List.of(quantile(Double.NaN, 1)))), List.of(unmeasured)));

		assertEquals(List.of(), ParsedChart.allIn(html));
		assertTrue(html.contains("No measurements for the chart &quot;" + distributionOf(SCENARIO) + "&quot;."));
		assertTrue(html.contains("No measurements for the chart &quot;" + overTimeOf(SCENARIO) + "&quot;."));
		assertTrue(html.contains("No measurements for the chart &quot;" + UTILIZATION + "&quot;."));
	}

	@Test
	void aSinglePointIsMarkedOnAnAxisThatStillHasARange() throws IOException {
		String html = scenarioReport(List.of(window(0, 60, 0.3)), List.of(quantile(1, 0.3)));

		for (ParsedChart chart : List.of(ParsedChart.labelled(html, distributionOf(SCENARIO)),
				ParsedChart.labelled(html, overTimeOf(SCENARIO)))) {
			assertEquals(List.of(), chart.seriesPoints(), "no line to draw");
			assertEquals(1, chart.inGroup("dots", "circle").size());
			assertTrue(chart.plotRight() > chart.plotLeft() && chart.plotBottom() > chart.plotTop());
		}
		ParsedChart distribution = ParsedChart.labelled(html, distributionOf(SCENARIO));
		assertNiceTicks(distribution.ticks("x-ticks"), 0, 0.3);
		assertEquals(distribution.plotTop(),
				ParsedChart.coordinate(distribution.inGroup("dots", "circle").get(0), "cy"), PIXEL_TOLERANCE);
		assertNiceTicks(ParsedChart.labelled(html, overTimeOf(SCENARIO)).ticks("x-ticks"), 0, 30);
	}

	@Test
	void valuesThatAreAllZeroStillSpanAnAxis() throws IOException {
		String html = scenarioReport(List.of(window(0, 10, 0), window(10, 20, 0)),
				List.of(quantile(0.5, 0), quantile(1, 0)));

		ParsedChart overTime = ParsedChart.labelled(html, overTimeOf(SCENARIO));
		assertNiceTicks(overTime.ticks("y-ticks"), 0, 1);
		for (Element dot : overTime.inGroup("dots", "circle")) {
			assertEquals(overTime.plotBottom(), ParsedChart.coordinate(dot, "cy"), PIXEL_TOLERANCE);
		}
		ParsedChart distribution = ParsedChart.labelled(html, distributionOf(SCENARIO));
		assertNiceTicks(distribution.ticks("x-ticks"), 0, 1);
		for (double[] point : distribution.seriesPoints()) {
			assertEquals(distribution.plotLeft(), point[0], PIXEL_TOLERANCE);
		}
	}

	@Test
	void largeAndSmallValuesGetShortTickLabelsThatDoNotCollide() throws IOException {
		List<TimeWindow> windows = List.of(window(0, 2e6, 3e-5), window(2e6, 4e6, 7.5e-5));
		ParsedChart chart = ParsedChart.labelled(scenarioReport(windows, List.of(quantile(1, 1))),
				overTimeOf(SCENARIO));

		assertNiceTicks(chart.ticks("x-ticks"), 0, 3e6);
		assertNiceTicks(chart.ticks("y-ticks"), 0, 7.5e-5);
		for (String label : chart.texts("x-ticks")) {
			assertTrue(label.length() <= 5, label);
		}
		assertTrue(chart.texts("y-ticks").contains("4e-5"), chart.texts("y-ticks").toString());
		List<Element> labels = chart.inGroup("x-ticks", "text");
		for (int i = 1; i < labels.size(); i++) {
			Element left = labels.get(i - 1);
			Element right = labels.get(i);
			double distance = ParsedChart.coordinate(right, "x") - ParsedChart.coordinate(left, "x");
			// Half of each label's width, estimated at 0.6 em per character of 11 pixels.
			double halfWidths = (left.getTextContent().length() + right.getTextContent().length()) / 2.0 * 0.6 * 11;
			assertTrue(distance > halfWidths, "labels " + (i - 1) + " and " + i + " collide");
		}
	}

	@Test
	void sameResultsGiveTheSameReportInEveryLocale() throws IOException {
		String first = report(SampleResults.sample(1));
		Locale original = Locale.getDefault();
		String german;
		try {
			Locale.setDefault(Locale.GERMANY);
			german = report(SampleResults.sample(1));
		} finally {
			Locale.setDefault(original);
		}

		assertEquals(first, german);
		assertEquals(first, report(SampleResults.sample(1)));
	}

	/** Ticks a step apart, the step 1, 2 or 5 times a power of ten, the first and last just beyond the data. */
	private static void assertNiceTicks(List<Double> ticks, double lowest, double highest) {
		assertTrue(ticks.size() >= 2, ticks.toString());
		double step = ticks.get(1) - ticks.get(0);
		for (int i = 1; i < ticks.size(); i++) {
			assertEquals(step, ticks.get(i) - ticks.get(i - 1), step * 1e-6, ticks.toString());
		}
		double multiple = step / Math.pow(10, Math.floor(Math.log10(step) + 1e-9));
		assertTrue(List.of(1L, 2L, 5L).contains(Math.round(multiple)), "step " + step);
		assertEquals(Math.round(multiple), multiple, 1e-6, "step " + step);
		assertTrue(ticks.get(0) <= lowest && ticks.get(0) > lowest - step, ticks + " starts at " + lowest);
		assertTrue(ticks.get(ticks.size() - 1) >= highest && ticks.get(ticks.size() - 1) < highest + step,
				ticks + " ends at " + highest);
	}

	@Test
	void utilizationOverTimeDrawsTheBusiestResourcesWithALegendBelowThePlot() throws IOException {
		List<ResourceResult> resources = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			double utilization = (i + 1) / 10.0;
			List<UtilizationWindow> windows = List.of(new UtilizationWindow(0, 10, utilization),
					new UtilizationWindow(10, 20, utilization / 2), new UtilizationWindow(20, 25, utilization));
			resources.add(new ResourceResult("_" + i, "Server " + i, "CPU", "FCFS", 1, utilization, 0, 0.1, 1, 0.1,
					0.1, windows));
		}
		ParsedChart chart = ParsedChart.labelled(report(result(List.of(), resources)), UTILIZATION_OVER_TIME);

		List<String> busiestFirst = List.of("Server 7 CPU", "Server 6 CPU", "Server 5 CPU", "Server 4 CPU",
				"Server 3 CPU", "Server 2 CPU");
		assertEquals(busiestFirst, chart.texts("legend"));
		assertTrue(chart.number("height") > CHART_SIZE.chartHeight(), "the legend adds to the chart's height");
		List<Double> percentTicks = chart.ticks("y-ticks");
		assertNiceTicks(percentTicks, 0, 100);
		List<Double> timeTicks = chart.ticks("x-ticks");
		List<double[]> points = chart.seriesPoints();
		assertEquals(6 * 3, points.size(), "three windows of each of six lines");
		double top = chart.plotTop();
		double bottom = chart.plotBottom();
		double highestPercent = percentTicks.get(percentTicks.size() - 1);
		double lastTime = timeTicks.get(timeTicks.size() - 1);
		double[] middles = { 5, 15, 22.5 };
		double[] busiest = { 80, 40, 80 };
		for (int w = 0; w < 3; w++) {
			assertEquals(chart.plotLeft() + middles[w] / lastTime * (chart.plotRight() - chart.plotLeft()),
					points.get(w)[0], PIXEL_TOLERANCE);
			assertEquals(bottom - busiest[w] / highestPercent * (bottom - top), points.get(w)[1], PIXEL_TOLERANCE);
		}
		assertTrue(bottom < chart.number("height") - 18, "the legend lies below the plot");
	}

	@Test
	void withoutResourcesFollowedOverTimeThereIsNoUtilizationOverTime() throws IOException {
		String html = report(result(List.of(), List.of(resource("Web", 0.5))));

		assertTrue(ParsedChart.allIn(html).stream().noneMatch(chart -> chart.ariaLabel().equals(UTILIZATION_OVER_TIME)));
		assertFalse(html.contains("No measurements for the chart"), "no note about a chart that was never asked for");
	}

	private String report(SimulationResult result) throws IOException {
		Path folder = ResultWriter.write(result, temp.resolve("report" + reports++), false, CHART_SIZE);
		return Files.readString(folder.resolve(ResultWriter.REPORT_HTML), StandardCharsets.UTF_8);
	}

	/** The report of a run with a single scenario, {@value #SCENARIO}, and no resources. */
	private String scenarioReport(List<TimeWindow> overTime, List<QuantilePoint> distribution) throws IOException {
		return report(result(List.of(scenario(SCENARIO, overTime, distribution)), List.of()));
	}

	private static String distributionOf(String scenario) {
		return "Response-time distribution of " + scenario;
	}

	private static String overTimeOf(String scenario) {
		return "Mean response time over simulated time of " + scenario;
	}

	private static SimulationResult result(List<ScenarioResult> scenarios, List<ResourceResult> resources) {
		return new SimulationResult("Charts", 1, 1, 100, StopReason.SIMULATED_TIME, 400, 0.5, scenarios, List.of(),
				resources, List.of(), List.of());
	}

	private static ScenarioResult scenario(String name, List<TimeWindow> overTime, List<QuantilePoint> distribution) {
		ResponseTime responseTime = new ResponseTime(10, 1, 0.1, 0.5, 0.1, 3, 1, 2, 2.5, 3);
		return new ScenarioResult("_" + name, name, responseTime, 1, overTime, distribution);
	}

	private static TimeWindow window(double start, double end, double mean) {
		return new TimeWindow(start, end, 10, mean);
	}

	private static QuantilePoint quantile(double probability, double value) {
		return new QuantilePoint(probability, value);
	}

	private static ResourceResult resource(String container, double utilization) {
		return new ResourceResult("_" + container, container, "CPU", "FCFS", 1, utilization, 0, 0.1, 1, 0.1, 0.1);
	}

	/** Time axes name their unit: the model's time unit, seconds for Palladio's and IOSim's models. */
	@Test
	void timeAxesNameTheirUnit() throws IOException {
		String html = report(SampleResults.sample(1));
		for (String title : List.of(">response time (s)<", ">simulated time (s)<", ">mean response time (s)<",
				">completions per s<")) {
			assertTrue(html.contains(title), title);
		}
		assertFalse(html.contains(">simulated time<"), "a time axis without its unit");
	}
}
