package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.TimedTransition;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The simulator against results known exactly (SPEC.md §4 T2, T3, T5; mean value analysis). */
class ExactResultsTest {

	private static QpnResult run(NetBuilder builder, double runLength, double warmUp, long seed) {
		return QpnSimulator.simulate(builder.net, null,
				new QpnRunSettings(seed, StoppingRule.ABSOLUTE, runLength, warmUp, 0), QpnSimulator.Progress.NONE);
	}

	private static PlaceResult find(QpnResult result, String place, String colour, Part part) {
		return result.places().stream()
				.filter(entry -> entry.place().equals(place) && entry.colour().equals(colour) && entry.part() == part)
				.findFirst().orElseThrow(() -> new AssertionError("no " + part + " of " + place + "/" + colour));
	}

	/** Within 1 % and within the 95 % confidence interval widened by the exact value's 1 %. */
	private static void assertNear(double exact, QpnResult.Estimate estimate, String what) {
		assertEquals(exact, estimate.mean(), 0.01 * exact, what + ": " + estimate);
		assertTrue(Math.abs(estimate.mean() - exact) <= estimate.ci95() + 0.01 * exact, what + ": " + estimate);
	}

	/** T2: t tokens cycle through one FCFS server without think time, so each waits for all others: R = t·μ. */
	@ParameterizedTest
	@CsvSource({ "1, 0.5", "5, 1.0", "12, 0.25" })
	void oneFcfsQueueWithAllTokensCirculatingHasResponseTimeTokensTimesServiceTime(int tokens, double mean) {
		NetBuilder builder = new NetBuilder("T2");
		builder.requestsCyclingThroughOneDisk(tokens, mean);
		QpnResult result = run(builder, 200_000 * mean, 1_000 * mean, 7);
		assertNear(tokens * mean, find(result, "Disk", "request", Part.QUEUE).residenceTime(), "R");
		assertEquals(1 / mean, find(result, "Disk", "request", Part.QUEUE).throughput(), 0.01 / mean);
		assertEquals(1, find(result, "Disk", "request", Part.QUEUE).utilization(), 1e-9, "always busy");
	}

	/**
	 * T3: a one-token scheduler hands the disk to reads and writes by mode weights α : β = 2 : 1; in
	 * saturation (30 reads and 10 writes always waiting, 1 ms each) reads get 2/3 of 1000 requests/s,
	 * so R_r = 30 / 666.7/s = 45 ms and R_w = 10 / 333.3/s = 30 ms.
	 */
	@Test
	void weightedModesShareASaturatedDiskByTheirWeights() {
		NetBuilder builder = NetBuilder.scheduler(2, 1);
		QpnResult result = run(builder, 2_000, 10, 3);
		double readResponse = find(result, "Waiting", "read", Part.PLACE).residenceTime().mean()
				+ find(result, "Disk", "read", Part.QUEUE).residenceTime().mean();
		double writeResponse = find(result, "Waiting", "write", Part.PLACE).residenceTime().mean()
				+ find(result, "Disk", "write", Part.QUEUE).residenceTime().mean();
		assertEquals(0.045, readResponse, 0.045 * 0.01, "R_r");
		assertEquals(0.030, writeResponse, 0.030 * 0.01, "R_w");
	}

	/**
	 * T5: a request is served by the cache (mean 1) and then, with probability 1/2, by the RAID (mean 5),
	 * and comes back without think time; MVA gives R and X for 1 to 3 requests.
	 */
	@ParameterizedTest
	@CsvSource({ "1, 3.5, 0.2857", "2, 5.5714, 0.3590", "3, 7.8077, 0.3842" })
	void cacheThenRaidMatchesMeanValueAnalysis(int requests, double responseTime, double throughput) {
		NetBuilder builder = new NetBuilder("T5");
		Colour request = builder.colour("request");
		QueueingPlace cache = builder.queueingPlace("Cache", Strategy.FCFS, 1);
		QueueingPlace raid = builder.queueingPlace("RAID", Strategy.FCFS, 1);
		QueueingColourReference cached = builder.exponential(cache, request, requests, 1);
		QueueingColourReference stored = builder.exponential(raid, request, 0, 5);
		ImmediateTransition route = builder.transition("route");
		builder.mode(route, 1, new ColourReference[] { cached }, stored);
		builder.mode(route, 1, new ColourReference[] { cached }, cached);
		builder.move("back", stored, cached);
		QpnResult result = run(builder, 1_000_000, 1_000, 11);
		double measuredThroughput = find(result, "Cache", "request", Part.QUEUE).throughput();
		assertEquals(throughput, measuredThroughput, throughput * 0.01, "X");
		assertEquals(responseTime, requests / measuredThroughput, responseTime * 0.01, "R = N / X");
	}

	/**
	 * The closed network of the benchmark: 20 users think (IS, mean 1), use a PS CPU (0.02) and an
	 * FCFS disk (0.04). Mean value analysis gives every station's residence time.
	 */
	@Test
	void closedNetworkMatchesMeanValueAnalysisAtEveryStation() {
		int users = 20;
		double[] demands = { 1.0, 0.02, 0.04 };
		boolean[] delay = { true, false, false };
		double[] residence = new double[3];
		double[] queueLength = new double[3];
		double throughput = 0;
		for (int population = 1; population <= users; population++) {
			double cycle = 0;
			for (int station = 0; station < 3; station++) {
				residence[station] = delay[station] ? demands[station] : demands[station] * (1 + queueLength[station]);
				cycle += residence[station];
			}
			throughput = population / cycle;
			for (int station = 0; station < 3; station++) {
				queueLength[station] = throughput * residence[station];
			}
		}
		NetBuilder builder = new NetBuilder("closed");
		Colour user = builder.colour("user");
		QueueingPlace think = builder.queueingPlace("Think", Strategy.IS, 1);
		QueueingPlace cpu = builder.queueingPlace("CPU", Strategy.PS, 1);
		QueueingPlace disk = builder.queueingPlace("Disk", Strategy.FCFS, 1);
		QueueingColourReference thinking = builder.exponential(think, user, users, demands[0]);
		QueueingColourReference computing = builder.exponential(cpu, user, 0, demands[1]);
		QueueingColourReference reading = builder.exponential(disk, user, 0, demands[2]);
		builder.move("think to CPU", thinking, computing);
		builder.move("CPU to disk", computing, reading);
		builder.move("disk to think", reading, thinking);
		QpnResult result = run(builder, 100_000, 100, 5);
		String[] places = { "Think", "CPU", "Disk" };
		for (int station = 0; station < 3; station++) {
			PlaceResult queue = find(result, places[station], "user", Part.QUEUE);
			assertNear(residence[station], queue.residenceTime(), places[station] + " residence time");
			assertEquals(throughput, queue.throughput(), throughput * 0.01, places[station] + " throughput");
		}
		assertEquals(throughput * demands[2], find(result, "Disk", "user", Part.QUEUE).utilization(), 0.01,
				"disk utilization law");
	}

	@Test
	void replicationsRunInParallelPoolTheSameWayEveryTimeAndCoverTheExactValue() {
		NetBuilder builder = new NetBuilder("replicated");
		builder.requestsCyclingThroughOneDisk(4, 1);
		QpnRunSettings settings = new QpnRunSettings(9, StoppingRule.ABSOLUTE, 20_000, 100, 0);
		QpnResult pooled = QpnSimulator.simulate(builder.net, null, settings, 5, QpnSimulator.Progress.NONE);
		QpnResult again = QpnSimulator.simulate(builder.net, null, settings, 5, QpnSimulator.Progress.NONE);
		assertEquals(5, pooled.replications());
		assertEquals(pooled.places(), again.places(), "thread timing changes nothing");
		QpnResult.Estimate residence = find(pooled, "Disk", "request", Part.QUEUE).residenceTime();
		assertTrue(Math.abs(residence.mean() - 4) <= residence.ci95(), residence.toString());
		QpnResult single = QpnSimulator.simulate(builder.net, null, settings, 1, QpnSimulator.Progress.NONE);
		QpnResult plain = run(builder, 20_000, 100, 9);
		assertEquals(plain.places(), single.places(), "one replication is the plain run");
	}

	/**
	 * A timed transition as a source of open arrivals: it fires every 2 time units on average, each
	 * time a job joins an FCFS queue served at rate 1 and leaves the net when served. M/M/1 gives
	 * R = 1/(μ − λ) = 2 and a utilization of 0.5.
	 */
	@Test
	void aTimedTransitionFeedsAnOpenQueueAsMm1Predicts() {
		NetBuilder builder = new NetBuilder("mm1");
		Colour generator = builder.colour("generator");
		Colour job = builder.colour("job");
		OrdinaryPlace source = builder.place("Source");
		ColourReference ready = builder.hold(source, generator, 1);
		QueueingPlace server = builder.queueingPlace("Server", Strategy.FCFS, 1);
		QueueingColourReference served = builder.exponential(server, job, 0, 1);
		builder.timedMode(builder.timedTransition("arrive"), 2, new ColourReference[] { ready }, ready, served);
		builder.mode(builder.transition("leave"), 1, new ColourReference[] { served });
		QpnResult result = run(builder, 400_000, 1_000, 3);
		PlaceResult queue = find(result, "Server", "job", Part.QUEUE);
		assertNear(2, queue.residenceTime(), "R");
		assertEquals(0.5, queue.throughput(), 0.005, "X = λ");
		assertEquals(0.5, queue.utilization(), 0.01, "U = λ/μ");
	}

	/** Two timed modes race: the faster (mean 1) fires twice as often as the slower (mean 2). */
	@Test
	void timedModesRaceByTheirRates() {
		NetBuilder builder = new NetBuilder("race");
		Colour token = builder.colour("token");
		OrdinaryPlace here = builder.place("Here");
		ColourReference waiting = builder.hold(here, token, 1);
		OrdinaryPlace fast = builder.place("Fast");
		OrdinaryPlace slow = builder.place("Slow");
		ColourReference fastDone = builder.hold(fast, token, 0);
		ColourReference slowDone = builder.hold(slow, token, 0);
		TimedTransition choose = builder.timedTransition("choose");
		builder.timedMode(choose, 1, new ColourReference[] { waiting }, fastDone);
		builder.timedMode(choose, 2, new ColourReference[] { waiting }, slowDone);
		builder.move("fast back", fastDone, waiting);
		builder.move("slow back", slowDone, waiting);
		QpnResult result = run(builder, 200_000, 100, 8);
		double fastRate = find(result, "Fast", "token", Part.PLACE).throughput();
		double slowRate = find(result, "Slow", "token", Part.PLACE).throughput();
		assertEquals(2, fastRate / slowRate, 0.05, "rates 1 and 1/2");
		assertEquals(1.5, fastRate + slowRate, 0.02, "the race ends at rate 1 + 1/2");
		assertEquals(1 / 1.5, find(result, "Here", "token", Part.PLACE).residenceTime().mean(), 0.01,
				"a token waits for the first of the two");
	}

	@Test
	void aSeedReproducesARunAndAnotherSeedDoesNot() {
		NetBuilder builder = new NetBuilder("seeded");
		Colour request = builder.colour("request");
		QueueingPlace disk = builder.queueingPlace("Disk", Strategy.PS, 2);
		QueueingColourReference served = builder.serve(disk, request, 4, "Gamma", Map.of("alpha", "2", "lambda", "4"));
		builder.move("again", served, served);
		QpnResult first = run(builder, 5_000, 10, 42);
		QpnResult again = run(builder, 5_000, 10, 42);
		QpnResult other = run(builder, 5_000, 10, 43);
		assertEquals(first.places(), again.places());
		assertEquals(first.events(), again.events());
		assertTrue(!first.places().equals(other.places()), "another seed, another run");
	}

	@Test
	void theRelativePrecisionRuleStopsARunOnceEveryCheckedMeanIsPrecise() {
		NetBuilder builder = new NetBuilder("precise");
		QueueingPlace disk = builder.requestsCyclingThroughOneDisk(3, 1);
		builder.checkPrecision(disk, 0.02);
		QpnResult result = QpnSimulator.simulate(builder.net, "test",
				new QpnRunSettings(1, StoppingRule.RELPRC, 1e9, 100, 1_000), QpnSimulator.Progress.NONE);
		assertEquals("precision reached", result.stopReason());
		assertTrue(result.simulatedTime() < 1e9);
		QpnResult.Estimate residence = find(result, "Disk", "request", Part.QUEUE).residenceTime();
		assertTrue(residence.ci95() <= 0.02 * residence.mean() * 1.0001, residence.toString());
	}

	/**
	 * A net that gives a batch size and asks for the correlation test: the batches of the queue's
	 * correlated residence times grow until the test passes, and the run stops once they are precise
	 * (a significance level of 0, which no interval has, is read as 95 %, as for the interval itself).
	 */
	@Test
	void aCheckedMeanWithTheNetsBatchSizeAndCorrelationTestStopsTheRunOncePrecise() {
		NetBuilder builder = new NetBuilder("tested");
		QueueingPlace disk = builder.requestsCyclingThroughOneDisk(3, 1);
		builder.checkPrecision(disk, 0.02);
		for (ColourStatistics statistics : disk.getColourReferences().get(0).getStatistics()) {
			statistics.setBatchSize(10);
			statistics.setQueueBatchSize(10);
			statistics.setNumBMeansCorlTested(20);
			statistics.setQueueNumBMeansCorlTested(20);
			statistics.setQueueSignLev(0);
		}
		QpnResult result = QpnSimulator.simulate(builder.net, "test",
				new QpnRunSettings(1, StoppingRule.RELPRC, 1e9, 100, 1_000), QpnSimulator.Progress.NONE);
		assertEquals("precision reached", result.stopReason());
		QpnResult.Estimate residence = find(result, "Disk", "request", Part.QUEUE).residenceTime();
		assertTrue(residence.ci95() <= 0.02 * residence.mean() * 1.0001, residence.toString());
		assertEquals(3, residence.mean(), 3 * 0.1, "three tokens at one exponential server of mean 1");
	}

	/**
	 * A FIFO place lets only its oldest token leave: with a red token first in line and no transition
	 * for red, the blue tokens behind it stay; under NORMAL they leave at once.
	 */
	@ParameterizedTest
	@CsvSource({ "NORMAL, 2", "FIFO, 0" })
	void aFifoPlaceLetsOnlyItsOldestTokenLeave(org.iosim.qpn.DepartureDiscipline discipline, double blueDone) {
		NetBuilder builder = new NetBuilder("fifo");
		Colour red = builder.colour("red");
		Colour blue = builder.colour("blue");
		OrdinaryPlace line = builder.place("Line");
		line.setDepartureDiscipline(discipline);
		builder.hold(line, red, 1);
		ColourReference blueWaiting = builder.hold(line, blue, 2);
		OrdinaryPlace done = builder.place("Done");
		ColourReference blueDoneReference = builder.hold(done, blue, 0);
		builder.move("blue leaves", blueWaiting, blueDoneReference);
		QpnResult result = run(builder, 10, 1, 1);
		assertEquals(blueDone, find(result, "Done", "blue", Part.PLACE).population(), 1e-12);
	}

	@Test
	void stopChecksAskedForFarTooOftenStillLetTheRunEnd() {
		NetBuilder builder = new NetBuilder("checks");
		QueueingPlace disk = builder.requestsCyclingThroughOneDisk(3, 1);
		builder.checkPrecision(disk, 1e-9);
		QpnResult result = QpnSimulator.simulate(builder.net, "test",
				new QpnRunSettings(1, StoppingRule.RELPRC, 1_000, 10, 1e-300), QpnSimulator.Progress.NONE);
		assertEquals("run length", result.stopReason());
	}

	@Test
	void immediateTransitionsThatNeverLetTimePassAreReportedNotRunForever() {
		NetBuilder builder = new NetBuilder("cycle");
		Colour token = builder.colour("token");
		OrdinaryPlace left = builder.place("Left");
		OrdinaryPlace right = builder.place("Right");
		ColourReference inLeft = builder.hold(left, token, 1);
		ColourReference inRight = builder.hold(right, token, 0);
		builder.move("there", inLeft, inRight);
		builder.move("back", inRight, inLeft);
		UnsupportedNetException error = assertThrows(UnsupportedNetException.class, () -> run(builder, 10, 0, 1));
		assertTrue(error.getMessage().contains("without time advancing"), error.getMessage());
	}

	@Test
	void serviceTimesOfZeroInACycleAreReportedNotRunForever() {
		NetBuilder builder = new NetBuilder("instant");
		Colour token = builder.colour("token");
		QueueingPlace disk = builder.queueingPlace("Disk", Strategy.IS, 1);
		QueueingColourReference served = builder.serve(disk, token, 1, "Deterministic", Map.of("p1", "0"));
		builder.move("again", served, served);
		UnsupportedNetException error = assertThrows(UnsupportedNetException.class, () -> run(builder, 10, 0, 1));
		assertTrue(error.getMessage().contains("without time advancing"), error.getMessage());
	}

	@Test
	void whatCannotBeSimulatedIsNamed() {
		NetBuilder builder = new NetBuilder("unsupported");
		Colour token = builder.colour("token");
		QueueingPlace disk = builder.queueingPlace("Disk", Strategy.FCFS, 1);
		QueueingColourReference served = builder.serve(disk, token, 1, "BreitWigner", Map.of("mean", "1"));
		builder.move("again", served, served);
		UnsupportedNetException error = assertThrows(UnsupportedNetException.class, () -> QpnSimulator.check(builder.net, null));
		assertEquals("queueing place 'Disk' (Disk), colour 'token', BreitWigner service time: the distribution is not"
				+ " simulated yet; supported: [Exponential, Deterministic, Uniform, Normal, Gamma, Empirical, Lognormal]", error.getMessage());
		served.getServiceTime().setFunction("Normal");
		served.getServiceTime().getParameters().get(0).setValue("-50");
		DistributionParameter deviation = QpnFactory.eINSTANCE.createDistributionParameter();
		deviation.setName("stdDev");
		deviation.setValue("1");
		served.getServiceTime().getParameters().add(deviation);
		error = assertThrows(UnsupportedNetException.class, () -> QpnSimulator.check(builder.net, null));
		assertEquals("queueing place 'Disk' (Disk), colour 'token', Normal service time: parameter 'mean' must be"
				+ " positive, got -50.0", error.getMessage());
		served.getServiceTime().getParameters().remove(deviation);
		served.getServiceTime().setFunction("Exponential");
		served.getServiceTime().getParameters().get(0).setName("lambda");
		served.getServiceTime().getParameters().get(0).setValue("-2");
		error = assertThrows(UnsupportedNetException.class, () -> QpnSimulator.check(builder.net, null));
		assertEquals("queueing place 'Disk' (Disk), colour 'token', Exponential service time: parameter 'lambda' must be"
				+ " positive, got -2.0", error.getMessage());
	}
}
