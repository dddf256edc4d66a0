package org.iosim.analysis.san.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.AccessPattern;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.Features;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadState;
import org.iosim.analysis.san.IoRequest;
import org.iosim.analysis.san.JoinPolicy;
import org.iosim.analysis.san.SanConfiguration;
import org.iosim.analysis.san.SanConfigurationReader;
import org.iosim.analysis.san.SanException;
import org.iosim.analysis.san.SanReplay;
import org.iosim.analysis.san.SanReport;
import org.iosim.analysis.san.SpcTrace;
import org.iosim.analysis.san.TraceAnalyzer;
import org.iosim.analysis.san.TraceGenerator;
import org.iosim.analysis.san.WorkloadSpecification;
import org.iosim.analysis.san.WorkloadSpecification.Distribution;
import org.iosim.analysis.san.WorkloadSpecification.VolumeWorkload;
import org.iosim.des.EventLoop;
import org.iosim.pcm.io.IoType;
import org.iosim.stoex.RandomStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Prestaging, destaging, RAID-5, the join policy, bad input, the generator and analyzer, and the kind. */
class SanModelTest {

	@TempDir
	Path folder;

	private SanReport replay(String config, String trace) throws Exception {
		Path file = Files.writeString(folder.resolve("t.spc"), trace);
		return SanReplay.run(SanConfigurationReader.parse("c.json", config), SpcTrace.read(file), "t.spc").report();
	}

	/**
	 * Prestage after one sequential read, two tracks. Read track 0 (0 ms, miss), read track 1 (10 ms,
	 * miss, the first sequential read: prestages tracks 2 and 3, on the disk 15.2 - 21.2 ms), read track
	 * 2 (30 ms): hit; prestages 4 and 5. Read track 3 (40 ms): hit; 4 and 5 are cached, nothing more.
	 */
	@Test
	void sequentialReadsArePrestaged() throws Exception {
		String config = HandComputedReplayTest.CONFIG.replace("\"cache\":",
				"\"prestage\": { \"after\": 1, \"tracks\": 2 }, \"cache\":").replace("16384", "65536");
		SanReport report = replay(config, "0,0,4096,r,0\n0,8,4096,r,0.010\n0,16,4096,r,0.030\n0,24,4096,r,0.040\n");
		assertEquals(4, report.reads());
		assertEquals(2, report.readHits());
		assertEquals(4, report.prestagedTracks());
		assertEquals(0.2e-3, report.readTimes().max() - 5e-3, 1e-12, "the misses took 5.2 ms, not longer");
	}

	/**
	 * NVS of two tracks, destaging from full down to empty, one operation at a time (disk 5 ms per
	 * track). Writes of tracks 10, 20, 30 at 0, 1 and 2 ms each take HA 0.2 + PA 0.2 ms. The second
	 * fills the NVS at 1.4 ms: track 10 is destaged 1.4 - 6.4 ms. The third reaches the NVS at 2.4 ms
	 * and waits until 6.4 ms: response 4.4 ms. Then 20 (6.4 - 11.4) and 30 (11.4 - 16.4) are destaged.
	 */
	@Test
	void writesWaitForNvsSpaceWhileDestaging() throws Exception {
		String config = HandComputedReplayTest.CONFIG.replace(
				"\"nvs\": { \"size\": 1048576, \"destageHigh\": 0.9, \"destageLow\": 0.5 }",
				"\"nvs\": { \"size\": 8192, \"destageHigh\": 1, \"destageLow\": 0, \"destages\": 1 }");
		SanReport report = replay(config, "0,80,4096,w,0\n0,160,4096,w,0.001\n0,240,4096,w,0.002\n");
		assertEquals(3, report.writes());
		assertEquals(1, report.nvsWaits());
		assertEquals(4.4e-3, report.writeTimes().max(), 1e-12);
		assertEquals((0.4e-3 + 0.4e-3 + 4.4e-3) / 3, report.writeTimes().mean(), 1e-12);
		assertEquals(3, report.destagedTracks());
		assertEquals(0, report.nvsUsedAtEnd());
		assertEquals(16.4e-3, report.duration(), 1e-12);
	}

	/**
	 * RAID-5 of 3 disks (2 data), stripe unit = track = 4 KiB, destaging at once. Writing track 0 alone
	 * is a partial stripe: old data and parity read, new data and parity written (4 disk accesses);
	 * writing tracks 2-3 fills stripe 1: both data units and the parity written (3 accesses).
	 */
	@Test
	void raid5WritesPartialStripesByReadModifyWrite() throws Exception {
		String config = HandComputedReplayTest.CONFIG
				.replace("\"raid\": \"raid0\", \"disks\": 1", "\"raid\": \"raid5\", \"disks\": 3")
				.replace("\"destageHigh\": 0.9, \"destageLow\": 0.5", "\"destageHigh\": 0, \"destageLow\": 0");
		SanReport report = replay(config, "0,0,4096,w,0\n0,16,8192,w,1.0\n");
		long accesses = report.resources().stream().filter(r -> r.name().startsWith("r0.disk"))
				.mapToLong(r -> r.served()).sum();
		assertEquals(7, accesses);
		assertEquals(2, report.destageOperations());
	}

	@Test
	void joinPolicyJoinsSameTypeCloseInSpaceAndTimeUpToTheCap() {
		JoinPolicy join = new JoinPolicy(16384, 0, 0.001);
		List<IoRequest> joined = join.apply(List.of(new IoRequest(0, 0, 4096, true, 0),
				new IoRequest(0, 4096, 4096, true, 0.0005), new IoRequest(0, 8192, 4096, true, 0.0012),
				new IoRequest(0, 12288, 4096, false, 0.0013), new IoRequest(0, 16384, 4096, false, 0.0014),
				new IoRequest(0, 20480, 4096, false, 0.0030)));
		assertEquals(List.of(new IoRequest(0, 0, 12288, true, 0.0012), new IoRequest(0, 12288, 8192, false, 0.0014),
				new IoRequest(0, 20480, 4096, false, 0.0030)), joined);
		// the cap: 4 x 4 KiB fit 16 KiB, the fifth starts a new request
		List<IoRequest> capped = join.apply(List.of(new IoRequest(1, 0, 4096, true, 0), new IoRequest(1, 4096, 4096, true, 0),
				new IoRequest(1, 8192, 4096, true, 0), new IoRequest(1, 12288, 4096, true, 0),
				new IoRequest(1, 16384, 4096, true, 0)));
		assertEquals(2, capped.size());
		assertEquals(16384, capped.get(0).size());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"\"hosts\": [ { \"name\": \"h\" } ]|\"hosts\": [ { \"name\": \"h\", \"lvn\": {} } ]|'hosts[0]' has the unknown key lvn",
			"\"nodes\": 1|\"nodes\": 0|'storage.nodes' must be at least 1",
			"\"raid\": \"raid0\", \"disks\": 1|\"raid\": \"raid5\", \"disks\": 2|'storage.ranks[0].disks' must be at least 3 for raid5",
			"\"ranks\": [ \"r0\" ]|\"ranks\": [ \"r9\" ]|'volumes[0].ranks[0]' names no rank: 'r9'",
			"\"layout\": \"concatenated\"|\"layout\": \"spread\"|'volumes[0].layout' must be \"striped\" or \"concatenated\"",
			"\"overhead\": 0.004|\"overhead\": \"4ms\"|'storage.ranks[0].disk.overhead' must be a number, got the text '4ms'",
			"\"destageLow\": 0.5|\"destageLow\": 0.95|'storage.nvs.destageLow' must not exceed destageHigh",
			"\"size\": 16384|\"size\": 16384,|not valid JSON at line",
			// counts beyond what the model simulates are refused, not cut to it: the results would be of another SAN
			"\"raid\": \"raid0\", \"disks\": 1|\"raid\": \"raid0\", \"disks\": 2000000000|'storage.ranks[0].disks' must be at most 4096",
			"\"count\": 1,|\"count\": 5000,|'storage.hostAdapters.count' must be at most 4096",
			"\"nodes\": 1|\"nodes\": 65|'storage.nodes' must be at most 64",
			// a value that is none of the words is quoted as an excerpt
			"\"raid\": \"raid0\"|\"raid\": \"raid0raid0raid0raid0raid0raid0raid0raid0raid0raid0raid0\"|got 'raid0raid0raid0raid0raid0raid0raid0raid…'" })
	void badConfigurationsNameTheFileAndElement(String original, String replacement, String expected) {
		assertTrue(HandComputedReplayTest.CONFIG.contains(original), original);
		SanException problem = assertThrows(SanException.class, () -> SanConfigurationReader.parse("bad.json",
				HandComputedReplayTest.CONFIG.replace(original, replacement)));
		assertTrue(problem.getMessage().startsWith("bad.json: "), problem.getMessage());
		assertTrue(problem.getMessage().contains(expected), problem.getMessage());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"0,x,4096,r,0|line 2: field LBA must be a whole number, got 'x'",
			"0,8,4096,q,0|line 2: field Opcode must be r or w, got 'q'",
			"0,8,4096,r|line 2: has 4 fields but an SPC record needs 5",
			"0,8,0,r,1|line 2: field Size must be at least 1",
			"0,8,4096,r,-1|line 2: field Timestamp must be seconds" })
	void badTraceLinesAreNamed(String line, String expected) throws Exception {
		Path trace = Files.writeString(folder.resolve("bad.spc"), "0,0,4096,r,0\n" + line + "\n");
		SanException problem = assertThrows(SanException.class, () -> SpcTrace.read(trace));
		assertTrue(problem.getMessage().startsWith(trace + ": "), problem.getMessage());
		assertTrue(problem.getMessage().contains(expected), problem.getMessage());
	}

	@Test
	void aHugeFieldIsQuotedAsAnExcerptAndAByteOrderMarkIsRead() throws Exception {
		Path trace = Files.writeString(folder.resolve("huge.spc"), "\uFEFF0,0,4096,r,0\n0,8," + "9".repeat(20_000)
				+ ",r,1\n");
		SanException problem = assertThrows(SanException.class, () -> SpcTrace.read(trace));
		assertEquals(trace + ": line 2: field Size must be a whole number, got '" + "9".repeat(39) + "…'",
				problem.getMessage());
	}

	@Test
	void requestsOutsideTheVolumesAreRefusedBeforeTheReplay() throws Exception {
		Path trace = Files.writeString(folder.resolve("out.spc"), "0,0,4096,r,0\n3,0,4096,r,1\n");
		SanConfiguration configuration = SanConfigurationReader.parse("c.json", HandComputedReplayTest.CONFIG);
		SanException problem = assertThrows(SanException.class,
				() -> SanReplay.run(configuration, SpcTrace.read(trace), trace.toString()));
		assertTrue(problem.getMessage().contains("request 2 in time order (ASU 3"), problem.getMessage());
		assertTrue(problem.getMessage().contains("ASU 3 is no volume"), problem.getMessage());
	}

	@Test
	void theAnalyzerFindsTheParametersTheGeneratorWasGiven() throws Exception {
		WorkloadSpecification specification = new WorkloadSpecification(7, 40, List.of(
				new VolumeWorkload(0, 0.7, 0.4, 8192, Distribution.EXPONENTIAL, 0.002, 1L << 30),
				new VolumeWorkload(2, 0.2, 0.0, 4096, Distribution.CONSTANT, 0.01, 1L << 28)));
		List<IoRequest> trace = TraceGenerator.generate(specification);
		assertEquals(trace, TraceGenerator.generate(specification), "the same seed gives the same trace");
		assertFalse(trace.equals(TraceGenerator.generate(new WorkloadSpecification(8, 40, specification.volumes()))));
		TraceAnalyzer.Analysis analysis = TraceAnalyzer.analyze(trace);
		assertEquals(2, analysis.volumes().size());
		TraceAnalyzer.VolumeAnalysis first = analysis.volumes().get(0);
		assertEquals(0.7, first.readRatio(), 0.02);
		assertEquals(0.4, first.sequentiality(), 0.02);
		assertEquals(0.002, first.meanInterArrival(), 0.0001);
		assertEquals(1.0, first.interArrivalCv(), 0.05);
		assertEquals(8192, first.meanSize(), 1e-9);
		TraceAnalyzer.VolumeAnalysis second = analysis.volumes().get(1);
		assertEquals(3999, second.requests(), "constant 10 ms gaps in 40 s, the first at 10 ms");
		assertEquals(0, second.interArrivalCv(), 1e-6);
		WorkloadSpecification found = analysis.toSpecification(7);
		assertEquals(Distribution.EXPONENTIAL, found.volumes().get(0).interArrival());
		assertEquals(Distribution.CONSTANT, found.volumes().get(1).interArrival());
	}

	@Test
	void theKindRunsTheModelOnTheSimulationClock() throws Exception {
		Path config = Files.writeString(folder.resolve("san.json"), HandComputedReplayTest.CONFIG);
		ModelDefinition definition = new ModelDefinition("storage", "san", Features.any(),
				Map.of("config", "san.json"), folder);
		EventLoop clock = new EventLoop();
		IoAnalysisModel model = AnalysisModelRegistry.standard().create(definition,
				new ModelContext(new RandomStreams(3).stream(0), clock));
		EmbeddedIoModel embedded = assertInstanceOf(EmbeddedIoModel.class, model);
		WorkloadState state = new WorkloadState(1, IoType.READ, 4096, 0, AccessPattern.RANDOM, AccessPattern.RANDOM, 1,
				1 << 20, 4096, 0, 0);
		// unloaded, a read miss of one track: host adapter 0.2 ms + disk 5 ms
		assertEquals(5.2e-3, model.delay(state), 1e-12);
		List<Double> responses = new ArrayList<>();
		for (int i = 0; i < 2; i++) {
			double arrival = clock.now();
			embedded.submit(state, new ArrivingRequest(IoType.READ, 4096, 0, "data", 4096),
					() -> responses.add(clock.now() - arrival));
		}
		clock.run();
		// a file set of one track: both read it; the second waits behind the first's staging
		assertEquals(List.of(5.2e-3, 5.2e-3), responses);
		assertTrue(Files.exists(config));
		AnalysisModelException missing = assertThrows(AnalysisModelException.class, () -> AnalysisModelRegistry
				.standard().create(new ModelDefinition("storage", "san", Features.any(), Map.of("config", "nope.json"),
						folder), new ModelContext(new RandomStreams(3).stream(0), clock)));
		assertTrue(missing.getMessage().contains("nope.json: cannot read the SAN configuration"), missing.getMessage());
	}

	/**
	 * The kind reports its resources for the simulation's results: after two reads of one track (the
	 * disk stages it once: 4 ms + 4096 B at 4,096,000 B/s = 5 ms of the 5.2 ms), and after the restart
	 * of the statistics that the simulation's warm-up end makes, only what follows: a cache hit that
	 * keeps the host adapter busy for all of its 0.2 ms.
	 */
	@Test
	void theKindReportsItsResourcesSinceMeasuringBegan() throws Exception {
		Files.writeString(folder.resolve("san.json"), HandComputedReplayTest.CONFIG);
		EventLoop clock = new EventLoop();
		EmbeddedIoModel embedded = assertInstanceOf(EmbeddedIoModel.class, AnalysisModelRegistry.standard().create(
				new ModelDefinition("storage", "san", Features.any(), Map.of("config", "san.json"), folder),
				new ModelContext(new RandomStreams(3).stream(0), clock)));
		ArrivingRequest read = new ArrivingRequest(IoType.READ, 4096, 0, "data", 4096);
		WorkloadState state = new WorkloadState(1, IoType.READ, 4096, 0, AccessPattern.RANDOM, AccessPattern.RANDOM, 1,
				1 << 20, 4096, 0, 0);
		embedded.submit(state, read, () -> { });
		embedded.submit(state, read, () -> { });
		clock.run();

		Map<String, EmbeddedIoModel.SubModelResource> resources = new HashMap<>();
		embedded.resources().forEach(resource -> resources.put(resource.name(), resource));
		assertEquals(Set.of("h.lvm", "h.diskDriver", "h.storageAdapter", "fabric.port.h",
				"fabric.channel.h-node0", "fabric.port.node0", "node0.hostAdapter", "node0.processor",
				"node0.deviceAdapter", "node0.peerAdapter", "r0.disk0"), resources.keySet());
		assertEquals(2, resources.get("h.lvm").served());
		assertEquals("disk", resources.get("r0.disk0").type());
		assertEquals(1, resources.get("r0.disk0").served(), "one staging for both reads");
		assertEquals(0.005 / 0.0052, resources.get("r0.disk0").utilization(), 1e-9);

		embedded.startMeasuring();
		embedded.submit(state, read, () -> { });
		clock.run();

		resources.clear();
		embedded.resources().forEach(resource -> resources.put(resource.name(), resource));
		assertEquals(1, resources.get("h.lvm").served());
		assertEquals(0, resources.get("r0.disk0").served(), "a cache hit");
		assertEquals(0, resources.get("r0.disk0").utilization(), 0);
		assertEquals(1, resources.get("node0.hostAdapter").served());
		assertEquals(1, resources.get("node0.hostAdapter").utilization(), 1e-9, "busy for the whole 0.2 ms");
	}
}
