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
import org.iosim.measure.StorageWorkload.Threads;
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
		String mixed = plan("{\"seed\": 1, \"factors\": {\"concurrency\": [2, 4], \"readRatio\": 0.5}}").fingerprint();
		assertNotEquals(mixed, plan("{\"seed\": 1, \"factors\": {\"concurrency\": [2, 4], \"readRatio\": 0.5,"
				+ " \"threads\": \"separate\"}}").fingerprint(), "the same runs with separate threads measure something else");
	}

	@Test
	void separateThreadsSplitTheThreadsByTheReadRatio() throws Exception {
		List<StorageWorkload> configurations = plan("""
				{"factors": {"threads": ["mixed", "separate"], "readRatio": [0, 0.7, 1], "concurrency": [4]}}""")
				.configurations();
		// reads or writes alone are one workload whichever way the threads are: measured once, as mixed
		assertEquals(4, configurations.size(), configurations.toString());
		assertEquals(configurations.size(), new HashSet<>(configurations).size());
		StorageWorkload separate = configurations.stream().filter(workload -> workload.threads() == Threads.SEPARATE)
				.findFirst().orElseThrow();
		assertEquals(0.7, separate.readRatio());
		assertEquals(3, separate.readOnlyThreads().getAsInt(), "round(4 x 0.7) threads only read");
		assertTrue(separate.toString().contains("4 threads (3 read, 1 write) x 1"), separate.toString());
		StorageWorkload mixed = new StorageWorkload(4096, 0.7, false, 64 << 20, 4, 1, false);
		assertTrue(configurations.contains(mixed));
		assertEquals(Threads.MIXED, mixed.threads());
		assertTrue(mixed.readOnlyThreads().isEmpty(), "mixed threads: none only reads");
		assertEquals("4 KiB random 70 % reads, 4 threads x 1, 64 MiB file set, buffered", mixed.toString());
		for (double ratio : new double[] { 0, 1 }) {
			StorageWorkload single = new StorageWorkload(4096, ratio, false, 64 << 20, 4, 1, false, Threads.SEPARATE);
			assertEquals(new StorageWorkload(4096, ratio, false, 64 << 20, 4, 1, false), single);
			assertTrue(configurations.contains(single));
		}
		List<StorageWorkload> onlySeparate = plan("""
				{"factors": {"threads": "separate", "readRatio": [0, 0.5, 1], "concurrency": [2]}}""").configurations();
		assertEquals(List.of(Threads.MIXED, Threads.SEPARATE, Threads.MIXED),
				onlySeparate.stream().map(StorageWorkload::threads).toList());
	}

	@Test
	void samplingDesignsDrawTheThreadModeLikeOtherCategories() throws Exception {
		List<StorageWorkload> configurations = plan("""
				{"design": "random", "points": 40, "seed": 9,
				 "factors": {"threads": ["mixed", "separate"], "readRatio": [0.5], "concurrency": {"min": 2, "max": 8}}}""")
				.configurations();
		long separate = configurations.stream().filter(workload -> workload.threads() == Threads.SEPARATE).count();
		assertTrue(separate >= 10 && separate <= 30, separate + " of 40 separate");
		for (StorageWorkload workload : configurations) {
			if (workload.threads() == Threads.SEPARATE) {
				assertEquals(Math.round(workload.concurrency() * 0.5), workload.readOnlyThreads().getAsInt());
			}
		}
	}

	/**
	 * Databases find a plan's runs by its fingerprint, so a plan written before the threads factor
	 * existed must keep it: these are the fingerprints the code before the factor computed.
	 */
	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"{\"name\": \"computed\", \"repetitions\": 2, \"warmup\": 0, \"duration\": 1, \"seed\": 4, \"factors\": {\"requestSize\": [4096, 8192], \"readRatio\": [0, 0.5, 1], \"concurrency\": [1, 3]}}"
					+ "|05ab398447b28a6140184683334b5e659b7e46c0878b7c9b93d735ff3bc9404f",
			"{\"design\": \"random\", \"points\": 16, \"seed\": 3, \"factors\": {\"readRatio\": {\"min\": 0, \"max\": 1}, \"concurrency\": {\"min\": 1, \"max\": 16}, \"requestSize\": {\"min\": 512, \"max\": 65536, \"scale\": \"log\"}, \"pattern\": [\"random\", \"sequential\"]}}"
					+ "|a751c7c60f8f033c0ca020b3b297e39edea7f31c7b8bde357b19a2564b6cd236",
			"{\"design\": \"latin-hypercube\", \"points\": 12, \"seed\": 5, \"factors\": {\"readRatio\": {\"min\": 0, \"max\": 1}, \"concurrency\": {\"min\": 1, \"max\": 8}, \"io\": [\"buffered\", \"direct\"]}}"
					+ "|e739ec9b60cfd48a64d4df39e04812ce9c8cb2262284837be9a7bd77745ff4f5" })
	void plansWithoutTheThreadsFactorKeepTheirFingerprints(String json, String fingerprint) throws Exception {
		assertEquals(fingerprint, plan(json).fingerprint());
		String explicit = json.replace("\"factors\": {", "\"factors\": {\"threads\": [\"mixed\"], ");
		assertEquals(fingerprint, plan(explicit).fingerprint(), "threads [\"mixed\"] is the default");
		String noFlushes = json.replace("\"factors\": {", "\"factors\": {\"sync\": [\"none\"], ");
		assertEquals(fingerprint, plan(noFlushes).fingerprint(), "sync [\"none\"] is the default, and so are plans before it");
		String existingFiles = json.replace("\"factors\": {", "\"factors\": {\"files\": [\"existing\"], ");
		assertEquals(fingerprint, plan(existingFiles).fingerprint(), "files [\"existing\"] is the default");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"{\"factors\": {\"blockSize\": [1]}}|'factors.blockSize': unknown factor",
			"{\"factors\": {\"thread\": [\"separate\"]}}|'factors.thread': unknown factor (expected requestSize, readRatio, pattern, fileSetSize, concurrency, queueDepth, io, threads, sync or files)",
			"{\"factors\": {\"files\": [\"new\"]}}|'factors.files[0]': must be \"existing\" or \"growing\"",
			"{\"factors\": {\"files\": [\"growing\"], \"readRatio\": [0], \"pattern\": [\"random\"]}}|'factors': configuration 1 cannot run: growing files are written in order and never read: they need readRatio 0 and the sequential pattern",
			"{\"factors\": {\"files\": [\"growing\"], \"readRatio\": [0], \"pattern\": [\"sequential\"], \"requestSize\": [\"16 KiB\"], \"fileSetSize\": [\"16 KiB\"]}}|'factors': configuration 1 cannot run: growing files need room for two requests a thread: fileSetSize 16384 is less than 2 x 16384 x 1 bytes",
			"{\"factors\": {\"sync\": [\"always\"]}}|'factors.sync[0]': must be \"none\", \"fdatasync\" (after each write) or \"osync\" (O_SYNC writes)",
			"{\"factors\": {\"threads\": [\"mixed\", \"split\"]}}|'factors.threads[1]': must be \"mixed\" or \"separate\"",
			"{\"design\": \"random\", \"points\": 4, \"factors\": {\"threads\": {\"min\": 0, \"max\": 1}}}|'factors.threads': takes a list of levels, not a range",
			"{\"factors\": {\"threads\": [\"separate\"], \"readRatio\": 0.5}}|'factors': configuration 1 cannot run: separate threads need at least one read and one write thread, but 1 thread at 50 % reads gives 1 read and 0 write threads",
			"{\"factors\": {\"threads\": [\"mixed\", \"separate\"], \"readRatio\": [0.1], \"concurrency\": [8, 4]}}|'factors': configuration 4 cannot run: separate threads need at least one read and one write thread, but 4 threads at 10 % reads give 0 read and 4 write threads",
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
			"{\"name\": \"x\",}|not valid JSON at line 1",
			"{\"name\": \"x\"} trailing|more text follows the JSON value at line 1",
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
		assertTrue(error.getMessage().contains("not a measurement plan (larger than 1,048,576 bytes)"), error.getMessage());
	}
}
