package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.iosim.cli.Main;
import org.iosim.ui.IosimUi;
import org.iosim.ui.internal.results.ResultsView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results view's charts read like report.html's: the response time over simulated time has ticks
 * at nice values between the ends of each axis, not only its minimum and maximum.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ResultsChartsTest {

	@TempDir
	Path temp;

	@Test
	void theResponseTimeChartHasNiceTicksBetweenTheEndsOfBothAxes() throws Exception {
		Path out = temp.resolve("shop");
		StringWriter err = new StringWriter();
		int status = Main.run(new String[] { "simulate", Workbench.repositoryRoot().resolve("examples/minimal").toString(),
				"--stop-time", "600", "--quiet", "--out", out.toString() }, new PrintWriter(new StringWriter(), true),
				new PrintWriter(err, true));
		assertEquals(0, status, err::toString);
		ResultsView view = (ResultsView) ui(() -> page().showView(IosimUi.RESULTS_VIEW_ID));
		uiRun(() -> view.show(out));
		uiRun(() -> view.showTab(ResultsView.CHARTS));
		List<List<String>> ticks = ui(view::responseTimeTicks);
		assertTrue(ticks.get(0).size() >= 4, () -> "simulated time: " + ticks.get(0));
		assertTrue(ticks.get(1).size() >= 4, () -> "response time: " + ticks.get(1));
		for (List<String> axis : ticks) {
			for (String label : axis) {
				// nice values: 1, 2 or 5 times a power of ten in steps, so labels are short
				assertTrue(label.length() <= 6, () -> "tick label " + label + " of " + axis);
			}
		}
	}
}
