package org.iosim.ui.internal.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * Horizontal bars with their names and values: fractions from 0 to 1 (the resources' utilization, a
 * saturated one in red) or times in seconds, scaled to the longest (the mean I/O delays).
 */
final class BarChart extends Canvas {

	/** What the bars' values are, which decides the bar's full length and how the value is written. */
	enum Scale {
		FRACTION, SECONDS
	}

	private static final int ROW = 22;
	private static final int NAME_WIDTH = 220;

	/** One bar. */
	record Bar(String name, double value) {
	}

	private final String title;
	private final Scale scale;
	private List<Bar> bars = List.of();

	BarChart(Composite parent, String title, Scale scale) {
		super(parent, SWT.DOUBLE_BUFFERED);
		this.title = title;
		this.scale = scale;
		addPaintListener(event -> paint(event.gc));
	}

	void show(List<RunResults.Row> rows, int column) {
		List<Bar> shown = new ArrayList<>();
		for (RunResults.Row row : rows) {
			shown.add(new Bar(row.name(), row.values()[column]));
		}
		bars = List.copyOf(shown);
		redraw();
	}

	List<Bar> bars() {
		return bars;
	}

	private void paint(GC gc) {
		Rectangle area = getClientArea();
		gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
		gc.fillRectangle(area);
		gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
		gc.drawText(title, area.x + 8, area.y + 4, true);
		int width = Math.max(20, area.width - NAME_WIDTH - 90);
		double full = scale == Scale.FRACTION ? 1
				: bars.stream().mapToDouble(Bar::value).filter(Double::isFinite).max().orElse(1);
		Color fill = new Color(getDisplay(), 31, 119, 180);
		Color high = new Color(getDisplay(), 214, 39, 40);
		try {
			for (int i = 0; i < bars.size(); i++) {
				Bar bar = bars.get(i);
				int y = area.y + 28 + i * ROW;
				gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
				gc.drawText(bar.name(), area.x + 8, y, true);
				double value = Double.isFinite(bar.value()) && full > 0 ? Math.max(0, Math.min(1, bar.value() / full)) : 0;
				// saturated resources stand out
				gc.setBackground(scale == Scale.FRACTION && value >= 0.9 ? high : fill);
				gc.fillRectangle(area.x + NAME_WIDTH, y + 3, (int) Math.round(value * width), ROW - 8);
				gc.drawRectangle(area.x + NAME_WIDTH, y + 3, width, ROW - 8);
				gc.drawText(label(bar.value()), area.x + NAME_WIDTH + width + 6, y, true);
			}
		} finally {
			fill.dispose();
			high.dispose();
		}
	}

	private String label(double value) {
		if (!Double.isFinite(value)) {
			return "–";
		}
		if (scale == Scale.FRACTION) {
			return String.format(Locale.ROOT, "%.1f %%", 100 * value);
		}
		// I/O delays are milliseconds; three digits are what a bar's length can show
		return Math.abs(value) < 1 ? String.format(Locale.ROOT, "%.3g ms", 1000 * value)
				: String.format(Locale.ROOT, "%.3g s", value);
	}
}
