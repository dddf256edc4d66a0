package org.iosim.ui.internal.results;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TabFolder;
import org.eclipse.swt.widgets.TabItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;
import org.iosim.sweep.SweepCharts;

/**
 * The results of simulation runs, read from their {@code results.json}: per scenario and call the
 * response time with its confidence interval and percentiles, the resources with their utilization,
 * the I/O delays by storage, type and file set, charts of the response time over simulated time, of
 * its distribution, of the utilizations and of the I/O delays, and the comparison of two runs. A
 * sweep's folder ({@code sweep.json}) shows its load curves: throughput and response time against
 * the load with the asymptotic bounds, the saturation point and N*, its points and its bottlenecks.
 * Every run and sweep whose results are in the workspace is listed, so earlier ones reopen; a
 * finished simulation shows its own.
 */
public final class ResultsView extends ViewPart {

	/** The tabs, by the names tests and users see. */
	public static final String SUMMARY = "Summary", SCENARIOS = "Scenarios", CALLS = "Calls", RESOURCES = "Resources",
			IO = "I/O", CHARTS = "Charts", COMPARISON = "Comparison", SWEEP = "Sweep";
	/** A sweep's table: one row per point of each load curve. */
	public static final String[] SWEEP_COLUMNS = { "Load", "Mean response time (s)", "± SE (s)", "75th pct. (s)",
			"Throughput (1/s)", "± SE (1/s)" };
	private static final String NO_COMPARISON = "(none)";
	/** How deep the workspace is searched for results; results/<run>/results.json lies at depth 3 of a project. */
	private static final int SEARCH_DEPTH = 6;

	private final Map<String, Path> runs = new TreeMap<>();
	private final Map<String, Table> tables = new LinkedHashMap<>();
	private TabFolder tabs;
	private Combo runChoice;
	private Combo comparisonChoice;
	private Label message;
	private Chart overTime;
	private Chart distribution;
	private Chart utilizationOverTime;
	private BarChart utilization;
	private BarChart ioDelays;
	private Chart sweepThroughput;
	private Chart sweepResponseTime;
	private RunResults shown;
	private RunResults compared;
	private SweepResults shownSweep;

	@Override
	public void createPartControl(Composite parent) {
		Composite area = new Composite(parent, SWT.NONE);
		area.setLayout(new GridLayout(5, false));
		new Label(area, SWT.NONE).setText("Run:");
		runChoice = new Combo(area, SWT.READ_ONLY);
		runChoice.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
		runChoice.addListener(SWT.Selection, event -> select());
		new Label(area, SWT.NONE).setText("Compare with:");
		comparisonChoice = new Combo(area, SWT.READ_ONLY);
		comparisonChoice.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
		comparisonChoice.addListener(SWT.Selection, event -> select());
		Button refresh = new Button(area, SWT.PUSH);
		refresh.setText("Refresh");
		refresh.addListener(SWT.Selection, event -> refreshRuns());
		message = new Label(area, SWT.WRAP);
		message.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 5, 1));
		tabs = new TabFolder(area, SWT.TOP);
		tabs.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 5, 1));
		table(tabs, SUMMARY, new String[] { "Value" });
		table(tabs, SCENARIOS, RunResults.SCENARIO_COLUMNS);
		table(tabs, CALLS, RunResults.CALL_COLUMNS);
		table(tabs, RESOURCES, RunResults.RESOURCE_COLUMNS);
		table(tabs, IO, RunResults.IO_COLUMNS);
		TabItem charts = new TabItem(tabs, SWT.NONE);
		charts.setText(CHARTS);
		SashForm chartArea = new SashForm(tabs, SWT.HORIZONTAL);
		SashForm overTimeCharts = new SashForm(chartArea, SWT.VERTICAL);
		overTime = new Chart(overTimeCharts, "Response time over simulated time", "simulated time (s)",
				"mean response time (s)");
		utilizationOverTime = new Chart(overTimeCharts, "Utilization over simulated time (busiest resources)",
				"simulated time (s)", "utilization (%)");
		utilizationOverTime.yAxisReaches(100);
		distribution = new Chart(chartArea, "Response time distribution (CDF)", "response time (s)", "probability");
		SashForm barCharts = new SashForm(chartArea, SWT.VERTICAL);
		utilization = new BarChart(barCharts, "Utilization of the resources", BarChart.Scale.FRACTION);
		ioDelays = new BarChart(barCharts, "Mean I/O delay by storage, type and file set", BarChart.Scale.SECONDS);
		charts.setControl(chartArea);
		table(tabs, COMPARISON, new String[] { "Compared run", "Change" });
		TabItem sweep = new TabItem(tabs, SWT.NONE);
		sweep.setText(SWEEP);
		SashForm sweepArea = new SashForm(tabs, SWT.VERTICAL);
		SashForm sweepCharts = new SashForm(sweepArea, SWT.HORIZONTAL);
		sweepThroughput = new Chart(sweepCharts, "Throughput against the load", "load", "throughput (1/s)");
		sweepResponseTime = new Chart(sweepCharts, "Response time against the load", "load", "response time (s)");
		newTable(sweepArea, SWEEP, SWEEP_COLUMNS);
		sweepArea.setWeights(3, 2);
		sweep.setControl(sweepArea);
		refreshRuns();
	}

	private void table(TabFolder tabs, String name, String[] columns) {
		TabItem item = new TabItem(tabs, SWT.NONE);
		item.setText(name);
		item.setControl(newTable(tabs, name, columns));
	}

	private Table newTable(Composite parent, String name, String[] columns) {
		Table table = new Table(parent, SWT.FULL_SELECTION | SWT.BORDER);
		table.setHeaderVisible(true);
		table.setLinesVisible(true);
		TableColumn first = new TableColumn(table, SWT.LEFT);
		first.setText(name.equals(SUMMARY) ? "" : name.equals(COMPARISON) ? "Measure (shown run)"
				: name.equals(SWEEP) ? "Curve, point" : "Name");
		first.setWidth(260);
		for (String column : columns) {
			// the summary's values are words and paths, read beside their names; the other tables' are numbers
			TableColumn added = new TableColumn(table, name.equals(SUMMARY) ? SWT.LEFT : SWT.RIGHT);
			added.setText(column);
			added.setWidth(120);
		}
		tables.put(name, table);
		return table;
	}

	/** Lists the runs and sweeps in the workspace again, keeping the one shown. */
	public void refreshRuns() {
		try {
			ResourcesPlugin.getWorkspace().getRoot().accept(proxy -> {
				if (proxy.getType() == IResource.FILE
						&& (RunResults.FILE.equals(proxy.getName()) || SweepResults.FILE.equals(proxy.getName()))) {
					IResource file = proxy.requestResource();
					IContainer folder = file.getParent();
					if (folder.getLocation() != null) {
						runs.put(folder.getFullPath().toString(), folder.getLocation().toPath());
					}
				}
				return proxy.requestFullPath().segmentCount() <= SEARCH_DEPTH;
			}, IResource.NONE);
		} catch (CoreException unreadable) {
			message.setText("The workspace cannot be searched for results: " + unreadable.getMessage());
		}
		runs.values().removeIf(folder -> !isRun(folder) && !isSweep(folder));
		fillChoices();
	}

	static boolean isRun(Path folder) {
		return Files.isRegularFile(folder.resolve(RunResults.FILE));
	}

	/** A sweep's folder holds sweep.json and no results.json of its own (its points are in points/). */
	static boolean isSweep(Path folder) {
		return !isRun(folder) && Files.isRegularFile(folder.resolve(SweepResults.FILE));
	}

	private void fillChoices() {
		String current = runChoice.getText();
		String comparison = comparisonChoice.getText();
		runChoice.setItems(runs.keySet().toArray(String[]::new));
		List<String> comparable = new ArrayList<>(List.of(NO_COMPARISON));
		runs.forEach((name, folder) -> {
			if (isRun(folder)) {
				comparable.add(name);
			}
		});
		comparisonChoice.setItems(comparable.toArray(String[]::new));
		runChoice.setText(current);
		comparisonChoice.setText(comparison.isEmpty() ? NO_COMPARISON : comparison);
	}

	/** Shows the results of the run or sweep in the folder (adding it to the list when it is new). */
	public void show(Path folder) {
		String name = nameOf(folder);
		runs.put(name, folder);
		fillChoices();
		runChoice.setText(name);
		select();
	}

	/** Compares the shown run with the results in the folder. */
	public void compareWith(Path folder) {
		String name = nameOf(folder);
		runs.put(name, folder);
		fillChoices();
		comparisonChoice.setText(name);
		select();
	}

	private static String nameOf(Path folder) {
		var inWorkspace = ResourcesPlugin.getWorkspace().getRoot()
				.getContainerForLocation(org.eclipse.core.runtime.IPath.fromPath(folder.toAbsolutePath()));
		return inWorkspace != null ? inWorkspace.getFullPath().toString() : folder.toAbsolutePath().toString();
	}

	private void select() {
		message.setText("");
		Path folder = runs.get(runChoice.getText());
		boolean sweep = folder != null && isSweep(folder);
		shownSweep = sweep ? readSweep(folder) : null;
		shown = sweep ? null : read(folder, RunResults::read);
		compared = NO_COMPARISON.equals(comparisonChoice.getText()) ? null
				: read(runs.get(comparisonChoice.getText()), RunResults::read);
		fill();
		if (shownSweep != null) {
			showTab(SWEEP);
		}
		message.getParent().layout();
	}

	/**
	 * Reads a sweep's results off the UI thread, with a busy cursor and, after a moment, a progress
	 * dialog that can cancel: a million points take about 20 seconds.
	 */
	private SweepResults readSweep(Path folder) {
		AtomicReference<SweepResults> read = new AtomicReference<>();
		try {
			PlatformUI.getWorkbench().getProgressService().busyCursorWhile(monitor -> {
				try {
					read.set(SweepResults.read(folder, monitor));
				} catch (IOException unreadable) {
					throw new InvocationTargetException(unreadable);
				} catch (OperationCanceledException cancelled) {
					throw new InterruptedException();
				}
			});
		} catch (InvocationTargetException failed) {
			message.setText(failed.getCause().getMessage());
		} catch (InterruptedException cancelled) {
			message.setText("Reading " + folder.resolve(SweepResults.FILE) + " was cancelled.");
		}
		return read.get();
	}

	private interface Reader<T> {
		T read(Path folder) throws IOException;
	}

	private <T> T read(Path folder, Reader<T> reader) {
		if (folder == null) {
			return null;
		}
		try {
			return reader.read(folder);
		} catch (IOException unreadable) {
			message.setText(unreadable.getMessage());
			return null;
		}
	}

	private void fill() {
		tables.values().forEach(Table::removeAll);
		overTime.show(List.of());
		distribution.show(List.of());
		utilizationOverTime.show(List.of());
		utilization.show(List.of(), 0);
		ioDelays.show(List.of(), 0);
		sweepThroughput.show(List.of());
		sweepResponseTime.show(List.of());
		if (shownSweep != null) {
			fillSweep();
		}
		if (shown == null) {
			tables.values().forEach(table -> table.getColumn(0).pack());
			return;
		}
		Table summary = tables.get(SUMMARY);
		row(summary, "Model", shown.model());
		row(summary, "I/O configuration", shown.ioConfiguration());
		row(summary, "Seed", Long.toString(shown.seed()));
		row(summary, "Replications", Integer.toString(shown.replications()));
		row(summary, "Stopped by", shown.stopReason());
		row(summary, "Simulated time", format(shown.simulatedTime()));
		row(summary, "Folder", shown.folder().toString());
		rows(tables.get(SCENARIOS), shown.scenarios());
		rows(tables.get(CALLS), shown.calls());
		rows(tables.get(RESOURCES), shown.resources());
		rows(tables.get(IO), shown.io());
		overTime.show(shown.responseTimeOverTime());
		distribution.show(shown.responseTimeDistribution());
		utilizationOverTime.show(shown.utilizationOverTime());
		utilization.show(shown.resources(), 0);
		ioDelays.show(shown.io(), 0);
		if (compared != null) {
			compare(tables.get(COMPARISON));
		}
		tables.values().forEach(table -> table.getColumn(0).pack());
		summary.getColumn(1).pack();
	}

	/**
	 * A sweep's settings, each curve's saturation point, N* and bottlenecks, its points, and its curves
	 * against the load: with one curve its mean and 75th percentile, the asymptotic bounds and markers at
	 * the saturation point and N*, as report.html draws them; with several, one line per curve.
	 */
	private void fillSweep() {
		Table summary = tables.get(SUMMARY);
		row(summary, "Sweep of", String.join(", ", shownSweep.parameters()));
		row(summary, "Seed", Long.toString(shownSweep.seed()));
		row(summary, "Replications", Integer.toString(shownSweep.replications()));
		row(summary, "Folder", shownSweep.folder().toString());
		Table points = tables.get(SWEEP);
		List<RunResults.Series> throughput = new ArrayList<>();
		List<RunResults.Series> responseTime = new ArrayList<>();
		List<SweepResults.Curve> curves = shownSweep.curves();
		boolean single = curves.size() == 1;
		List<SweepResults.Curve> drawn = SweepCharts.curvesDrawn(curves);
		if (drawn.size() < curves.size()) {
			row(summary, "Curves", String.format(Locale.ROOT, "%,d; the charts and the findings below show %,d of them,"
					+ " spread evenly (sweep.json has every curve)", curves.size(), drawn.size()));
		}
		for (SweepResults.Curve curve : drawn) {
			row(summary, curve.name() + ": saturation point", Double.isNaN(curve.saturation())
					? "not reached" : curve.load() + " = " + format(curve.saturation()));
			if (curve.closed()) {
				row(summary, curve.name() + ": N* = (D + Z) / D_max", format(curve.boundKnee()));
			}
			curve.bottlenecks().forEach(reason -> row(summary, curve.name() + ": bottleneck", reason));
			throughput.add(curve.throughput(single ? "throughput" : curve.distinction()));
			responseTime.add(curve.responseTime(single ? "mean" : curve.distinction()));
			if (single) {
				responseTime.add(curve.p75ResponseTime("75th percentile"));
			}
		}
		int listed = 0;
		int total = curves.stream().mapToInt(curve -> curve.points().size()).sum();
		rows: for (SweepResults.Curve curve : curves) {
			for (SweepResults.Point point : curve.points()) {
				if (listed == SweepCharts.POINTS_LISTED) {
					new TableItem(points, SWT.NONE).setText(String.format(Locale.ROOT,
							"the first %,d of %,d points: points.csv and sweep.json have every point", listed, total));
					break rows;
				}
				listed++;
				new TableItem(points, SWT.NONE).setText(new String[] { curve.name() + ", point " + point.index(),
						format(point.load()), format(point.responseTime()), format(point.responseTimeSe()),
						format(point.p75ResponseTime()), format(point.throughput()), format(point.throughputSe()) });
			}
		}
		if (!curves.isEmpty()) {
			sweepThroughput.setXLabel(curves.get(0).load());
			sweepResponseTime.setXLabel(curves.get(0).load());
		}
		SweepResults.Curve only = single ? curves.get(0) : null;
		if (only != null && only.closed()) {
			List<Chart.Marker> markers = new ArrayList<>();
			if (!Double.isNaN(only.saturation())) {
				markers.add(new Chart.Marker("saturation " + format(only.saturation()), only.saturation()));
			}
			markers.add(new Chart.Marker("N* " + format(only.boundKnee()), only.boundKnee()));
			sweepThroughput.show(throughput, List.of(only.throughputBound()), markers);
			sweepResponseTime.show(responseTime, List.of(only.responseTimeBound()), markers);
		} else {
			sweepThroughput.show(throughput);
			sweepResponseTime.show(responseTime);
		}
		summary.getColumn(1).pack();
		Arrays.stream(points.getColumns()).forEach(TableColumn::pack);
	}

	/** Shown run against compared run, matched by name: mean response times, throughputs, utilizations and I/O delays. */
	private void compare(Table table) {
		compareRows(table, shown.scenarios(), compared.scenarios(), 0, "mean response time");
		compareRows(table, shown.scenarios(), compared.scenarios(), 6, "throughput");
		compareRows(table, shown.calls(), compared.calls(), 0, "mean response time");
		compareRows(table, shown.resources(), compared.resources(), 0, "utilization");
		compareRows(table, shown.io(), compared.io(), 0, "mean delay");
	}

	private static void compareRows(Table table, List<RunResults.Row> mine, List<RunResults.Row> theirs, int column,
			String measure) {
		for (RunResults.Row row : mine) {
			theirs.stream().filter(other -> other.name().equals(row.name())).findFirst().ifPresent(other -> {
				double a = row.values()[column];
				double b = other.values()[column];
				TableItem item = new TableItem(table, SWT.NONE);
				item.setText(new String[] { row.name() + ": " + measure + " " + format(a), format(b),
						a == 0 ? "" : String.format(Locale.ROOT, "%+.1f %%", 100 * (b - a) / a) });
			});
		}
	}

	private static void row(Table table, String name, String value) {
		new TableItem(table, SWT.NONE).setText(new String[] { name, value });
	}

	private static void rows(Table table, List<RunResults.Row> rows) {
		for (RunResults.Row row : rows) {
			String[] cells = new String[row.values().length + 1];
			cells[0] = row.name();
			for (int i = 0; i < row.values().length; i++) {
				cells[i + 1] = format(row.values()[i]);
			}
			new TableItem(table, SWT.NONE).setText(cells);
		}
	}

	/** Six significant digits; whole numbers (counts) without a fraction; NaN as a dash. */
	public static String format(double value) {
		if (!Double.isFinite(value)) {
			return "–";
		}
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return String.format(Locale.ROOT, "%d", (long) value);
		}
		return String.format(Locale.ROOT, "%.6g", value);
	}

	// What the workbench's tests read.

	public RunResults shown() {
		return shown;
	}

	public SweepResults shownSweep() {
		return shownSweep;
	}

	/** The names of the lines in the sweep's throughput chart: its curves' and then its bounds'. */
	public List<String> sweepThroughputLines() {
		return sweepThroughput.lineNames();
	}

	/** The I/O delay chart's bars: names and mean delays. */
	public List<String> ioDelayBars() {
		return ioDelays.bars().stream().map(bar -> bar.name() + "=" + bar.value()).toList();
	}

	/** The tick labels of the response time over simulated time: the x axis's, then the y axis's. */
	public List<List<String>> responseTimeTicks() {
		return overTime.tickLabels();
	}

	/** The names of the lines of the utilization over simulated time, as its legend gives them. */
	public List<String> utilizationOverTimeLines() {
		return utilizationOverTime.lineNames();
	}

	/** The tick labels of the utilization over simulated time: the x axis's, then the y axis's. */
	public List<List<String>> utilizationOverTimeTicks() {
		return utilizationOverTime.tickLabels();
	}

	/** The utilization chart's bars: resource names and utilizations. */
	public List<String> utilizationBars() {
		return utilization.bars().stream().map(bar -> bar.name() + "=" + bar.value()).toList();
	}

	public Table table(String tab) {
		return tables.get(tab);
	}

	/** Brings a tab to the front. */
	public void showTab(String tab) {
		for (TabItem item : tabs.getItems()) {
			if (item.getText().equals(tab)) {
				tabs.setSelection(item);
			}
		}
	}

	@Override
	public void setFocus() {
		runChoice.setFocus();
	}
}
