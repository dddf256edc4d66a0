package org.iosim.calibration.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.iosim.calibration.Calibration.TypeModel;
import org.iosim.pcm.io.IoType;
import org.iosim.report.svg.NiceScale;
import org.iosim.report.svg.SvgDocument;

/**
 * The calibration report's two charts, as inline SVG. Text cannot be measured without a font, so the
 * layout goes by {@link SvgDocument#estimatedWidth}: the margins grow with the widest tick label, a
 * tick label that would touch its neighbour is left out (every k-th is kept, the grid stays), and a
 * title too long for its room is shortened with an ellipsis. So no text is clipped and none collides.
 */
final class CalibrationCharts {

	static final int WIDTH = 460;
	static final int HEIGHT = 340;

	private static final double FONT = 11;
	private static final double TITLE_FONT = 13;
	private static final double TITLE_BASELINE = 18;
	/** The legend's first row; further rows follow a line apart. */
	private static final double LEGEND_BASELINE = 37;
	private static final double LINE_HEIGHT = 16;
	/** From the last line above the plot to the plot: room for half of the top tick label. */
	private static final double PLOT_TOP_GAP = 13;
	/** The histogram has no legend: its plot starts this far down. */
	private static final double HISTOGRAM_TOP = 34;
	/** Tick labels and the axis title below the plot. */
	private static final double PLOT_BOTTOM_MARGIN = 45;
	/** From the plot's bottom edge down; far enough that the lowest vertical tick label stays clear. */
	private static final double X_TICK_BASELINE = 18;
	/** From the image's bottom edge up. */
	private static final double X_TITLE_BASELINE = 8;
	/** Holds the vertical axis title, which reads from bottom to top. */
	private static final double VERTICAL_TITLE_COLUMN = 24;
	private static final double LABEL_GAP = 6;
	/** Text keeps at least this far from the image's edges. */
	private static final double EDGE_GAP = 4;
	/** Least room between two tick labels side by side. */
	private static final double MIN_LABEL_SPACING = 8;
	/** Least distance between the baselines of tick labels one above the other. */
	private static final double MIN_LABEL_PITCH = 1.5 * FONT;
	/** Moves a baseline down so that the text's middle sits where the baseline would have been. */
	private static final double CENTRE_TO_BASELINE = 0.35 * FONT;
	/** The width of a legend entry's mark, and the gaps after the mark and after the entry. */
	private static final double LEGEND_MARK = 12;
	private static final double LEGEND_GAP = 4;
	private static final double LEGEND_ENTRY_GAP = 16;
	private static final int HISTOGRAM_BINS = 12;

	private static final String TEXT_COLOUR = "#1f2933";
	private static final String TICK_LABEL_COLOUR = "#52606d";
	private static final String GRID_COLOUR = "#d9dee5";
	private static final String AXIS_COLOUR = "#9aa5b1";
	private static final String HELD_OUT_COLOUR = "#1d4ed8";
	private static final String TEST_COLOUR = "#ea580c";
	private static final String BAR_COLOUR = "#6cc3b8";
	private static final String DIAGONAL_DASHES = "4 3";

	private CalibrationCharts() {
	}

	/** A tick of an axis: where it lies, in pixels along the axis, and its label. */
	private record Tick(double pixel, String label) {
	}

	/** An entry of the scatter chart's legend: a dot of the colour, or the dashed diagonal if null. */
	private record LegendEntry(String colour, String label) {
	}

	/** Measured against held-out predicted delays on log axes, with the line of perfect prediction. */
	static String scatter(TypeModel model) {
		List<double[]> points = new ArrayList<>();
		for (int row = 0; row < model.training().size(); row++) {
			points.add(new double[] { model.training().get(row).meanDelay(), model.heldOut()[row], 0 });
		}
		for (int row = 0; row < model.test().size(); row++) {
			points.add(new double[] { model.test().get(row).meanDelay(), model.predictions().get(row).value(), 1 });
		}
		double low = Double.POSITIVE_INFINITY;
		double high = 0;
		for (double[] point : points) {
			for (int axis = 0; axis < 2; axis++) {
				if (point[axis] > 0) {
					low = Math.min(low, point[axis]);
					high = Math.max(high, point[axis]);
				}
			}
		}
		if (!(high > 0)) { // no delay above zero: any decade will do
			low = high = 1;
		}
		String types = model.type() == IoType.READ ? "reads" : "writes";
		SvgDocument svg = new SvgDocument(WIDTH, HEIGHT, FONT,
				"Measured against predicted mean delay of " + types + " (held-out predictions; test configurations in orange)");
		NiceScale scale = NiceScale.covering(Math.floor(Math.log10(low)), Math.ceil(Math.log10(high)), 6);
		List<String> labels = new ArrayList<>();
		for (double tick : scale.ticks()) {
			labels.add(CalibrationReport.seconds(Math.pow(10, tick)));
		}
		double left = VERTICAL_TITLE_COLUMN + widest(labels) + LABEL_GAP;
		double right = WIDTH - width(labels.get(labels.size() - 1)) / 2 - EDGE_GAP;
		double bottom = HEIGHT - PLOT_BOTTOM_MARGIN;

		title(svg, "Measured vs predicted delay, " + types);
		List<LegendEntry> legend = new ArrayList<>(List.of(new LegendEntry(HELD_OUT_COLOUR, "held-out prediction")));
		if (!model.test().isEmpty()) {
			legend.add(new LegendEntry(TEST_COLOUR, "test configuration"));
		}
		legend.add(new LegendEntry(null, "perfect prediction"));
		double top = legend(svg, legend, left) + PLOT_TOP_GAP;

		svg.group("grid", "stroke", GRID_COLOUR);
		for (double tick : scale.ticks()) {
			double x = scale.pixel(tick, left, right);
			double y = scale.pixel(tick, bottom, top);
			svg.line(x, top, x, bottom).line(left, y, right, y);
		}
		svg.endGroup();
		List<Tick> xTicks = new ArrayList<>();
		List<Tick> yTicks = new ArrayList<>();
		double[] ticks = scale.ticks();
		for (int i = 0; i < ticks.length; i++) {
			xTicks.add(new Tick(scale.pixel(ticks[i], left, right), labels.get(i)));
			yTicks.add(new Tick(scale.pixel(ticks[i], bottom, top), labels.get(i)));
		}
		xAxis(svg, xTicks, left, right, bottom, "measured mean delay (log scale)");
		yAxis(svg, yTicks, left, top, bottom, "predicted mean delay (log scale)");

		svg.group("diagonal", "stroke", AXIS_COLOUR, "stroke-dasharray", DIAGONAL_DASHES);
		svg.line(left, bottom, right, top).endGroup();
		for (int kind = 0; kind < 2; kind++) {
			svg.group(kind == 0 ? "held-out" : "test", "fill", kind == 0 ? HELD_OUT_COLOUR : TEST_COLOUR,
					"fill-opacity", "0.6");
			for (double[] point : points) {
				if (point[2] == kind && point[0] > 0) {
					double predicted = Math.max(point[1], Math.pow(10, scale.min()));
					svg.circle(scale.pixel(Math.log10(point[0]), left, right),
							scale.pixel(Math.log10(predicted), bottom, top), 3);
				}
			}
			svg.endGroup();
		}
		return svg.finish();
	}

	static String histogram(double[] errors, String types) {
		double highest = 0;
		for (double error : errors) {
			highest = Math.max(highest, error);
		}
		NiceScale errorScale = NiceScale.covering(0, Math.max(highest * 100, 1), HISTOGRAM_BINS);
		double step = errorScale.step();
		int[] counts = new int[Math.max(1, errorScale.intervals())];
		for (double error : errors) {
			counts[Math.min(counts.length - 1, (int) (error * 100 / step))]++;
		}
		int most = 1;
		for (int count : counts) {
			most = Math.max(most, count);
		}
		NiceScale countScale = NiceScale.covering(0, most, 5);
		String lowerCaseTypes = types.toLowerCase(Locale.ROOT);
		SvgDocument svg = new SvgDocument(WIDTH, HEIGHT, FONT,
				"Distribution of the held-out relative errors of " + lowerCaseTypes);
		List<String> countLabels = new ArrayList<>();
		for (double tick : countScale.ticks()) {
			countLabels.add(countScale.label(tick));
		}
		List<String> errorLabels = new ArrayList<>();
		for (double tick : errorScale.ticks()) {
			errorLabels.add(errorScale.label(tick) + " %");
		}
		double left = VERTICAL_TITLE_COLUMN + widest(countLabels) + LABEL_GAP;
		double right = WIDTH - width(errorLabels.get(errorLabels.size() - 1)) / 2 - EDGE_GAP;
		double top = HISTOGRAM_TOP;
		double bottom = HEIGHT - PLOT_BOTTOM_MARGIN;

		title(svg, "Held-out relative error, " + lowerCaseTypes);
		svg.group("bars", "fill", BAR_COLOUR);
		for (int bin = 0; bin < counts.length; bin++) {
			double x0 = errorScale.pixel(bin * step, left, right);
			double x1 = errorScale.pixel((bin + 1) * step, left, right);
			double y = countScale.pixel(counts[bin], bottom, top);
			svg.rect(x0 + 1, y, Math.max(0, x1 - x0 - 2), bottom - y);
		}
		svg.endGroup();
		List<Tick> xTicks = new ArrayList<>();
		double[] errorTicks = errorScale.ticks();
		for (int i = 0; i < errorTicks.length; i++) {
			xTicks.add(new Tick(errorScale.pixel(errorTicks[i], left, right), errorLabels.get(i)));
		}
		List<Tick> yTicks = new ArrayList<>();
		double[] countTicks = countScale.ticks();
		for (int i = 0; i < countTicks.length; i++) {
			yTicks.add(new Tick(countScale.pixel(countTicks[i], bottom, top), countLabels.get(i)));
		}
		xAxis(svg, xTicks, left, right, bottom, "relative error");
		yAxis(svg, yTicks, left, top, bottom, "configurations");
		svg.group("axis", "stroke", AXIS_COLOUR).line(left, bottom, right, bottom).endGroup();
		return svg.finish();
	}

	private static void title(SvgDocument svg, String title) {
		svg.group("title", "fill", TEXT_COLOUR, "font-size", SvgDocument.number(TITLE_FONT), "font-weight", "bold");
		svg.textWithin(WIDTH - 2 * EDGE_GAP, TITLE_FONT, WIDTH / 2.0, TITLE_BASELINE, "middle", title);
		svg.endGroup();
	}

	/**
	 * Writes the legend's entries from {@code left} on, starting a new row where an entry would reach
	 * past the image's right edge.
	 *
	 * @return the baseline of the legend's last row
	 */
	private static double legend(SvgDocument svg, List<LegendEntry> entries, double left) {
		double x = left;
		double baseline = LEGEND_BASELINE;
		double markY = baseline - CENTRE_TO_BASELINE;
		svg.group("legend", "fill", TEXT_COLOUR);
		for (LegendEntry entry : entries) {
			double labelWidth = width(entry.label());
			if (x > left && x + LEGEND_MARK + LEGEND_GAP + labelWidth > WIDTH - EDGE_GAP) {
				x = left;
				baseline += LINE_HEIGHT;
				markY = baseline - CENTRE_TO_BASELINE;
			}
			if (entry.colour() == null) {
				svg.group("legend-diagonal", "stroke", AXIS_COLOUR, "stroke-dasharray", DIAGONAL_DASHES)
						.line(x, markY, x + LEGEND_MARK, markY).endGroup();
			} else {
				svg.group("legend-dot", "fill", entry.colour(), "fill-opacity", "0.6")
						.circle(x + LEGEND_MARK / 2, markY, 3).endGroup();
			}
			double textX = x + LEGEND_MARK + LEGEND_GAP;
			svg.textWithin(WIDTH - EDGE_GAP - textX, FONT, textX, baseline, "start", entry.label());
			x = textX + labelWidth + LEGEND_ENTRY_GAP;
		}
		svg.endGroup();
		return baseline;
	}

	/** Tick labels below the plot, as many as keep their distance, and the axis title below them. */
	private static void xAxis(SvgDocument svg, List<Tick> ticks, double left, double right, double bottom,
			String title) {
		svg.group("x-ticks", "fill", TICK_LABEL_COLOUR);
		for (Tick tick : spaced(ticks, true)) {
			double halfWidth = width(tick.label()) / 2;
			double x = Math.clamp(tick.pixel(), halfWidth + EDGE_GAP, Math.max(halfWidth + EDGE_GAP,
					WIDTH - halfWidth - EDGE_GAP));
			svg.text(x, bottom + X_TICK_BASELINE, "middle", tick.label());
		}
		svg.endGroup();
		double centre = (left + right) / 2;
		svg.group("x-title", "fill", TEXT_COLOUR);
		svg.textWithin(2 * Math.min(centre, WIDTH - centre) - 2 * EDGE_GAP, FONT, centre, HEIGHT - X_TITLE_BASELINE,
				"middle", title);
		svg.endGroup();
	}

	/** Tick labels left of the plot, as many as keep their distance, and the axis title left of them. */
	private static void yAxis(SvgDocument svg, List<Tick> ticks, double left, double top, double bottom, String title) {
		svg.group("y-ticks", "fill", TICK_LABEL_COLOUR);
		for (Tick tick : spaced(ticks, false)) {
			svg.text(left - LABEL_GAP, tick.pixel() + CENTRE_TO_BASELINE, "end", tick.label());
		}
		svg.endGroup();
		svg.group("y-title", "fill", TEXT_COLOUR);
		svg.verticalText(VERTICAL_TITLE_COLUMN - LABEL_GAP, (top + bottom) / 2, shortened(title, bottom - top));
		svg.endGroup();
	}

	/**
	 * The ticks to label: the first and then every k-th, with the smallest k that keeps neighbouring
	 * labels apart.
	 *
	 * @param sideBySide whether the labels stand next to each other (horizontal axis) rather than one
	 *                   above the other
	 */
	private static List<Tick> spaced(List<Tick> ticks, boolean sideBySide) {
		for (int every = 1; every < ticks.size(); every++) {
			List<Tick> kept = new ArrayList<>();
			for (int i = 0; i < ticks.size(); i += every) {
				kept.add(ticks.get(i));
			}
			if (apart(kept, sideBySide)) {
				return kept;
			}
		}
		return ticks.isEmpty() ? ticks : List.of(ticks.get(0));
	}

	private static boolean apart(List<Tick> ticks, boolean sideBySide) {
		for (int i = 1; i < ticks.size(); i++) {
			double distance = Math.abs(ticks.get(i).pixel() - ticks.get(i - 1).pixel());
			double needed = sideBySide
					? (width(ticks.get(i).label()) + width(ticks.get(i - 1).label())) / 2 + MIN_LABEL_SPACING
					: MIN_LABEL_PITCH;
			if (distance < needed) {
				return false;
			}
		}
		return true;
	}

	/** {@code text}, cut with an ellipsis if it is estimated to be wider than {@code room}. */
	private static String shortened(String text, double room) {
		if (width(text) <= room) {
			return text;
		}
		int kept = Math.max(0, (int) (room / width("m")) - 1);
		return text.substring(0, text.offsetByCodePoints(0, Math.min(kept, text.codePointCount(0, text.length()))))
				+ "…";
	}

	private static double widest(List<String> labels) {
		return labels.stream().mapToDouble(CalibrationCharts::width).max().orElse(0);
	}

	private static double width(String text) {
		return SvgDocument.estimatedWidth(text, FONT);
	}
}
