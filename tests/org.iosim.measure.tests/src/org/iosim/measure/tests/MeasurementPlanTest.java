package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlanException;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.StorageWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MeasurementPlanTest {

	@TempDir
	Path folder;

	private MeasurementPlan plan(String json) throws IOException, PlanException {
		Path file = folder.resolve("plan.json");
		Files.writeString(file, json);
		return MeasurementPlan.load(file);
	}

	@Test
	void fullFactorialRunsEveryCombinationOfLevels() throws Exception {
		MeasurementPlan plan = plan("""
				{"name": "ff", "seed": 3, "repetitions": 2, "warmup": 0, "duration": 1,
				 "factors": {"requestSize": ["4 KiB", 65536], "readRatio": [0, 0.7, 1], "pattern": ["random", "sequential"],
				             "concurrency": [1, 8], "io": ["buffered", "direct"], "fileSetSize": "1 GiB"}}""");
		List<StorageWorkload> configurations = plan.configurations();
		assertEquals(2 * 3 * 2 * 2 * 2, configurations.size());
		assertEquals(configurations.size(), new HashSet<>(configurations).size(), "no configuration twice");
		assertTrue(configurations.contains(new StorageWorkload(4096, 0.7, true, 1L << 30, 8, 1, true)));
		assertTrue(configurations.stream().allMatch(workload -> workload.fileSetSize() == 1L << 30));
		assertEquals(48 * 2, plan.runs().size());
	}

	@Test
	void runsCoverEachConfigurationAndRepetitionOnceInASeededOrder() throws Exception {
		String json = """
				{"seed": %d, "repetitions": 3, "factors": {"concurrency": [1, 2, 4, 8]}}""";
		List<PlannedRun> runs = plan(json.formatted(5)).runs();
		Set<String> pairs = new TreeSet<>();
		for (int order = 0; order < runs.size(); order++) {
			assertEquals(order, runs.get(order).order());
			pairs.add(runs.get(order).configuration() + "/" + runs.get(order).repetition());
		}
		assertEquals(12, pairs.size());
		assertEquals(runs, plan(json.formatted(5)).runs(), "the same seed gives the same order");
		assertNotEquals(runs, plan(json.formatted(6)).runs());
		boolean inDesignOrder = true;
		for (int order = 1; order < runs.size(); order++) {
			inDesignOrder &= runs.get(order - 1).configuration() <= runs.get(order).configuration();
		}
		assertTrue(!inDesignOrder, "the run order is randomized");
	}

	@Test
	void latinHypercubeUsesEachStratumOfARangeOnce() throws Exception {
		int points = 20;
		MeasurementPlan plan = plan("""
				{"design": "latin-hypercube", "points": 20, "seed": 11,
				 "factors": {"readRatio": {"min": 0, "max": 1}, "concurrency": {"min": 1, "max": 20},
				             "requestSize": {"min": 4096, "max": 1048576, "scale": "log"}, "pattern": ["random", "sequential"]}}""");
		List<StorageWorkload> configurations = plan.configurations();
		assertEquals(points, configurations.size());
		Set<Integer> readStrata = new HashSet<>();
		Set<Integer> sizeStrata = new HashSet<>();
		for (StorageWorkload workload : configurations) {
			readStrata.add(Math.min(points - 1, (int) (workload.readRatio() * points)));
			double logPosition = Math.log(workload.requestSize() / 4096.0) / Math.log(256);
			sizeStrata.add(Math.min(points - 1, (int) (logPosition * points)));
			assertTrue(workload.requestSize() % 512 == 0);
		}
		// rounding to whole percent and 512 bytes may move a value over a stratum border, rarely
		assertTrue(readStrata.size() >= points - 2, "strata of readRatio: " + readStrata);
		assertTrue(sizeStrata.size() >= points - 2, "strata of requestSize: " + sizeStrata);
		long sequential = configurations.stream().filter(StorageWorkload::sequential).count();
		assertEquals(points / 2, sequential, "a list of two levels is split evenly");
	}

	@Test
	void randomSamplingStaysWithinRanges() throws Exception {
		List<StorageWorkload> configurations = plan("""
				{"design": "random", "points": 50, "seed": 2,
				 "factors": {"concurrency": {"min": 2, "max": 6}, "fileSetSize": {"min": "16 MiB", "max": "64 MiB"}}}""")
				.configurations();
		assertEquals(50, configurations.size());
		for (StorageWorkload workload : configurations) {
			assertTrue(workload.concurrency() >= 2 && workload.concurrency() <= 6);
			assertTrue(workload.fileSetSize() >= 16 << 20 && workload.fileSetSize() <= 64 << 20);
		}
		assertTrue(configurations.stream().map(StorageWorkload::concurrency).distinct().count() >= 4);
	}

	@Test
	void fingerprintFollowsTheRunsNotTheLayout() throws Exception {
		String compact = plan("{\"seed\": 1, \"factors\": {\"concurrency\": [1, 2]}}").fingerprint();
		String spaced = plan("{\n  \"factors\": { \"concurrency\": [1, 2] },\n  \"seed\": 1\n}").fingerprint();
		assertEquals(compact, spaced);
		assertNotEquals(compact, plan("{\"seed\": 1, \"factors\": {\"concurrency\": [1, 3]}}").fingerprint());
		assertNotEquals(compact, plan("{\"seed\": 1, \"duration\": 9, \"factors\": {\"concurrency\": [1, 2]}}").fingerprint());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"{\"factors\": {\"blockSize\": [1]}}|'factors.blockSize': unknown factor",
			"{\"desing\": \"factorial\"}|'desing': unknown entry",
			"{\"factors\": {\"concurrency\": {\"min\": 1, \"max\": 4}}}|'factors.concurrency': a factorial design needs levels",
			"{\"design\": \"random\"}|'points': a sampling design needs the number of configurations",
			"{\"factors\": {\"requestSize\": [\"4 KB per request\"]}}|'factors.requestSize[0]': '4 KB per request' is not a size",
			"{\"factors\": {\"readRatio\": [1.5]}}|'factors.readRatio[0]': must be a number in [0, 1]",
			"{\"factors\": {\"pattern\": [\"strided\"]}}|'factors.pattern[0]': must be \"random\" or \"sequential\"",
			"{\"factors\": {\"concurrency\": [0]}}|'factors.concurrency[0]': must be a whole number between 1 and 1,024",
			"{\"duration\": 0}|'duration': must be a number of seconds above 0",
			"{\"factors\": {\"fileSetSize\": [4096], \"concurrency\": [16]}}|configuration 1 cannot run: fileSetSize 4096 must hold",
			"{\"repetitions\": 10, \"factors\": {\"concurrency\": [1,2,3,4,5,6,7,8,9,10], \"readRatio\": [0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9], \"requestSize\": [512,1024,2048,4096,8192,16384,32768,65536,131072,262144], \"queueDepth\": [1,2,3,4,5,6,7,8,9,10,11]}}|11,000 configurations x 10 repetitions exceed 100,000 runs",
			"{\"name\": \"x\",}|line 1: not valid JSON",
			"[1, 2]|a measurement plan is a JSON object" })
	void badPlansAreNamedWithTheEntryAndWhatIsWrong(String json, String expected) throws IOException {
		Path file = folder.resolve("bad.json");
		Files.writeString(file, json);
		PlanException error = assertThrows(PlanException.class, () -> MeasurementPlan.load(file));
		assertTrue(error.getMessage().startsWith(file.toString() + ": "), error.getMessage());
		assertTrue(error.getMessage().contains(expected), error.getMessage());
	}

	@Test
	void aLargeFileIsNotReadAsAPlan() throws IOException {
		Path file = folder.resolve("huge.json");
		Files.write(file, new byte[2 << 20]);
		PlanException error = assertThrows(PlanException.class, () -> MeasurementPlan.load(file));
		assertTrue(error.getMessage().contains("larger than 1 MiB"), error.getMessage());
	}
}
