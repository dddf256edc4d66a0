package org.iosim.analysis.regression;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToDoubleFunction;

/**
 * Minimises an objective (e.g. the cross-validated error of a technique, {@link CrossValidation}) over
 * a box of {@link Parameter}s. Implementations are deterministic: the same objective gives the same
 * trace.
 */
public interface Optimizer {

	default Result minimise(List<Parameter> parameters, ToDoubleFunction<Map<String, Double>> objective) {
		return minimise(parameters, objective, Listener.NONE);
	}

	/**
	 * @param listener told of every evaluation, on the calling thread; it sees the search but does not
	 *                 change it: the result is the same with any listener
	 */
	Result minimise(List<Parameter> parameters, ToDoubleFunction<Map<String, Double>> objective, Listener listener);

	/** One evaluated point: parameter values by name (in parameter order), objective value, iteration (0 = initial). */
	record Evaluation(Map<String, Double> point, double value, int iteration) {
	}

	/**
	 * @param best        the point with the smallest value (the lexicographically smallest point on ties)
	 * @param evaluations number of distinct points evaluated (= trace size)
	 * @param trace       every evaluation in the order made
	 */
	record Result(Map<String, Double> best, double bestValue, int evaluations, List<Evaluation> trace) {
		public Result {
			best = Collections.unmodifiableMap(new LinkedHashMap<>(best));
			trace = List.copyOf(trace);
		}
	}

	/**
	 * Where a search stands after an evaluation. A search evaluates points in batches, one per
	 * iteration: a grid or random search in a single iteration 0, S3 its start point in iteration 0 and
	 * then at most {@code maxIterations} refinements.
	 *
	 * @param iteration         the iteration under way
	 * @param maxIterations     the most iterations after iteration 0 (0 for a search in one batch)
	 * @param evaluations       distinct points evaluated so far
	 * @param iterationEvaluated points of this iteration evaluated so far
	 * @param iterationSize     points this iteration evaluates
	 */
	record Progress(int iteration, int maxIterations, int evaluations, int iterationEvaluated, int iterationSize) {

		public boolean iterationDone() {
			return iterationEvaluated == iterationSize;
		}

		/**
		 * A rough estimate of the evaluations still to come, to tell a user how long the search may take:
		 * the rest of this iteration, and every iteration that may follow as large as the iterations
		 * so far were on average. Searches that stop early or whose later iterations find most points
		 * evaluated before take fewer.
		 */
		public double remainingEvaluations() {
			int thisIterationLeft = iterationSize - iterationEvaluated;
			double perIteration = (double) (evaluations + thisIterationLeft) / (iteration + 1);
			return thisIterationLeft + (double) (maxIterations - iteration) * perIteration;
		}
	}

	/** Told of each evaluation of a search, e.g. to show progress. */
	@FunctionalInterface
	interface Listener {
		Listener NONE = progress -> {
		};

		void evaluated(Progress progress);
	}

	/**
	 * The evaluations of one search: rounds points to valid values, skips points evaluated before,
	 * evaluates a batch in parallel on a fixed pool of {@code availableProcessors()} threads and records
	 * the results in batch order, so the trace does not depend on thread timing, and tells the listener
	 * of each result in that order. Close it to stop the pool.
	 */
	final class Evaluations implements AutoCloseable {

		private final List<Parameter> parameters;
		private final ToDoubleFunction<Map<String, Double>> objective;
		private final ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
		private final Map<List<Double>, Double> valueOfPoint = new HashMap<>();
		private final List<Evaluation> trace = new ArrayList<>();
		private final List<double[]> points = new ArrayList<>();
		private final Listener listener;
		private final int maxIterations;

		/** @param maxIterations as in {@link Progress} */
		public Evaluations(List<Parameter> parameters, ToDoubleFunction<Map<String, Double>> objective,
				Listener listener, int maxIterations) {
			this.parameters = List.copyOf(parameters);
			this.objective = objective;
			this.listener = listener;
			this.maxIterations = maxIterations;
		}

		/** The valid point nearest to {@code point}: each coordinate clamped and, for integers, rounded. */
		public double[] valid(double[] point) {
			double[] valid = new double[point.length];
			for (int axis = 0; axis < point.length; axis++) {
				// + 0.0 turns a rounded -0.0 into 0.0 so both spellings share one cache entry
				valid[axis] = parameters.get(axis).valid(point[axis]) + 0.0;
			}
			return valid;
		}

		public boolean evaluated(double[] validPoint) {
			return valueOfPoint.containsKey(key(validPoint));
		}

		/**
		 * Evaluates the points of the batch not evaluated before (after rounding), in parallel, and
		 * appends them to the trace in batch order.
		 *
		 * @return number of new evaluations
		 */
		public int evaluate(List<double[]> batch, int iteration) {
			Map<List<Double>, double[]> fresh = new LinkedHashMap<>();
			for (double[] point : batch) {
				double[] valid = valid(point);
				List<Double> key = key(valid);
				if (!valueOfPoint.containsKey(key)) {
					fresh.putIfAbsent(key, valid);
				}
			}
			List<Future<Double>> values = new ArrayList<>();
			for (double[] point : fresh.values()) {
				Map<String, Double> named = named(point);
				values.add(pool.submit(() -> objective.applyAsDouble(named)));
			}
			int index = 0;
			for (Map.Entry<List<Double>, double[]> entry : fresh.entrySet()) {
				double value = result(values.get(index++));
				valueOfPoint.put(entry.getKey(), value);
				points.add(entry.getValue());
				trace.add(new Evaluation(named(entry.getValue()), value, iteration));
				listener.evaluated(new Progress(iteration, maxIterations, trace.size(), index, fresh.size()));
			}
			return fresh.size();
		}

		/** Every evaluated point, in evaluation order (coordinates in parameter order). */
		public List<double[]> points() {
			return Collections.unmodifiableList(points);
		}

		public double value(double[] validPoint) {
			return valueOfPoint.get(key(validPoint));
		}

		/**
		 * The {@code count} evaluated points with the smallest values; ties go to the lexicographically
		 * smaller point, so the order never depends on evaluation timing.
		 */
		public List<double[]> best(int count) {
			List<double[]> sorted = new ArrayList<>(points);
			sorted.sort((first, second) -> {
				int byValue = Double.compare(value(first), value(second));
				return byValue != 0 ? byValue : Arrays.compare(first, second);
			});
			return sorted.subList(0, Math.min(count, sorted.size()));
		}

		public Result result() {
			double[] best = best(1).get(0);
			return new Result(named(best), value(best), trace.size(), trace);
		}

		private Map<String, Double> named(double[] point) {
			Map<String, Double> named = new LinkedHashMap<>();
			for (int axis = 0; axis < point.length; axis++) {
				named.put(parameters.get(axis).name(), point[axis]);
			}
			return Collections.unmodifiableMap(named);
		}

		private static List<Double> key(double[] point) {
			return Arrays.stream(point).boxed().toList();
		}

		private static double result(Future<Double> value) {
			try {
				return value.get();
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("search interrupted", e);
			} catch (ExecutionException e) {
				if (e.getCause() instanceof RuntimeException runtime) {
					throw runtime;
				}
				throw new IllegalStateException(e.getCause());
			}
		}

		@Override
		public void close() {
			pool.shutdownNow();
		}
	}
}
