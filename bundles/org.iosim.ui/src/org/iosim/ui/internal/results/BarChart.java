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

/** Horizontal bars from 0 to 1 with their names and values: the resources' utilization. */
final class BarChart extends Canvas {

	private static final int ROW = 22;
	private static final int NAME_WIDTH = 220;

	/** One bar. */
	record Bar(String name, double value) {
	}

	private final String title;
	private List<Bar> bars = List.of();

	BarChart(Composite parent, String title) {
		super(parent, SWT.DOUBLE_BUFFERED);
		this.title = title;
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
		int width = Math.max(20, area.width - NAME_WIDTH - 70);
		Color fill = new Color(getDisplay(), 31, 119, 180);
		Color high = new Color(getDisplay(), 214, 39, 40);
		try {
			for (int i = 0; i < bars.size(); i++) {
				Bar bar = bars.get(i);
				int y = area.y + 28 + i * ROW;
				gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
				gc.drawText(bar.name(), area.x + 8, y, true);
				double value = Double.isFinite(bar.value()) ? Math.max(0, Math.min(1, bar.value())) : 0;
				gc.setBackground(value >= 0.9 ? high : fill); // saturated resources stand out
				gc.fillRectangle(area.x + NAME_WIDTH, y + 3, (int) Math.round(value * width), ROW - 8);
				gc.drawRectangle(area.x + NAME_WIDTH, y + 3, width, ROW - 8);
				gc.drawText(Double.isFinite(bar.value()) ? String.format(Locale.ROOT, "%.1f %%", 100 * bar.value()) : "–",
						area.x + NAME_WIDTH + width + 6, y, true);
			}
		} finally {
			fill.dispose();
			high.dispose();
		}
	}
}
