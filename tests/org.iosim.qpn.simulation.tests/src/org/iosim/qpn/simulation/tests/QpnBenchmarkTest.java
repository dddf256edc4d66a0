package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalDouble;

import org.iosim.qpn.simulation.bench.QpnBenchmark;
import org.junit.jupiter.api.Test;

/** The benchmark's long run: long enough to time the simulator rather than its warm-up. */
class QpnBenchmarkTest {

	@Test
	void aNetWhoseEventsAreSparseRunsLongEnoughForTwentyMillionEvents() {
		// ISPASS 2003 fires about 12,800 events in 100,000 time units
		assertEquals(100_000 * (20_000_000 / 12_800.0), QpnBenchmark.longRunLength(100_000, 12_800), 1e-6);
		// the 20-token net fires 10.5 million: a million time units already give five times 20 million
		assertEquals(QpnBenchmark.DEFAULT_RUN_LENGTH, QpnBenchmark.longRunLength(100_000, 10_500_000));
		// a net that fires nothing in the warm-up keeps the default rather than running forever
		assertEquals(QpnBenchmark.DEFAULT_RUN_LENGTH, QpnBenchmark.longRunLength(100_000, 0));
	}

	@Test
	void theLongRunFiresAtLeastTwentyMillionEventsUnlessItsLengthIsGiven() {
		// one token served for 10 time units on average: about 20,000 events in the warm-up's 100,000
		NetBuilder sparse = new NetBuilder("sparse");
		sparse.requestsCyclingThroughOneDisk(1, 10.0);
		QpnBenchmark.Figures chosen = QpnBenchmark.run(sparse.net, OptionalDouble.empty(), 1, step -> {
		});
		assertEquals(QpnBenchmark.DEFAULT_EVENTS, chosen.events(), 0.05 * QpnBenchmark.DEFAULT_EVENTS);
		QpnBenchmark.Figures given = QpnBenchmark.run(sparse.net, OptionalDouble.of(2e6), 1, step -> {
		});
		assertEquals(2e6, given.simulatedTime(), 1e-6);
	}
}
