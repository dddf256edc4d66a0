package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.iosim.cli.Main;
import org.iosim.ui.IosimUi;
import org.iosim.ui.internal.results.ResultsView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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

	/** Runs {@code iosim sweep} on the project's model into a folder of the project, as a user might from a terminal. */
	private static IFolder sweep(String name, String... parameters) throws Exception {
		IFolder folder = project.getFolder(name);
		String[] arguments = Stream.of(Stream.of("sweep", project.getLocation().toString()), Arrays.stream(parameters),
				Stream.of("--replications", "2", "--max-measurements", "1500", "--quiet", "--out",
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
