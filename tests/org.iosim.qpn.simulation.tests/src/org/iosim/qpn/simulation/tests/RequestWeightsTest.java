package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.calibration.RequestWeights;
import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;
import org.junit.jupiter.api.Test;

/**
 * Algorithm 3 on SPEC.md's reference: measured (45, 30) ms, weights in [1, 10], δ = 2, for the
 * saturated scheduler of T3 (30 reads and 10 writes, 1 ms each). With φ = α/β its response times are
 * R_r = 30 (1 + 1/φ) ms and R_w = 10 (1 + φ) ms. The search tries φ = 5.05, 2.575 and 1.3375; the
 * second is best, the third is what the printed algorithm returns.
 */
class RequestWeightsTest {

	private static final ResponseTimes MEASURED = new ResponseTimes(0.045, 0.030);

	@Test
	void theBestWeightsAreKeptWhereThePrintedAlgorithmReturnsTheLast() {
		RequestWeights.Result result = RequestWeights.calibrate(MEASURED, new double[] { 1, 10 }, new double[] { 1, 10 }, 2,
				0.01, (alpha, beta) -> new ResponseTimes(0.030 * (1 + (double) beta / alpha), 0.010 * (1 + (double) alpha / beta)));
		assertEquals(3, result.steps().size());
		assertEquals(505, result.steps().get(0).alpha());
		assertEquals(258, result.best().alpha());
		assertEquals(100, result.best().beta());
		assertEquals(134, result.last().alpha());
		assertEquals(100, result.last().beta());
	}

	/** Bisected to the precision, the search reaches the balance: φ = 2 exactly gives (45, 30) ms. */
	@Test
	void bisectionToThePrecisionFindsTheBalance() {
		RequestWeights.Result result = RequestWeights.bisect(MEASURED, new double[] { 1, 10 }, new double[] { 1, 10 }, 2,
				(alpha, beta) -> new ResponseTimes(0.030 * (1 + (double) beta / alpha), 0.010 * (1 + (double) alpha / beta)));
		assertEquals(200, result.best().alpha(), 1, "φ within the precision of 2");
		assertEquals(100, result.best().beta());
		assertEquals(0, result.best().error(), 0.005);
		assertEquals(505, result.steps().get(0).alpha(), "the same pivot as the printed algorithm");
		assertEquals(java.util.List.of(505L, 258L, 134L), result.steps().stream().limit(3).map(RequestWeights.Step::alpha)
				.toList(), "past the step that does not improve");
	}

	/** The same search with the scheduler net simulated, as the calibration does it. */
	@Test
	void theSimulatedSchedulerNetLeadsTheSearchTheSameWay() {
		RequestWeights.Result result = RequestWeights.calibrate(MEASURED, new double[] { 1, 10 }, new double[] { 1, 10 }, 2,
				0.01, RequestWeightsTest::scheduler);
		assertEquals(258, result.best().alpha());
		assertEquals(134, result.last().alpha());
		assertEquals(0.134, result.best().error(), 0.01, "the second step's error, as the closed forms give it");
	}

	@Test
	void badSettingsAreRefused() {
		assertThrows(IllegalArgumentException.class, () -> RequestWeights.calibrate(new ResponseTimes(0, 1),
				new double[] { 1, 10 }, new double[] { 1, 10 }, 2, 0.01, (alpha, beta) -> MEASURED));
		assertThrows(IllegalArgumentException.class, () -> RequestWeights.calibrate(MEASURED, new double[] { 10, 1 },
				new double[] { 1, 10 }, 2, 0.01, (alpha, beta) -> MEASURED));
	}

	/** T3's net with mode weights α (reads) and β (writes): response time = waiting + service. */
	private static ResponseTimes scheduler(long alpha, long beta) {
		NetBuilder builder = NetBuilder.scheduler(alpha, beta);
		QpnResult result = QpnSimulator.simulate(builder.net, null,
				new QpnRunSettings(1, StoppingRule.ABSOLUTE, 2_000, 10, 0), QpnSimulator.Progress.NONE);
		return new ResponseTimes(response(result, "read"), response(result, "write"));
	}

	private static double response(QpnResult result, String colour) {
		double sum = 0;
		for (PlaceResult place : result.places()) {
			if (place.colour().equals(colour) && (place.part() == Part.PLACE || place.part() == Part.QUEUE)) {
				sum += place.residenceTime().mean();
			}
		}
		return sum;
	}
}
