package org.iosim.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.engine.SimulationConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SimulationConfigTest {

	@Test
	void withoutAnyStopConditionARunEndsAfterTheDefaultNumberOfMeasurements() {
		SimulationConfig config = SimulationConfig.of(7, null, null, null, null, 0, 1, false);
		assertEquals(SimulationConfig.DEFAULT_MAX_MEASUREMENTS, config.maxMeasurements());
		assertEquals(Double.POSITIVE_INFINITY, config.stopTime());
		assertFalse(config.hasConfidenceCriterion());
		assertEquals(7, config.seed());
	}

	@Test
	void aStopTimeOrAConfidenceCriterionAloneDecidesWhenARunEnds() {
		SimulationConfig timed = SimulationConfig.of(1, 500.0, null, null, null, 0, 1, false);
		assertEquals(500, timed.stopTime());
		assertEquals(Long.MAX_VALUE, timed.maxMeasurements());

		SimulationConfig confident = SimulationConfig.of(1, null, null, 0.95, 0.02, 0, 1, false);
		assertTrue(confident.hasConfidenceCriterion());
		assertEquals(0.95, confident.confidenceLevel());
		assertEquals(0.02, confident.relativePrecision());
		assertEquals(Long.MAX_VALUE, confident.maxMeasurements());
		assertEquals(Double.POSITIVE_INFINITY, confident.stopTime());
	}

	@Test
	void givenConditionsAreKeptTogether() {
		SimulationConfig config = SimulationConfig.of(3, 100.0, 2_000L, 0.9, 0.05, 10, 4, true);
		assertEquals(new SimulationConfig(3, 100, 2_000, 0.9, 0.05, 10, 4, true), config);
	}

	@Test
	void confidenceAndPrecisionGoTogether() {
		assertEquals("confidence and precision go together: give both or neither", assertThrows(
				IllegalArgumentException.class, () -> SimulationConfig.of(1, null, null, 0.95, null, 0, 1, false))
				.getMessage());
		assertThrows(IllegalArgumentException.class, () -> SimulationConfig.of(1, null, null, null, 0.02, 0, 1, false));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
			0    | 100 | 0    | 0    | 0  | 1    | stop time must be positive, got 0.0
			NaN  | 100 | 0    | 0    | 0  | 1    | stop time must be positive, got NaN
			10   | 0   | 0    | 0    | 0  | 1    | maximum measurements must be at least 1, got 0
			10   | 100 | 1    | 0.1  | 0  | 1    | confidence level must lie between 0 and 1, got 1.0
			10   | 100 | 0.95 | 0    | 0  | 1    | relative precision must lie between 0 and 1, got 0.0
			10   | 100 | 0    | 0    | -1 | 1    | warm-up measurements must not be negative, got -1
			10   | 100 | 0    | 0    | 0  | 0    | replications must be between 1 and 1000, got 0
			10   | 100 | 0    | 0    | 0  | 1001 | replications must be between 1 and 1000, got 1001
			""")
	void valuesOutOfRangeAreRefusedWithTheValue(double stopTime, long measurements, double confidence, double precision,
			long warmup, int replications, String expected) {
		IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new SimulationConfig(1,
				stopTime, measurements, confidence, precision, warmup, replications, false));
		assertTrue(refused.getMessage().startsWith(expected), refused.getMessage());
	}

	@Test
	void theDefaultsAreDocumented() {
		SimulationConfig defaults = SimulationConfig.defaults();
		assertEquals(new SimulationConfig(1, Double.POSITIVE_INFINITY, 100_000, 0, 0, 1_000, 1, false), defaults);
		assertEquals(defaults.withSeed(9).withReplications(2).withWarmupMeasurements(0),
				new SimulationConfig(9, Double.POSITIVE_INFINITY, 100_000, 0, 0, 0, 2, false));
	}

	@Test
	void anInfiniteStopTimeIsNoStopTimeAndRefusedWhereUsersGiveOne() {
		IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
				() -> SimulationConfig.of(1, Double.POSITIVE_INFINITY, null, null, null, 0, 1, false));
		assertEquals("stop time must be a finite number, got Infinity (leave it out for none)", refused.getMessage());
	}
}
