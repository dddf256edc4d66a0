package org.iosim.report;

/**
 * How report.html draws its charts.
 *
 * @param chartWidth  width of every chart in pixels
 * @param chartHeight height of every chart in pixels; the utilization chart grows taller when it has
 *                    more resources than fit at this height
 */
public record ReportOptions(int chartWidth, int chartHeight) {

	/** Below this, axis labels no longer fit. */
	public static final int MIN_CHART_DIMENSION = 100;

	/** Keeps a typo in a size from making a chart far larger than any screen. */
	public static final int MAX_CHART_DIMENSION = 4_000;

	public ReportOptions {
		requireChartDimension("width", chartWidth);
		requireChartDimension("height", chartHeight);
	}

	/** Charts of 640 × 360 pixels, which two side by side fit a laptop screen. */
	public static ReportOptions defaults() {
		return new ReportOptions(640, 360);
	}

	private static void requireChartDimension(String dimension, int pixels) {
		if (pixels < MIN_CHART_DIMENSION || pixels > MAX_CHART_DIMENSION) {
			throw new IllegalArgumentException("chart " + dimension + " must lie between " + MIN_CHART_DIMENSION
					+ " and " + MAX_CHART_DIMENSION + " pixels, got " + pixels);
		}
	}
}
