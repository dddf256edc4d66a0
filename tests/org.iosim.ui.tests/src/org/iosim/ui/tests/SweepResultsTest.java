package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.iosim.cli.Main;
import org.iosim.ui.IosimUi;
import org.iosim.ui.internal.results.ResultsView;
import org.iosim.ui.internal.results.RunResults;
import org.iosim.ui.internal.results.SweepResults;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A sweep's results in the workbench: "Show in Simulation Results" in the Project Explorer's context
 * menu of a sweep's folder (and not of a model folder) opens the results view on it, which shows each
 * point's figures as sweep.json has them, the saturation analysis, and the curves against the load
 * with the asymptotic bounds; a sweep of two factors draws one line per curve.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SweepResultsTest {

	private static final String SHOW_IN_RESULTS = "Show in Simulation Results";

	private static IProject project;

	@BeforeAll
	static void shopProject() throws Exception {
		project = Workbench.exampleProject("minimal", "sweep-results");
		Workbench.showIosimPerspective();
	}

	@Test
	void aSweepsFolderOpensInTheResultsViewWithItsPointsBoundsAndSaturation() throws Exception {
		IFolder sweepFolder = sweep("population-sweep", "--vary", "population=25..400:75");
		assertFalse(contextMenu(project).contains(SHOW_IN_RESULTS), () -> "model folder: " + contextMenu(project));
		assertTrue(contextMenu(sweepFolder).contains(SHOW_IN_RESULTS), () -> "sweep folder: " + contextMenu(sweepFolder));
		uiRun(() -> choose(sweepFolder, SHOW_IN_RESULTS));
		ResultsView view = (ResultsView) ui(() -> page().findView(IosimUi.RESULTS_VIEW_ID));
		assertNotNull(view, "the results view opened");
		assertNotNull(ui(view::shownSweep), "the view shows the sweep");

		JsonNode sweep = sweepJson(sweepFolder);
		JsonNode curve = sweep.path("curves").get(0);
		List<List<String>> rows = ui(() -> rows(view.table(ResultsView.SWEEP)));
		assertEquals(curve.path("points").size(), rows.size(), rows::toString);
		for (int i = 0; i < rows.size(); i++) {
			JsonNode point = sweep.path("points").get(curve.path("points").get(i).asInt() - 1);
			JsonNode figures = point.path("scenarios").get(0);
			List<String> row = rows.get(i);
			assertEquals(point.path("values").path("population").asText(), row.get(1), row::toString);
			assertEquals(ResultsView.format(figures.path("responseTime").path("mean").asDouble()), row.get(2));
			assertEquals(ResultsView.format(figures.path("responseTime").path("se").asDouble()), row.get(3));
			assertEquals(ResultsView.format(figures.path("throughput").path("mean").asDouble()), row.get(5));
		}
		List<List<String>> summary = ui(() -> rows(view.table(ResultsView.SUMMARY)));
		String scenario = curve.path("scenario").asText();
		assertTrue(summary.contains(List.of(scenario + ": N* = (D + Z) / D_max",
				ResultsView.format(curve.path("boundKnee").asDouble()))), summary::toString);
		String saturation = curve.path("saturationPoint").isNumber()
				? "population = " + ResultsView.format(curve.path("saturationPoint").asDouble()) : "not reached";
		assertTrue(summary.contains(List.of(scenario + ": saturation point", saturation)), summary::toString);
		assertTrue(summary.contains(List.of(scenario + ": bottleneck", curve.path("bottlenecks").get(0).path("reason").asText())),
				summary::toString);
		assertEquals(List.of("throughput", "bound min(N/(D+Z), 1/D_max)"), ui(view::sweepThroughputLines));
		uiRun(() -> page().setPartState(page().findViewReference(IosimUi.RESULTS_VIEW_ID),
				org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED));
		Workbench.screenshot("results-sweep");
		uiRun(() -> page().setPartState(page().findViewReference(IosimUi.RESULTS_VIEW_ID),
				org.eclipse.ui.IWorkbenchPage.STATE_RESTORED));
	}

	@Test
	void aSweepOfTwoFactorsDrawsOneLinePerCurve() throws Exception {
		IFolder sweepFolder = sweep("two-factors", "--vary", "population=10,40", "--vary", "thinkTime=2,6");
		ResultsView view = (ResultsView) ui(() -> page().showView(IosimUi.RESULTS_VIEW_ID));
		uiRun(() -> view.show(sweepFolder.getLocation().toPath()));
		JsonNode curves = sweepJson(sweepFolder).path("curves");
		assertEquals(2, curves.size(), curves::toString);
		List<String> lines = new ArrayList<>();
		for (JsonNode curve : curves) {
			curve.path("fixed").properties()
					.forEach(fixed -> lines.add(fixed.getKey() + " = " + fixed.getValue().asText()));
		}
		assertEquals(lines, ui(view::sweepThroughputLines), "one line per curve, named by its fixed value, no bounds");
		assertEquals(2 * 2, ui(() -> view.table(ResultsView.SWEEP).getItemCount()));
	}

	/**
	 * A sweep of more points and curves than the view lists and draws: it lists the first points and
	 * says how many there are, draws ten curves spread evenly, and names how many it leaves out.
	 */
	@Test
	void aSweepOfMorePointsThanTheViewListsShowsTheFirstAndTenCurves() throws Exception {
		IFolder sweepFolder = sweep("many-points", 100, "--vary", "population=1..75", "--vary", "thinkTime=1..15");
		ResultsView view = (ResultsView) ui(() -> page().showView(IosimUi.RESULTS_VIEW_ID));
		uiRun(() -> view.show(sweepFolder.getLocation().toPath()));

		List<List<String>> rows = ui(() -> rows(view.table(ResultsView.SWEEP)));
		assertEquals(1_000 + 1, rows.size());
		assertEquals("the first 1,000 of 1,125 points: points.csv and sweep.json have every point",
				rows.get(1_000).get(0));
		List<String> lines = ui(view::sweepThroughputLines);
		assertEquals(List.of("thinkTime = 1", "thinkTime = 3", "thinkTime = 4", "thinkTime = 6", "thinkTime = 7",
				"thinkTime = 9", "thinkTime = 10", "thinkTime = 12", "thinkTime = 13", "thinkTime = 15"), lines);
		List<List<String>> summary = ui(() -> rows(view.table(ResultsView.SUMMARY)));
		assertTrue(summary.contains(List.of("Curves", "15; the charts and the findings below show 10 of them, spread"
				+ " evenly (sweep.json has every curve)")), summary::toString);
	}

	/**
	 * The view reads sweep.json a point at a time and draws a long curve through 500 of its points,
	 * the first and last included; a file that is no sweep's results is named with what is wrong.
	 */
	@Test
	void aLongCurveIsDrawnThroughFiveHundredOfItsPoints(@TempDir Path folder) throws Exception {
		StringBuilder json = new StringBuilder("{\"parameters\": [\"population\"], \"replications\": 1, \"seed\": 1,"
				+ " \"points\": [");
		StringBuilder curvePoints = new StringBuilder();
		for (int point = 1; point <= 2_000; point++) {
			String separator = point > 1 ? ", " : "";
			json.append(separator).append("{\"point\": ").append(point).append(", \"values\": {\"population\": \"")
					.append(point).append("\"}, \"scenarios\": [{\"name\": \"users\", \"responseTime\": {\"mean\": 0.5,"
							+ " \"se\": null}, \"throughput\": {\"mean\": ").append(2 * point).append(", \"se\": null}}]}");
			curvePoints.append(separator).append(point);
		}
		json.append("], \"curves\": [{\"load\": \"population\", \"scenario\": \"users\", \"points\": [")
				.append(curvePoints).append("]}]}");
		Files.writeString(folder.resolve(SweepResults.FILE), json);

		int[] worked = { 0 };
		NullProgressMonitor following = new NullProgressMonitor() {
			@Override
			public void worked(int work) {
				worked[0] += work;
			}
		};
		SweepResults.Curve curve = SweepResults.read(folder, following).curves().get(0);
		assertEquals(2_000, curve.points().size());
		assertTrue(worked[0] > 0 && worked[0] <= 1_000, "thousandths of the file read: " + worked[0]);
		NullProgressMonitor cancelled = new NullProgressMonitor();
		cancelled.setCanceled(true);
		assertThrows(OperationCanceledException.class, () -> SweepResults.read(folder, cancelled));
		RunResults.Series line = curve.throughput("throughput");
		assertEquals(500, line.x().length);
		assertEquals(List.of(1.0, 2_000.0, 4_000.0), List.of(line.x()[0], line.x()[499], line.y()[499]));

		Files.writeString(folder.resolve(SweepResults.FILE), "{\"curves\": [], \"points\": []}");
		IOException refused = assertThrows(IOException.class, () -> SweepResults.read(folder));
		assertEquals(folder.resolve(SweepResults.FILE) + " is not a sweep's results file of IOSim (its curves come before"
				+ " its points)", refused.getMessage());
	}

	/** Runs {@code iosim sweep} on the project's model into a folder of the project, as a user might from a terminal. */
	private static IFolder sweep(String name, String... parameters) throws Exception {
		return sweep(name, 1500, parameters);
	}

	private static IFolder sweep(String name, int measurements, String... parameters) throws Exception {
		IFolder folder = project.getFolder(name);
		String[] arguments = Stream.of(Stream.of("sweep", project.getLocation().toString()), Arrays.stream(parameters),
				Stream.of("--replications", "2", "--max-measurements", Integer.toString(measurements), "--quiet", "--out",
						folder.getLocation().toString()))
				.flatMap(stream -> stream).toArray(String[]::new);
		StringWriter err = new StringWriter();
		int status = Main.run(arguments, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
		assertEquals(0, status, err::toString);
		project.refreshLocal(IResource.DEPTH_INFINITE, null);
		return folder;
	}

	private static JsonNode sweepJson(IFolder folder) throws Exception {
		return new ObjectMapper().readTree(folder.getLocation().toPath().resolve("sweep.json").toFile());
	}

	/** The labels of the resource's context menu in the Project Explorer. */
	private static List<String> contextMenu(IResource resource) {
		return ui(() -> {
			Menu menu = Workbench.contextMenu(resource);
			List<String> labels = Workbench.labels(menu);
			menu.notifyListeners(SWT.Hide, new Event());
			return labels;
		});
	}

	/** Picks an entry of the resource's context menu, as a click does. Call on the UI thread. */
	private static void choose(IResource resource, String label) {
		Menu menu = Workbench.contextMenu(resource);
		MenuItem item = Arrays.stream(menu.getItems()).filter(candidate -> Workbench.label(candidate).equals(label))
				.findFirst().orElseThrow(() -> new AssertionError("no " + label + " in " + Workbench.labels(menu)));
		item.notifyListeners(SWT.Selection, new Event());
		menu.notifyListeners(SWT.Hide, new Event());
	}

	private static List<List<String>> rows(Table table) {
		List<List<String>> rows = new ArrayList<>();
		for (TableItem item : table.getItems()) {
			List<String> row = new ArrayList<>();
			for (int column = 0; column < table.getColumnCount(); column++) {
				row.add(item.getText(column));
			}
			rows.add(row);
		}
		return rows;
	}
}
