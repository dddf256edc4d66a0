package org.iosim.characterization.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.iosim.analysis.AccessPattern;
import org.iosim.analysis.WorkloadInput;
import org.iosim.characterization.CharacterizationOptions;
import org.iosim.characterization.Characterizer;
import org.iosim.characterization.IoRecord;
import org.iosim.characterization.WorkloadCharacteristics;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Each metric of 001 Sect. 5.3 on small traces computed by hand. */
class CharacterizerTest {

	private static IoRecord read(double issued, double completed, long offset, long length, String client, String file) {
		return new IoRecord(issued, completed, IoType.READ, offset, length, client, file);
	}

	private static IoRecord write(double issued, double completed, long offset, long length, String client,
			String file) {
		return new IoRecord(issued, completed, IoType.WRITE, offset, length, client, file);
	}

	private static WorkloadCharacteristics characterize(CharacterizationOptions options, IoRecord... requests) {
		Characterizer characterizer = new Characterizer(options);
		for (IoRecord request : requests) {
			characterizer.accept(request);
		}
		return characterizer.result();
	}

	private static WorkloadCharacteristics characterize(IoRecord... requests) {
		return characterize(CharacterizationOptions.DEFAULTS, requests);
	}

	/** In flight: [0, 4) ms, [1, 3) ms, [4, 6) ms, [6, 10) ms; on average 12 ms / 10 ms. */
	private static final IoRecord[] MIXED = {
			read(0.000, 0.004, 0, 4096, "a", "f"),
			write(0.001, 0.003, 8192, 1024, "b", "f"),
			read(0.004, 0.006, 4096, 4096, "a", "f"),
			write(0.006, 0.010, 0, 3072, "b", "g") };

	@Test
	void everyMetricOfAMixedTrace() {
		WorkloadCharacteristics workload = characterize(MIXED);
		assertEquals(4, workload.requests());
		assertEquals(2, workload.reads());
		assertEquals(2, workload.writes());
		assertEquals(4, workload.timedRequests());
		assertEquals(2, workload.clients());
		assertEquals(2, workload.files());
		assertEquals(0.010, workload.observationPeriod(), 1e-15);
		assertEquals(1.2, workload.concurrency(), 1e-12);
		assertEquals(400, workload.arrivalRate(), 1e-9);
		assertEquals(4096, workload.meanReadSize());
		assertEquals(2048, workload.meanWriteSize());
		assertEquals(0.5, workload.readRatio());
		assertEquals(1.0, workload.readSequentiality());
		assertEquals(0, workload.writeSequentiality());
		assertEquals(AccessPattern.SEQUENTIAL, workload.readPattern());
		assertEquals(AccessPattern.RANDOM, workload.writePattern());
		// f: bytes 0 to 9216; g: 0 to 3072
		assertEquals(12288, workload.fileSetSize());
		assertEquals(6144, workload.meanFileSize());
	}

	@Test
	void samplingCountsTheRequestsInFlightInTheMiddleOfEachInterval() {
		// at 0.5, 1.5, ... 9.5 ms: 4 + 2 + 2 + 4 in flight over 10 points
		assertEquals(1.2, characterize(new CharacterizationOptions(1024, 1000), MIXED).concurrency(), 1e-12);
		// one point at 5 ms, where only the read [4, 6) ms is in flight
		assertEquals(1.0, characterize(new CharacterizationOptions(1024, 100), MIXED).concurrency());
		// the first point would be at 0.5 s, after the trace
		assertTrue(Double.isNaN(characterize(new CharacterizationOptions(1024, 1), MIXED).concurrency()));
	}

	@Test
	void concurrencyOfClosedLoopClientsIsTheirNumber() {
		// three clients, each issuing its next request when the last completes, 2 ms each
		IoRecord[] requests = new IoRecord[30];
		for (int i = 0; i < requests.length; i++) {
			int round = i / 3;
			requests[i] = read(0.002 * round, 0.002 * (round + 1), 4096L * i, 4096, "client" + i % 3, "f");
		}
		WorkloadCharacteristics workload = characterize(requests);
		assertEquals(3.0, workload.concurrency(), 1e-12);
		assertEquals(30 / 0.020, workload.arrivalRate(), 1e-9);
		assertEquals(3, workload.clients());
	}

	@Test
	void requestMixAndSizesCountReadsAndWritesApart() {
		WorkloadCharacteristics workload = characterize(read(0, 1, 0, 1000, null, null),
				read(1, 2, 0, 3000, null, null), read(2, 3, 0, 2000, null, null), write(3, 4, 0, 512, null, null));
		assertEquals(0.75, workload.readRatio());
		assertEquals(2000, workload.meanReadSize());
		assertEquals(512, workload.meanWriteSize());
		assertEquals(0, workload.clients());
		assertEquals(1, workload.files(), "requests without a file share one address space");
	}

	@Test
	void withoutWritesTheWriteInputsAreZeroAsInTheSimulation() {
		WorkloadCharacteristics workload = characterize(read(0, 1, 0, 4096, "a", "f"), read(1, 2, 4096, 4096, "a", "f"));
		assertEquals(1.0, workload.readRatio());
		assertEquals(0, workload.meanWriteSize());
		assertEquals(0, workload.writeSequentiality());
		assertEquals(AccessPattern.RANDOM, workload.writePattern());
	}

	@Test
	void interleavedSequentialStreamsOfTwoClientsInOneFileAreSequential() {
		IoRecord[] requests = new IoRecord[200];
		for (int i = 0; i < 100; i++) {
			requests[2 * i] = read(0.001 * i, 0.001 * i + 0.0005, 65536L * i, 65536, "a", "f");
			requests[2 * i + 1] = read(0.001 * i, 0.001 * i + 0.0005, (1L << 30) + 4096L * i, 4096, "b", "f");
		}
		WorkloadCharacteristics workload = characterize(requests);
		assertEquals(1.0, workload.readSequentiality());
		assertEquals(AccessPattern.SEQUENTIAL, workload.readPattern());
	}

	@Test
	void requestsInDifferentFilesNeverContinueEachOther() {
		WorkloadCharacteristics apart = characterize(read(0, 1, 0, 4096, "a", "f"), read(1, 2, 4096, 4096, "a", "g"));
		assertEquals(0, apart.readSequentiality());
		WorkloadCharacteristics together = characterize(read(0, 1, 0, 4096, "a", "f"),
				read(1, 2, 4096, 4096, "b", "f"));
		assertEquals(1, together.readSequentiality());
	}

	@Test
	void readsAndWritesAreRecognisedApart() {
		// a write between two consecutive reads does not interrupt them, and does not continue them
		WorkloadCharacteristics workload = characterize(read(0, 1, 0, 8, null, null), write(1, 2, 8, 8, null, null),
				read(2, 3, 8, 8, null, null));
		assertEquals(1, workload.readSequentiality());
		assertEquals(0, workload.writeSequentiality());
	}

	@Test
	void theWindowLengthLimitsHowFarAContinuationMayBe() {
		IoRecord[] requests = { read(0, 1, 0, 8, null, null), read(1, 2, 100, 8, null, null),
				read(2, 3, 8, 8, null, null) };
		assertEquals(2.0 / 3, characterize(new CharacterizationOptions(3, 1000), requests).readSequentiality(), 1e-15);
		assertEquals(0, characterize(new CharacterizationOptions(2, 1000), requests).readSequentiality());
	}

	@Test
	void requestsWithoutCompletionCountForArrivalsButNotForConcurrency() {
		WorkloadCharacteristics untimed = characterize(read(0, Double.NaN, 0, 8, null, null),
				read(Double.NaN, 2, 8, 8, null, null));
		assertEquals(0, untimed.timedRequests());
		assertTrue(Double.isNaN(untimed.concurrency()));
		assertEquals(1.0, untimed.arrivalRate());
		assertEquals(2, untimed.observationPeriod());
		WorkloadCharacteristics partly = characterize(read(0, 0.002, 0, 8, null, null),
				read(Double.NaN, 0.004, 8, 8, null, null));
		assertEquals(1, partly.timedRequests());
		assertEquals(0.5, partly.concurrency(), 1e-12);
	}

	@Test
	void anInstantaneousTraceHasNoIntensity() {
		WorkloadCharacteristics workload = characterize(read(1, 1, 0, 8, null, null));
		assertEquals(0, workload.observationPeriod());
		assertTrue(Double.isNaN(workload.arrivalRate()));
		assertTrue(Double.isNaN(workload.concurrency()));
	}

	@Test
	void noRequestsNoCharacteristics() {
		Characterizer empty = new Characterizer(CharacterizationOptions.DEFAULTS);
		assertEquals(0, empty.requests());
		IllegalStateException problem = assertThrows(IllegalStateException.class, empty::result);
		assertEquals("no read or write requests to characterize", problem.getMessage());
	}

	@Test
	void metricsAreKeyedByWorkloadInputNamesThenTheExtras() {
		Map<String, Double> metrics = characterize(MIXED).metrics();
		List<String> names = List.copyOf(metrics.keySet());
		assertEquals(List.of("concurrency", "meanReadSize", "meanWriteSize", "readPattern", "writePattern", "readRatio",
				"fileSetSize", "readSequentiality", "writeSequentiality"), names.subList(0, 9));
		names.subList(0, 9).forEach(name -> assertTrue(WorkloadInput.named(name).isPresent(), name));
		assertEquals(List.of("readSequentialityByChance", "writeSequentialityByChance", "arrivalRate", "meanFileSize", "observationPeriod", "requests", "reads", "writes",
				"timedRequests", "clients", "files"), names.subList(9, names.size()));
		assertEquals(1.0, metrics.get("readPattern"));
		assertEquals(0.0, metrics.get("writePattern"));
		assertEquals(2048.0, metrics.get("meanWriteSize"));
	}

	@Test
	void textShowsEachMetricWithItsUnit() {
		List<String> lines = characterize(MIXED).textLines();
		assertEquals(20, lines.size());
		assertEquals("concurrency          1.2 requests in flight", lines.get(0));
		assertEquals("meanReadSize         4096 bytes", lines.get(1));
		assertEquals("readPattern          1 sequential", lines.get(3));
		assertEquals("readRatio            0.5", lines.get(5));
		assertEquals("arrivalRate          400 requests/s", lines.get(11));
		List<String> undefined = characterize(read(1, 1, 0, 8, null, null)).textLines();
		assertEquals("concurrency          undefined requests in flight", undefined.get(0));
	}

	@Test
	void jsonHoldsOptionsAndMetricsWithNullWhereUndefined() throws Exception {
		JsonNode json = new ObjectMapper().readTree(characterize(MIXED).toJson());
		assertEquals(1024, json.get("options").get("windowLength").asInt());
		assertTrue(json.get("options").get("samplingFrequency").isNull(), "the exact time average");
		JsonNode sampled = new ObjectMapper().readTree(characterize(new CharacterizationOptions(8, 1000), MIXED).toJson());
		assertEquals(1000.0, sampled.get("options").get("samplingFrequency").asDouble());
		assertEquals(1.2, json.get("metrics").get("concurrency").asDouble(), 1e-12);
		assertEquals(4096, json.get("metrics").get("meanReadSize").asLong());
		assertEquals(20, json.get("metrics").size());
		JsonNode undefined = new ObjectMapper().readTree(characterize(read(1, 1, 0, 8, null, null)).toJson());
		assertTrue(undefined.get("metrics").get("arrivalRate").isNull());
	}

	@Test
	void optionsAreChecked() {
		IllegalArgumentException window = assertThrows(IllegalArgumentException.class,
				() -> new CharacterizationOptions(0, 1000));
		assertEquals("the window length must lie in [1, 1048576] but is 0", window.getMessage());
		assertThrows(IllegalArgumentException.class, () -> new CharacterizationOptions(1 << 21, 1000));
		assertThrows(IllegalArgumentException.class, () -> new CharacterizationOptions(1024, 0));
		assertThrows(IllegalArgumentException.class, () -> new CharacterizationOptions(1024, Double.NaN));
		assertTrue(new CharacterizationOptions(1024, Double.POSITIVE_INFINITY).exactTimeAverage());
		assertTrue(CharacterizationOptions.DEFAULTS.exactTimeAverage());
	}

	@Test
	void recordsAreChecked() {
		assertThrows(IllegalArgumentException.class, () -> read(Double.NaN, Double.NaN, 0, 8, null, null));
		assertThrows(IllegalArgumentException.class, () -> read(2, 1, 0, 8, null, null));
		assertThrows(IllegalArgumentException.class, () -> read(0, 1, -1, 8, null, null));
		assertThrows(IllegalArgumentException.class, () -> read(0, 1, 0, 0, null, null));
		assertThrows(IllegalArgumentException.class, () -> read(0, 1, Long.MAX_VALUE, 1, null, null));
		assertThrows(IllegalArgumentException.class, () -> read(Double.NEGATIVE_INFINITY, 1, 0, 1, null, null));
	}
}
