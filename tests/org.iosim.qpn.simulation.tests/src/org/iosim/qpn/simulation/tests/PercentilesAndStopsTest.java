package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.iosim.qpn.Colour;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.junit.jupiter.api.Test;

/**
 * Residence-time percentiles (statsLevel 4), lognormal service times and the stop after a number of
 * measurements. One token cycling through one FCFS queue is always served at once, so its time in
 * the queue is one service time: the percentiles are the service-time distribution's.
 */
class PercentilesAndStopsTest {

	private static NetBuilder oneToken(String function, Map<String, String> parameters, boolean percentiles) {
		NetBuilder builder = new NetBuilder("one token");
		Colour request = builder.colour("request");
		QueueingPlace disk = builder.queueingPlace("Disk", Strategy.FCFS, 1);
		QueueingColourReference served = builder.serve(disk, request, 1, function, parameters);
		builder.move("again", served, served);
		if (percentiles) {
			builder.measurePercentiles(disk);
		}
		return builder;
	}

	private static PlaceResult queue(QpnResult result) {
		return result.places().stream().filter(place -> place.part() == Part.QUEUE).findFirst().orElseThrow();
	}

	private static QpnResult run(NetBuilder builder, QpnRunSettings settings, int replications) {
		return QpnSimulator.simulate(builder.net, "test", settings, replications, QpnSimulator.Progress.NONE);
	}

	private static QpnRunSettings settings(double runLength) {
		return new QpnRunSettings(3, StoppingRule.ABSOLUTE, runLength, 10, 0);
	}

	@Test
	void lognormalServiceTimesHaveTheirMeanAndPercentiles() {
		// mean 2, standard deviation 1: σ² = ln(1 + 1/4), m = ln 2 − σ²/2; the q-quantile is exp(m + z_q·σ)
		double variance = Math.log(1.25);
		double location = Math.log(2) - variance / 2;
		double scale = Math.sqrt(variance);
		QpnResult.Estimate residence = queue(run(oneToken("Lognormal", Map.of("mean", "2", "stdDev", "1"), true),
				settings(400_000), 1)).residenceTime();
		assertEquals(2, residence.mean(), 0.02, residence.toString());
		assertEquals(Math.exp(location), residence.p50(), 0.02 * Math.exp(location), residence.toString());
		assertEquals(Math.exp(location + 1.6448536 * scale), residence.p95(), 0.02 * 3.89, residence.toString());
		assertEquals(Math.exp(location + 2.3263479 * scale), residence.p99(), 0.03 * 5.37, residence.toString());
	}

	@Test
	void percentilesAreMeasuredAtStatsLevelFourOnlyAndPooledOverReplications() {
		// exponential with mean 1: the median is ln 2, the 95th percentile ln 20
		QpnResult.Estimate measured = queue(run(oneToken("Exponential", Map.of("lambda", "1"), true), settings(200_000), 1))
				.residenceTime();
		assertEquals(Math.log(2), measured.p50(), 0.02 * Math.log(2), measured.toString());
		assertEquals(Math.log(20), measured.p95(), 0.02 * Math.log(20), measured.toString());
		assertFalse(queue(run(oneToken("Exponential", Map.of("lambda", "1"), false), settings(20_000), 1)).residenceTime()
				.hasPercentiles(), "below statsLevel 4 nothing is sketched");
		QpnResult.Estimate pooled = queue(run(oneToken("Exponential", Map.of("lambda", "1"), true), settings(100_000), 3))
				.residenceTime();
		assertEquals(Math.log(2), pooled.p50(), 0.02 * Math.log(2), pooled.toString());
	}

	@Test
	void aRunEndsAfterItsMeasurements() {
		QpnResult result = run(oneToken("Exponential", Map.of("lambda", "1"), false),
				settings(1e9).withMaxMeasurements(10_000), 1);
		assertEquals("max measurements", result.stopReason());
		long measured = result.places().stream().filter(place -> place.part() != Part.QUEUE)
				.mapToLong(place -> place.residenceTime().observations()).sum();
		assertEquals(10_000, measured);
		assertTrue(result.simulatedTime() < 11_000, "about one measurement per time unit: " + result.simulatedTime());
		assertThrows(IllegalArgumentException.class, () -> settings(100).withMaxMeasurements(-1));
	}

	@Test
	void empiricalServiceTimesDrawFromTheirBins() {
		// bins [0, 1/3), [1/3, 2/3), [2/3, 1) with probabilities 1/2, 0, 1/2, scaled by 3 and shifted by 1: half
		// the draws are uniform on [1, 2), half on [3, 4); mean 2.5, 95th percentile 1 + 3·(2 + 0.9)/3 = 3.9
		QpnResult.Estimate residence = queue(run(oneToken("Empirical", Map.of("pdf", "1;0;1", "scale", "3", "offset", "1"),
				true), settings(200_000), 1)).residenceTime();
		assertEquals(2.5, residence.mean(), 0.02, residence.toString());
		assertEquals(3.9, residence.p95(), 0.04, residence.toString());
		// without scale and offset (1 and 0): the second of two bins, uniform on [0.5, 1), mean 0.75
		assertEquals(0.75, queue(run(oneToken("Empirical", Map.of("pdf", "0;1"), false), settings(200_000), 1))
				.residenceTime().mean(), 0.75 * 0.01);
		UnsupportedNetException unread = assertThrows(UnsupportedNetException.class,
				() -> run(oneToken("Empirical", Map.of("pdf_filename", "bins.txt"), false), settings(100), 1));
		assertTrue(unread.getMessage().contains("its data (the file named by pdf_filename) was not read"),
				unread.getMessage());
	}

	/**
	 * A token first chooses, 1 : 1, between a queue it cycles through for a long run and a place where
	 * an immediate transition fires forever without time passing (which the guard ends with an error).
	 * Of 8 replications some fail at once: the others must not run their long runs to the end first.
	 */
	@Test
	void aFailedReplicationEndsTheOthers() {
		NetBuilder builder = new NetBuilder("trap");
		Colour token = builder.colour("token");
		var start = builder.hold(builder.place("Start"), token, 1);
		var trap = builder.hold(builder.place("Trap"), token, 0);
		QueueingColourReference served = builder.exponential(builder.queueingPlace("Disk", Strategy.FCFS, 1), token, 0, 1);
		var choose = builder.transition("choose");
		builder.mode(choose, 1, new org.iosim.qpn.ColourReference[] { start }, trap);
		builder.mode(choose, 1, new org.iosim.qpn.ColourReference[] { start }, served);
		builder.move("spin", trap, trap);
		builder.move("again", served, served);
		// a surviving replication would run 1e10 time units, for hours: the simulation returns only once every
		// replication has ended, so it returns at all only if the failure stops them
		UnsupportedNetException failed = assertThrows(UnsupportedNetException.class,
				() -> run(builder, new QpnRunSettings(5, StoppingRule.ABSOLUTE, 1e10, 10, 0), 8));
		assertTrue(failed.getMessage().contains("without time advancing") || failed.getMessage().contains("firings"),
				failed.getMessage());
	}

	@Test
	void aLognormalNeedsAPositiveMeanAndStandardDeviation() {
		UnsupportedNetException refused = assertThrows(UnsupportedNetException.class,
				() -> run(oneToken("Lognormal", Map.of("mean", "2", "stdDev", "0"), false), settings(100), 1));
		assertTrue(refused.getMessage().contains("Lognormal service time") && refused.getMessage().contains("stdDev"),
				refused.getMessage());
	}
}
