package org.iosim.analysis.regression;

import java.util.Arrays;
import java.util.List;

/**
 * Training or test data: one row per measured configuration, numeric feature columns and a numeric
 * target (e.g. the measured I/O delay). Immutable; {@link #rows(int[])} selects a subset.
 *
 * @param source   where the data came from, for messages (a file name, or a description)
 * @param features names of the feature columns, in the order of each row of {@code x}
 * @param target   name of the target column
 */
public record Dataset(String source, List<String> features, String target, double[][] x, double[] y) {

	public Dataset {
		features = List.copyOf(features);
		if (x.length != y.length) {
			throw new IllegalArgumentException(source + ": " + x.length + " feature rows but " + y.length + " targets");
		}
		for (double[] row : x) {
			if (row.length != features.size()) {
				throw new IllegalArgumentException(source + ": a row has " + row.length + " features, expected "
						+ features.size());
			}
		}
	}

	public int size() {
		return y.length;
	}

	public int featureCount() {
		return features.size();
	}

	/** The rows with the given indexes, in that order. */
	public Dataset rows(int[] indexes) {
		double[][] selectedX = new double[indexes.length][];
		double[] selectedY = new double[indexes.length];
		for (int i = 0; i < indexes.length; i++) {
			selectedX[i] = x[indexes[i]];
			selectedY[i] = y[indexes[i]];
		}
		return new Dataset(source, features, target, selectedX, selectedY);
	}

	/** Smallest and largest value of each feature: the training ranges a stored model keeps. */
	public double[][] ranges() {
		double[][] ranges = new double[featureCount()][];
		for (int feature = 0; feature < featureCount(); feature++) {
			double min = Double.POSITIVE_INFINITY;
			double max = Double.NEGATIVE_INFINITY;
			for (double[] row : x) {
				min = Math.min(min, row[feature]);
				max = Math.max(max, row[feature]);
			}
			ranges[feature] = new double[] { min, max };
		}
		return ranges;
	}

	@Override
	public String toString() {
		return source + " (" + size() + " rows, features " + features + ", target " + target + ")";
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof Dataset data && data.source.equals(source) && data.features.equals(features)
				&& data.target.equals(target) && Arrays.deepEquals(data.x, x) && Arrays.equals(data.y, y);
	}

	@Override
	public int hashCode() {
		return Arrays.hashCode(y);
	}
}
