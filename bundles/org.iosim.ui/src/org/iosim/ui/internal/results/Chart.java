package org.iosim.ui.internal.results;

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
 * where no curve runs through them. Enough for response time over simulated time and the
 * response-time distribution (CDF), without a charting library in the workbench.
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
	private final String xLabel;
	private final String yLabel;
	private List<RunResults.Series> series = List.of();

	Chart(Composite parent, String title, String xLabel, String yLabel) {
		super(parent, SWT.DOUBLE_BUFFERED);
		this.title = title;
		this.xLabel = xLabel;
		this.yLabel = yLabel;
		addPaintListener(event -> paint(event.gc));
	}

	void show(List<RunResults.Series> shown) {
		this.series = List.copyOf(shown);
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
		for (int s = series.size() - 1; s >= 0; s--) {
			RunResults.Series shownSeries = series.get(s);
			Color color = new Color(getDisplay(), PALETTE[s % PALETTE.length]);
			try {
				gc.setForeground(color);
				gc.setLineWidth(2);
				gc.setClipping(plot);
				gc.drawPolyline(points(shownSeries, x, y, plot));
				gc.setClipping((Rectangle) null);
				Point nameSize = gc.textExtent(shownSeries.name());
				int legendX = legendRight - nameSize.x;
				gc.drawLine(legendX - 18, area.y + 6 + line + nameSize.y / 2, legendX - 4, area.y + 6 + line + nameSize.y / 2);
				gc.setLineWidth(1);
				gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
				gc.drawText(shownSeries.name(), legendX, area.y + 6 + line, true);
				legendRight = legendX - 30;
			} finally {
				gc.setLineWidth(1);
				color.dispose();
			}
		}
		gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
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

	/** @return x min, x max, y min (0 or below), y max over every finite point; null when there is none */
	private double[] range() {
		double xMin = Double.POSITIVE_INFINITY, xMax = Double.NEGATIVE_INFINITY, yMax = Double.NEGATIVE_INFINITY, yMin = 0;
		for (RunResults.Series line : series) {
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
		return new double[] { xMin, xMax > xMin ? xMax : xMin + 1, yMin, yMax > yMin ? yMax : yMin + 1 };
	}
}
