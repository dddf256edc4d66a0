package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.Mode;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.junit.jupiter.api.Test;

/**
 * What a run refuses, a check refuses with the same message (issue 23 item 8): the compiled net's
 * bounds at once, and what a run finds in its first moments by a dry run of its first events.
 */
class DryRunTest {

	private static QpnRunSettings settings(double runLength) {
		return new QpnRunSettings(1, StoppingRule.ABSOLUTE, runLength, 0, 0);
	}

	/** One request cycling through an FCFS queue; time passes. */
	private static NetBuilder cycling() {
		NetBuilder builder = new NetBuilder("cycling");
		builder.requestsCyclingThroughOneDisk(1, 1);
		return builder;
	}

	private static String runRefusal(NetBuilder builder, QpnRunSettings settings) {
		return assertThrows(UnsupportedNetException.class,
				() -> QpnSimulator.simulate(builder.net, null, settings, QpnSimulator.Progress.NONE)).getMessage();
	}

	@Test
	void immediateTransitionsFiringWithoutEndAreFoundByTheDryRunAsByTheRun() {
		NetBuilder builder = cycling();
		Colour token = builder.net.getColours().get(0);
		ColourReference left = builder.hold(builder.place("Left"), token, 1);
		ColourReference right = builder.hold(builder.place("Right"), token, 0);
		builder.move("there", left, right);
		builder.move("back", right, left);
		assertDoesNotThrow(() -> QpnSimulator.check(builder.net, null), "compiling alone cannot tell");
		String checked = assertThrows(UnsupportedNetException.class,
				() -> QpnSimulator.dryRun(builder.net, null, settings(1000))).getMessage();
		assertTrue(checked.contains("without time advancing"), checked);
		assertEquals(runRefusal(builder, settings(1000)), checked);
	}

	@Test
	void aRunLengthBeyondTheRunBudgetIsRefusedByTheDryRunAsByTheRun() {
		NetBuilder builder = cycling();
		String checked = assertThrows(UnsupportedNetException.class,
				() -> QpnSimulator.dryRun(builder.net, null, settings(1e300))).getMessage();
		// the first look comes with the event that reaches 1,048,576 events; a firing may take it a little beyond
		assertTrue(checked.matches("net 'cycling': the run cannot finish: at the pace of its first 1,048,5\\d\\d events .*"),
				checked);
		assertTrue(checked.contains("reaching the run length 1e+300 would take about"), checked);
		assertTrue(checked.contains("ask for a run length of at most"), checked);
		assertEquals(runRefusal(builder, settings(1e300)), checked);
		// a run length the budget allows passes, and so does a short run that ends before the dry run would
		assertDoesNotThrow(() -> QpnSimulator.dryRun(builder.net, null, settings(1e6)));
		assertDoesNotThrow(() -> QpnSimulator.dryRun(builder.net, null, settings(10)));
	}

	@Test
	void aPrecisionRuleWhoseFirstCheckLiesBeyondTheRunBudgetDoesNotSaveARunLengthOf1e300() {
		NetBuilder builder = cycling();
		// the checks are spread over the run length: the first of 1e300 comes after 1e294 time units
		QpnRunSettings precise = new QpnRunSettings(1, StoppingRule.RELPRC, 1e300, 0, 1);
		String checked = assertThrows(UnsupportedNetException.class,
				() -> QpnSimulator.dryRun(builder.net, null, precise)).getMessage();
		assertTrue(checked.contains("reaching the run length 1e+300 would take about"), checked);
		assertEquals(runRefusal(builder, precise), checked);
		// a precision rule checked within the budget may still end a long run
		assertDoesNotThrow(() -> QpnSimulator.dryRun(builder.net, null,
				new QpnRunSettings(1, StoppingRule.RELPRC, 1e12, 0, 1)));
	}

	@Test
	void aTokenCountBeyondWhatTheSimulatorHoldsIsRefusedByCompilingTheNet() {
		NetBuilder builder = cycling();
		Mode mode = builder.net.getTransitions().get(0).getModes().get(0);
		mode.getInputs().get(0).setCount(2_000_000_000);
		UnsupportedNetException taking = assertThrows(UnsupportedNetException.class,
				() -> QpnSimulator.check(builder.net, null));
		assertEquals("transition 'again' (again), mode 'again#0': it takes 2,000,000,000 tokens in one firing, more"
				+ " than the 20,000,000 the simulator holds in places (or in queues) at once", taking.getMessage());
		mode.getInputs().get(0).setCount(1);
		mode.getOutputs().get(0).setCount(Integer.MAX_VALUE);
		UnsupportedNetException producing = assertThrows(UnsupportedNetException.class,
				() -> QpnSimulator.check(builder.net, null));
		assertTrue(producing.getMessage().contains("it produces 2,147,483,647 tokens in one firing"),
				producing.getMessage());
		assertEquals(producing.getMessage(), runRefusal(builder, settings(10)));
	}
}
