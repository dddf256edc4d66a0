package org.iosim.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * How much of a large sweep a chart or a table shows, so that report.html and the workbench's results
 * view cut a sweep of a million points the same way: a family of many curves is drawn as some of them
 * spread evenly over it, a long curve as a line through some of its points spread evenly over it, and
 * a table of points lists the first ones. The files of a sweep (points.csv, sweep.json) have everything.
 */
public final class SweepCharts {

	/** Curves of one family a chart draws at most, each in a colour of its own. */
	public static final int CURVES_DRAWN = 10;

	/** Points a line goes through at most: about one per pixel of a chart's width. */
	public static final int POINTS_PER_LINE = 500;

	/** Points a table of points lists at most. */
	public static final int POINTS_LISTED = 1_000;

	private SweepCharts() {
	}

	/** @return every curve of the family, or {@link #CURVES_DRAWN} of them spread evenly, the first and last included */
	public static <T> List<T> curvesDrawn(List<T> family) {
		if (family.size() <= CURVES_DRAWN) {
			return family;
		}
		List<T> drawn = new ArrayList<>();
		for (int index : spread(family.size(), CURVES_DRAWN)) {
			drawn.add(family.get(index));
		}
		return drawn;
	}

	/** @return the indices of a line's points it goes through: all, or {@link #POINTS_PER_LINE} spread evenly */
	public static int[] pointsDrawn(int points) {
		return points <= POINTS_PER_LINE ? IntStream.range(0, points).toArray() : spread(points, POINTS_PER_LINE);
	}

	/** {@code count} indices of {@code size}, evenly apart, from the first to the last. */
	private static int[] spread(int size, int count) {
		int[] indices = new int[count];
		for (int i = 0; i < count; i++) {
			indices[i] = (int) Math.round(i * (size - 1.0) / (count - 1));
		}
		return indices;
	}
}
