package org.iosim.analysis.qpn.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.AccessPattern;
import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.Features;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadOptions;
import org.iosim.analysis.WorkloadState;
import org.iosim.des.SimulationClock;
import org.iosim.pcm.io.ConcurrencyCounting;
import org.iosim.pcm.io.IoType;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.Distribution;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Node;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.Place;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.qpe.QpeWriter;
import org.iosim.simulation.engine.EventHandle;
import org.iosim.simulation.engine.Simulator;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The 'qpn' kind on SPEC.md's T5 net: a request is served by a cache (mean 1) and then, with
 * probability 1/2, by a RAID (mean 5), and comes back without think time; reads and writes are
 * served alike, so the delay of a request among n is MVA's R(n) whatever the read ratio.
 */
class QpnModelKindTest {

	private static final QpnFactory FACTORY = QpnFactory.eINSTANCE;

	@TempDir
	Path folder;

	private final AnalysisModelRegistry registry = AnalysisModelRegistry.standard();

	@BeforeEach
	void writeNet() throws IOException {
		new QpeWriter().write(cacheAndRaid(), folder.resolve("cache-raid.qpe"));
	}

	private IoAnalysisModel model(Map<String, String> changes) throws AnalysisModelException {
		Map<String, String> parameters = new LinkedHashMap<>(Map.of("net", "cache-raid.qpe", "place", "Requests", "read",
				"read", "write", "write", "runLength", "200000", "warmUp", "100"));
		parameters.putAll(changes);
		parameters.values().removeIf(String::isEmpty);
		return registry.create(new ModelDefinition("cache-raid", "qpn", Features.any(), parameters, folder));
	}

	private static WorkloadState state(int concurrency, IoType type, double readRatio) {
		return new WorkloadState(concurrency, type, 4096, 4096, AccessPattern.RANDOM, AccessPattern.RANDOM, readRatio,
				1e9, 4096, 0, 0);
	}

	@ParameterizedTest
	@CsvSource({ "1, READ, 1.0, 3.5", "2, WRITE, 0.5, 5.5714", "3, READ, 0.67, 7.8077", "3, WRITE, 0.0, 7.8077" })
	void theDelayIsTheCycleTimeOfTheRequestsColourAsMeanValueAnalysisGivesIt(int concurrency, IoType type,
			double readRatio, double exact) throws AnalysisModelException {
		double delay = model(Map.of()).delay(state(concurrency, type, readRatio));
		assertEquals(exact, delay, 0.02 * exact, concurrency + " requests");
	}

	/** A storage that counts only the requests already in service hands the net one request fewer. */
	@Test
	void theArrivingRequestIsCountedAsTheStorageCountsIt() throws AnalysisModelException {
		Map<String, String> parameters = new LinkedHashMap<>(Map.of("net", "cache-raid.qpe", "place", "Requests", "read",
				"read", "write", "write", "runLength", "200000", "warmUp", "100", "seed", "4"));
		IoAnalysisModel excluding = registry.create(new ModelDefinition("cache-raid", "qpn", Features.any(), parameters,
				folder), new ModelContext(RandomSource.XO_RO_SHI_RO_128_PP.create(1L), SimulationClock.NONE,
						WorkloadOptions.DEFAULTS.withConcurrencyCounting(ConcurrencyCounting.EXCLUDING_ARRIVING)));
		// 2 in service besides the arriving read: 3 requests in the net, MVA's R(3)
		assertEquals(7.8077, excluding.delay(state(2, IoType.READ, 0.67)), 0.02 * 7.8077);
		IoAnalysisModel including = registry.create(new ModelDefinition("cache-raid", "qpn", Features.any(), parameters,
				folder), new ModelContext(RandomSource.XO_RO_SHI_RO_128_PP.create(1L), SimulationClock.NONE));
		assertEquals(including.delay(state(3, IoType.READ, 0.67)), excluding.delay(state(2, IoType.READ, 0.67)), 0,
				"the same net solved for the same requests");
	}

	@Test
	void aStateIsSolvedOnceAndTheSolutionDoesNotDependOnWhatCameBefore() throws AnalysisModelException {
		IoAnalysisModel first = model(Map.of());
		double solved = first.delay(state(2, IoType.READ, 0.5));
		assertEquals(solved, first.delay(state(2, IoType.READ, 0.5)), 0);
		IoAnalysisModel other = model(Map.of());
		other.delay(state(3, IoType.WRITE, 0.2));
		assertEquals(solved, other.delay(state(2, IoType.READ, 0.5)), 0, "a pure function of the state");
	}

	/**
	 * Embedded, on the architecture simulator's own event loop: n requests, each submitted again the
	 * moment it finishes, contend inside the net as n tokens would, so their mean delay is MVA's R(n).
	 */
	@ParameterizedTest
	@CsvSource({ "1, 3.5", "3, 7.8077" })
	void embeddedRequestsContendInsideTheNet(int requests, double exact) throws AnalysisModelException {
		Simulator simulator = new Simulator();
		SimulationClock clock = new SimulationClock() {
			@Override
			public double now() {
				return simulator.now();
			}

			@Override
			public Scheduled schedule(double delay, Runnable action) {
				EventHandle handle = simulator.scheduleCancellable(delay, action::run);
				return handle::cancel;
			}
		};
		ModelContext context = new ModelContext(RandomSource.XO_RO_SHI_RO_128_PP.create(5L), clock);
		EmbeddedIoModel model = (EmbeddedIoModel) registry.create(new ModelDefinition("cache-raid", "qpn", Features.any(),
				Map.of("net", "cache-raid.qpe", "place", "Requests", "read", "read", "write", "write", "runLength", "1",
						"mode", "embedded"), folder), context);
		// before the first request starts the net its queues are there, idle, as in every replication
		assertEquals(List.of("Cache", "RAID"), model.resources().stream().map(EmbeddedIoModel.SubModelResource::name).toList());
		assertEquals(0, model.resources().get(1).served());
		double[] delays = new double[2];
		for (int request = 0; request < requests; request++) {
			submit(model, simulator, request % 2 == 0 ? IoType.READ : IoType.WRITE, delays);
		}
		simulator.runUntil(400_000);
		assertEquals(exact, delays[0] / delays[1], 0.02 * exact, requests + " requests over " + delays[1]);

		// the net's queues are resources of the simulation: by Little's law X = n / R(n), and each
		// queue's utilization is X times its demand per request (Cache 1, RAID 5 for half of them)
		Map<String, EmbeddedIoModel.SubModelResource> queues = new LinkedHashMap<>();
		model.resources().forEach(queue -> queues.put(queue.name(), queue));
		assertEquals(List.of("Cache", "RAID"), List.copyOf(queues.keySet()));
		double throughput = requests / exact;
		assertEquals(throughput * 1, queues.get("Cache").utilization(), 0.02 * throughput);
		assertEquals(throughput * 2.5, queues.get("RAID").utilization(), 0.02 * throughput * 2.5);
		assertEquals(throughput * 400_000, queues.get("Cache").served(), 0.02 * throughput * 400_000);
		assertEquals(requests, queues.get("Cache").inSystem() + queues.get("RAID").inSystem(), 0.001 * requests,
				"every request is in one of the queues all the time");
		// single servers: those in a queue that are not served are waiting
		for (EmbeddedIoModel.SubModelResource queue : queues.values()) {
			assertEquals(queue.inSystem() - queue.utilization(), queue.waiting(), 1e-9, queue.name());
		}
		if (requests == 1) {
			assertEquals(0, queues.get("RAID").waiting() + queues.get("Cache").waiting(), 1e-9, "one request never waits");
		} else {
			// MVA: 2.44 requests at the RAID, 0.96 of them in service
			assertEquals(2.438 - 0.961, queues.get("RAID").waiting(), 0.05 * 1.48, "requests waiting at the RAID");
		}
		assertEquals("FCFS", queues.get("RAID").policy());
	}

	/**
	 * Each request is followed through the net: in an infinite-server queue with service times uniform
	 * on [0, 10], requests overtake each other all the time, and each request's delay is its own
	 * service time, so a tenth of them take less than 1. Matching requests to completions in arrival
	 * order instead would give hardly any that short.
	 */
	@Test
	void embeddedRequestsAreFollowedThroughTheNetAndMayOvertakeEachOther() throws Exception {
		new QpeWriter().write(infiniteServer(), folder.resolve("is.qpe"));
		Simulator simulator = new Simulator();
		SimulationClock clock = new SimulationClock() {
			@Override
			public double now() {
				return simulator.now();
			}

			@Override
			public Scheduled schedule(double delay, Runnable action) {
				return simulator.scheduleCancellable(delay, action::run)::cancel;
			}
		};
		EmbeddedIoModel model = (EmbeddedIoModel) registry.create(new ModelDefinition("is", "qpn", Features.any(),
				Map.of("net", "is.qpe", "place", "Requests", "read", "read", "write", "write", "runLength", "1", "mode",
						"embedded"), folder), new ModelContext(RandomSource.XO_RO_SHI_RO_128_PP.create(7L), clock));
		java.util.Random arrivals = new java.util.Random(3);
		java.util.List<Double> delays = new java.util.ArrayList<>();
		for (double time = 0; time < 4_000; time += -Math.log(1 - arrivals.nextDouble()) / 5) {
			double submitted = time;
			simulator.schedule(time, () -> {
				try {
					model.submit(state(1, IoType.READ, 1), new ArrivingRequest(IoType.READ, 4096, 0, "all", 1e9),
							() -> delays.add(simulator.now() - submitted));
				} catch (AnalysisModelException unexpected) {
					throw new AssertionError(unexpected);
				}
			});
		}
		simulator.run();
		assertTrue(delays.size() > 19_000, delays.size() + " requests");
		assertTrue(delays.stream().allMatch(delay -> delay >= 0 && delay <= 10), "each delay is a service time");
		double short_ = delays.stream().filter(delay -> delay < 1).count() / (double) delays.size();
		assertEquals(0.1, short_, 0.01, "the share of service times below 1");
	}

	/** Requests (ordinary) → Disk (IS, uniform on [0, 10]) → Requests, for reads and writes. */
	private static Net infiniteServer() {
		Net net = FACTORY.createNet();
		net.setName("is");
		OrdinaryPlace requests = FACTORY.createOrdinaryPlace();
		requests.setId("Requests");
		requests.setName("Requests");
		net.getPlaces().add(requests);
		QueueingPlace disk = queueingPlace(net, "Disk");
		disk.getQueue().setStrategy(Strategy.IS);
		for (Colour colour : new Colour[] { colour(net, "read"), colour(net, "write") }) {
			ColourReference waiting = FACTORY.createColourReference();
			waiting.setId("Requests/" + colour.getName());
			waiting.setColour(colour);
			requests.getColourReferences().add(waiting);
			QueueingColourReference served = serve(disk, colour, 1);
			served.getServiceTime().setFunction("Uniform");
			served.getServiceTime().getParameters().clear();
			for (String[] bound : new String[][] { { "min", "0" }, { "max", "10" } }) {
				DistributionParameter parameter = FACTORY.createDistributionParameter();
				parameter.setName(bound[0]);
				parameter.setValue(bound[1]);
				served.getServiceTime().getParameters().add(parameter);
			}
			mode(net, transition(net, "start " + colour.getName()), 1, waiting, served);
			mode(net, transition(net, "back " + colour.getName()), 1, served, waiting);
		}
		return net;
	}

	/** Submits a request that is submitted again when it finishes; delays: {sum, count} after time 1,000. */
	private static void submit(EmbeddedIoModel model, Simulator simulator, IoType type, double[] delays) {
		double submitted = simulator.now();
		try {
			model.submit(state(1, type, 0.5), new ArrivingRequest(type, 4096, 0, "all", 1e9), () -> {
				if (submitted > 1_000) {
					delays[0] += simulator.now() - submitted;
					delays[1]++;
				}
				submit(model, simulator, type, delays);
			});
		} catch (AnalysisModelException unexpected) {
			throw new AssertionError(unexpected);
		}
	}

	@Test
	void badParametersAreNamed() {
		assertEquals("analysis model 'cache-raid': the net has no colour 'scan' in place 'Requests'",
				assertThrows(AnalysisModelException.class, () -> model(Map.of("read", "scan"))).getMessage());
		assertEquals("analysis model 'cache-raid' of kind 'qpn' needs the parameter 'place'",
				assertThrows(AnalysisModelException.class, () -> model(Map.of("place", ""))).getMessage());
		assertTrue(assertThrows(AnalysisModelException.class, () -> model(Map.of("cache", "big"))).getMessage()
				.startsWith("analysis model 'cache-raid': unknown parameter 'cache'; kind 'qpn' takes [net, place"));
		assertEquals("analysis model 'cache-raid': parameter 'runLength' must be a finite number, not 'long'",
				assertThrows(AnalysisModelException.class, () -> model(Map.of("runLength", "long"))).getMessage());
		String missing = assertThrows(AnalysisModelException.class, () -> model(Map.of("net", "none.qpe"))).getMessage();
		assertTrue(missing.startsWith("analysis model 'cache-raid': none.qpe: "), missing);
	}

	/** Requests (ordinary) → Cache (FCFS, mean 1) → RAID (FCFS, mean 5) with probability 1/2 → Requests. */
	private static Net cacheAndRaid() {
		Net net = FACTORY.createNet();
		net.setName("cache-raid");
		Colour read = colour(net, "read");
		Colour write = colour(net, "write");
		OrdinaryPlace requests = FACTORY.createOrdinaryPlace();
		requests.setId("Requests");
		requests.setName("Requests");
		net.getPlaces().add(requests);
		QueueingPlace cache = queueingPlace(net, "Cache");
		QueueingPlace raid = queueingPlace(net, "RAID");
		for (Colour colour : new Colour[] { read, write }) {
			ColourReference waiting = FACTORY.createColourReference();
			waiting.setId("Requests/" + colour.getName());
			waiting.setColour(colour);
			waiting.setInitialPopulation(1);
			requests.getColourReferences().add(waiting);
			QueueingColourReference cached = serve(cache, colour, 1);
			QueueingColourReference stored = serve(raid, colour, 5);
			ImmediateTransition start = transition(net, "start " + colour.getName());
			mode(net, start, 1, waiting, cached);
			ImmediateTransition route = transition(net, "route " + colour.getName());
			mode(net, route, 1, cached, stored);
			mode(net, route, 1, cached, waiting);
			ImmediateTransition back = transition(net, "back " + colour.getName());
			mode(net, back, 1, stored, waiting);
		}
		return net;
	}

	private static Colour colour(Net net, String name) {
		Colour colour = FACTORY.createColour();
		colour.setId(name);
		colour.setName(name);
		net.getColours().add(colour);
		return colour;
	}

	private static QueueingPlace queueingPlace(Net net, String name) {
		Queue queue = FACTORY.createQueue();
		queue.setId(name + "-queue");
		queue.setName(name);
		queue.setStrategy(Strategy.FCFS);
		queue.setNumberOfServers(1);
		net.getQueues().add(queue);
		QueueingPlace place = FACTORY.createQueueingPlace();
		place.setId(name);
		place.setName(name);
		place.setQueue(queue);
		net.getPlaces().add(place);
		return place;
	}

	private static QueueingColourReference serve(QueueingPlace place, Colour colour, double mean) {
		QueueingColourReference reference = FACTORY.createQueueingColourReference();
		reference.setId(place.getName() + "/" + colour.getName());
		reference.setColour(colour);
		Distribution distribution = FACTORY.createDistribution();
		distribution.setFunction("Exponential");
		DistributionParameter lambda = FACTORY.createDistributionParameter();
		lambda.setName("lambda");
		lambda.setValue(Double.toString(1 / mean));
		distribution.getParameters().add(lambda);
		reference.setServiceTime(distribution);
		place.getColourReferences().add(reference);
		return reference;
	}

	private static ImmediateTransition transition(Net net, String name) {
		ImmediateTransition transition = FACTORY.createImmediateTransition();
		transition.setId(name);
		transition.setName(name);
		net.getTransitions().add(transition);
		return transition;
	}

	private static void mode(Net net, ImmediateTransition transition, double weight, ColourReference input,
			ColourReference output) {
		Mode mode = FACTORY.createMode();
		mode.setId(transition.getName() + "#" + transition.getModes().size());
		mode.setName(mode.getId());
		mode.setFiringWeight(weight);
		TokenFlow in = FACTORY.createTokenFlow();
		in.setId(mode.getId() + "/in");
		in.setColourReference(input);
		mode.getInputs().add(in);
		TokenFlow out = FACTORY.createTokenFlow();
		out.setId(mode.getId() + "/out");
		out.setColourReference(output);
		mode.getOutputs().add(out);
		transition.getModes().add(mode);
		arc(net, (Place) input.eContainer(), transition);
		arc(net, transition, (Place) output.eContainer());
	}

	private static void arc(Net net, Node source, Node target) {
		if (net.getArcs().stream().anyMatch(arc -> arc.getSource() == source && arc.getTarget() == target)) {
			return;
		}
		var arc = FACTORY.createArc();
		arc.setId(source.getName() + "->" + target.getName());
		arc.setSource(source);
		arc.setTarget(target);
		net.getArcs().add(arc);
	}
}
