package org.iosim.analysis.regression;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * Stepwise Sampling Search (S3, 001 Algorithm 2): starts at the lower corner of the box; each
 * iteration refines, around each of the η best points so far, the box bounded on each axis by the
 * nearest evaluated coordinates below and above (over all points evaluated before the iteration),
 * sampling it with ζ split points per axis. Deterministic; the worst-case number of evaluations is
 * {@link #worstCaseEvaluations}.
 */
public final class S3Search implements Optimizer {

	private final int splits;
	private final int explorations;
	private final int maxIterations;
	private final double minRelativeImprovement;

	/**
	 * @param splits                 ζ ≥ 1: split points per axis, so ζ + 2 grid values per axis
	 * @param explorations           η ≥ 1: best points explored per iteration
	 * @param maxIterations          θ ≥ 1
	 * @param minRelativeImprovement stop early when an iteration improves the best value by less than
	 *                               this fraction (0: only θ stops the search, or an iteration whose
	 *                               boxes hold no unevaluated point)
	 */
	public S3Search(int splits, int explorations, int maxIterations, double minRelativeImprovement) {
		if (splits < 1 || explorations < 1 || maxIterations < 1 || !(minRelativeImprovement >= 0)) {
			throw new IllegalArgumentException("S3 needs ζ ≥ 1, η ≥ 1, θ ≥ 1 and a minimum improvement ≥ 0, got ζ = "
					+ splits + ", η = " + explorations + ", θ = " + maxIterations + ", minimum improvement "
					+ minRelativeImprovement);
		}
		this.splits = splits;
		this.explorations = explorations;
		this.maxIterations = maxIterations;
		this.minRelativeImprovement = minRelativeImprovement;
	}

	/** The configuration of the case studies (001 ch. 9): ζ = 4, η = 5, θ = 10, no early stop. */
	public static S3Search defaults() {
		return new S3Search(4, 5, 10, 0);
	}

	/**
	 * Theorem 1: 1 + ((ζ+2)^l − 1) + (θ−1)·η·((ζ+2)^l − 2^l) evaluations at most for l parameters. The
	 * proof counts the 2^l corners of every later box as evaluated; with boxes bounded by the projection
	 * of all evaluated points a corner may combine coordinates of different points, so for l ≥ 2 this is
	 * the paper's bound, which the cache and the overlap of neighbouring boxes keep real searches well
	 * below, rather than a guarantee of this implementation.
	 */
	public static long worstCaseEvaluations(int parameters, int splits, int explorations, int maxIterations) {
		long grid = 1;
		for (int parameter = 0; parameter < parameters; parameter++) {
			grid = Math.multiplyExact(grid, (long) splits + 2);
		}
		long corners = 1L << parameters;
		return 1 + (grid - 1) + (long) (maxIterations - 1) * explorations * (grid - corners);
	}

	@Override
	public Result minimise(List<Parameter> parameters, ToDoubleFunction<Map<String, Double>> objective,
			Listener listener) {
		try (Evaluations evaluations = new Evaluations(parameters, objective, listener, maxIterations)) {
			double[] lowerCorner = parameters.stream().mapToDouble(Parameter::lower).toArray();
			evaluations.evaluate(List.of(lowerCorner), 0);
			double best = evaluations.value(evaluations.best(1).get(0));
			for (int iteration = 1; iteration <= maxIterations; iteration++) {
				// the boxes of all pivots come from the points known before this iteration (Algorithm 2, line 31)
				List<double[]> known = new ArrayList<>(evaluations.points());
				List<double[]> batch = new ArrayList<>();
				for (double[] pivot : evaluations.best(explorations)) {
					batch.addAll(grid(parameters, pivot, known, evaluations));
				}
				if (evaluations.evaluate(batch, iteration) == 0) {
					break;
				}
				double improved = evaluations.value(evaluations.best(1).get(0));
				double relativeImprovement = best == 0 ? 0 : (best - improved) / Math.abs(best);
				best = improved;
				if (relativeImprovement < minRelativeImprovement) {
					break;
				}
			}
			return evaluations.result();
		}
	}

	/** The ζ + 2 values per axis of the box around the pivot, and their cartesian product. */
	private List<double[]> grid(List<Parameter> parameters, double[] pivot, List<double[]> known,
			Evaluations evaluations) {
		List<double[]> valuesPerAxis = new ArrayList<>();
		for (int axis = 0; axis < parameters.size(); axis++) {
			Parameter parameter = parameters.get(axis);
			double below = parameter.lower();
			double above = parameter.upper();
			for (double[] point : known) {
				double coordinate = point[axis];
				if (coordinate < pivot[axis]) {
					below = Math.max(below, coordinate);
				} else if (coordinate > pivot[axis]) {
					above = Math.min(above, coordinate);
				}
			}
			double step = (above - below) / (splits + 1);
			TreeSet<Double> values = new TreeSet<>();
			for (int split = 0; split <= splits; split++) {
				values.add(parameter.valid(below + split * step) + 0.0);
			}
			values.add(parameter.valid(above) + 0.0);
			valuesPerAxis.add(values.stream().mapToDouble(Double::doubleValue).toArray());
		}
		List<double[]> grid = new ArrayList<>();
		product(valuesPerAxis, new double[parameters.size()], 0, grid);
		grid.removeIf(evaluations::evaluated);
		return grid;
	}

	private static void product(List<double[]> valuesPerAxis, double[] point, int axis, List<double[]> into) {
		if (axis == valuesPerAxis.size()) {
			into.add(point.clone());
			return;
		}
		for (double value : valuesPerAxis.get(axis)) {
			point[axis] = value;
			product(valuesPerAxis, point, axis + 1, into);
		}
	}
}
