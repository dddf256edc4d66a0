package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.des.RunBudget;
import org.iosim.des.RunBudget.Position;
import org.junit.jupiter.api.Test;

/**
 * The one rule for runs that could never end (issue 23 item 7): a run whose stop condition lies beyond
 * the events a replication may fire is refused from its pace, counted in events, never in seconds.
 */
class RunBudgetTest {

	private static final RunBudget.Terms TERMS = new RunBudget.Terms("stop time", "usage-scenario runs",
			"usage-scenario run");
	private static final long NONE = Long.MAX_VALUE;
	private static final double NO_TIME = Double.POSITIVE_INFINITY;

	private static RunBudget budget() {
		return new RunBudget(RunBudget.DEFAULT_MAX_EVENTS, TERMS);
	}

	@Test
	void aStopTimeFarBeyondTheLimitIsRefusedAtTheFirstLookWithWhatWouldFit() {
		RunBudget budget = budget();
		assertEquals(RunBudget.FIRST_LOOK, budget.nextLook());
		// 1,048,576 events took the run to simulated time 1000: 1e300 would take about 1e303 events
		String refused = budget.look(new Position(RunBudget.FIRST_LOOK, 1000, 1e300, 0, NONE, false));
		assertEquals("the run cannot finish: at the pace of its first 1,048,576 events (simulated time 1000, 0"
				+ " usage-scenario runs), reaching the stop time 1e+300 would take about 1e+303 events, more than the"
				+ " 100,000,000,000 events a replication may fire; ask for a stop time of at most 9.5e+07, or raise the"
				+ " limit with the Java system property iosim.maxEvents (e.g. IOSIM_JAVA_OPTS=-Diosim.maxEvents="
				+ "1000000000000)", refused);
	}

	@Test
	void aStopConditionWithinTheLimitGoesOnAndIsLookedAtAgainWhenTheEventsDouble() {
		RunBudget budget = budget();
		// about 1e8 events to the stop time at this pace
		assertNull(budget.look(new Position(RunBudget.FIRST_LOOK, 1000, 1e5, 10, NONE, false)));
		assertEquals(2 * RunBudget.FIRST_LOOK, budget.nextLook());
		// the earlier of two stop conditions decides: 1e18 runs is out of reach, the stop time is not
		assertNull(budget.look(new Position(2 * RunBudget.FIRST_LOOK, 1000, 1e5, 10, 1_000_000_000_000_000_000L, false)));
		assertEquals(4 * RunBudget.FIRST_LOOK, budget.nextLook());
	}

	@Test
	void aCountOfRunsBeyondTheLimitIsRefusedByItsOwnPace() {
		String refused = budget().look(new Position(RunBudget.FIRST_LOOK, 50, NO_TIME, 1024, 1_000_000_000_000L, false));
		assertTrue(refused.contains("reaching 1,000,000,000,000 usage-scenario runs would take about 1e+15 events"),
				refused);
		assertTrue(refused.contains("ask for at most 97,000,000 usage-scenario runs"), refused);
	}

	@Test
	void aRunAPrecisionRuleMayEndEarlyIsOnlyStoppedAtTheLimit() {
		RunBudget budget = new RunBudget(4 * RunBudget.FIRST_LOOK, TERMS);
		assertNull(budget.look(new Position(RunBudget.FIRST_LOOK, 1, 1e300, 0, NONE, true)));
		assertNull(budget.look(new Position(2 * RunBudget.FIRST_LOOK, 2, 1e300, 0, NONE, true)));
		assertEquals(4 * RunBudget.FIRST_LOOK, budget.nextLook(), "the last look is at the limit itself");
		String stopped = budget.look(new Position(4 * RunBudget.FIRST_LOOK, 4, 1e300, 0, NONE, true));
		assertTrue(stopped.startsWith("the run cannot finish: it fired the 4,194,304 events a replication may fire"
				+ " (simulated time 4, 0 usage-scenario runs) before its precision was reached or it reached the stop"
				+ " time 1e+300; ask for a stop time of at most 4, or raise the limit"), stopped);
	}

	@Test
	void aRunWhoseStopConditionsNeverMoveIsRefusedOnceLargePopulationsHaveHadTheirTime() {
		RunBudget budget = budget();
		for (long events = RunBudget.FIRST_LOOK; events < 1L << 26; events *= 2) {
			assertNull(budget.look(new Position(events, 0, 100, 0, NONE, false)), "no verdict from " + events);
		}
		String stuck = budget.look(new Position(1L << 26, 0, 100, 0, NONE, false));
		assertEquals("the run cannot finish: after 67,108,864 events the simulated time is still 0, so it would never"
				+ " reach the stop time 100", stuck);
	}

	@Test
	void theLimitIsAJavaSystemPropertyAndAWrongOneIsNamed() {
		String before = System.getProperty(RunBudget.PROPERTY);
		try {
			System.setProperty(RunBudget.PROPERTY, "5000000");
			assertEquals(5_000_000, RunBudget.maxEvents());
			System.setProperty(RunBudget.PROPERTY, "lots");
			IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, RunBudget::maxEvents);
			assertEquals("the Java system property iosim.maxEvents (the events a replication may fire) must be a whole"
					+ " number of at least 1048576, got 'lots'", wrong.getMessage());
			System.clearProperty(RunBudget.PROPERTY);
			assertEquals(RunBudget.DEFAULT_MAX_EVENTS, RunBudget.maxEvents());
		} finally {
			if (before == null) {
				System.clearProperty(RunBudget.PROPERTY);
			} else {
				System.setProperty(RunBudget.PROPERTY, before);
			}
		}
	}
}
