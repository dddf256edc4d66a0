package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.ProbeTrigger;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Estimate;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnResult.ProbeResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.junit.jupiter.api.Test;

/** Probes measure what the places along their path add up to, and what mean value analysis says they do. */
class ProbeSimulationTest {

	private static QpnResult run(NetBuilder builder, double runLength, double warmUp, long seed) {
		return QpnSimulator.simulate(builder.net, null, new QpnRunSettings(seed, StoppingRule.ABSOLUTE, runLength, warmUp, 0),
				QpnSimulator.Progress.NONE);
	}

	private static ProbeResult probe(QpnResult result, String probe, String colour) {
		return result.probes().stream().filter(entry -> entry.probe().equals(probe) && entry.colour().equals(colour))
				.findFirst().orElseThrow(() -> new AssertionError("no probe " + probe + "/" + colour));
	}

	private static PlaceResult place(QpnResult result, String place, Part part) {
		return result.places().stream().filter(entry -> entry.place().equals(place) && entry.part() == part).findFirst()
				.orElseThrow(() -> new AssertionError("no " + part + " of " + place));
	}

	/** Within 1 % and within the 95 % confidence interval widened by the exact value's 1 %. */
	private static void assertNear(double exact, Estimate estimate, String what) {
		assertEquals(exact, estimate.mean(), 0.01 * exact, what + ": " + estimate);
		assertTrue(Math.abs(estimate.mean() - exact) <= estimate.ci95() + 0.01 * exact, what + ": " + estimate);
	}

	/**
	 * Four jobs think (IS, mean 1) and are served (FCFS, mean 0.2); a served job leaves the server's
	 * depository only with the one permit, which pauses (IS, mean 0.3) before it comes back: jobs
	 * wait in the queue and in the depository, and a probe over the server measures both.
	 */
	@Test
	void probeOverOneQueueingPlaceMeasuresItsQueueAndDepository() {
		NetBuilder builder = new NetBuilder("gate");
		Colour job = builder.colour("job");
		Colour permit = builder.colour("permit");
		QueueingPlace think = builder.queueingPlace("Think", Strategy.IS, 1);
		QueueingPlace server = builder.queueingPlace("Server", Strategy.FCFS, 1);
		OrdinaryPlace gate = builder.place("Gate");
		QueueingPlace pause = builder.queueingPlace("Pause", Strategy.IS, 1);
		QueueingColourReference thinking = builder.exponential(think, job, 4, 1);
		QueueingColourReference served = builder.exponential(server, job, 0, 0.2);
		ColourReference open = builder.hold(gate, permit, 1);
		QueueingColourReference pausing = builder.exponential(pause, permit, 0, 0.3);
		builder.move("request", thinking, served);
		builder.mode(builder.transition("leave"), 1, new ColourReference[] { served, open }, thinking, pausing);
		builder.move("reopen", pausing, open);
		builder.probe("server", server, ProbeTrigger.ENTRY, server, ProbeTrigger.EXIT, job);
		QpnResult result = run(builder, 200_000, 100, 3);
		Estimate queue = place(result, "Server", Part.QUEUE).residenceTime();
		Estimate depository = place(result, "Server", Part.DEPOSITORY).residenceTime();
		Estimate measured = probe(result, "server", "job").residenceTime();
		assertTrue(depository.mean() > 0.05, "jobs wait for the permit: " + depository);
		// the same tokens, but for the few in the queue at the end of the warm-up
		assertEquals(queue.mean() + depository.mean(), measured.mean(), 1e-3 * measured.mean());
		assertEquals(depository.observations(), measured.observations(), 4);
		assertEquals(place(result, "Server", Part.DEPOSITORY).throughput(), probe(result, "server", "job").throughput(),
				1e-12);
	}

	/**
	 * Three requests think (IS, mean 2), use a cache (FCFS, mean 1) and then, one in two, a RAID (FCFS,
	 * mean 5). Product form: a visit's mean residence time does not depend on where the request goes
	 * next, so a probe over a miss measures the cache's and the RAID's residence time per visit as MVA
	 * gives them, and a probe from the cache to the think place the response time N / X - Z.
	 */
	@Test
	void probesOverPathsMatchMeanValueAnalysis() {
		NetBuilder builder = cacheAndRaid();
		QpnResult result = run(builder, 1_000_000, 1_000, 11);
		double[] cacheRaid = { 1.0, 5.0 };
		double[] visits = { 1.0, 0.5 };
		double[] queueLength = new double[2];
		double[] perVisit = new double[2];
		double throughput = 0;
		for (int population = 1; population <= 3; population++) {
			double cycle = 2.0;
			for (int station = 0; station < 2; station++) {
				perVisit[station] = cacheRaid[station] * (1 + queueLength[station]);
				cycle += visits[station] * perVisit[station];
			}
			throughput = population / cycle;
			for (int station = 0; station < 2; station++) {
				queueLength[station] = throughput * visits[station] * perVisit[station];
			}
		}
		assertNear(perVisit[0] + perVisit[1], probe(result, "miss path", "request").residenceTime(), "miss path");
		assertNear(3 / throughput - 2, probe(result, "response", "request").residenceTime(), "response");
		assertNear(3 / throughput - 2, probe(result, "cycle", "request").residenceTime(), "cycle");
		assertEquals(throughput * 0.5, probe(result, "miss path", "request").throughput(), 0.01 * throughput);
	}

	/**
	 * One request thinks (mean 1), then forks into two parts, served at once by A (mean 1) and B (mean
	 * 2); when both are done they join into the request again. A probe from the request leaving Think
	 * to it coming back follows its start time through the fork (a new colour, two places) and the join
	 * (two tokens with one start time), and measures the larger of the two service times:
	 * 1 + 2 - 1 / (1 + 1/2) = 7/3.
	 */
	@Test
	void probeFollowsTokensThroughForkAndJoinAndReportsTheColourAtItsEnd() {
		QpnResult result = run(forkAndJoin(), 300_000, 100, 5);
		assertNear(7.0 / 3, probe(result, "fork-join", "request").residenceTime(), "fork-join");
		ProbeResult parts = probe(result, "fork-join", "part");
		assertEquals(0, parts.residenceTime().observations(), "parts never end a measurement: " + parts);
		assertTrue(Double.isNaN(parts.residenceTime().mean()));
	}

	/**
	 * Tokens pass A, X and B (IS, mean 1 each); from X one in two goes back to A. As in SimQPN, a
	 * token that enters the start place A with a start time from X loses it, and one that enters it
	 * without starts anew: a token that went back to A an odd number of times is not measured, so
	 * 1/2 + 1/8 + ... = 2/3 of B's departures are, 3 time units each (keeping the first start time
	 * would give 5 for all of them, starting anew 3 for all of them).
	 */
	@Test
	void aTokenComingBackToTheStartPlaceFromBetweenIsNotMeasured() {
		NetBuilder builder = new NetBuilder("loop");
		Colour job = builder.colour("job");
		QueueingPlace a = builder.queueingPlace("A", Strategy.IS, 1);
		QueueingPlace x = builder.queueingPlace("X", Strategy.IS, 1);
		QueueingPlace b = builder.queueingPlace("B", Strategy.IS, 1);
		QueueingColourReference inA = builder.exponential(a, job, 5, 1);
		QueueingColourReference inX = builder.exponential(x, job, 0, 1);
		QueueingColourReference inB = builder.exponential(b, job, 0, 1);
		builder.move("a to x", inA, inX);
		ImmediateTransition fromX = builder.transition("from x");
		builder.mode(fromX, 1, new ColourReference[] { inX }, inA);
		builder.mode(fromX, 1, new ColourReference[] { inX }, inB);
		builder.move("b to a", inB, inA);
		builder.probe("a to b", a, ProbeTrigger.ENTRY, b, ProbeTrigger.EXIT, job);
		QpnResult result = run(builder, 200_000, 100, 13);
		ProbeResult measured = probe(result, "a to b", "job");
		assertNear(3, measured.residenceTime(), "a to b");
		double departures = place(result, "B", Part.DEPOSITORY).throughput();
		assertEquals(2 * departures / 3, measured.throughput(), 0.02 * departures);
	}

	@Test
	void aSeedGivesTheSameProbeResultsAndAnotherSeedOthers() {
		List<ProbeResult> first = run(forkAndJoin(), 20_000, 100, 8).probes();
		assertEquals(first, run(forkAndJoin(), 20_000, 100, 8).probes());
		assertNotEquals(first, run(forkAndJoin(), 20_000, 100, 9).probes());
	}

	@Test
	void replicationsPoolProbes() {
		NetBuilder builder = forkAndJoin();
		QpnResult pooled = QpnSimulator.simulate(builder.net, null,
				new QpnRunSettings(4, StoppingRule.ABSOLUTE, 100_000, 100, 0), 2, QpnSimulator.Progress.NONE);
		Estimate measured = probe(pooled, "fork-join", "request").residenceTime();
		assertNear(7.0 / 3, measured, "pooled fork-join");
		long single = run(forkAndJoin(), 100_000, 100, 4).probes().get(0).residenceTime().observations();
		assertTrue(measured.observations() > 1.5 * single, measured + " against one replication's " + single);
	}

	/** As in SimQPN, the stopping rule waits for the probes' means too. */
	@Test
	void theStoppingRuleWaitsForPreciseProbes() {
		NetBuilder builder = cacheAndRaid();
		builder.checkPrecision(builder.net.getProbes().get(1), 0.01);
		QpnResult result = QpnSimulator.simulate(builder.net, "test",
				new QpnRunSettings(2, StoppingRule.RELPRC, 10_000_000, 1_000, 1_000), QpnSimulator.Progress.NONE);
		assertEquals("precision reached", result.stopReason());
		assertTrue(result.simulatedTime() < 10_000_000);
		Estimate response = probe(result, "response", "request").residenceTime();
		assertTrue(response.ci95() <= 0.01 * response.mean(), response.toString());
		assertTrue(result.simulatedTime() > 20_000, "an unchecked net would stop at the first check: " + result.simulatedTime());
	}

	@Test
	void refusesProbesItCannotSimulateByName() {
		NetBuilder colourless = cacheAndRaid();
		colourless.net.getProbes().get(0).getColourReferences().clear();
		UnsupportedNetException noColour = assertThrows(UnsupportedNetException.class,
				() -> QpnSimulator.check(colourless.net, null));
		assertEquals("probe 'miss path' (miss path): it measures no colour (SimQPN refuses such a probe too)",
				noColour.getMessage());
		NetBuilder unconnected = cacheAndRaid();
		OrdinaryPlace spare = unconnected.place("Spare");
		unconnected.hold(spare, unconnected.net.getColours().get(0), 0);
		unconnected.net.getProbes().get(0).setEndPlace(spare);
		UnsupportedNetException noPath = assertThrows(UnsupportedNetException.class,
				() -> QpnSimulator.check(unconnected.net, null));
		assertEquals("probe 'miss path' (miss path): no transition path moves tokens of its colours from its start place"
				+ " 'Cache' to its end place 'Spare'", noPath.getMessage());
	}

	/** The net of {@link #probesOverPathsMatchMeanValueAnalysis}, with probes "miss path", "response" and "cycle". */
	private static NetBuilder cacheAndRaid() {
		NetBuilder builder = new NetBuilder("cache and RAID");
		Colour request = builder.colour("request");
		QueueingPlace think = builder.queueingPlace("Think", Strategy.IS, 1);
		QueueingPlace cache = builder.queueingPlace("Cache", Strategy.FCFS, 1);
		QueueingPlace raid = builder.queueingPlace("RAID", Strategy.FCFS, 1);
		QueueingColourReference thinking = builder.exponential(think, request, 3, 2);
		QueueingColourReference cached = builder.exponential(cache, request, 0, 1);
		QueueingColourReference stored = builder.exponential(raid, request, 0, 5);
		builder.move("to cache", thinking, cached);
		ImmediateTransition afterCache = builder.transition("after cache");
		builder.mode(afterCache, 1, new ColourReference[] { cached }, thinking);
		builder.mode(afterCache, 1, new ColourReference[] { cached }, stored);
		builder.move("back", stored, thinking);
		builder.probe("miss path", cache, ProbeTrigger.ENTRY, raid, ProbeTrigger.EXIT, request);
		builder.probe("response", cache, ProbeTrigger.ENTRY, think, ProbeTrigger.ENTRY, request);
		builder.probe("cycle", think, ProbeTrigger.EXIT, think, ProbeTrigger.ENTRY, request);
		return builder;
	}

	/** The net of {@link #probeFollowsTokensThroughForkAndJoinAndReportsTheColourAtItsEnd}. */
	private static NetBuilder forkAndJoin() {
		NetBuilder builder = new NetBuilder("fork and join");
		Colour request = builder.colour("request");
		Colour part = builder.colour("part");
		QueueingPlace think = builder.queueingPlace("Think", Strategy.IS, 1);
		QueueingPlace a = builder.queueingPlace("A", Strategy.IS, 1);
		QueueingPlace b = builder.queueingPlace("B", Strategy.IS, 1);
		QueueingColourReference thinking = builder.exponential(think, request, 1, 1);
		QueueingColourReference partA = builder.exponential(a, part, 0, 1);
		QueueingColourReference partB = builder.exponential(b, part, 0, 2);
		builder.mode(builder.transition("fork"), 1, new ColourReference[] { thinking }, partA, partB);
		builder.mode(builder.transition("join"), 1, new ColourReference[] { partA, partB }, thinking);
		builder.probe("fork-join", think, ProbeTrigger.EXIT, think, ProbeTrigger.ENTRY, request, part);
		return builder;
	}
}
