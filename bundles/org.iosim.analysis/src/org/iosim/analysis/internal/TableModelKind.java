package org.iosim.analysis.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;

/**
 * The built-in kind {@value #ID}: delays interpolated between measured points of a CSV file (see
 * {@link DelayTable} for the format).
 * <ul>
 * <li>Repeated measurements of the same point are averaged.</li>
 * <li>One input: piecewise linear between the two neighbouring points; below the smallest and
 * above the largest measured value the delay of that end point (no extrapolation).</li>
 * <li>Several inputs: inverse-distance weighting (weights 1/d²) over the 4 nearest points, where
 * each input is divided by its range in the table so that bytes and counts weigh alike, and an
 * input with a single value in the table is left out of the distance. A state at a measured point
 * gets that point's delay. Among equally distant candidates for the last of the 4 places, the
 * point listed first in the file wins.</li>
 * </ul>
 */
public final class TableModelKind implements IoAnalysisModelKind {

	public static final String ID = "table";

	private static final String FILE = "file";
	private static final int NEIGHBOURS = 4;

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Delay interpolated between measured points. Parameter 'file': a CSV file (relative to the model "
				+ "definition) whose header names input columns (" + String.join(", ", WorkloadInput.names())
				+ ") and a 'delay' column. One input: piecewise linear, clamped at the ends; several inputs: "
				+ "inverse-distance weighting over the 4 nearest points with each input scaled by its range.";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		definition.requireOnly(Set.of(FILE));
		Path file = definition.resolve(definition.required(FILE));
		DelayTable table;
		try {
			table = DelayTable.read(file);
		} catch (AnalysisModelException e) {
			throw new AnalysisModelException("analysis model '" + definition.name() + "': " + e.getMessage(), e);
		}
		Map<List<Double>, double[]> delaySumAndCountByPoint = new LinkedHashMap<>();
		for (int row = 0; row < table.points.length; row++) {
			List<Double> point = Arrays.stream(table.points[row]).boxed().toList();
			double[] sumAndCount = delaySumAndCountByPoint.computeIfAbsent(point, key -> new double[2]);
			sumAndCount[0] += table.delays[row];
			sumAndCount[1]++;
		}
		List<double[]> points = new ArrayList<>();
		List<Double> delays = new ArrayList<>();
		delaySumAndCountByPoint.forEach((point, sumAndCount) -> {
			points.add(point.stream().mapToDouble(Double::doubleValue).toArray());
			delays.add(sumAndCount[0] / sumAndCount[1]);
		});
		String description = ID + ": " + points.size() + " points over "
				+ table.inputs.stream().map(WorkloadInput::inputName).collect(Collectors.joining(", ")) + " from "
				+ file;
		double[] delayArray = delays.stream().mapToDouble(Double::doubleValue).toArray();
		return table.inputs.size() == 1
				? PiecewiseLinear.of(table.inputs.get(0), points, delayArray, description)
				: new InverseDistanceWeighting(table.inputs, points.toArray(double[][]::new), delayArray, description);
	}

	private record PiecewiseLinear(WorkloadInput input, double[] xs, double[] delays, String description)
			implements IoAnalysisModel {

		static PiecewiseLinear of(WorkloadInput input, List<double[]> points, double[] delays, String description) {
			Integer[] order = new Integer[points.size()];
			Arrays.setAll(order, i -> i);
			Arrays.sort(order, (a, b) -> Double.compare(points.get(a)[0], points.get(b)[0]));
			double[] sortedXs = new double[order.length];
			double[] sortedDelays = new double[order.length];
			for (int i = 0; i < order.length; i++) {
				sortedXs[i] = points.get(order[i])[0];
				sortedDelays[i] = delays[order[i]];
			}
			return new PiecewiseLinear(input, sortedXs, sortedDelays, description);
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return Collections.unmodifiableSet(EnumSet.of(input));
		}

		@Override
		public double delay(WorkloadState state) {
			double x = state.value(input);
			int last = xs.length - 1;
			if (x <= xs[0]) {
				return delays[0];
			}
			if (x >= xs[last]) {
				return delays[last];
			}
			int found = Arrays.binarySearch(xs, x);
			if (found >= 0) {
				return delays[found];
			}
			int upper = -found - 1;
			int lower = upper - 1;
			double fraction = (x - xs[lower]) / (xs[upper] - xs[lower]);
			return delays[lower] + fraction * (delays[upper] - delays[lower]);
		}

		@Override
		public String describe() {
			return description;
		}
	}

	private static final class InverseDistanceWeighting implements IoAnalysisModel {

		private final WorkloadInput[] inputs;
		private final double[][] points;
		private final double[] delays;
		/** 1 / range of each input in the table, 0 for an input with a single value. */
		private final double[] scales;
		private final String description;

		InverseDistanceWeighting(List<WorkloadInput> inputs, double[][] points, double[] delays, String description) {
			this.inputs = inputs.toArray(WorkloadInput[]::new);
			this.points = points;
			this.delays = delays;
			this.description = description;
			this.scales = new double[this.inputs.length];
			for (int i = 0; i < scales.length; i++) {
				double min = Double.POSITIVE_INFINITY;
				double max = Double.NEGATIVE_INFINITY;
				for (double[] point : points) {
					min = Math.min(min, point[i]);
					max = Math.max(max, point[i]);
				}
				scales[i] = max > min ? 1 / (max - min) : 0;
			}
		}

		@Override
		public Set<WorkloadInput> inputs() {
			Set<WorkloadInput> set = EnumSet.noneOf(WorkloadInput.class);
			set.addAll(Arrays.asList(inputs));
			return Collections.unmodifiableSet(set);
		}

		@Override
		public double delay(WorkloadState state) {
			double[] query = new double[inputs.length];
			for (int i = 0; i < inputs.length; i++) {
				query[i] = state.value(inputs[i]);
			}
			int neighbours = Math.min(NEIGHBOURS, points.length);
			// The nearest points so far, nearest first, as squared scaled distances and row indices.
			double[] nearestDistances = new double[neighbours];
			int[] nearestRows = new int[neighbours];
			Arrays.fill(nearestDistances, Double.POSITIVE_INFINITY);
			for (int row = 0; row < points.length; row++) {
				double distance = squaredScaledDistance(query, points[row]);
				if (distance == 0) {
					return delays[row];
				}
				if (distance < nearestDistances[neighbours - 1]) {
					int slot = neighbours - 1;
					while (slot > 0 && distance < nearestDistances[slot - 1]) {
						nearestDistances[slot] = nearestDistances[slot - 1];
						nearestRows[slot] = nearestRows[slot - 1];
						slot--;
					}
					nearestDistances[slot] = distance;
					nearestRows[slot] = row;
				}
			}
			// Weights 1/d² relative to the nearest point's, which leaves the result unchanged and
			// cannot overflow however close the nearest point is.
			double weightedDelays = 0;
			double weights = 0;
			for (int i = 0; i < neighbours; i++) {
				double weight = nearestDistances[0] / nearestDistances[i];
				weightedDelays += weight * delays[nearestRows[i]];
				weights += weight;
			}
			return weightedDelays / weights;
		}

		private double squaredScaledDistance(double[] query, double[] point) {
			double sum = 0;
			for (int i = 0; i < query.length; i++) {
				double difference = (query[i] - point[i]) * scales[i];
				sum += difference * difference;
			}
			return sum;
		}

		@Override
		public String describe() {
			return description;
		}
	}
}
