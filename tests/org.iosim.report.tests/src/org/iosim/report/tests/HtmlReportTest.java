package org.iosim.report.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.iosim.report.ReportOptions;
import org.iosim.report.ResultWriter;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.StopReason;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

	private static final ReportOptions CHART_SIZE = new ReportOptions(480, 300);

	@TempDir
	Path temp;

	private String html;

	@BeforeEach
	void writeSample() throws IOException {
		Path folder = ResultWriter.write(SampleResults.sample(7.25), temp.resolve("out"), false, CHART_SIZE);
		html = Files.readString(folder.resolve(ResultWriter.REPORT_HTML), StandardCharsets.UTF_8);
	}

	@Test
	void modelNamesAreEscaped() {
		assertTrue(html.contains("<h3>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</h3>"), html);
		assertTrue(html.contains("<h3>Browse, &quot;fast&quot; path</h3>"));
		assertTrue(html.contains("<td>DB, &quot;primary&quot;</td>"));
		assertTrue(html.contains("<td>&lt;b&gt;array&lt;/b&gt;</td>"), "storage names in the I/O table are escaped");
		assertFalse(html.toLowerCase(Locale.ROOT).contains("<script"));
		assertFalse(html.contains("<b>array"));
	}

	@Test
	void isSelfContained() {
		assertFalse(html.contains("http://"));
		assertFalse(html.contains("https://"));
		assertFalse(html.contains("<link"));
		assertTrue(html.contains("<style>"));
	}

	@Test
	void summarisesTheRun() {
		assertTrue(html.contains("<dt>Model</dt><dd>Media Store</dd>"));
		assertTrue(html.contains("<dt>Seed</dt><dd>42</dd>"));
		assertTrue(html.contains("<dt>Stop reason</dt><dd>max measurements</dd>"));
		assertTrue(html.contains("<dt>Events</dt><dd>1,234,567</dd>"));
		assertTrue(html.contains("<dt>Simulated time</dt><dd>3600 s</dd>"));
	}

	@Test
	void tablesShowMeansWithConfidenceAndResources() {
		assertTrue(html.contains("<td class=\"num\">0.25 ± 0.0125</td>"), "mean with confidence interval");
		assertTrue(html.contains("<td class=\"num\">1.75</td>"), "mean alone when the interval is unknown");
		assertTrue(html.contains("<td>external</td><td>WebGUI</td><td>MediaDB.store</td>"));
		assertTrue(html.contains("<td>AppServer</td><td>CPU</td><td>ProcessorSharing</td><td class=\"num\">4</td>"
				+ "<td class=\"num\">62.5 %</td>"));
		assertTrue(html.contains("<td>MediaDB</td><td>ConnectionPool</td><td class=\"num\">8</td>"));
	}

	@Test
	void runWithoutMeasurementsStillGivesAReport() throws IOException {
		SimulationResult empty = new SimulationResult("Empty", 1, 1, 0, StopReason.NO_MORE_EVENTS, 0, 0.1, List.of(),
				List.of(), List.of(), List.of(), List.of());

		Path folder = ResultWriter.write(empty, temp.resolve("empty"), false, CHART_SIZE);
		String emptyHtml = Files.readString(folder.resolve(ResultWriter.REPORT_HTML), StandardCharsets.UTF_8);

		assertTrue(emptyHtml.contains("The model has no usage scenarios."));
		assertTrue(emptyHtml.contains("No calls were measured."));
		assertTrue(emptyHtml.contains("The model has no active resources."));
		assertTrue(emptyHtml.contains("<dt>Stop reason</dt><dd>no more events</dd>"));
		assertFalse(emptyHtml.contains("<svg"));
	}

	@Test
	void rejectsChartSizesOutsideTheSupportedRange() {
		assertThrows(IllegalArgumentException.class,
				() -> new ReportOptions(ReportOptions.MIN_CHART_DIMENSION - 1, 300));
		assertThrows(IllegalArgumentException.class,
				() -> new ReportOptions(480, ReportOptions.MAX_CHART_DIMENSION + 1));
	}
}
