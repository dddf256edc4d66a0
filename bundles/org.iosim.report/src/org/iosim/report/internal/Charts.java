package org.iosim.report.internal;

import org.iosim.report.BusiestResources;
import org.iosim.report.svg.NiceScale;
import org.iosim.report.svg.SvgDocument;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

import org.iosim.engine.SimulationResult.PopulationWindow;
import org.iosim.engine.SimulationResult.QuantilePoint;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.engine.SimulationResult.TimeWindow;
import org.iosim.engine.SimulationResult.UtilizationWindow;

/**
 * The report's charts, drawn as SVG text: no graphics library to load, so that writing the report of
 * a short run takes milliseconds. Points that are not finite are left out; a chart without any point
 * is not drawn at all.
 */
final class Charts {

	/**
	 * The unit of every time axis: results are in the model's time unit, which is the second for
	 * Palladio's models and IOSim's analysis models (their delays and rates are per second).
	 */
	private static final String SECONDS = " (s)";

	private static final String LINE_COLOUR = "#1d4ed8";
	/** Light enough for dark value labels drawn on the bar to stay readable. */
	private static final String BAR_COLOUR = "#6cc3b8";
	private static final String TEXT_COLOUR = "#1f2933";
	private static final String TICK_LABEL_COLOUR = "#52606d";
	private static final String GRID_COLOUR = "#d9dee5";
	private static final String AXIS_COLOUR = "#9aa5b1";

	private static final double TICK_FONT_SIZE = 11;
	private static final double AXIS_TITLE_FONT_SIZE = 12;
	private static final double TITLE_FONT_SIZE = 15;
	/** Moves a baseline down so that the text's middle sits where the baseline would have been. */
	private static final double CENTRE_TO_BASELINE_EM = 0.35;

	private static final double TITLE_BASELINE = 22;
	private static final double PLOT_TOP = 40;
	/** Tick labels and the axis title below the plot. */
	private static final double PLOT_BOTTOM_MARGIN = 44;
	/** From the plot's bottom edge down. */
	private static final double X_TICK_LABEL_BASELINE = 15;
	/** From the image's bottom edge up. */
	private static final double X_TITLE_BASELINE = 8;
	/** Room for half of the last tick label of the horizontal axis. */
	private static final double PLOT_RIGHT_MARGIN = 20;
	/** Holds the vertical axis title, which reads from bottom to top. */
	private static final double VERTICAL_TITLE_COLUMN = 24;
	private static final double LABEL_GAP = 6;
	/** Tick labels closer than this (side by side) or than the font size plus this (stacked) look crowded. */
	private static final double MIN_LABEL_SPACING = 14;
	/** The densest ticks tried: one per this many pixels. */
	private static final double MIN_TICK_DISTANCE = 40;

	private static final double LINE_WIDTH = 2;
	/**
	 * The colours of a chart with several lines ({@link BusiestResources#CHARTED}), told apart also by
	 * readers with the common colour vision deficiencies; the first is the one of single-line charts.
	 */
	private static final String[] LINE_COLOURS = { LINE_COLOUR, "#e69f00", "#009e73", "#cc79a7", "#56b4e9",
			"#d55e00" };
	private static final double LEGEND_ROW_HEIGHT = 18;
	private static final double LEGEND_SWATCH = 16;
	private static final double DOT_RADIUS = 3;

	/** Room for axes and title, plus the height of one bar, in the utilization chart. */
	private static final int BAR_CHART_FRAME_HEIGHT = 90;
	private static final int BAR_HEIGHT = 28;
	/** How much of its share of the plot's height a bar fills; the rest keeps it apart from its neighbours. */
	private static final double BAR_THICKNESS_SHARE = 0.65;
	private static final double MAX_BAR_THICKNESS = 36;
	/** Resource labels beyond this share of the chart width are shortened. */
	private static final double MAX_RESOURCE_LABEL_SHARE = 0.4;

	private Charts() {
	}

	private record Point(double x, double y) {
	}

	/** The rectangle the data is drawn in, in pixels; {@code top < bottom}. */
	private record PlotArea(double left, double top, double right, double bottom) {

		double x(NiceScale scale, double value) {
			return scale.pixel(value, left, right);
		}

		double y(NiceScale scale, double value) {
			return scale.pixel(value, bottom, top);
		}
	}

	/**
	 * Cumulative distribution: the share of runs that finished within a given response time.
	 *
	 * @param description what the chart shows, for screen readers
	 */
	static Optional<String> responseTimeDistribution(ScenarioResult scenario, String description, int width,
			int height) {
		List<Point> cdf = new ArrayList<>();
		DoubleSummaryStatistics responseTimes = startingAtZero();
		DoubleSummaryStatistics probabilities = startingAtZero();
		probabilities.accept(1);
		for (QuantilePoint point : scenario.distribution()) {
			if (Double.isFinite(point.value()) && Double.isFinite(point.probability())) {
				cdf.add(new Point(point.value(), point.probability()));
				responseTimes.accept(point.value());
				probabilities.accept(point.probability());
			}
		}
		if (cdf.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(lineChart(new SvgDocument(width, height, TICK_FONT_SIZE, description),
				"Response-time distribution", "response time" + SECONDS, responseTimes, "cumulative probability",
				probabilities, List.of(cdf), false));
	}

	/**
	 * Mean response time per window, drawn at the window's middle; empty windows leave a gap, but still
	 * belong to the time axis.
	 */
	static Optional<String> responseTimeOverTime(ScenarioResult scenario, String description, int width,
			int height) {
		List<List<Point>> runs = new ArrayList<>();
		List<Point> run = new ArrayList<>();
		DoubleSummaryStatistics times = startingAtZero();
		DoubleSummaryStatistics means = startingAtZero();
		for (TimeWindow window : scenario.overTime()) {
			double middle = (window.start() + window.end()) / 2;
			if (!Double.isFinite(middle)) {
				continue;
			}
			times.accept(middle);
			if (window.count() > 0 && Double.isFinite(window.mean())) {
				run.add(new Point(middle, window.mean()));
				means.accept(window.mean());
			} else if (!run.isEmpty()) {
				runs.add(run);
				run = new ArrayList<>();
			}
		}
		if (!run.isEmpty()) {
			runs.add(run);
		}
		if (runs.isEmpty()) {
			return Optional.empty();
		}
		// Dots, because a window between two empty ones has no line to either neighbour.
		return Optional.of(lineChart(new SvgDocument(width, height, TICK_FONT_SIZE, description),
				"Mean response time over simulated time", "simulated time" + SECONDS, times, "mean response time" + SECONDS, means,
				runs, true));
	}

	/**
	 * Completed scenario runs per time unit in each window (what an open workload's load profile
	 * drives), drawn at the window's middle. Every window counts whole: the simulation leaves out the
	 * partial window the run ended in ({@code TimeWindow}), which would show as a drop that did not
	 * happen. A single window makes no line, and no chart.
	 */
	static Optional<String> throughputOverTime(ScenarioResult scenario, String description, int width, int height) {
		List<TimeWindow> windows = scenario.overTime();
		if (windows.size() < 2) {
			return Optional.empty();
		}
		List<Point> run = new ArrayList<>();
		DoubleSummaryStatistics times = startingAtZero();
		DoubleSummaryStatistics rates = startingAtZero();
		for (TimeWindow window : windows) {
			double middle = (window.start() + window.end()) / 2;
			double length = window.end() - window.start();
			if (!Double.isFinite(middle) || !(length > 0)) {
				continue;
			}
			double rate = window.count() / length;
			times.accept(middle);
			rates.accept(rate);
			run.add(new Point(middle, rate));
		}
		if (run.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(lineChart(new SvgDocument(width, height, TICK_FONT_SIZE, description),
				"Throughput over simulated time", "simulated time" + SECONDS, times, "completions per s", rates,
				List.of(run), false));
	}

	/**
	 * The users of a closed workload that follows a load profile, time-averaged per window and drawn at
	 * the window's middle (what drives its throughput over time); empty for other workloads. The last
	 * window may be partial: it ends where the run did and is averaged over that part only, so it is
	 * weighted correctly and drawn at the middle of what it covers.
	 */
	static Optional<String> populationOverTime(ScenarioResult scenario, String description, int width, int height) {
		List<Point> run = new ArrayList<>();
		DoubleSummaryStatistics times = startingAtZero();
		DoubleSummaryStatistics users = startingAtZero();
		for (PopulationWindow window : scenario.populationOverTime()) {
			double middle = (window.start() + window.end()) / 2;
			if (!Double.isFinite(middle) || !Double.isFinite(window.meanUsers())) {
				continue;
			}
			times.accept(middle);
			users.accept(window.meanUsers());
			run.add(new Point(middle, window.meanUsers()));
		}
		if (run.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(lineChart(new SvgDocument(width, height, TICK_FONT_SIZE, description),
				"Population over simulated time", "simulated time" + SECONDS, times, "users (mean per window)", users,
				List.of(run), false));
	}

	/**
	 * The utilization of the {@linkplain BusiestResources busiest resources} per window of simulated
	 * time, in percent, one line each, drawn at the window's middle.
	 * The last window may be partial: it ends where the run did and is averaged over that part only.
	 * Resources without a series (infinite servers, an analysis model's resources) are not drawn.
	 */
	static Optional<String> utilizationOverTime(List<ResourceResult> resources, String description, int width,
			int height) {
		List<ResourceResult> busiest = BusiestResources.of(
				resources.stream().filter(resource -> !resource.utilizationOverTime().isEmpty()).toList(),
				ResourceResult::utilization);
		List<Line> lines = new ArrayList<>();
		DoubleSummaryStatistics times = startingAtZero();
		DoubleSummaryStatistics percentRange = startingAtZero();
		percentRange.accept(100);
		for (ResourceResult resource : busiest) {
			List<Point> run = new ArrayList<>();
			for (UtilizationWindow window : resource.utilizationOverTime()) {
				double middle = (window.start() + window.end()) / 2;
				if (Double.isFinite(middle) && Double.isFinite(window.utilization())) {
					times.accept(middle);
					percentRange.accept(window.utilization() * 100);
					run.add(new Point(middle, window.utilization() * 100));
				}
			}
			if (!run.isEmpty()) {
				lines.add(new Line(resourceLabel(resource), LINE_COLOURS[lines.size()], List.of(run)));
			}
		}
		if (lines.isEmpty()) {
			return Optional.empty();
		}
		List<List<Line>> legendRows = legendRows(lines, width);
		int heightWithLegend = height + (int) Math.ceil(LEGEND_ROW_HEIGHT * legendRows.size());
		return Optional.of(lineChart(new SvgDocument(width, heightWithLegend, TICK_FONT_SIZE, description),
				"Utilization over simulated time", "simulated time" + SECONDS, times, "utilization (%)", percentRange,
				lines, false, legendRows));
	}

	/**
	 * One horizontal bar per resource, so that long container names stay readable. Resources with
	 * infinitely many servers have no utilization to speak of (the table shows none) and get no bar.
	 */
	static Optional<String> utilization(List<ResourceResult> resources, String description, int width,
			int minimumHeight) {
		List<Bar> bars = new ArrayList<>();
		DoubleSummaryStatistics percentRange = startingAtZero();
		percentRange.accept(100);
		for (ResourceResult resource : resources) {
			if (Double.isFinite(resource.utilization()) && !resource.hasInfiniteServers()) {
				bars.add(new Bar(resourceLabel(resource), resource.utilization()));
				percentRange.accept(resource.utilization() * 100);
			}
		}
		if (bars.isEmpty()) {
			return Optional.empty();
		}
		int height = Math.max(minimumHeight, BAR_CHART_FRAME_HEIGHT + BAR_HEIGHT * bars.size());
		double labelColumn = Math.min(MAX_RESOURCE_LABEL_SHARE * width, bars.stream()
				.mapToDouble(bar -> SvgDocument.estimatedWidth(bar.label(), TICK_FONT_SIZE)).max().getAsDouble());
		double left = 2 * LABEL_GAP + labelColumn;
		double right = Math.max(left + 1, width - PLOT_RIGHT_MARGIN);
		NiceScale percentScale = scaleFitting(percentRange, right - left, true);
		PlotArea plot = new PlotArea(left, PLOT_TOP, right, Math.max(PLOT_TOP + 1, height - PLOT_BOTTOM_MARGIN));
		double band = (plot.bottom() - plot.top()) / bars.size();
		double thickness = Math.min(band * BAR_THICKNESS_SHARE, MAX_BAR_THICKNESS);
		double zero = plot.x(percentScale, 0);

		SvgDocument svg = new SvgDocument(width, height, TICK_FONT_SIZE, description);
		title(svg, "Utilization");
		xGrid(svg, percentScale, plot);
		axisLines(svg, plot, zero);
		svg.group("bars", "fill", BAR_COLOUR);
		for (int i = 0; i < bars.size(); i++) {
			double end = plot.x(percentScale, bars.get(i).utilization() * 100);
			svg.rect(Math.min(zero, end), plot.top() + band * i + (band - thickness) / 2, Math.abs(end - zero),
					thickness);
		}
		svg.endGroup();
		xAxisLabels(svg, percentScale, plot, "utilization (%)", 0);
		svg.group("bar-labels", "fill", TEXT_COLOUR);
		for (int i = 0; i < bars.size(); i++) {
			Bar bar = bars.get(i);
			double baseline = plot.top() + band * (i + 0.5) + CENTRE_TO_BASELINE_EM * TICK_FONT_SIZE;
			svg.textWithin(labelColumn, TICK_FONT_SIZE, plot.left() - LABEL_GAP, baseline, "end", bar.label());
			// The value sits inside the end of the bar, or just after it when the bar is too short to hold it.
			String value = DisplayFormat.percent(bar.utilization());
			double end = plot.x(percentScale, bar.utilization() * 100);
			boolean fitsInside = SvgDocument.estimatedWidth(value, TICK_FONT_SIZE) + 2 * LABEL_GAP <= end - zero;
			svg.text(fitsInside ? end - LABEL_GAP : end + LABEL_GAP, baseline, fitsInside ? "end" : "start", value);
		}
		svg.endGroup();
		return Optional.of(svg.finish());
	}

	private record Bar(String label, double utilization) {
	}

	/** Container and type, e.g. {@code AppServer CPU}; a missing name is left out rather than shown as null. */
	private static String resourceLabel(ResourceResult resource) {
		StringJoiner label = new StringJoiner(" ");
		if (resource.container() != null) {
			label.add(resource.container());
		}
		if (resource.type() != null) {
			label.add(resource.type());
		}
		return label.toString();
	}

	/** Value ranges of charts whose axes start at zero, as all of the report's charts do. */
	private static DoubleSummaryStatistics startingAtZero() {
		DoubleSummaryStatistics range = new DoubleSummaryStatistics();
		range.accept(0);
		return range;
	}

	/**
	 * A chart of one line through points.
	 *
	 * @param runs            points to connect, in the order given; there are gaps between runs
	 * @param dotAtEveryPoint marks every point, not only those with no neighbour to connect to
	 */
	private static String lineChart(SvgDocument svg, String title, String xTitle, DoubleSummaryStatistics xRange,
			String yTitle, DoubleSummaryStatistics yRange, List<List<Point>> runs, boolean dotAtEveryPoint) {
		return lineChart(svg, title, xTitle, xRange, yTitle, yRange, List.of(new Line("", LINE_COLOUR, runs)),
				dotAtEveryPoint, List.of());
	}

	/** One named line of a chart: its points, in runs with gaps between them, and its colour. */
	private record Line(String label, String colour, List<List<Point>> runs) {
	}

	/**
	 * A chart of lines through points, with a legend below the axis title when it has rows (the
	 * document's height includes them).
	 *
	 * @param legendRows the lines' labels and colours, row by row, as {@link #legendRows} lays them out
	 */
	private static String lineChart(SvgDocument svg, String title, String xTitle, DoubleSummaryStatistics xRange,
			String yTitle, DoubleSummaryStatistics yRange, List<Line> lines, boolean dotAtEveryPoint,
			List<List<Line>> legendRows) {
		double legendHeight = LEGEND_ROW_HEIGHT * legendRows.size();
		double bottom = Math.max(PLOT_TOP + 1, svg.height() - PLOT_BOTTOM_MARGIN - legendHeight);
		NiceScale yScale = scaleFitting(yRange, bottom - PLOT_TOP, false);
		double left = VERTICAL_TITLE_COLUMN + widestLabel(yScale) + LABEL_GAP;
		double right = Math.max(left + 1, svg.width() - PLOT_RIGHT_MARGIN);
		NiceScale xScale = scaleFitting(xRange, right - left, true);
		PlotArea plot = new PlotArea(left, PLOT_TOP, right, bottom);

		title(svg, title);
		xGrid(svg, xScale, plot);
		yGrid(svg, yScale, plot);
		// Under the data, which may run along an axis: a response time of zero, a probability of zero.
		axisLines(svg, plot, plot.left());

		for (Line line : lines) {
			StringBuilder path = new StringBuilder();
			List<Point> dots = new ArrayList<>();
			for (List<Point> run : line.runs()) {
				if (run.size() > 1) {
					for (int i = 0; i < run.size(); i++) {
						Point point = run.get(i);
						path.append(i == 0 ? 'M' : 'L').append(SvgDocument.number(plot.x(xScale, point.x())))
								.append(' ').append(SvgDocument.number(plot.y(yScale, point.y())));
					}
				}
				if (dotAtEveryPoint || run.size() == 1) {
					dots.addAll(run);
				}
			}
			if (!path.isEmpty()) {
				svg.path("series", path, "fill", "none", "stroke", line.colour(), "stroke-width",
						SvgDocument.number(LINE_WIDTH), "stroke-linejoin", "round");
			}
			if (!dots.isEmpty()) {
				svg.group("dots", "fill", line.colour());
				for (Point dot : dots) {
					svg.circle(plot.x(xScale, dot.x()), plot.y(yScale, dot.y()), DOT_RADIUS);
				}
				svg.endGroup();
			}
		}

		xAxisLabels(svg, xScale, plot, xTitle, legendHeight);
		yAxisLabels(svg, yScale, plot, yTitle);
		legend(svg, legendRows);
		return svg.finish();
	}

	/**
	 * The lines' labels laid out left to right, starting a new row where the next would not fit the
	 * width; a label too long for a row of its own is shortened when drawn.
	 */
	private static List<List<Line>> legendRows(List<Line> lines, double width) {
		List<List<Line>> rows = new ArrayList<>();
		List<Line> row = new ArrayList<>();
		double used = LABEL_GAP;
		for (Line line : lines) {
			double entry = legendEntryWidth(line);
			if (!row.isEmpty() && used + entry > width - LABEL_GAP) {
				rows.add(row);
				row = new ArrayList<>();
				used = LABEL_GAP;
			}
			row.add(line);
			used += entry;
		}
		if (!row.isEmpty()) {
			rows.add(row);
		}
		return rows;
	}

	private static double legendEntryWidth(Line line) {
		return LEGEND_SWATCH + LABEL_GAP + SvgDocument.estimatedWidth(line.label(), TICK_FONT_SIZE) + 3 * LABEL_GAP;
	}

	/** Each line's colour and label, in rows at the bottom of the image. */
	private static void legend(SvgDocument svg, List<List<Line>> rows) {
		if (rows.isEmpty()) {
			return;
		}
		svg.group("legend", "fill", TEXT_COLOUR);
		double top = svg.height() - LEGEND_ROW_HEIGHT * rows.size();
		for (int r = 0; r < rows.size(); r++) {
			double middle = top + LEGEND_ROW_HEIGHT * (r + 0.5);
			double x = LABEL_GAP;
			for (Line line : rows.get(r)) {
				svg.path("swatch", "M" + SvgDocument.number(x) + " " + SvgDocument.number(middle) + "L"
						+ SvgDocument.number(x + LEGEND_SWATCH) + " " + SvgDocument.number(middle), "stroke", line.colour(),
						"stroke-width", SvgDocument.number(2 * LINE_WIDTH));
				double labelWidth = Math.max(1, svg.width() - x - LEGEND_SWATCH - 2 * LABEL_GAP);
				svg.textWithin(labelWidth, TICK_FONT_SIZE, x + LEGEND_SWATCH + LABEL_GAP,
						middle + CENTRE_TO_BASELINE_EM * TICK_FONT_SIZE, "start", line.label());
				x += legendEntryWidth(line);
			}
		}
		svg.endGroup();
	}

	private static void title(SvgDocument svg, String title) {
		svg.group("title", "fill", TEXT_COLOUR, "font-size", SvgDocument.number(TITLE_FONT_SIZE), "font-weight",
				"bold");
		svg.textWithin(svg.width() - 2 * LABEL_GAP, TITLE_FONT_SIZE, svg.width() / 2.0, TITLE_BASELINE, "middle",
				title);
		svg.endGroup();
	}

	/** Vertical grid lines at the ticks of the horizontal axis. */
	private static void xGrid(SvgDocument svg, NiceScale scale, PlotArea plot) {
		svg.group("x-grid", "stroke", GRID_COLOUR, "shape-rendering", "crispEdges");
		for (double tick : scale.ticks()) {
			double x = plot.x(scale, tick);
			svg.line(x, plot.top(), x, plot.bottom());
		}
		svg.endGroup();
	}

	private static void yGrid(SvgDocument svg, NiceScale scale, PlotArea plot) {
		svg.group("y-grid", "stroke", GRID_COLOUR, "shape-rendering", "crispEdges");
		for (double tick : scale.ticks()) {
			double y = plot.y(scale, tick);
			svg.line(plot.left(), y, plot.right(), y);
		}
		svg.endGroup();
	}

	/** The horizontal axis along the bottom, and the vertical one at {@code verticalAxisX}. */
	private static void axisLines(SvgDocument svg, PlotArea plot, double verticalAxisX) {
		svg.group("axes", "stroke", AXIS_COLOUR, "shape-rendering", "crispEdges");
		svg.line(plot.left(), plot.bottom(), plot.right(), plot.bottom());
		svg.line(verticalAxisX, plot.top(), verticalAxisX, plot.bottom());
		svg.endGroup();
	}

	/**
	 * Tick labels below the plot, each kept inside the image, and the axis title below them, above a
	 * legend of {@code legendHeight} at the bottom.
	 */
	private static void xAxisLabels(SvgDocument svg, NiceScale scale, PlotArea plot, String title,
			double legendHeight) {
		svg.group("x-ticks", "fill", TICK_LABEL_COLOUR);
		for (double tick : scale.ticks()) {
			String label = scale.label(tick);
			double halfWidth = SvgDocument.estimatedWidth(label, TICK_FONT_SIZE) / 2;
			double x = Math.clamp(plot.x(scale, tick), halfWidth, Math.max(halfWidth, svg.width() - halfWidth));
			svg.text(x, plot.bottom() + X_TICK_LABEL_BASELINE, "middle", label);
		}
		svg.endGroup();
		svg.group("x-title", "fill", TEXT_COLOUR, "font-size", SvgDocument.number(AXIS_TITLE_FONT_SIZE));
		svg.text((plot.left() + plot.right()) / 2, svg.height() - legendHeight - X_TITLE_BASELINE, "middle", title);
		svg.endGroup();
	}

	/** Tick labels left of the plot, and the axis title left of them, reading from bottom to top. */
	private static void yAxisLabels(SvgDocument svg, NiceScale scale, PlotArea plot, String title) {
		svg.group("y-ticks", "fill", TICK_LABEL_COLOUR);
		for (double tick : scale.ticks()) {
			svg.text(plot.left() - LABEL_GAP, plot.y(scale, tick) + CENTRE_TO_BASELINE_EM * TICK_FONT_SIZE, "end",
					scale.label(tick));
		}
		svg.endGroup();
		svg.group("y-title", "fill", TEXT_COLOUR, "font-size", SvgDocument.number(AXIS_TITLE_FONT_SIZE));
		svg.verticalText(VERTICAL_TITLE_COLUMN - LABEL_GAP, (plot.top() + plot.bottom()) / 2, title);
		svg.endGroup();
	}

	/**
	 * The finest nice scale over {@code range} whose tick labels keep their distance on an axis of
	 * {@code length} pixels.
	 *
	 * @param labelsSideBySide whether the labels stand next to each other (horizontal axis) rather than
	 *                         one above the other
	 */
	private static NiceScale scaleFitting(DoubleSummaryStatistics range, double length, boolean labelsSideBySide) {
		int intervals = Math.max(1, (int) (length / MIN_TICK_DISTANCE));
		while (true) {
			NiceScale scale = NiceScale.covering(range.getMin(), range.getMax(), intervals);
			double labelExtent = (labelsSideBySide ? widestLabel(scale) : TICK_FONT_SIZE) + MIN_LABEL_SPACING;
			if (intervals == 1 || length / scale.intervals() >= labelExtent) {
				return scale;
			}
			intervals = Math.max(1, Math.min(intervals - 1, (int) (length / labelExtent)));
		}
	}

	private static double widestLabel(NiceScale scale) {
		double widest = 0;
		for (double tick : scale.ticks()) {
			widest = Math.max(widest, SvgDocument.estimatedWidth(scale.label(tick), TICK_FONT_SIZE));
		}
		return widest;
	}
}
