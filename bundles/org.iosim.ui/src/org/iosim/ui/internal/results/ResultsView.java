package org.iosim.ui.internal.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
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
import org.eclipse.ui.part.ViewPart;

/**
 * The results of simulation runs, read from their {@code results.json}: per scenario and call the
 * response time with its confidence interval and percentiles, the resources with their utilization,
 * the I/O delays by storage, type and file set, charts of the response time over simulated time and
 * of its distribution, and the comparison of two runs. Every run whose results are in the workspace
 * is listed, so earlier runs reopen; a finished simulation shows its own.
 */
public final class ResultsView extends ViewPart {

	/** The tabs, by the names tests and users see. */
	public static final String SUMMARY = "Summary", SCENARIOS = "Scenarios", CALLS = "Calls", RESOURCES = "Resources",
			IO = "I/O", CHARTS = "Charts", COMPARISON = "Comparison";
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
	private BarChart utilization;
	private RunResults shown;
	private RunResults compared;

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
		overTime = new Chart(chartArea, "Response time over simulated time", "simulated time (s)", "mean response time (s)");
		distribution = new Chart(chartArea, "Response time distribution (CDF)", "response time (s)", "probability");
		utilization = new BarChart(chartArea, "Utilization of the resources");
		charts.setControl(chartArea);
		table(tabs, COMPARISON, new String[] { "Compared run", "Change" });
		refreshRuns();
	}

	private void table(TabFolder tabs, String name, String[] columns) {
		TabItem item = new TabItem(tabs, SWT.NONE);
		item.setText(name);
		Table table = new Table(tabs, SWT.FULL_SELECTION | SWT.BORDER);
		table.setHeaderVisible(true);
		table.setLinesVisible(true);
		TableColumn first = new TableColumn(table, SWT.LEFT);
		first.setText(name.equals(SUMMARY) ? "" : name.equals(COMPARISON) ? "Measure (shown run)" : "Name");
		first.setWidth(260);
		for (String column : columns) {
			// the summary's values are words and paths, read beside their names; the other tables' are numbers
			TableColumn added = new TableColumn(table, name.equals(SUMMARY) ? SWT.LEFT : SWT.RIGHT);
			added.setText(column);
			added.setWidth(120);
		}
		item.setControl(table);
		tables.put(name, table);
	}

	/** Lists the runs in the workspace again, keeping the one shown. */
	public void refreshRuns() {
		try {
			ResourcesPlugin.getWorkspace().getRoot().accept(proxy -> {
				if (proxy.getType() == IResource.FILE && RunResults.FILE.equals(proxy.getName())) {
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
		runs.values().removeIf(folder -> !Files.isRegularFile(folder.resolve(RunResults.FILE)));
		fillChoices();
	}

	private void fillChoices() {
		String current = runChoice.getText();
		String comparison = comparisonChoice.getText();
		runChoice.setItems(runs.keySet().toArray(String[]::new));
		List<String> comparable = new ArrayList<>(List.of(NO_COMPARISON));
		comparable.addAll(runs.keySet());
		comparisonChoice.setItems(comparable.toArray(String[]::new));
		runChoice.setText(current);
		comparisonChoice.setText(comparison.isEmpty() ? NO_COMPARISON : comparison);
	}

	/** Shows the results in the folder (adding it to the list when it is new). */
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
		shown = read(runs.get(runChoice.getText()));
		compared = NO_COMPARISON.equals(comparisonChoice.getText()) ? null : read(runs.get(comparisonChoice.getText()));
		fill();
		message.getParent().layout();
	}

	private RunResults read(Path folder) {
		if (folder == null) {
			return null;
		}
		try {
			return RunResults.read(folder);
		} catch (IOException unreadable) {
			message.setText(unreadable.getMessage());
			return null;
		}
	}

	private void fill() {
		tables.values().forEach(Table::removeAll);
		if (shown == null) {
			overTime.show(List.of());
			distribution.show(List.of());
			utilization.show(List.of(), 0);
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
		utilization.show(shown.resources(), 0);
		if (compared != null) {
			compare(tables.get(COMPARISON));
		}
		tables.values().forEach(table -> table.getColumn(0).pack());
		summary.getColumn(1).pack();
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

	/** The tick labels of the response time over simulated time: the x axis's, then the y axis's. */
	public List<List<String>> responseTimeTicks() {
		return overTime.tickLabels();
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
