package org.iosim.ui.internal.results;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * A line chart on an SWT canvas: one line per series, axes with their ranges, a legend. Enough for
 * response time over simulated time and the response-time distribution (CDF), without a charting
 * library in the workbench.
 */
final class Chart extends Canvas {

	private static final RGB[] PALETTE = { new RGB(31, 119, 180), new RGB(255, 127, 14), new RGB(44, 160, 44),
			new RGB(214, 39, 40), new RGB(148, 103, 189), new RGB(140, 86, 75) };
	private static final int MARGIN = 48;

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
		gc.drawText(title, area.x + MARGIN, area.y + 4, true);
		Rectangle plot = new Rectangle(area.x + MARGIN, area.y + 24, area.width - 2 * MARGIN, area.height - 24 - MARGIN);
		if (plot.width < 20 || plot.height < 20) {
			return;
		}
		double[] range = range();
		gc.drawRectangle(plot);
		if (range == null) {
			gc.drawText("no data", plot.x + 8, plot.y + 8, true);
			return;
		}
		gc.drawText(format(range[0]), plot.x, plot.y + plot.height + 4, true);
		String xMax = format(range[1]);
		gc.drawText(xMax, plot.x + plot.width - gc.textExtent(xMax).x, plot.y + plot.height + 4, true);
		Point xLabelSize = gc.textExtent(xLabel);
		gc.drawText(xLabel, plot.x + (plot.width - xLabelSize.x) / 2, plot.y + plot.height + 4, true);
		gc.drawText(format(range[3]), area.x + 2, plot.y, true);
		gc.drawText(format(range[2]), area.x + 2, plot.y + plot.height - gc.getFontMetrics().getHeight(), true);
		gc.drawText(yLabel, plot.x + 4, plot.y + 4, true);
		int legendY = plot.y + 4;
		for (int s = 0; s < series.size(); s++) {
			RunResults.Series line = series.get(s);
			Color color = new Color(getDisplay(), PALETTE[s % PALETTE.length]);
			gc.setForeground(color);
			gc.setLineWidth(2);
			int[] points = new int[2 * line.x().length];
			int n = 0;
			for (int i = 0; i < line.x().length; i++) {
				if (Double.isFinite(line.x()[i]) && Double.isFinite(line.y()[i])) {
					points[n++] = plot.x + (int) Math.round((line.x()[i] - range[0]) / (range[1] - range[0]) * plot.width);
					points[n++] = plot.y + plot.height - (int) Math.round((line.y()[i] - range[2]) / (range[3] - range[2]) * plot.height);
				}
			}
			int[] drawn = new int[n];
			System.arraycopy(points, 0, drawn, 0, n);
			gc.drawPolyline(drawn);
			Point nameSize = gc.textExtent(line.name());
			gc.drawText(line.name(), plot.x + plot.width - nameSize.x - 6, legendY + (nameSize.y + 2) * s, true);
			gc.setLineWidth(1);
			color.dispose();
		}
		gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
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

	private static String format(double value) {
		return String.format("%.3g", value);
	}
}
