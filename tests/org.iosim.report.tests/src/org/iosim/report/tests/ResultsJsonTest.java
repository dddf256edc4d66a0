package org.iosim.report.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.iosim.report.ResultWriter;
import org.iosim.engine.SimulationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class ResultsJsonTest {

	private static final ObjectMapper MAPPER = new ObjectMapper();
	private static final Pattern WALL_CLOCK_FIELD = Pattern.compile("\"wallClockSeconds\": [^,\n]+");

	@TempDir
	Path temp;

	@Test
	void topLevelHoldsTheRunsSummaryInTheDocumentedOrder() throws IOException {
		JsonNode json = writeAndParse(SampleResults.sample(12.5));

		assertEquals(List.of("model", "seed", "replications", "events", "stopReason", "simulatedTime",
				"wallClockSeconds", "scenarios", "calls", "resources", "passiveResources", "io"), fieldNames(json));
		assertEquals("Media Store", json.get("model").asText());
		assertEquals(42, json.get("seed").asLong());
		assertEquals(2, json.get("replications").asInt());
		assertEquals(1_234_567, json.get("events").asLong());
		assertEquals("max measurements", json.get("stopReason").asText());
		assertEquals(3600.5, json.get("simulatedTime").asDouble());
		assertEquals(12.5, json.get("wallClockSeconds").asDouble());
	}

	@Test
	void scenariosCarryTheirResponseTimeSummary() throws IOException {
		JsonNode scenarios = writeAndParse(SampleResults.sample(1)).get("scenarios");

		assertEquals(2, scenarios.size());
		JsonNode checkout = scenarios.get(0);
		assertEquals("_checkout", checkout.get("id").asText());
		assertEquals(SampleResults.HOSTILE_NAME, checkout.get("name").asText());
		assertEquals(2.5, checkout.get("throughput").asDouble());
		JsonNode responseTime = checkout.get("responseTime");
		assertEquals(List.of("mean", "ci95", "count", "stdDev", "min", "max", "p50", "p90", "p95", "p99"),
				fieldNames(responseTime));
		assertEquals(0.25, responseTime.get("mean").asDouble());
		assertEquals(0.0125, responseTime.get("ci95").asDouble());
		assertEquals(1000, responseTime.get("count").asLong());
		assertEquals(0.1, responseTime.get("stdDev").asDouble());
		assertEquals(0.01, responseTime.get("min").asDouble());
		assertEquals(1.5, responseTime.get("max").asDouble());
		assertEquals(0.2, responseTime.get("p50").asDouble());
		assertEquals(0.4, responseTime.get("p90").asDouble());
		assertEquals(0.5, responseTime.get("p95").asDouble());
		assertEquals(0.9, responseTime.get("p99").asDouble());
		assertEquals(3, checkout.get("overTime").size());
		assertEquals(99, checkout.get("distribution").size());
		assertEquals(SampleResults.COMMA_QUOTE_NAME, scenarios.get(1).get("name").asText());
	}

	@Test
	void notANumberBecomesNull() throws IOException {
		Path folder = ResultWriter.write(SampleResults.sample(1), temp.resolve("out"), false);
		String text = Files.readString(folder.resolve(ResultWriter.RESULTS_JSON), StandardCharsets.UTF_8);
		JsonNode scenarios = MAPPER.readTree(text).get("scenarios");

		assertTrue(scenarios.get(1).get("responseTime").get("ci95").isNull());
		assertTrue(scenarios.get(0).get("overTime").get(1).get("mean").isNull());
		assertFalse(text.contains("NaN"), text);
	}

	@Test
	void callsAreLabelledByKind() throws IOException {
		JsonNode calls = writeAndParse(SampleResults.sample(1)).get("calls");

		assertEquals(2, calls.size());
		JsonNode entryLevel = calls.get(0);
		assertEquals(List.of("kind", "id", "caller", "callee", "responseTime"), fieldNames(entryLevel));
		assertEquals("entry-level", entryLevel.get("kind").asText());
		assertEquals("_call1", entryLevel.get("id").asText());
		assertEquals(SampleResults.HOSTILE_NAME, entryLevel.get("caller").asText());
		assertEquals("WebGUI.checkout", entryLevel.get("callee").asText());
		assertEquals(0.24, entryLevel.get("responseTime").get("mean").asDouble());
		JsonNode external = calls.get(1);
		assertEquals("external", external.get("kind").asText());
		assertEquals("MediaDB.store", external.get("callee").asText());
		assertEquals(2000, external.get("responseTime").get("count").asLong());
	}

	@Test
	void resourcesAndPassiveResourcesKeepAllTheirFigures() throws IOException {
		JsonNode json = writeAndParse(SampleResults.sample(1));

		JsonNode resources = json.get("resources");
		assertEquals(3, resources.size());
		JsonNode hdd = resources.get(1);
		assertEquals(List.of("id", "container", "type", "schedulingPolicy", "servers", "utilization",
				"meanWaiting", "meanInSystem", "throughput", "meanServiceTime", "meanResponseTime"), fieldNames(hdd));
		assertEquals("_hdd", hdd.get("id").asText());
		assertEquals("DB, \"primary\"", hdd.get("container").asText());
		assertEquals("HDD", hdd.get("type").asText());
		assertEquals("FCFS", hdd.get("schedulingPolicy").asText());
		assertEquals(1, hdd.get("servers").asInt());
		assertEquals(0.875, hdd.get("utilization").asDouble());
		assertEquals(3.125, hdd.get("meanWaiting").asDouble());
		assertEquals(4, hdd.get("meanInSystem").asDouble());
		assertEquals(5, hdd.get("throughput").asDouble());
		assertEquals(0.175, hdd.get("meanServiceTime").asDouble());
		assertEquals(0.8, hdd.get("meanResponseTime").asDouble());
		assertEquals(4, resources.get(0).get("servers").asInt());

		JsonNode pool = json.get("passiveResources").get(0);
		assertEquals(List.of("id", "owner", "name", "capacity", "utilization", "meanWaitingTime", "acquisitions"),
				fieldNames(pool));
		assertEquals("_pool", pool.get("id").asText());
		assertEquals("MediaDB", pool.get("owner").asText());
		assertEquals("ConnectionPool", pool.get("name").asText());
		assertEquals(8, pool.get("capacity").asInt());
		assertEquals(0.5, pool.get("utilization").asDouble());
		assertEquals(0.02, pool.get("meanWaitingTime").asDouble());
		assertEquals(3000, pool.get("acquisitions").asLong());
	}

	@Test
	void sameResultGivesSameBytesApartFromWallClockTime() throws IOException {
		String first = jsonText(SampleResults.sample(1.5), "first");
		String second = jsonText(SampleResults.sample(98.25), "second");

		assertNotEquals(first, second);
		assertEquals(withoutWallClockTime(first), withoutWallClockTime(second));
	}

	@Test
	void numbersDoNotDependOnTheLocale() throws IOException {
		Locale original = Locale.getDefault();
		byte[] german;
		try {
			Locale.setDefault(Locale.GERMANY);
			german = Files.readAllBytes(ResultWriter.write(SampleResults.sample(1), temp.resolve("de"), false)
					.resolve(ResultWriter.RESULTS_JSON));
		} finally {
			Locale.setDefault(original);
		}
		byte[] root = Files.readAllBytes(ResultWriter.write(SampleResults.sample(1), temp.resolve("root"), false)
				.resolve(ResultWriter.RESULTS_JSON));

		assertEquals(new String(root, StandardCharsets.UTF_8), new String(german, StandardCharsets.UTF_8));
		assertTrue(new String(german, StandardCharsets.UTF_8).contains("\"simulatedTime\": 3600.5"));
	}

	private JsonNode writeAndParse(SimulationResult result) throws IOException {
		Path folder = ResultWriter.write(result, temp.resolve("out"), false);
		return MAPPER.readTree(folder.resolve(ResultWriter.RESULTS_JSON).toFile());
	}

	private String jsonText(SimulationResult result, String folderName) throws IOException {
		Path folder = ResultWriter.write(result, temp.resolve(folderName), false);
		return new String(Files.readAllBytes(folder.resolve(ResultWriter.RESULTS_JSON)), StandardCharsets.UTF_8);
	}

	/** Replaces the value of the one wallClockSeconds field by a placeholder. */
	private static String withoutWallClockTime(String json) {
		Matcher wallClock = WALL_CLOCK_FIELD.matcher(json);
		assertTrue(wallClock.find(), json);
		assertFalse(wallClock.find(), "wallClockSeconds must appear once");
		return WALL_CLOCK_FIELD.matcher(json).replaceFirst("\"wallClockSeconds\": _");
	}

	private static List<String> fieldNames(JsonNode object) {
		List<String> names = new ArrayList<>();
		for (Iterator<String> it = object.fieldNames(); it.hasNext();) {
			names.add(it.next());
		}
		return names;
	}

	@Test
	void ioEntriesCarryStorageTypeDelayCountAndThroughput() throws IOException {
		JsonNode io = writeAndParse(SampleResults.sample(1.0)).get("io");
		assertEquals(3, io.size());
		JsonNode reads = io.get(0);
		assertEquals("<b>array</b>", reads.get("storage").asText());
		assertEquals("read", reads.get("type").asText());
		assertTrue(reads.get("fileSet").isNull());
		assertEquals(0.004, reads.get("delay").get("mean").asDouble(), 1e-15);
		assertEquals(0.0002, reads.get("delay").get("ci95").asDouble(), 1e-15);
		assertEquals(800, reads.get("count").asLong());
		assertEquals(1.6e6, reads.get("throughputBytesPerSecond").asDouble(), 1e-6);
		assertEquals("mail", io.get(1).get("fileSet").asText());
		assertTrue(io.get(2).get("delay").get("ci95").isNull(), "NaN is written as null");
	}
}
