package org.iosim.ui.internal.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.iosim.report.svg.NiceScale;

/**
 * A line chart on an SWT canvas: one line per series, axes with ticks at nice values and a light grid
 * (the scale of report.html's charts), the axes' names with their units and a legend above the plot,
 * where no curve runs through them; bounds as grey dashed lines and markers as vertical dotted lines
 * with their names, as report.html draws a sweep's asymptotic bounds, saturation point and N*. Enough
 * for response time over simulated time, the response-time distribution (CDF) and a sweep's curves,
 * without a charting library in the workbench.
 */
final class Chart extends Canvas {

	private static final RGB[] PALETTE = { new RGB(31, 119, 180), new RGB(255, 127, 14), new RGB(44, 160, 44),
			new RGB(214, 39, 40), new RGB(148, 103, 189), new RGB(140, 86, 75) };
	/** Tick intervals wanted on each axis; {@link NiceScale} picks a nice step near them, as report.html does. */
	private static final int X_INTERVALS = 6;
	private static final int Y_INTERVALS = 5;
	private static final int TICK = 4;
	private static final RGB GRID = new RGB(228, 231, 235);

	private final String title;
	private String xLabel;
	private final String yLabel;
	private List<RunResults.Series> series = List.of();
	private List<RunResults.Series> bounds = List.of();
	private List<Marker> markers = List.of();
	/** The least the y axis reaches, whatever the data (100 for percentages); NaN for none. */
	private double yAxisReaches = Double.NaN;

	/** A value of the x axis worth a vertical line: a saturation point, N*. */
	record Marker(String name, double x) {
	}

	Chart(Composite parent, String title, String xLabel, String yLabel) {
		super(parent, SWT.DOUBLE_BUFFERED);
		this.title = title;
		this.xLabel = xLabel;
		this.yLabel = yLabel;
		addPaintListener(event -> paint(event.gc));
	}

	/** The y axis reaches at least {@code value}: a utilization in percent is read against 100. */
	void yAxisReaches(double value) {
		yAxisReaches = value;
		redraw();
	}

	/** Names the x axis anew: a sweep's load is the parameter it varies. */
	void setXLabel(String label) {
		xLabel = label;
		redraw();
	}

	void show(List<RunResults.Series> shown) {
		show(shown, List.of(), List.of());
	}

	void show(List<RunResults.Series> shown, List<RunResults.Series> shownBounds, List<Marker> shownMarkers) {
		this.series = List.copyOf(shown);
		this.bounds = List.copyOf(shownBounds);
		this.markers = List.copyOf(shownMarkers);
		redraw();
	}

	private void paint(GC gc) {
		Rectangle area = getClientArea();
		gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
		gc.fillRectangle(area);
		gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
		int line = gc.getFontMetrics().getHeight();
		gc.drawText(title, area.x + 8, area.y + 4, true);
		double[] range = range();
		NiceScale x = range == null ? null : NiceScale.covering(range[0], range[1], X_INTERVALS);
		NiceScale y = range == null ? null : NiceScale.covering(range[2], range[3], Y_INTERVALS);
		int tickLabelWidth = 0;
		if (y != null) {
			for (double tick : y.ticks()) {
				tickLabelWidth = Math.max(tickLabelWidth, gc.textExtent(y.label(tick)).x);
			}
		}
		// the y axis's name and the legend go in a line of their own above the plot, so no curve runs through them
		int left = area.x + 8 + tickLabelWidth + TICK + 4;
		int top = area.y + 8 + 2 * line + 4;
		Rectangle plot = new Rectangle(left, top, area.x + area.width - 16 - left, area.y + area.height - top - 2 * line - 12);
		if (plot.width < 20 || plot.height < 20) {
			return;
		}
		gc.drawText(yLabel, area.x + 8, area.y + 6 + line, true);
		if (range == null) {
			gc.drawRectangle(plot);
			gc.drawText("no data", plot.x + 8, plot.y + 8, true);
			return;
		}
		Color grid = new Color(getDisplay(), GRID);
		try {
			for (double tick : x.ticks()) {
				int px = (int) Math.round(x.pixel(tick, plot.x, plot.x + plot.width));
				gc.setForeground(grid);
				gc.drawLine(px, plot.y, px, plot.y + plot.height);
				gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
				gc.drawLine(px, plot.y + plot.height, px, plot.y + plot.height + TICK);
				String label = x.label(tick);
				gc.drawText(label, px - gc.textExtent(label).x / 2, plot.y + plot.height + TICK + 1, true);
			}
			for (double tick : y.ticks()) {
				int py = (int) Math.round(y.pixel(tick, plot.y + plot.height, plot.y));
				gc.setForeground(grid);
				gc.drawLine(plot.x, py, plot.x + plot.width, py);
				gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
				gc.drawLine(plot.x - TICK, py, plot.x, py);
				String label = y.label(tick);
				gc.drawText(label, plot.x - TICK - 2 - gc.textExtent(label).x, py - line / 2, true);
			}
		} finally {
			grid.dispose();
		}
		gc.drawRectangle(plot);
		Point xLabelSize = gc.textExtent(xLabel);
		gc.drawText(xLabel, plot.x + (plot.width - xLabelSize.x) / 2, plot.y + plot.height + TICK + line + 4, true);
		int legendRight = plot.x + plot.width;
		int legendY = area.y + 6 + line;
		for (int b = bounds.size() - 1; b >= 0; b--) {
			legendRight = drawLine(gc, bounds.get(b), getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY), true, x, y, plot,
					legendRight, legendY);
		}
		for (int s = series.size() - 1; s >= 0; s--) {
			Color color = new Color(getDisplay(), PALETTE[s % PALETTE.length]);
			try {
				legendRight = drawLine(gc, series.get(s), color, false, x, y, plot, legendRight, legendY);
			} finally {
				color.dispose();
			}
		}
		gc.setLineStyle(SWT.LINE_DOT);
		gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_DARK_GREEN));
		int labelRow = 0;
		for (Marker marker : markers) {
			if (Double.isFinite(marker.x()) && marker.x() >= x.min() && marker.x() <= x.max()) {
				int px = (int) Math.round(x.pixel(marker.x(), plot.x, plot.x + plot.width));
				gc.drawLine(px, plot.y, px, plot.y + plot.height);
				// one row per label, so markers close together stay readable; left of the line near the right edge
				int labelWidth = gc.textExtent(marker.name()).x;
				int labelX = px + 3 + labelWidth > plot.x + plot.width ? px - 3 - labelWidth : px + 3;
				gc.drawText(marker.name(), labelX, plot.y + 2 + labelRow++ * line, true);
			}
		}
		gc.setLineStyle(SWT.LINE_SOLID);
		gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
	}

	/**
	 * Draws a series inside the plot and its legend entry left of {@code legendRight}.
	 *
	 * @return where the next legend entry (to the left) ends
	 */
	private int drawLine(GC gc, RunResults.Series line, Color color, boolean dashed, NiceScale x, NiceScale y,
			Rectangle plot, int legendRight, int legendY) {
		gc.setForeground(color);
		gc.setLineWidth(dashed ? 1 : 2);
		gc.setLineStyle(dashed ? SWT.LINE_DASH : SWT.LINE_SOLID);
		gc.setClipping(plot);
		gc.drawPolyline(points(line, x, y, plot));
		gc.setClipping((Rectangle) null);
		Point nameSize = gc.textExtent(line.name());
		int legendX = legendRight - nameSize.x;
		gc.drawLine(legendX - 18, legendY + nameSize.y / 2, legendX - 4, legendY + nameSize.y / 2);
		gc.setLineWidth(1);
		gc.setLineStyle(SWT.LINE_SOLID);
		gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
		gc.drawText(line.name(), legendX, legendY, true);
		return legendX - 30;
	}

	/** The names of the lines drawn, as the legend gives them: the series', then the bounds'. */
	List<String> lineNames() {
		List<String> names = new ArrayList<>();
		series.forEach(line -> names.add(line.name()));
		bounds.forEach(line -> names.add(line.name()));
		return names;
	}

	/** The labels of the x axis's ticks and then the y axis's, as drawn; empty when there is nothing to draw. */
	List<List<String>> tickLabels() {
		double[] range = range();
		if (range == null) {
			return List.of(List.of(), List.of());
		}
		NiceScale x = NiceScale.covering(range[0], range[1], X_INTERVALS);
		NiceScale y = NiceScale.covering(range[2], range[3], Y_INTERVALS);
		return List.of(Arrays.stream(x.ticks()).mapToObj(x::label).toList(),
				Arrays.stream(y.ticks()).mapToObj(y::label).toList());
	}

	/** The series' finite points in pixels of the plot. */
	private static int[] points(RunResults.Series line, NiceScale x, NiceScale y, Rectangle plot) {
		int[] points = new int[2 * line.x().length];
		int n = 0;
		for (int i = 0; i < line.x().length; i++) {
			if (Double.isFinite(line.x()[i]) && Double.isFinite(line.y()[i])) {
				points[n++] = (int) Math.round(x.pixel(line.x()[i], plot.x, plot.x + plot.width));
				points[n++] = (int) Math.round(y.pixel(line.y()[i], plot.y + plot.height, plot.y));
			}
		}
		return Arrays.copyOf(points, n);
	}

	/** @return x min, x max, y min (0 or below), y max over every finite point of lines and bounds; null when there is none */
	private double[] range() {
		double xMin = Double.POSITIVE_INFINITY, xMax = Double.NEGATIVE_INFINITY, yMax = Double.NEGATIVE_INFINITY, yMin = 0;
		List<RunResults.Series> drawn = new ArrayList<>(series);
		drawn.addAll(bounds);
		for (RunResults.Series line : drawn) {
			for (int i = 0; i < line.x().length; i++) {
				if (Double.isFinite(line.x()[i]) && Double.isFinite(line.y()[i])) {
					xMin = Math.min(xMin, line.x()[i]);
					xMax = Math.max(xMax, line.x()[i]);
					yMin = Math.min(yMin, line.y()[i]);
					yMax = Math.max(yMax, line.y()[i]);
				}
			}
		}
		if (xMin > xMax) {
			return null;
		}
		if (yAxisReaches > yMax) {
			yMax = yAxisReaches;
		}
		return new double[] { xMin, xMax > xMin ? xMax : xMin + 1, yMin, yMax > yMin ? yMax : yMin + 1 };
	}
}
