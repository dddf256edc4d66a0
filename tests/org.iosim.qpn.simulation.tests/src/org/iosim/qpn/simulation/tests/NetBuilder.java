package org.iosim.qpn.simulation.tests;

import java.util.Map;

import org.iosim.qpn.Arc;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.Distribution;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Node;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.Place;
import org.iosim.qpn.PlaceStatistics;
import org.iosim.qpn.Probe;
import org.iosim.qpn.ProbeColourReference;
import org.iosim.qpn.ProbeTrigger;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.TimedTransition;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.Transition;

/** Builds small nets for tests, with readable ids (the element's name). */
final class NetBuilder {

	private static final QpnFactory FACTORY = QpnFactory.eINSTANCE;

	final Net net = FACTORY.createNet();

	NetBuilder(String name) {
		net.setName(name);
	}

	/**
	 * SPEC.md T3's net: 30 reads and 10 writes wait for a one-token scheduler that hands an FCFS disk
	 * (1 ms per request) to a read or a write by mode weights α and β; a served request waits again.
	 */
	static NetBuilder scheduler(double alpha, double beta) {
		NetBuilder builder = new NetBuilder("scheduler");
		Colour read = builder.colour("read");
		Colour write = builder.colour("write");
		Colour permit = builder.colour("permit");
		OrdinaryPlace waiting = builder.place("Waiting");
		ColourReference readsWaiting = builder.hold(waiting, read, 30);
		ColourReference writesWaiting = builder.hold(waiting, write, 10);
		OrdinaryPlace scheduler = builder.place("Scheduler");
		ColourReference idle = builder.hold(scheduler, permit, 1);
		QueueingPlace disk = builder.queueingPlace("Disk", Strategy.FCFS, 1);
		QueueingColourReference readServed = builder.exponential(disk, read, 0, 0.001);
		QueueingColourReference writeServed = builder.exponential(disk, write, 0, 0.001);
		ImmediateTransition schedule = builder.transition("schedule");
		builder.mode(schedule, alpha, new ColourReference[] { readsWaiting, idle }, readServed);
		builder.mode(schedule, beta, new ColourReference[] { writesWaiting, idle }, writeServed);
		ImmediateTransition done = builder.transition("done");
		builder.mode(done, 1, new ColourReference[] { readServed }, readsWaiting, idle);
		builder.mode(done, 1, new ColourReference[] { writeServed }, writesWaiting, idle);
		return builder;
	}

	Colour colour(String name) {
		Colour colour = FACTORY.createColour();
		colour.setId(name);
		colour.setName(name);
		net.getColours().add(colour);
		return colour;
	}

	QueueingPlace queueingPlace(String name, Strategy strategy, int servers) {
		Queue queue = FACTORY.createQueue();
		queue.setId(name + "-queue");
		queue.setName(name);
		queue.setStrategy(strategy);
		queue.setNumberOfServers(servers);
		net.getQueues().add(queue);
		QueueingPlace place = FACTORY.createQueueingPlace();
		place.setId(name);
		place.setName(name);
		place.setQueue(queue);
		net.getPlaces().add(place);
		return place;
	}

	OrdinaryPlace place(String name) {
		OrdinaryPlace place = FACTORY.createOrdinaryPlace();
		place.setId(name);
		place.setName(name);
		net.getPlaces().add(place);
		return place;
	}

	/** A colour of a queueing place with a service time, e.g. ("Exponential", Map.of("lambda", "2")). */
	QueueingColourReference serve(QueueingPlace place, Colour colour, int population, String function,
			Map<String, String> parameters) {
		QueueingColourReference reference = FACTORY.createQueueingColourReference();
		reference.setId(place.getName() + "/" + colour.getName());
		reference.setColour(colour);
		reference.setInitialPopulation(population);
		Distribution distribution = FACTORY.createDistribution();
		distribution.setFunction(function);
		parameters.forEach((name, value) -> {
			DistributionParameter parameter = FACTORY.createDistributionParameter();
			parameter.setName(name);
			parameter.setValue(value);
			distribution.getParameters().add(parameter);
		});
		reference.setServiceTime(distribution);
		place.getColourReferences().add(reference);
		return reference;
	}

	QueueingColourReference exponential(QueueingPlace place, Colour colour, int population, double mean) {
		return serve(place, colour, population, "Exponential", Map.of("lambda", Double.toString(1 / mean)));
	}

	/**
	 * A closed loop of {@code tokens} "request" tokens cycling through "Disk", one FCFS server with
	 * exponential service times of the given mean, and back: each waits for all the others.
	 */
	QueueingPlace requestsCyclingThroughOneDisk(int tokens, double mean) {
		QueueingPlace disk = queueingPlace("Disk", Strategy.FCFS, 1);
		QueueingColourReference served = exponential(disk, colour("request"), tokens, mean);
		move("again", served, served);
		return disk;
	}

	ColourReference hold(OrdinaryPlace place, Colour colour, int population) {
		ColourReference reference = FACTORY.createColourReference();
		reference.setId(place.getName() + "/" + colour.getName());
		reference.setColour(colour);
		reference.setInitialPopulation(population);
		place.getColourReferences().add(reference);
		return reference;
	}

	ImmediateTransition transition(String name) {
		ImmediateTransition transition = FACTORY.createImmediateTransition();
		transition.setId(name);
		transition.setName(name);
		net.getTransitions().add(transition);
		return transition;
	}

	TimedTransition timedTransition(String name) {
		TimedTransition transition = FACTORY.createTimedTransition();
		transition.setId(name);
		transition.setName(name);
		net.getTransitions().add(transition);
		return transition;
	}

	/** A mode of a timed transition, firing after an exponential delay with the given mean. */
	Mode timedMode(TimedTransition transition, double meanDelay, ColourReference[] inputs, ColourReference... outputs) {
		Mode mode = mode(transition, 1, inputs, outputs);
		mode.setMeanFiringDelay(meanDelay);
		return mode;
	}

	/** A mode taking one token from each input and producing one in each output; arcs are added as needed. */
	Mode mode(Transition transition, double weight, ColourReference[] inputs, ColourReference... outputs) {
		Mode mode = FACTORY.createMode();
		mode.setId(transition.getName() + "#" + transition.getModes().size());
		mode.setName(mode.getId());
		mode.setFiringWeight(weight);
		for (ColourReference input : inputs) {
			mode.getInputs().add(flow(input));
			arc((Place) input.eContainer(), transition);
		}
		for (ColourReference output : outputs) {
			mode.getOutputs().add(flow(output));
			arc(transition, (Place) output.eContainer());
		}
		transition.getModes().add(mode);
		return mode;
	}

	/** A transition with one mode moving one token from {@code from} to {@code to}. */
	ImmediateTransition move(String name, ColourReference from, ColourReference to) {
		ImmediateTransition transition = transition(name);
		mode(transition, 1, new ColourReference[] { from }, to);
		return transition;
	}

	/** Asks configuration "test" to measure the place at statsLevel 4, with percentiles of residence times. */
	void measurePercentiles(Place place) {
		PlaceStatistics level = FACTORY.createPlaceStatistics();
		level.setConfiguration("test");
		level.setStatsLevel(4);
		place.getStatistics().add(level);
	}

	/** Asks the stopping rule of configuration "test" to check every colour of the place at the given relative precision. */
	void checkPrecision(Place place, double relativePrecision) {
		PlaceStatistics level = FACTORY.createPlaceStatistics();
		level.setConfiguration("test");
		level.setStatsLevel(3);
		place.getStatistics().add(level);
		for (ColourReference reference : place.getColourReferences()) {
			ColourStatistics statistics = FACTORY.createColourStatistics();
			statistics.setConfiguration("test");
			statistics.setSignLev(0.05);
			statistics.setQueueSignLev(0.05);
			statistics.setReqRelPrc(relativePrecision);
			statistics.setQueueReqRelPrc(relativePrecision);
			statistics.setMinBatches(20);
			statistics.setQueueMinBatches(20);
			reference.getStatistics().add(statistics);
		}
	}

	/** A probe of the colours from the start place (entered or left) to the end place (entered or left). */
	Probe probe(String name, Place start, ProbeTrigger startTrigger, Place end, ProbeTrigger endTrigger, Colour... colours) {
		Probe probe = FACTORY.createProbe();
		probe.setId(name);
		probe.setName(name);
		probe.setStartPlace(start);
		probe.setStartTrigger(startTrigger);
		probe.setEndPlace(end);
		probe.setEndTrigger(endTrigger);
		for (Colour colour : colours) {
			ProbeColourReference reference = FACTORY.createProbeColourReference();
			reference.setId(name + "/" + colour.getName());
			reference.setColour(colour);
			probe.getColourReferences().add(reference);
		}
		net.getProbes().add(probe);
		return probe;
	}

	/** Asks the stopping rule of configuration "test" to check every colour of the probe at the given relative precision. */
	void checkPrecision(Probe probe, double relativePrecision) {
		PlaceStatistics level = FACTORY.createPlaceStatistics();
		level.setConfiguration("test");
		level.setStatsLevel(3);
		probe.getStatistics().add(level);
		for (ProbeColourReference reference : probe.getColourReferences()) {
			ColourStatistics statistics = FACTORY.createColourStatistics();
			statistics.setConfiguration("test");
			statistics.setSignLev(0.05);
			statistics.setReqRelPrc(relativePrecision);
			statistics.setMinBatches(20);
			reference.getStatistics().add(statistics);
		}
	}

	private static TokenFlow flow(ColourReference reference) {
		TokenFlow flow = FACTORY.createTokenFlow();
		flow.setColourReference(reference);
		flow.setCount(1);
		return flow;
	}

	private void arc(Node source, Node target) {
		for (Arc arc : net.getArcs()) {
			if (arc.getSource() == source && arc.getTarget() == target) {
				return;
			}
		}
		Arc arc = FACTORY.createArc();
		arc.setId(source.getName() + "->" + target.getName());
		arc.setSource(source);
		arc.setTarget(target);
		net.getArcs().add(arc);
	}
}
