package org.iosim.qpn.storage;

import java.util.Locale;

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
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.TokenFlow;

/**
 * Instantiates a calibrated storage template for one workload as a QPME-compatible net: the place
 * {@value #CLIENTS} holds each class's threads as tokens of its colour (rr, rs, wr, ws; every class
 * is a colour, with no tokens if it has no threads); transition {@value #ISSUE} moves a token to the
 * FCFS queueing place {@value #CACHE} (with the calibrated servers); after service, {@value #SERVED} returns it, or, for uncached
 * random reads of the cache-RAID template, passes it with probability p₁ (a mode weight) to the FCFS
 * queueing place {@value #RAID}, from which {@value #STAGED} returns it. All classes share the cache,
 * so a workload of several classes contends there. The net's configuration {@value #CONFIGURATION}
 * runs long enough for about {@value #COMPLETIONS} requests.
 */
public final class StorageNets {

	public static final String CLIENTS = "Clients";
	public static final String CACHE = "Cache";
	public static final String RAID = "RAID";
	public static final String ISSUE = "issue";
	public static final String SERVED = "served";
	public static final String STAGED = "staged";
	public static final String CONFIGURATION = "iosim";
	/** Requests a run completes: enough for a mean within about 1 % in the cases tried. */
	public static final int COMPLETIONS = 50_000;

	private static final QpnFactory FACTORY = QpnFactory.eINSTANCE;

	private StorageNets() {
	}

	/** @throws IllegalArgumentException if a class with threads is not calibrated or gets no positive service time */
	public static Net instantiate(CalibratedStorage storage, StorageWorkload workload) {
		Net net = FACTORY.createNet();
		net.setName(String.format(Locale.ROOT, "%s storage, %s", storage.template().label(), describe(workload)));
		OrdinaryPlace clients = FACTORY.createOrdinaryPlace();
		identify(clients, CLIENTS);
		net.getPlaces().add(clients);
		QueueingPlace cache = queueingPlace(net, CACHE);
		cache.getQueue().setNumberOfServers(storage.cacheServers());
		QueueingPlace raid = null;
		ImmediateTransition issue = transition(net, ISSUE);
		ImmediateTransition served = transition(net, SERVED);
		ImmediateTransition staged = null;
		double demands = 0;
		for (StorageClass storageClass : StorageClass.values()) {
			int threads = workload.threads(storageClass);
			CalibratedStorage.Service service;
			try {
				service = storage.service(storageClass, workload.size(storageClass), workload.fileSetSize(), threads);
			} catch (IllegalArgumentException uncalibrated) {
				if (threads > 0) {
					throw uncalibrated;
				}
				// a class without threads still gets its colour, so that every instance has the same colours;
				// its service time is never drawn
				service = new CalibratedStorage.Service(1, 0, 0);
			}
			demands += threads * service.demand();
			Colour colour = FACTORY.createColour();
			identify(colour, storageClass.label());
			net.getColours().add(colour);
			ColourReference waiting = FACTORY.createColourReference();
			waiting.setId(CLIENTS + "/" + colour.getName());
			waiting.setColour(colour);
			waiting.setInitialPopulation(threads);
			clients.getColourReferences().add(waiting);
			QueueingColourReference atCache = serve(cache, colour, service.cache(), storage.serviceTimeVariation());
			mode(net, issue, 1, waiting, atCache);
			if (service.raidProbability() > 0) {
				if (raid == null) {
					raid = queueingPlace(net, RAID);
					staged = transition(net, STAGED);
				}
				QueueingColourReference atRaid = serve(raid, colour, service.raid(), storage.serviceTimeVariation());
				mode(net, served, service.raidProbability(), atCache, atRaid);
				mode(net, staged, 1, atRaid, waiting);
			}
			if (service.raidProbability() < 1) {
				mode(net, served, 1 - service.raidProbability(), atCache, waiting);
			}
		}
		SimulatorConfiguration configuration = FACTORY.createSimulatorConfiguration();
		configuration.setId(CONFIGURATION);
		configuration.setName(CONFIGURATION);
		configuration.setStoppingRule(StoppingRule.ABSOLUTE);
		// with every thread busy, requests complete at about one per mean demand (per server, where there are more)
		double runLength = COMPLETIONS * demands / workload.totalThreads()
				/ Math.min(storage.cacheServers(), workload.totalThreads());
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

	private static String describe(StorageWorkload workload) {
		StringBuilder text = new StringBuilder();
		for (StorageClass storageClass : StorageClass.values()) {
			if (workload.threads(storageClass) > 0) {
				text.append(storageClass.label()).append(' ').append(workload.threads(storageClass)).append(", ");
			}
		}
		return text.append(String.format(Locale.ROOT, "reads %.0f B, writes %.0f B, file set %.0f B",
				workload.readSize(), workload.writeSize(), workload.fileSetSize())).toString();
	}

	private static void identify(org.iosim.qpn.Identified element, String name) {
		element.setId(name);
		if (element instanceof Node node) {
			node.setName(name);
		} else if (element instanceof Colour colour) {
			colour.setName(name);
		}
	}

	private static QueueingPlace queueingPlace(Net net, String name) {
		Queue queue = FACTORY.createQueue();
		queue.setId(name + "-queue");
		queue.setName(name);
		queue.setStrategy(Strategy.FCFS);
		queue.setNumberOfServers(1);
		net.getQueues().add(queue);
		QueueingPlace place = FACTORY.createQueueingPlace();
		identify(place, name);
		place.setQueue(queue);
		net.getPlaces().add(place);
		return place;
	}

	/** Exponential when the coefficient of variation is 1, else gamma with shape 1/cv² (Eq. 7.6). */
	private static QueueingColourReference serve(QueueingPlace place, Colour colour, double mean, double variation) {
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

	private static ImmediateTransition transition(Net net, String name) {
		ImmediateTransition transition = FACTORY.createImmediateTransition();
		identify(transition, name);
		net.getTransitions().add(transition);
		return transition;
	}

	private static void mode(Net net, ImmediateTransition transition, double weight, ColourReference input,
			ColourReference output) {
		Mode mode = FACTORY.createMode();
		mode.setId(transition.getName() + "/" + input.getColour().getName() + "/" + transition.getModes().size());
		mode.setName(input.getColour().getName() + " to " + ((Place) output.eContainer()).getName());
		mode.setFiringWeight(weight);
		TokenFlow in = FACTORY.createTokenFlow();
		in.setId(mode.getId() + "/in");
		in.setColourReference(input);
		mode.getInputs().add(in);
		TokenFlow out = FACTORY.createTokenFlow();
		out.setId(mode.getId() + "/out");
		out.setColourReference(output);
		mode.getOutputs().add(out);
		transition.getModes().add(mode);
		arc(net, (Place) input.eContainer(), transition);
		arc(net, transition, (Place) output.eContainer());
	}

	private static void arc(Net net, Node source, Node target) {
		if (net.getArcs().stream().anyMatch(arc -> arc.getSource() == source && arc.getTarget() == target)) {
			return;
		}
		var arc = FACTORY.createArc();
		arc.setId(source.getName() + "->" + target.getName());
		arc.setSource(source);
		arc.setTarget(target);
		net.getArcs().add(arc);
	}
}
