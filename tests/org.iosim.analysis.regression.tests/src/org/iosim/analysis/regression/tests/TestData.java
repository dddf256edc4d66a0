package org.iosim.analysis.regression.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.ToDoubleFunction;

import org.iosim.analysis.regression.Dataset;

/** Seeded synthetic data sets for the regression tests. */
final class TestData {

	private TestData() {
	}

	/** Rows with features uniform on [0, 10], target f(x) plus N(0, noise²) noise. */
	static Dataset uniform(String source, int rows, int features, long seed, double noise,
			ToDoubleFunction<double[]> target) {
		Random random = new Random(seed);
		double[][] x = new double[rows][features];
		double[] y = new double[rows];
		for (int row = 0; row < rows; row++) {
			for (int feature = 0; feature < features; feature++) {
				x[row][feature] = 10 * random.nextDouble();
			}
			y[row] = target.applyAsDouble(x[row]) + noise * random.nextGaussian();
		}
		List<String> names = new ArrayList<>();
		for (int feature = 1; feature <= features; feature++) {
			names.add("x" + feature);
		}
		return new Dataset(source, names, "y", x, y);
	}

	/** A nonlinear response with an interaction, as I/O delays show over configuration parameters. */
	static double delayLike(double[] x) {
		return 2 + 0.8 * Math.max(0, x[0] - 4) + 0.3 * x[1] * Math.max(0, x[2] - 5) - 0.5 * Math.max(0, 3 - x[1]);
	}
}
