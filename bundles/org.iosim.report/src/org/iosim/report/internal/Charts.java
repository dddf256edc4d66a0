package org.iosim.report.internal;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.iosim.simulation.SimulationResult.QuantilePoint;
import org.iosim.simulation.SimulationResult.ResourceResult;
import org.iosim.simulation.SimulationResult.ScenarioResult;
import org.iosim.simulation.SimulationResult.TimeWindow;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Renders the report's charts as PNG images with JFreeChart. */
public final class Charts {

	static {
		// Charts are drawn into images, never onto a screen; without a display, AWT must not look for one.
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
	}

	/** A rendered chart with the size it was rendered at, for the img element's attributes. */
	record PngImage(byte[] png, int width, int height) {
	}

	private static final Color LINE = new Color(0x1d4ed8);
	/** Light enough for dark value labels drawn on the bar to stay readable. */
	private static final Color BAR = new Color(0x6cc3b8);
	private static final Color TEXT = new Color(0x1f2933);
	private static final Color GRID = new Color(0xd9dee5);
	private static final BasicStroke LINE_STROKE = new BasicStroke(2f);
	private static final Shape WINDOW_DOT = new Ellipse2D.Double(-2.5, -2.5, 5, 5);

	/** Room for axes and title, plus the height of one bar, in the utilization chart. */
	private static final int BAR_CHART_FRAME_HEIGHT = 90;
	private static final int BAR_HEIGHT = 28;

	private Charts() {
	}

	/** Cumulative distribution: the share of runs that finished within a given response time. */
	static Optional<PngImage> responseTimeDistribution(ScenarioResult scenario, int width, int height)
			throws IOException {
		XYSeries cdf = new XYSeries("distribution", false, true);
		for (QuantilePoint point : scenario.distribution()) {
			if (Double.isFinite(point.value()) && Double.isFinite(point.probability())) {
				cdf.add(point.value(), point.probability());
			}
		}
		if (cdf.isEmpty()) {
			return Optional.empty();
		}
		JFreeChart chart = ChartFactory.createXYLineChart("Response-time distribution", "response time",
				"cumulative probability", new XYSeriesCollection(cdf), PlotOrientation.VERTICAL, false, false, false);
		styleXyPlot(chart);
		((NumberAxis) chart.getXYPlot().getRangeAxis()).setRange(0, 1);
		return Optional.of(render(chart, width, height));
	}

	/** Mean response time per window, drawn at the window's middle; empty windows leave a gap. */
	static Optional<PngImage> responseTimeOverTime(ScenarioResult scenario, int width, int height)
			throws IOException {
		XYSeries means = new XYSeries("mean", false, true);
		boolean anyMeasured = false;
		for (TimeWindow window : scenario.overTime()) {
			double middle = (window.start() + window.end()) / 2;
			if (!Double.isFinite(middle)) {
				continue;
			}
			boolean measured = window.count() > 0 && Double.isFinite(window.mean());
			means.add(middle, measured ? Double.valueOf(window.mean()) : null);
			anyMeasured |= measured;
		}
		if (!anyMeasured) {
			return Optional.empty();
		}
		JFreeChart chart = ChartFactory.createXYLineChart("Mean response time over simulated time",
				"simulated time", "mean response time", new XYSeriesCollection(means), PlotOrientation.VERTICAL,
				false, false, false);
		// Dots, because a window between two empty ones has no line to either neighbour.
		XYLineAndShapeRenderer renderer = styleXyPlot(chart);
		renderer.setSeriesShapesVisible(0, true);
		renderer.setSeriesShape(0, WINDOW_DOT);
		return Optional.of(render(chart, width, height));
	}

	/** One horizontal bar per resource, so long container names stay readable. */
	static Optional<PngImage> utilization(List<ResourceResult> resources, int width, int minimumHeight)
			throws IOException {
		DefaultCategoryDataset dataset = new DefaultCategoryDataset();
		double highestPercent = 0;
		for (ResourceResult resource : resources) {
			if (Double.isFinite(resource.utilization())) {
				double percent = resource.utilization() * 100;
				dataset.addValue(percent, "utilization", new ResourceLabel(resource));
				highestPercent = Math.max(highestPercent, percent);
			}
		}
		if (dataset.getColumnCount() == 0) {
			return Optional.empty();
		}
		JFreeChart chart = ChartFactory.createBarChart("Utilization", null, "utilization (%)", dataset,
				PlotOrientation.HORIZONTAL, false, false, false);
		CategoryPlot plot = chart.getCategoryPlot();
		plot.setBackgroundPaint(Color.WHITE);
		plot.setRangeGridlinePaint(GRID);
		plot.setOutlineVisible(false);
		plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
		// Resource labels get up to 40 % of the width and two lines before JFreeChart shortens them.
		plot.getDomainAxis().setMaximumCategoryLabelWidthRatio(0.4f);
		plot.getDomainAxis().setMaximumCategoryLabelLines(2);
		NumberAxis axis = (NumberAxis) plot.getRangeAxis();
		axis.setStandardTickUnits(NumberAxis.createStandardTickUnits(Locale.ROOT));
		axis.setRange(0, Math.max(100, highestPercent));
		BarRenderer renderer = (BarRenderer) plot.getRenderer();
		renderer.setBarPainter(new StandardBarPainter());
		renderer.setShadowVisible(false);
		renderer.setSeriesPaint(0, BAR);
		renderer.setMaximumBarWidth(0.6);
		renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2} %",
				new DecimalFormat("0.0", DecimalFormatSymbols.getInstance(Locale.ROOT))));
		renderer.setDefaultItemLabelsVisible(true);
		renderer.setDefaultItemLabelPaint(TEXT);
		// The value sits inside the end of the bar, or just after it when the bar is too short to hold it.
		renderer.setDefaultPositiveItemLabelPosition(
				new ItemLabelPosition(ItemLabelAnchor.INSIDE3, TextAnchor.CENTER_RIGHT));
		renderer.setPositiveItemLabelPositionFallback(
				new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
		chart.setBackgroundPaint(Color.WHITE);
		int height = Math.max(minimumHeight, BAR_CHART_FRAME_HEIGHT + BAR_HEIGHT * dataset.getColumnCount());
		return Optional.of(render(chart, width, height));
	}

	private static XYLineAndShapeRenderer styleXyPlot(JFreeChart chart) {
		chart.setBackgroundPaint(Color.WHITE);
		XYPlot plot = chart.getXYPlot();
		plot.setBackgroundPaint(Color.WHITE);
		plot.setDomainGridlinePaint(GRID);
		plot.setRangeGridlinePaint(GRID);
		plot.setOutlineVisible(false);
		for (NumberAxis axis : List.of((NumberAxis) plot.getDomainAxis(), (NumberAxis) plot.getRangeAxis())) {
			axis.setStandardTickUnits(NumberAxis.createStandardTickUnits(Locale.ROOT));
			axis.setAutoRangeIncludesZero(true);
		}
		XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
		renderer.setSeriesPaint(0, LINE);
		renderer.setSeriesStroke(0, LINE_STROKE);
		plot.setRenderer(renderer);
		return renderer;
	}

	/**
	 * Renders a small chart on a background thread and throws it away: on a fresh JVM the first
	 * chart spends about a quarter of a second loading classes and setting up fonts, which can then
	 * happen while the simulation runs instead of after it.
	 */
	public static void warmUpInBackground() {
		Thread warmUp = new Thread(() -> {
			try {
				XYSeries series = new XYSeries("warm-up");
				series.add(0, 0);
				series.add(1, 1);
				JFreeChart chart = ChartFactory.createXYLineChart("warm-up", "x", "y", new XYSeriesCollection(series),
						PlotOrientation.VERTICAL, false, false, false);
				styleXyPlot(chart);
				render(chart, 64, 48);
			} catch (IOException | RuntimeException | LinkageError ignored) {
				// only a head start; the report renders (and reports) its charts itself
			}
		}, "iosim-chart-warm-up");
		warmUp.setDaemon(true);
		warmUp.setPriority(Thread.MIN_PRIORITY);
		warmUp.start();
	}

	private static PngImage render(JFreeChart chart, int width, int height) throws IOException {
		ByteArrayOutputStream png = new ByteArrayOutputStream();
		ChartUtils.writeChartAsPNG(png, chart, width, height);
		return new PngImage(png.toByteArray(), width, height);
	}

	/**
	 * A bar's category: unique by resource id, labelled with container and type, since two resources
	 * may share a label and the dataset would otherwise merge their bars.
	 */
	private record ResourceLabel(String id, String label) implements Comparable<ResourceLabel> {

		private static final Comparator<ResourceLabel> BY_ID = Comparator.comparing(ResourceLabel::id,
				Comparator.nullsFirst(Comparator.naturalOrder()));

		ResourceLabel(ResourceResult resource) {
			this(resource.id(), resource.container() + " " + resource.type());
		}

		@Override
		public int compareTo(ResourceLabel other) {
			return BY_ID.compare(this, other);
		}

		@Override
		public String toString() {
			return label;
		}
	}
}
