package org.iosim.ui.internal.results;

import static org.iosim.ui.internal.results.RunResults.number;
import static org.iosim.ui.internal.results.RunResults.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.ToDoubleFunction;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.iosim.sweep.SweepCharts;
import org.iosim.sweep.SweepDefinition;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A sweep's {@code sweep.json} as the results view shows it: its load curves, each with the pooled
 * throughput and response time of its points (mean and standard error over the replications), the
 * asymptotic bounds of a closed workload, the saturation point, N* and the bottleneck findings.
 * Numbers the file gives as {@code null} (one replication's SE, no saturation) read as NaN.
 */
public record SweepResults(Path folder, List<String> parameters, int replications, long seed, List<Curve> curves) {

	public static final String FILE = "sweep.json";

	/** A reading's progress is counted in thousandths of the file. */
	private static final int PROGRESS_STEPS = 1_000;

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
			return line(seriesName, Point::throughput);
		}

		public RunResults.Series responseTime(String seriesName) {
			return line(seriesName, Point::responseTime);
		}

		public RunResults.Series p75ResponseTime(String seriesName) {
			return line(seriesName, Point::p75ResponseTime);
		}

		/** A figure against the load, through the points a line is drawn through ({@link SweepCharts#pointsDrawn}). */
		private RunResults.Series line(String seriesName, ToDoubleFunction<Point> figure) {
			int[] drawn = SweepCharts.pointsDrawn(points.size());
			double[] loads = new double[drawn.length];
			double[] values = new double[drawn.length];
			for (int i = 0; i < drawn.length; i++) {
				loads[i] = points.get(drawn[i]).load();
				values[i] = figure.applyAsDouble(points.get(drawn[i]));
			}
			return new RunResults.Series(seriesName, loads, values);
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
	}

	/** As {@link #read(Path, IProgressMonitor)}, without progress. */
	public static SweepResults read(Path folder) throws IOException {
		return read(folder, new NullProgressMonitor());
	}

	/**
	 * Reads the file a point at a time, keeping of each point only its values and its scenarios'
	 * figures, so that a sweep of a million points (a sweep.json of gigabytes, read in about 20 s) can
	 * be shown; the monitor follows the bytes read and may cancel.
	 *
	 * @throws IOException                naming the file when it cannot be read or is not a sweep's results
	 * @throws OperationCanceledException when the monitor cancelled the reading
	 */
	public static SweepResults read(Path folder, IProgressMonitor monitor) throws IOException {
		Path file = folder.resolve(FILE);
		SubMonitor progress = SubMonitor.convert(monitor, "Reading " + file, PROGRESS_STEPS);
		long bytes = Math.max(1, Files.size(file));
		int[] stepsDone = { 0 };
		List<String> parameters = new ArrayList<>();
		int replications = 0;
		long seed = 0;
		List<PointFigures> points = null;
		List<Curve> curves = null;
		try (JsonParser json = RunResults.JSON.createParser(file.toFile())) {
			if (json.nextToken() != JsonToken.START_OBJECT) {
				throw notASweep(file, "it holds no JSON object");
			}
			while (json.nextToken() == JsonToken.FIELD_NAME) {
				String field = json.currentName();
				json.nextToken();
				switch (field) {
				case "parameters" -> {
					JsonNode names = RunResults.JSON.readTree(json);
					names.forEach(parameter -> parameters.add(parameter.asText()));
				}
				case "replications" -> replications = json.getValueAsInt();
				case "seed" -> seed = json.getValueAsLong();
				case "points" -> points = points(json, file, parameters, read -> {
					progress.checkCanceled();
					int steps = (int) Math.min(PROGRESS_STEPS, PROGRESS_STEPS * read / bytes);
					progress.worked(steps - stepsDone[0]);
					stepsDone[0] = steps;
				});
				case "curves" -> {
					if (points == null) {
						throw notASweep(file, "its curves come before its points");
					}
					curves = curves(json, file, parameters, points);
				}
				default -> json.skipChildren();
				}
			}
		} catch (JsonProcessingException malformed) {
			throw new IOException(file + " is not a sweep's results file: " + malformed.getOriginalMessage(), malformed);
		}
		if (points == null || curves == null) {
			throw notASweep(file, "it has no points or curves");
		}
		return new SweepResults(folder, parameters, replications, seed, curves);
	}

	private static IOException notASweep(Path file, String why) {
		return new IOException(file + " is not a sweep's results file of IOSim (" + why + ")");
	}

	/** What the view needs of one point: its values (in the order of the parameters) and its scenarios' figures. */
	private record PointFigures(String[] values, List<ScenarioFigures> scenarios) {
	}

	private record ScenarioFigures(String name, double responseTime, double responseTimeSe, double p75ResponseTime,
			double throughput, double throughputSe) {
	}

	/** The points' list, read an entry at a time; a sweep has at most {@link SweepDefinition#MAX_POINTS}. */
	private static List<PointFigures> points(JsonParser json, Path file, List<String> parameters, LongConsumer bytesRead)
			throws IOException {
		if (json.currentToken() != JsonToken.START_ARRAY) {
			throw notASweep(file, "its points are not a list");
		}
		List<PointFigures> points = new ArrayList<>();
		Map<String, String> names = new HashMap<>();
		while (json.nextToken() == JsonToken.START_OBJECT) {
			if (points.size() == SweepDefinition.MAX_POINTS) {
				throw notASweep(file, "it has more than " + SweepDefinition.MAX_POINTS + " points");
			}
			JsonNode point = RunResults.JSON.readTree(json);
			if (points.size() % 1_000 == 0) {
				bytesRead.accept(json.currentLocation().getByteOffset());
			}
			String[] values = new String[parameters.size()];
			for (int i = 0; i < values.length; i++) {
				values[i] = names.computeIfAbsent(text(point.path("values"), parameters.get(i)), value -> value);
			}
			List<ScenarioFigures> scenarios = new ArrayList<>(1);
			for (JsonNode figures : point.path("scenarios")) {
				scenarios.add(new ScenarioFigures(names.computeIfAbsent(text(figures, "name"), name -> name),
						number(figures.path("responseTime"), "mean"), number(figures.path("responseTime"), "se"),
						number(figures.path("p75ResponseTime"), "mean"), number(figures.path("throughput"), "mean"),
						number(figures.path("throughput"), "se")));
			}
			points.add(new PointFigures(values, scenarios));
		}
		if (json.currentToken() != JsonToken.END_ARRAY) {
			throw notASweep(file, "an entry of its points is not an object");
		}
		return points;
	}

	private static List<Curve> curves(JsonParser json, Path file, List<String> parameters, List<PointFigures> points)
			throws IOException {
		JsonNode all = RunResults.JSON.readTree(json);
		if (!all.isArray()) {
			throw notASweep(file, "its curves are not a list");
		}
		List<Curve> curves = new ArrayList<>();
		for (JsonNode curve : all) {
			String load = text(curve, "load");
			String scenario = text(curve, "scenario");
			int loadParameter = parameters.indexOf(load);
			List<Point> curvePoints = new ArrayList<>();
			for (JsonNode pointNumber : curve.path("points")) {
				int index = pointNumber.asInt();
				if (index < 1 || index > points.size()) {
					throw new IOException(file + ": curve of " + scenario + " names point " + index + ", but the sweep has "
							+ points.size());
				}
				curvePoints.add(point(points.get(index - 1), index, loadParameter, scenario));
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
		return curves;
	}

	/** The point's load value and the figures of the curve's scenario (by name, as the curve names it). */
	private static Point point(PointFigures point, int index, int loadParameter, String scenario) {
		double loadValue;
		try {
			loadValue = loadParameter < 0 ? Double.NaN : Double.parseDouble(point.values()[loadParameter]);
		} catch (NumberFormatException notANumber) {
			loadValue = Double.NaN;
		}
		ScenarioFigures figures = null;
		for (ScenarioFigures candidate : point.scenarios()) {
			if (scenario.equals(candidate.name())) {
				figures = candidate;
			}
		}
		if (figures == null) {
			return new Point(index, loadValue, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
		}
		return new Point(index, loadValue, figures.responseTime(), figures.responseTimeSe(), figures.p75ResponseTime(),
				figures.throughput(), figures.throughputSe());
	}
}
