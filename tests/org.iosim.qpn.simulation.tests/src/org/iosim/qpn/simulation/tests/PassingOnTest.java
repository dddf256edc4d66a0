package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A transition that only passes a place's tokens on fires without the run looking at which
 * transitions are enabled, when nothing else is. That must change nothing: not the order in which
 * transitions become enabled, which decides what a random draw picks among them.
 */
class PassingOnTest {

	/**
	 * Jobs think (IS), are passed on to a place where two transitions race for them by weight (one
	 * sends the job back to think, the other to an FCFS disk), and come back from the disk, passed on
	 * again. Each job leaving Think also leaves a note in Log, which is passed on to Sink: the note
	 * arrives first, ready to be passed on at once, and the job arriving in Choice at the same instant
	 * makes the run look at the transitions after all. With {@code blocked}, each place a token is
	 * passed on from has a second taker that never fires (it also needs a token of an empty place), so
	 * the run looks at the transitions as usual.
	 */
	private static NetBuilder racingJobs(boolean blocked) {
		NetBuilder builder = new NetBuilder("racing");
		Colour job = builder.colour("job");
		QueueingPlace think = builder.queueingPlace("Think", Strategy.IS, 1);
		QueueingColourReference thinking = builder.exponential(think, job, 7, 1.0);
		QueueingPlace disk = builder.queueingPlace("Disk", Strategy.FCFS, 1);
		QueueingColourReference onDisk = builder.exponential(disk, job, 0, 0.15);
		OrdinaryPlace choice = builder.place("Choice");
		ColourReference choosing = builder.hold(choice, job, 0);
		ColourReference logged = builder.hold(builder.place("Log"), job, 0);
		builder.mode(builder.transition("pass"), 1, new ColourReference[] { thinking }, logged, choosing);
		builder.move("drain", logged, builder.hold(builder.place("Sink"), job, 0));
		builder.move("back", onDisk, thinking);
		ImmediateTransition again = builder.transition("again");
		builder.mode(again, 1, new ColourReference[] { choosing }, thinking);
		ImmediateTransition toDisk = builder.transition("toDisk");
		toDisk.setWeight(3);
		builder.mode(toDisk, 1, new ColourReference[] { choosing }, onDisk);
		if (blocked) {
			ColourReference never = builder.hold(builder.place("Empty"), job, 0);
			builder.mode(builder.transition("blockThink"), 1, new ColourReference[] { thinking, never }, thinking);
			builder.mode(builder.transition("blockDisk"), 1, new ColourReference[] { onDisk, never }, onDisk);
			builder.mode(builder.transition("blockLog"), 1, new ColourReference[] { logged, never }, logged);
		}
		return builder;
	}

	private static List<PlaceResult> places(QpnResult result) {
		return result.places().stream().filter(place -> !place.place().equals("Empty")).toList();
	}

	@ParameterizedTest
	@ValueSource(longs = { 1, 2, 3 })
	void passingOnGivesExactlyTheResultsOfLookingAtEveryTransition(long seed) {
		QpnRunSettings settings = new QpnRunSettings(seed, StoppingRule.ABSOLUTE, 5_000, 50, 0);
		QpnResult passing = QpnSimulator.simulate(racingJobs(false).net, null, settings, QpnSimulator.Progress.NONE);
		QpnResult looking = QpnSimulator.simulate(racingJobs(true).net, null, settings, QpnSimulator.Progress.NONE);
		assertTrue(passing.events() > 10_000, "events: " + passing.events());
		assertEquals(looking.events(), passing.events());
		assertEquals(places(looking), places(passing));
	}
}
