package org.iosim.measure.internal;

import java.util.Optional;

import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads fio's JSON report of a job run with {@code --group_reporting} and latency percentiles. */
public final class FioReport {

	private static final ObjectMapper JSON = new ObjectMapper();

	private FioReport() {
	}

	/**
	 * @param output  fio's standard output; anything before the JSON object (fio's notes) is skipped
	 * @param elapsed wall seconds the run took
	 * @throws IllegalArgumentException if the report lacks what a run must report
	 */
	public static RunResult parse(String output, double elapsed) {
		int start = output.indexOf('{');
		if (start < 0) {
			throw new IllegalArgumentException("no JSON object in its output");
		}
		JsonNode job;
		try {
			JsonNode root = JSON.readTree(output.substring(start));
			job = root.path("jobs").path(0);
		} catch (JsonProcessingException invalid) {
			throw new IllegalArgumentException("not valid JSON: " + invalid.getOriginalMessage());
		}
		if (!job.isObject()) {
			throw new IllegalArgumentException("no job in the report");
		}
		if (job.path("error").asInt(0) != 0) {
			throw new IllegalArgumentException("the job ended with error " + job.path("error").asInt());
		}
		return new RunResult(latencies(job.path("read"), "read"), withFlushes(latencies(job.path("write"), "write"),
				job.path("sync")), elapsed, output.substring(start));
	}

	/**
	 * A write followed by fdatasync completes, for the application, when the flush does; fio reports
	 * the flushes apart ({@code sync.lat_ns}), so their time is added to the writes': the mean by the
	 * flushes per write, the percentiles as the sum of both percentiles (an approximation: a write's
	 * time and its flush's are not independent). O_SYNC writes include their flush already.
	 */
	private static Optional<Latencies> withFlushes(Optional<Latencies> writes, JsonNode sync) {
		JsonNode latency = sync.path("lat_ns");
		long flushes = latency.path("N").asLong(0);
		if (writes.isEmpty() || flushes == 0) {
			return writes;
		}
		Latencies plain = writes.get();
		JsonNode percentiles = latency.path("percentile");
		double perWrite = (double) flushes / plain.requests();
		return Optional.of(new Latencies(plain.requests(), plain.requestsPerSecond(), plain.bytesPerSecond(),
				plain.mean() + perWrite * number(latency, "mean", "sync.lat_ns").doubleValue() / 1e9,
				plain.p50() + percentile(percentiles, "50.000000", "sync"),
				plain.p95() + percentile(percentiles, "95.000000", "sync"),
				plain.p99() + percentile(percentiles, "99.000000", "sync")));
	}

	private static Optional<Latencies> latencies(JsonNode direction, String name) {
		long requests = number(direction, "total_ios", name).longValue();
		if (requests == 0) {
			return Optional.empty();
		}
		JsonNode latency = direction.path("lat_ns");
		JsonNode percentiles = latency.path("percentile");
		return Optional.of(new Latencies(requests, number(direction, "iops", name).doubleValue(),
				number(direction, "bw_bytes", name).doubleValue(), number(latency, "mean", name + ".lat_ns") .doubleValue() / 1e9,
				percentile(percentiles, "50.000000", name), percentile(percentiles, "95.000000", name),
				percentile(percentiles, "99.000000", name)));
	}

	private static double percentile(JsonNode percentiles, String key, String name) {
		return number(percentiles, key, name + ".lat_ns.percentile").doubleValue() / 1e9;
	}

	private static Number number(JsonNode node, String key, String where) {
		JsonNode value = node.get(key);
		if (value == null || !value.isNumber() || !Double.isFinite(value.asDouble()) || value.asDouble() < 0) {
			throw new IllegalArgumentException(where + "." + key + " is missing or not a number");
		}
		return value.numberValue();
	}
}
