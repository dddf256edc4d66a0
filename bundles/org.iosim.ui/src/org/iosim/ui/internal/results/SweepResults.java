package org.iosim.ui.internal.results;

import static org.iosim.ui.internal.results.RunResults.number;
import static org.iosim.ui.internal.results.RunResults.text;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A sweep's {@code sweep.json} as the results view shows it: its load curves, each with the pooled
 * throughput and response time of its points (mean and standard error over the replications), the
 * asymptotic bounds of a closed workload, the saturation point, N* and the bottleneck findings.
 * Numbers the file gives as {@code null} (one replication's SE, no saturation) read as NaN.
 */
public record SweepResults(Path folder, List<String> parameters, int replications, long seed, List<Curve> curves) {

	public static final String FILE = "sweep.json";

	/** A sweep of 100,000 points with several scenarios and resources stays far below this. */
	private static final long MAX_FILE_BYTES = 1024L * 1024 * 1024;

	/** One point of a curve: its load and its scenario's pooled figures. */
	public record Point(int index, double load, double responseTime, double responseTimeSe, double p75ResponseTime,
			double throughput, double throughputSe) {
	}

	/**
	 * A scenario's figures against the load, the other parameters fixed. {@code demand} (D),
	 * {@code thinkTime} (Z), {@code maxDemand} (D_max) and {@code boundKnee} (N*) are NaN for an open
	 * workload, {@code saturation} when the sweep did not reach it.
	 */
	public record Curve(String load, String scenario, Map<String, String> fixed, List<Point> points, double saturation,
			double demand, double thinkTime, double maxDemand, double boundKnee, List<String> bottlenecks) {

		/** The scenario, and the values of the parameters that stay fixed along the curve. */
		public String name() {
			StringBuilder name = new StringBuilder(scenario);
			fixed.forEach((parameter, value) -> name.append(", ").append(parameter).append(" = ").append(value));
			return name.toString();
		}

		/** A closed workload's curve has bounds: the load is its population. */
		public boolean closed() {
			return Double.isFinite(thinkTime) && Double.isFinite(maxDemand) && maxDemand > 0;
		}

		/** Throughput ≤ min(N / (D + Z), 1 / D_max) at the ends of the curve's loads and at N*. */
		public RunResults.Series throughputBound() {
			double[] loads = boundLoads();
			double[] bound = new double[loads.length];
			for (int i = 0; i < loads.length; i++) {
				bound[i] = Math.min(loads[i] / (demand + thinkTime), 1 / maxDemand);
			}
			return new RunResults.Series("bound min(N/(D+Z), 1/D_max)", loads, bound);
		}

		/** Response time ≥ max(D, N · D_max − Z) at the same loads. */
		public RunResults.Series responseTimeBound() {
			double[] loads = boundLoads();
			double[] bound = new double[loads.length];
			for (int i = 0; i < loads.length; i++) {
				bound[i] = Math.max(demand, loads[i] * maxDemand - thinkTime);
			}
			return new RunResults.Series("bound max(D, N·D_max − Z)", loads, bound);
		}

		private double[] boundLoads() {
			double first = points.get(0).load();
			double last = points.get(points.size() - 1).load();
			return boundKnee > first && boundKnee < last ? new double[] { first, boundKnee, last }
					: new double[] { first, last };
		}

		public RunResults.Series throughput(String seriesName) {
			return new RunResults.Series(seriesName, loads(), points.stream().mapToDouble(Point::throughput).toArray());
		}

		public RunResults.Series responseTime(String seriesName) {
			return new RunResults.Series(seriesName, loads(), points.stream().mapToDouble(Point::responseTime).toArray());
		}

		public RunResults.Series p75ResponseTime(String seriesName) {
			return new RunResults.Series(seriesName, loads(),
					points.stream().mapToDouble(Point::p75ResponseTime).toArray());
		}

		/** The values of the parameters that stay fixed along the curve, or its scenario when none do. */
		public String distinction() {
			if (fixed.isEmpty()) {
				return scenario;
			}
			List<String> values = new ArrayList<>();
			fixed.forEach((parameter, value) -> values.add(parameter + " = " + value));
			return String.join(", ", values);
		}

		private double[] loads() {
			return points.stream().mapToDouble(Point::load).toArray();
		}
	}

	/** @throws IOException naming the file when it cannot be read or is not a sweep's results */
	public static SweepResults read(Path folder) throws IOException {
		Path file = folder.resolve(FILE);
		JsonNode root = RunResults.readTree(file, MAX_FILE_BYTES, "sweep's results file");
		if (!root.path("points").isArray() || !root.path("curves").isArray()) {
			throw new IOException(file + " is not a sweep's results file of IOSim (it has no points or curves)");
		}
		JsonNode points = root.path("points");
		List<Curve> curves = new ArrayList<>();
		for (JsonNode curve : root.path("curves")) {
			String load = text(curve, "load");
			String scenario = text(curve, "scenario");
			List<Point> curvePoints = new ArrayList<>();
			for (JsonNode pointNumber : curve.path("points")) {
				int index = pointNumber.asInt();
				if (index < 1 || index > points.size()) {
					throw new IOException(file + ": curve of " + scenario + " names point " + index + ", but the sweep has "
							+ points.size());
				}
				curvePoints.add(point(points.get(index - 1), index, load, scenario));
			}
			if (curvePoints.isEmpty()) {
				continue;
			}
			Map<String, String> fixed = new LinkedHashMap<>();
			curve.path("fixed").properties().forEach(entry -> fixed.put(entry.getKey(), entry.getValue().asText()));
			List<String> bottlenecks = new ArrayList<>();
			curve.path("bottlenecks").forEach(bottleneck -> bottlenecks.add(text(bottleneck, "reason")));
			curves.add(new Curve(load, scenario, fixed, curvePoints, number(curve, "saturationPoint"),
					number(curve, "demand"), number(curve, "thinkTime"), number(curve, "maxDemand"),
					number(curve, "boundKnee"), bottlenecks));
		}
		List<String> parameters = new ArrayList<>();
		root.path("parameters").forEach(parameter -> parameters.add(parameter.asText()));
		return new SweepResults(folder, parameters, root.path("replications").asInt(), root.path("seed").asLong(), curves);
	}

	/** The point's load value and the figures of the curve's scenario (by name, as the curve names it). */
	private static Point point(JsonNode point, int index, String load, String scenario) {
		double loadValue;
		try {
			loadValue = Double.parseDouble(text(point.path("values"), load));
		} catch (NumberFormatException notANumber) {
			loadValue = Double.NaN;
		}
		JsonNode figures = null;
		for (JsonNode candidate : point.path("scenarios")) {
			if (scenario.equals(text(candidate, "name"))) {
				figures = candidate;
			}
		}
		if (figures == null) {
			return new Point(index, loadValue, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
		}
		return new Point(index, loadValue, number(figures.path("responseTime"), "mean"),
				number(figures.path("responseTime"), "se"), number(figures.path("p75ResponseTime"), "mean"),
				number(figures.path("throughput"), "mean"), number(figures.path("throughput"), "se"));
	}
}
