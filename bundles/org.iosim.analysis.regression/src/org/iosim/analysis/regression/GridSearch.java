package org.iosim.analysis.regression;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Baseline: evaluates an evenly spaced grid including the bounds, the same number of values on every
 * axis (fewer after integer rounding merges values).
 */
public final class GridSearch implements Optimizer {

	private final int pointsPerAxis;

	public GridSearch(int pointsPerAxis) {
		if (pointsPerAxis < 1) {
			throw new IllegalArgumentException("a grid needs at least one point per axis, got " + pointsPerAxis);
		}
		this.pointsPerAxis = pointsPerAxis;
	}

	@Override
	public Result minimise(List<Parameter> parameters, ToDoubleFunction<Map<String, Double>> objective,
			Listener listener) {
		List<double[]> grid = new ArrayList<>();
		grid.add(new double[parameters.size()]);
		for (int axis = 0; axis < parameters.size(); axis++) {
			Parameter parameter = parameters.get(axis);
			List<double[]> extended = new ArrayList<>();
			for (double[] point : grid) {
				for (int index = 0; index < pointsPerAxis; index++) {
					double[] next = point.clone();
					next[axis] = pointsPerAxis == 1 ? parameter.lower()
							: parameter.lower() + (parameter.upper() - parameter.lower()) * index / (pointsPerAxis - 1);
					extended.add(next);
				}
			}
			grid = extended;
		}
		try (Evaluations evaluations = new Evaluations(parameters, objective, listener, 0)) {
			evaluations.evaluate(grid, 0);
			return evaluations.result();
		}
	}
}
