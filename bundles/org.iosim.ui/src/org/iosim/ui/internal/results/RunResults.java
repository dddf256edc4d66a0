package org.iosim.ui.internal.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.iosim.report.BusiestResources;
import org.iosim.report.IoConfigurationUse;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A run's {@code results.json} as the results view shows it. Fields the file lacks (an older
 * version, a run without I/O) read as empty lists or NaN; {@code null} numbers (NaN and infinities
 * in the file) read as NaN.
 */
public record RunResults(Path folder, String model, String ioConfiguration, long seed, int replications,
		String stopReason, double simulatedTime, List<Row> scenarios, List<Row> calls, List<Row> resources, List<Row> io,
		List<Series> responseTimeOverTime, List<Series> responseTimeDistribution, List<Series> utilizationOverTime) {

	public static final String FILE = "results.json";

	/** results.json files are written by IOSim and small; the bound keeps a foreign file from exhausting memory. */
	private static final long MAX_FILE_BYTES = 256L * 1024 * 1024;

	static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
			.streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build()).build());

	/** One line of a table: what it is, and its numbers in the order of the table's columns. */
	public record Row(String name, double[] values) {
	}

	/** One scenario's curve: x and y values. */
	public record Series(String name, double[] x, double[] y) {
	}

	/** Times in seconds and rates per second, as in results.json. */
	public static final String[] SCENARIO_COLUMNS = { "Mean response time (s)", "± (95 %) (s)", "Median (s)",
			"90th pct. (s)", "95th pct. (s)", "99th pct. (s)", "Throughput (1/s)", "Measurements" };
	public static final String[] CALL_COLUMNS = { "Mean response time (s)", "± (95 %) (s)", "Median (s)",
			"95th pct. (s)", "Measurements" };
	/** Waiting: requests waiting for a server; in system: waiting or in service (results.json's definitions). */
	public static final String[] RESOURCE_COLUMNS = { "Utilization", "Mean waiting", "Mean in system",
			"Throughput (1/s)", "Mean service time (s)", "Mean response time (s)" };
	public static final String[] IO_COLUMNS = { "Mean delay (s)", "± (95 %) (s)", "Median (s)", "95th pct. (s)",
			"Requests", "Bytes/s", "Mean concurrency" };

	/** @throws IOException naming the file when it cannot be read or is not a results file */
	public static RunResults read(Path folder) throws IOException {
		Path file = folder.resolve(FILE);
		JsonNode root = readTree(file, MAX_FILE_BYTES, "results file");
		if (!root.has("scenarios")) {
			throw new IOException(file + " is not a results file of IOSim (it has no scenarios)");
		}
		List<Row> scenarios = new ArrayList<>();
		List<Series> overTime = new ArrayList<>();
		List<Series> distribution = new ArrayList<>();
		for (JsonNode scenario : root.path("scenarios")) {
			String name = text(scenario, "name");
			JsonNode time = scenario.path("responseTime");
			scenarios.add(new Row(name, new double[] { number(time, "mean"), number(time, "ci95"), number(time, "p50"),
					number(time, "p90"), number(time, "p95"), number(time, "p99"), number(scenario, "throughput"),
					number(time, "count") }));
			overTime.add(series(name, scenario.path("overTime"), "start", "end", "mean"));
			distribution.add(series(name, scenario.path("distribution"), "value", null, "probability"));
		}
		List<Row> calls = new ArrayList<>();
		for (JsonNode call : root.path("calls")) {
			JsonNode time = call.path("responseTime");
			calls.add(new Row(text(call, "caller") + " → " + text(call, "callee"), new double[] { number(time, "mean"),
					number(time, "ci95"), number(time, "p50"), number(time, "p95"), number(time, "count") }));
		}
		List<Row> resources = new ArrayList<>();
		List<JsonNode> followed = new ArrayList<>();
		for (JsonNode resource : root.path("resources")) {
			if (resource.path("utilizationOverTime").size() > 0) {
				followed.add(resource);
			}
			resources.add(new Row(resourceName(resource),
					new double[] { number(resource, "utilization"), number(resource, "meanWaiting"),
							number(resource, "meanInSystem"), number(resource, "throughput"), number(resource, "meanServiceTime"),
							number(resource, "meanResponseTime") }));
		}
		List<Row> io = new ArrayList<>();
		for (JsonNode entry : root.path("io")) {
			JsonNode delay = entry.path("delay");
			String fileSet = entry.path("fileSet").isTextual() ? ", file set " + text(entry, "fileSet") : "";
			io.add(new Row(text(entry, "storage") + " " + text(entry, "type") + fileSet,
					new double[] { number(delay, "mean"), number(delay, "ci95"), number(delay, "p50"), number(delay, "p95"),
							number(entry, "count"), number(entry, "throughputBytesPerSecond"),
							number(entry, "meanConcurrency") }));
		}
		List<Series> utilizationOverTime = new ArrayList<>();
		for (JsonNode resource : BusiestResources.of(followed, resource -> number(resource, "utilization"))) {
			Series fraction = series(resourceName(resource), resource.path("utilizationOverTime"), "start", "end",
					"utilization");
			utilizationOverTime.add(new Series(fraction.name(), fraction.x(),
					Arrays.stream(fraction.y()).map(utilization -> 100 * utilization).toArray()));
		}
		return new RunResults(folder, text(root, "model"), ioConfiguration(root), root.path("seed").asLong(),
				root.path("replications").asInt(),
				text(root, "stopReason"), number(root, "simulatedTime"), scenarios, calls, resources, io, overTime,
				distribution, utilizationOverTime);
	}

	/** Container and type, e.g. {@code AppServer CPU}, as the resources' table names them. */
	private static String resourceName(JsonNode resource) {
		return text(resource, "container") + " " + text(resource, "type");
	}

	/**
	 * The JSON object in a file IOSim wrote; the size bound keeps a foreign file from exhausting memory.
	 *
	 * @throws IOException naming the file when it is too large, unreadable, malformed or not an object
	 */
	static JsonNode readTree(Path file, long maxBytes, String kind) throws IOException {
		if (Files.size(file) > maxBytes) {
			throw new IOException(file + " is larger than " + maxBytes / (1024 * 1024) + " MiB; it is not a " + kind
					+ " of IOSim");
		}
		JsonNode root;
		try (InputStream in = Files.newInputStream(file)) {
			root = JSON.readTree(in);
		} catch (JsonProcessingException malformed) {
			throw new IOException(file + " is not a " + kind + ": " + malformed.getOriginalMessage(), malformed);
		}
		if (root == null || !root.isObject()) {
			throw new IOException(file + " is not a " + kind + " of IOSim (it holds no JSON object)");
		}
		return root;
	}

	/**
	 * Which I/O configuration the run applied, as report.html names it, and how to apply one left beside
	 * the model; results written before IOSim named it say so.
	 */
	private static String ioConfiguration(JsonNode root) {
		if (!root.has("ioConfiguration")) {
			return "not recorded (results written before IOSim named it)";
		}
		List<String> notApplied = new ArrayList<>();
		root.path("ioConfigurationsNotApplied").forEach(name -> notApplied.add(name.asText()));
		JsonNode applied = root.path("ioConfiguration");
		String described = new IoConfigurationUse(applied.isTextual() ? applied.asText() : null, notApplied).describe();
		return applied.isTextual() || notApplied.isEmpty() ? described
				: described + "; Run As on an .ioconfig, or the launch configuration's I/O configuration, applies one";
	}

	/** Points of a curve; with an end field, x is the middle of each window. */
	private static Series series(String name, JsonNode points, String xField, String endField, String yField) {
		int count = points.size();
		double[] x = new double[count];
		double[] y = new double[count];
		for (int i = 0; i < count; i++) {
			JsonNode point = points.get(i);
			x[i] = endField == null ? number(point, xField) : (number(point, xField) + number(point, endField)) / 2;
			y[i] = number(point, yField);
		}
		return new Series(name, x, y);
	}

	static String text(JsonNode node, String field) {
		JsonNode value = node.path(field);
		return value.isValueNode() && !value.isNull() ? value.asText() : "";
	}

	static double number(JsonNode node, String field) {
		JsonNode value = node.path(field);
		return value.isNumber() ? value.asDouble() : Double.NaN;
	}
}
