package org.iosim.analysis.regression;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToDoubleFunction;

/**
 * Baseline: evaluates points drawn uniformly from the box with a seed (fewer than {@code count} when
 * integer rounding makes draws coincide).
 */
public final class RandomSearch implements Optimizer {

	private final int count;
	private final long seed;

	public RandomSearch(int count, long seed) {
		if (count < 1) {
			throw new IllegalArgumentException("a random search needs at least one point, got " + count);
		}
		this.count = count;
		this.seed = seed;
	}

	@Override
	public Result minimise(List<Parameter> parameters, ToDoubleFunction<Map<String, Double>> objective,
			Listener listener) {
		Random random = new Random(seed);
		List<double[]> draws = new ArrayList<>();
		for (int draw = 0; draw < count; draw++) {
			double[] point = new double[parameters.size()];
			for (int axis = 0; axis < point.length; axis++) {
				Parameter parameter = parameters.get(axis);
				point[axis] = parameter.lower() + random.nextDouble() * (parameter.upper() - parameter.lower());
			}
			draws.add(point);
		}
		try (Evaluations evaluations = new Evaluations(parameters, objective, listener, 0)) {
			evaluations.evaluate(draws, 0);
			return evaluations.result();
		}
	}
}
