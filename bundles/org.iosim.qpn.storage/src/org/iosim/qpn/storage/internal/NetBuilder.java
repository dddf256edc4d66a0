package org.iosim.qpn.storage.internal;

import java.util.List;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.Distribution;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.Identified;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Node;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.Place;
import org.iosim.qpn.PlaceStatistics;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.TokenFlow;

/** Builds the templates' nets: closed nets of FCFS queues and immediate transitions, ids from names. */
public final class NetBuilder {

	public static final String CONFIGURATION = "iosim";
	private static final QpnFactory FACTORY = QpnFactory.eINSTANCE;

	private final Net net = FACTORY.createNet();

	public NetBuilder(String name) {
		net.setName(name);
	}

	public Net net() {
		return net;
	}

	public Colour colour(String name) {
		Colour colour = FACTORY.createColour();
		colour.setId(name);
		colour.setName(name);
		net.getColours().add(colour);
		return colour;
	}

	public OrdinaryPlace ordinaryPlace(String name) {
		OrdinaryPlace place = FACTORY.createOrdinaryPlace();
		identify(place, name);
		net.getPlaces().add(place);
		return place;
	}

	public QueueingPlace fcfsPlace(String name, int servers) {
		Queue queue = FACTORY.createQueue();
		queue.setId(name + "-queue");
		queue.setName(name);
		queue.setStrategy(Strategy.FCFS);
		queue.setNumberOfServers(servers);
		net.getQueues().add(queue);
		QueueingPlace place = FACTORY.createQueueingPlace();
		identify(place, name);
		place.setQueue(queue);
		net.getPlaces().add(place);
		return place;
	}

	public ColourReference hold(OrdinaryPlace place, Colour colour, int tokens) {
		ColourReference reference = FACTORY.createColourReference();
		reference.setId(place.getName() + "/" + colour.getName());
		reference.setColour(colour);
		reference.setInitialPopulation(tokens);
		place.getColourReferences().add(reference);
		return reference;
	}

	/** Exponential when the coefficient of variation is 1, else gamma with shape 1/cv² (001 Eq. 7.6). */
	public QueueingColourReference serve(QueueingPlace place, Colour colour, double mean, double variation) {
		QueueingColourReference reference = FACTORY.createQueueingColourReference();
		reference.setId(place.getName() + "/" + colour.getName());
		reference.setColour(colour);
		Distribution distribution = FACTORY.createDistribution();
		if (variation == 1) {
			distribution.setFunction("Exponential");
			parameter(distribution, "lambda", 1 / mean);
		} else {
			double shape = 1 / (variation * variation);
			distribution.setFunction("Gamma");
			parameter(distribution, "alpha", shape);
			parameter(distribution, "lambda", shape / mean);
		}
		reference.setServiceTime(distribution);
		place.getColourReferences().add(reference);
		return reference;
	}

	private static void parameter(Distribution distribution, String name, double value) {
		DistributionParameter parameter = FACTORY.createDistributionParameter();
		parameter.setName(name);
		parameter.setValue(Double.toString(value));
		distribution.getParameters().add(parameter);
	}

	public ImmediateTransition transition(String name) {
		ImmediateTransition transition = FACTORY.createImmediateTransition();
		identify(transition, name);
		net.getTransitions().add(transition);
		return transition;
	}

	/** A mode taking one token of each input and giving one of each output, named after its first flow. */
	public Mode mode(ImmediateTransition transition, double weight, List<ColourReference> inputs,
			List<ColourReference> outputs) {
		Mode mode = FACTORY.createMode();
		ColourReference first = inputs.get(0);
		mode.setId(transition.getName() + "/" + first.getColour().getName() + "/" + transition.getModes().size());
		mode.setName(first.getColour().getName() + " to " + ((Place) outputs.get(0).eContainer()).getName());
		mode.setFiringWeight(weight);
		for (ColourReference input : inputs) {
			TokenFlow in = FACTORY.createTokenFlow();
			in.setId(mode.getId() + "/in/" + input.getId());
			in.setColourReference(input);
			mode.getInputs().add(in);
			arc((Place) input.eContainer(), transition);
		}
		for (ColourReference output : outputs) {
			TokenFlow out = FACTORY.createTokenFlow();
			out.setId(mode.getId() + "/out/" + output.getId());
			out.setColourReference(output);
			mode.getOutputs().add(out);
			arc(transition, (Place) output.eContainer());
		}
		transition.getModes().add(mode);
		return mode;
	}

	private void arc(Node source, Node target) {
		if (net.getArcs().stream().anyMatch(arc -> arc.getSource() == source && arc.getTarget() == target)) {
			return;
		}
		var arc = FACTORY.createArc();
		arc.setId(source.getName() + "->" + target.getName());
		arc.setSource(source);
		arc.setTarget(target);
		net.getArcs().add(arc);
	}

	/**
	 * The configuration {@value #CONFIGURATION}: long enough for about {@code completions} requests when
	 * they complete one per {@code secondsPerCompletion}, with a twentieth of it as warm-up; every place
	 * and colour measured.
	 */
	public Net finish(int completions, double secondsPerCompletion) {
		SimulatorConfiguration configuration = FACTORY.createSimulatorConfiguration();
		configuration.setId(CONFIGURATION);
		configuration.setName(CONFIGURATION);
		configuration.setStoppingRule(StoppingRule.ABSOLUTE);
		double runLength = completions * secondsPerCompletion;
		configuration.setTotalRunLength(runLength);
		configuration.setRampUpLength(runLength / 20);
		configuration.setTimeBetweenStopChecks(runLength);
		net.getConfigurations().add(configuration);
		for (Place place : net.getPlaces()) {
			PlaceStatistics statistics = FACTORY.createPlaceStatistics();
			statistics.setId(place.getId() + "/statistics");
			statistics.setConfiguration(CONFIGURATION);
			statistics.setStatsLevel(3);
			place.getStatistics().add(statistics);
			for (ColourReference reference : place.getColourReferences()) {
				ColourStatistics batches = FACTORY.createColourStatistics();
				batches.setId(reference.getId() + "/statistics");
				batches.setConfiguration(CONFIGURATION);
				batches.setBatchSize(200);
				batches.setMinBatches(0);
				batches.setSignLev(0.05);
				batches.setReqRelPrc(0.05);
				batches.setQueueBatchSize(200);
				batches.setQueueMinBatches(0);
				batches.setQueueSignLev(0.05);
				batches.setQueueReqRelPrc(0.05);
				reference.getStatistics().add(batches);
			}
		}
		return net;
	}

	private static void identify(Node node, String name) {
		((Identified) node).setId(name);
		node.setName(name);
	}
}
