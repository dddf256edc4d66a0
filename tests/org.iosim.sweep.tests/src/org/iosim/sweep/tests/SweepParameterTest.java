package org.iosim.sweep.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.sweep.SweepPlan;
import org.iosim.sweep.SweepParameter;
import org.junit.jupiter.api.Test;

class SweepParameterTest {

	@Test
	void valuesAreListsRangesOrBoth() {
		assertEquals(List.of("1", "5", "10"), SweepParameter.parse("population=1,5,10").values());
		assertEquals(List.of("1", "6", "11", "16"), SweepParameter.parse("population=1..20:5").values());
		assertEquals(List.of("1", "2", "3"), SweepParameter.parse("population=1..3").values());
		assertEquals(List.of("2", "0.1", "0.2", "0.3"), SweepParameter.parse("thinkTime=2,0.1..0.3:0.1").values());
		assertEquals("server.CPU.rate", SweepParameter.parse("server.CPU.rate=1,2").name());
	}

	@Test
	void badValuesAreRefusedNamingTheParameter() {
		for (String bad : List.of("population=5..1", "population=1..5:-1", "population=a..b", "population=1,,2")) {
			IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
					() -> SweepParameter.parse(bad), bad);
			assertTrue(refused.getMessage().startsWith("parameter 'population'"), refused.getMessage());
		}
		assertThrows(IllegalArgumentException.class, () -> SweepParameter.parse("population=1..1000000"));
	}

	@Test
	void replicationsHaveDistinctSeedsThatDependOnlyOnTheSweepSeed() {
		assertEquals(SweepPlan.taskSeed(1, 0), SweepPlan.taskSeed(1, 0));
		assertTrue(SweepPlan.taskSeed(1, 0) != SweepPlan.taskSeed(1, 1));
		assertTrue(SweepPlan.taskSeed(1, 0) != SweepPlan.taskSeed(2, 0));
	}
}
