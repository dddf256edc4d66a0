package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.junit.jupiter.api.Test;

/**
 * A transition with several modes fires one of them only while each of its inputs holds the tokens
 * that mode takes, however many that is: the run keeps count of which modes can fire as tokens come
 * and go, and the count must follow every threshold.
 */
class ModeEnablingTest {

	/**
	 * Parts holds 5 red and 4 blue tokens. One mode of "assemble" takes 2 red and 1 blue and puts a
	 * red token in Done, the other takes 3 blue and puts a blue one there. Whichever the draws pick,
	 * the firings stop with 1 red and 2 blue left (the first mode twice) or 3 red and none blue (each
	 * mode once): after that neither mode has what it takes.
	 */
	@Test
	void modesFireWhileTheirInputsHoldWhatTheyTakeAndNotOnceMore() {
		Set<List<Double>> outcomes = new HashSet<>();
		for (long seed = 1; seed <= 20; seed++) {
			NetBuilder builder = new NetBuilder("assembly");
			Colour red = builder.colour("red");
			Colour blue = builder.colour("blue");
			OrdinaryPlace parts = builder.place("Parts");
			ColourReference redParts = builder.hold(parts, red, 5);
			ColourReference blueParts = builder.hold(parts, blue, 4);
			OrdinaryPlace done = builder.place("Done");
			ColourReference redDone = builder.hold(done, red, 0);
			ColourReference blueDone = builder.hold(done, blue, 0);
			ImmediateTransition assemble = builder.transition("assemble");
			Mode pair = builder.mode(assemble, 1, new ColourReference[] { redParts, blueParts }, redDone);
			pair.getInputs().get(0).setCount(2);
			Mode triple = builder.mode(assemble, 1, new ColourReference[] { blueParts }, blueDone);
			triple.getInputs().get(0).setCount(3);

			QpnResult result = QpnSimulator.simulate(builder.net, null,
					new QpnRunSettings(seed, StoppingRule.ABSOLUTE, 10, 1, 0), QpnSimulator.Progress.NONE);
			List<Double> left = List.of(population(result, "Parts", "red"), population(result, "Parts", "blue"),
					population(result, "Done", "red"), population(result, "Done", "blue"));
			assertTrue(left.equals(List.of(1.0, 2.0, 2.0, 0.0)) || left.equals(List.of(3.0, 0.0, 1.0, 1.0)),
					"seed " + seed + ": red and blue in Parts, then in Done: " + left);
			outcomes.add(left);
		}
		assertEquals(2, outcomes.size(), "in 20 seeds, both ways the draws can go: " + outcomes);
	}

	private static double population(QpnResult result, String place, String colour) {
		return result.places().stream().filter(entry -> entry.place().equals(place) && entry.colour().equals(colour))
				.findFirst().orElseThrow(() -> new AssertionError("no " + place + "/" + colour)).population();
	}
}
