package org.iosim.qpn.qpe;

import static java.util.Map.entry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.iosim.qpn.Arc;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.Distribution;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Node;
import org.iosim.qpn.Place;
import org.iosim.qpn.PlaceStatistics;
import org.iosim.qpn.PlaceTransitionNet;
import org.iosim.qpn.Probe;
import org.iosim.qpn.ProbeColourReference;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.Subnet;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.TimedTransition;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.Transition;
import org.iosim.qpn.internal.QpeFormat;
import org.iosim.qpn.qpe.QpnDiagnostic.Severity;

/**
 * Judges whether a net means something a simulator can run: every transition has a mode, modes take
 * tokens only from places connected to the transition and put them only into places it is connected
 * to, colour references name colours of the net (each at most once per place), every colour of a
 * queueing place has a service time whose distribution QPME knows and whose parameters are numbers in
 * range (e.g. an Exponential's lambda &gt; 0), queues have at least one server, queueing places have a
 * queue, and no immediate transition can fire without taking tokens (it would fire endlessly without
 * time passing). Subnet places are judged as SimQPN simulates them, replaced by their subnets: a
 * token flow into or out of one needs a place "input-place" or "output-place" of that colour in the
 * subnet, and a subnet's own elements are judged like the net's. Every message names the net and the
 * element by its type, name and id.
 * <p>
 * A probe needs colours of the net, a start and an end place that hold tokens and allow one of its
 * colours, triggers that span time, and a path of its colours between the two places.
 * <p>
 * Whether a net's population stays bounded is not judged: beyond the case above it needs a
 * state-space or invariant analysis.
 */
public final class QpnValidator {

	/** How a distribution parameter's value is bounded (as SimQPN checks it). */
	private enum Bound {
		ANY(""), POSITIVE(" > 0"), NON_NEGATIVE(" >= 0"), AT_LEAST_ONE(" >= 1");

		private final String text;

		Bound(String text) {
			this.text = text;
		}

		boolean admits(double value) {
			return switch (this) {
			case ANY -> true;
			case POSITIVE -> value > 0;
			case NON_NEGATIVE -> value >= 0;
			case AT_LEAST_ONE -> value >= 1;
			};
		}
	}

	/** A parameter a distribution needs; some have two names (QPME's editor and SimQPN differ for Deterministic). */
	private record Requirement(Bound bound, String... names) {
	}

	/**
	 * QPME's distributions and the numeric parameters each needs. The empirical, replay, MARS and WEKA
	 * distributions read their data from files, which are not checked here.
	 */
	private static final Map<String, List<Requirement>> DISTRIBUTIONS = Map.ofEntries(
			entry("Beta", List.of(new Requirement(Bound.POSITIVE, "alpha"), new Requirement(Bound.POSITIVE, "beta"))),
			entry("BreitWigner", breitWigner()),
			entry("BreitWignerMeanSquare", breitWigner()),
			entry("ChiSquare", List.of(new Requirement(Bound.POSITIVE, "freedom"))),
			entry("Deterministic", List.of(new Requirement(Bound.NON_NEGATIVE, "p1", "c"))),
			entry("Exponential", List.of(new Requirement(Bound.POSITIVE, "lambda"))),
			entry("ExponentialPower", List.of(new Requirement(Bound.AT_LEAST_ONE, "tau"))),
			entry("Gamma", List.of(new Requirement(Bound.POSITIVE, "alpha"), new Requirement(Bound.POSITIVE, "lambda"))),
			entry("Hyperbolic", List.of(new Requirement(Bound.POSITIVE, "alpha"), new Requirement(Bound.POSITIVE, "beta"))),
			entry("Logarithmic", List.of(new Requirement(Bound.ANY, "p"))),
			entry("Normal", List.of(new Requirement(Bound.ANY, "mean"), new Requirement(Bound.POSITIVE, "stdDev"))),
			entry("StudentT", List.of(new Requirement(Bound.POSITIVE, "freedom"))),
			entry("Uniform", List.of(new Requirement(Bound.ANY, "min"), new Requirement(Bound.ANY, "max"))),
			entry("VonMises", List.of(new Requirement(Bound.ANY, "freedom"))),
			entry("Empirical", List.of()),
			entry("Replay", List.of()),
			entry("Periodical", List.of()),
			entry("DiscreteEmpirical", List.of()),
			entry("ContinuousEmpirical", List.of()),
			entry("DeterministicConcurrency", List.of()),
			entry("MARS", List.of()),
			entry("WEKA", List.of()),
			// IOSim's own, not QPME's (see IOSIM_ONLY)
			entry("Lognormal", List.of(new Requirement(Bound.POSITIVE, "mean"), new Requirement(Bound.POSITIVE, "stdDev"))));

	/** Distributions IOSim simulates that QPME does not know: a net using them opens in IOSim only. */
	private static final Set<String> IOSIM_ONLY = Set.of("Lognormal");

	/** Parameters that name data files rather than numbers. */
	private static final Set<String> FILE_PARAMETERS = Set.of("pdf_filename", "replay_filename", "probabilitiesFile",
			"valuesFile", "concurrenciesFile", "responsetimesFile", "marsFile", "wekaFile", EmpiricalData.DATA);

	private static List<Requirement> breitWigner() {
		return List.of(new Requirement(Bound.ANY, "mean"), new Requirement(Bound.POSITIVE, "gamma"),
				new Requirement(Bound.ANY, "cut"));
	}

	/** @return the problems of the net, errors and warnings, in the order of the net's elements */
	public List<QpnDiagnostic> validate(Net net) {
		return new Run(net).validate();
	}

	/** One validation, collecting its diagnostics. */
	private static final class Run {

		private final Net net;
		private final String netName;
		private final List<QpnDiagnostic> diagnostics = new ArrayList<>();

		Run(Net net) {
			this.net = net;
			this.netName = net.getName() == null ? "net" : QpeFormat.shorten(net.getName());
		}

		List<QpnDiagnostic> validate() {
			for (Queue queue : net.getQueues()) {
				if (queue.getNumberOfServers() < 1) {
					error(queue, "has " + queue.getNumberOfServers() + " servers; a queue needs at least one");
				}
			}
			validateContents(net);
			net.getProbes().forEach(this::validateProbe);
			warnOfRepeatedNames();
			return diagnostics;
		}

		/**
		 * SimQPN refuses a net in which two queues, colours, places or transitions share a name
		 * ("Another ... with the same name does already exist!"), those of subnets named after their
		 * subnet places as it flattens them; IOSim simulates such a net, but its results, named by
		 * place, are ambiguous.
		 */
		private void warnOfRepeatedNames() {
			Map<String, EObject> queues = new HashMap<>();
			for (Queue queue : net.getQueues()) {
				warnIfRepeated(queues, queue.getName(), queue, "queues");
			}
			Map<String, EObject> colours = new HashMap<>();
			Map<String, EObject> places = new HashMap<>();
			Map<String, EObject> transitions = new HashMap<>();
			Map<String, EObject> probes = new HashMap<>();
			for (Probe probe : net.getProbes()) {
				EObject first = probe.getName() == null ? null : probes.putIfAbsent(probe.getName(), probe);
				if (first != null) {
					warning(probe, "has the name of " + QpeFormat.describe(first) + "; results named by probes are ambiguous");
				}
			}
			for (var contents = net.eAllContents(); contents.hasNext();) {
				EObject element = contents.next();
				if (element instanceof Colour colour) {
					warnIfRepeated(colours, Subnets.qualifiedName(colour, colour.getName()), colour, "colours");
				} else if (element instanceof Place place && !(place instanceof SubnetPlace)) {
					warnIfRepeated(places, Subnets.qualifiedName(place, place.getName()), place, "places");
				} else if (element instanceof Transition transition) {
					warnIfRepeated(transitions, Subnets.qualifiedName(transition, transition.getName()), transition, "transitions");
				}
			}
		}

		private void warnIfRepeated(Map<String, EObject> seen, String name, EObject element, String kind) {
			if (name == null) {
				return;
			}
			EObject first = seen.putIfAbsent(name, element);
			if (first != null) {
				warning(element, "has the name of " + QpeFormat.describe(first) + "; SimQPN refuses nets whose " + kind
						+ " share a name, and results named by them are ambiguous");
			}
		}

		/** The places, transitions and arcs of the net or of a subnet, and those of the subnets in it. */
		private void validateContents(PlaceTransitionNet owner) {
			owner.getPlaces().forEach(this::validatePlace);
			owner.getTransitions().forEach(this::validateTransition);
			owner.getArcs().forEach(this::validateArc);
			for (Place place : owner.getPlaces()) {
				if (place instanceof SubnetPlace subnetPlace && subnetPlace.getSubnet() != null) {
					validateContents(subnetPlace.getSubnet());
				}
			}
		}

		private void validatePlace(Place place) {
			if (place.getColourReferences().isEmpty()) {
				error(place, "allows no colour, so it can hold no tokens");
			}
			if (place instanceof QueueingPlace queueing && queueing.getQueue() == null) {
				error(place, "has no queue to serve its tokens");
			}
			if (place instanceof SubnetPlace subnetPlace && subnetPlace.getSubnet() == null) {
				error(place, "holds no subnet, so tokens can neither enter nor leave it");
			}
			Set<Colour> colours = new HashSet<>();
			for (ColourReference reference : place.getColourReferences()) {
				Colour colour = reference.getColour();
				if (colour == null) {
					error(reference, "names no colour");
				} else if (!(place.eContainer() instanceof PlaceTransitionNet owner) || !Subnets.isVisible(colour, owner)) {
					error(reference, "names a colour that is not one of the net's colours"
							+ (place.eContainer() instanceof Subnet ? " nor of the subnets around the place" : ""));
				} else if (!colours.add(colour)) {
					error(reference, "allows the colour '" + colour.getName() + "' again; a place allows each colour once");
				}
				validatePopulation(reference);
				if (place instanceof QueueingPlace) {
					validateServiceTime(reference);
				} else if (reference instanceof QueueingColourReference) {
					warning(reference, "has a service time, but an ordinary place has no queue to serve it");
				}
				if (place instanceof SubnetPlace && reference.getInitialPopulation() > 0) {
					warning(reference, "has an initial population of " + reference.getInitialPopulation() + ", which is not"
							+ " simulated: SimQPN replaces a subnet place by its subnet's places, and so does IOSim; put the"
							+ " tokens into a place of the subnet");
				}
			}
		}

		private void validatePopulation(ColourReference reference) {
			if (reference.getInitialPopulation() < 0) {
				error(reference, "has a negative initial population (" + reference.getInitialPopulation() + ")");
			}
			if (reference.getMaximumCapacity() < 0) {
				error(reference, "has a negative maximum capacity (" + reference.getMaximumCapacity() + "); 0 means no limit");
			} else if (reference.getMaximumCapacity() > 0 && reference.getInitialPopulation() > reference.getMaximumCapacity()) {
				error(reference, "starts with " + reference.getInitialPopulation() + " tokens, more than its maximum capacity "
						+ reference.getMaximumCapacity());
			}
		}

		private void validateServiceTime(ColourReference reference) {
			Distribution serviceTime = reference instanceof QueueingColourReference queueing ? queueing.getServiceTime() : null;
			if (serviceTime == null) {
				error(reference, "has no service time, so the place's queue cannot serve tokens of this colour");
				return;
			}
			List<Requirement> requirements = serviceTime.getFunction() == null ? null : DISTRIBUTIONS.get(serviceTime.getFunction());
			if (requirements == null) {
				error(reference, "has the service time distribution '" + QpeFormat.shorten(String.valueOf(serviceTime.getFunction()))
						+ "', which is not one of QPME's (or IOSim's " + String.join(", ", IOSIM_ONLY) + "): "
						+ String.join(", ", DISTRIBUTIONS.keySet().stream().filter(name -> !IOSIM_ONLY.contains(name))
								.sorted().toList()));
				return;
			}
			if (IOSIM_ONLY.contains(serviceTime.getFunction())) {
				warning(reference, "has a " + serviceTime.getFunction() + " service time, which IOSim simulates but QPME and"
						+ " SimQPN do not know");
			}
			for (DistributionParameter parameter : serviceTime.getParameters()) {
				boolean file = parameter.getName() != null && FILE_PARAMETERS.contains(parameter.getName());
				if (!file && number(parameter.getValue()) == null) {
					error(reference, "has the service time parameter " + parameter.getName() + " = '"
							+ QpeFormat.shorten(String.valueOf(parameter.getValue())) + "', which is not a number");
				}
			}
			for (Requirement requirement : requirements) {
				DistributionParameter parameter = parameter(serviceTime, requirement.names());
				if (parameter == null) {
					error(reference, "its " + serviceTime.getFunction() + " service time lacks the parameter "
							+ String.join(" (or ", requirement.names()) + (requirement.names().length > 1 ? ")" : ""));
					continue;
				}
				Double value = number(parameter.getValue());
				if (value != null && !requirement.bound().admits(value)) {
					error(reference, "its " + serviceTime.getFunction() + " service time has " + parameter.getName()
							+ " = " + parameter.getValue() + "; it must be" + requirement.bound().text);
				}
			}
			if ("Uniform".equals(serviceTime.getFunction())) {
				Double min = valueOf(serviceTime, "min");
				Double max = valueOf(serviceTime, "max");
				if (min != null && max != null && max <= min) {
					error(reference, "its Uniform service time has max = " + max + ", not above min = " + min);
				}
			}
		}

		private void validateTransition(Transition transition) {
			if (transition.getModes().isEmpty()) {
				error(transition, "has no mode, so it can never fire");
			}
			if (transition instanceof ImmediateTransition immediate && immediate.getWeight() < 0) {
				error(transition, "has a negative weight (" + immediate.getWeight() + ")");
			}
			for (Mode mode : transition.getModes()) {
				if (mode.getFiringWeight() < 0) {
					error(mode, "has a negative firing weight (" + mode.getFiringWeight() + ")");
				}
				if (transition instanceof TimedTransition && mode.getMeanFiringDelay() <= 0) {
					error(mode, "has the mean firing delay " + mode.getMeanFiringDelay() + "; a timed transition's must be > 0");
				}
				if (transition instanceof ImmediateTransition && mode.getInputs().isEmpty()) {
					error(mode, "takes no tokens: an immediate transition's mode that needs none fires endlessly"
							+ " without time passing");
				}
				for (TokenFlow input : mode.getInputs()) {
					validateTokenFlow(input, transition, true);
				}
				for (TokenFlow output : mode.getOutputs()) {
					validateTokenFlow(output, transition, false);
				}
			}
		}

		private void validateTokenFlow(TokenFlow flow, Transition transition, boolean input) {
			if (flow.getCount() < 1) {
				error(flow, "moves " + flow.getCount() + " tokens; a connection moves at least one");
			}
			ColourReference reference = flow.getColourReference();
			if (reference == null) {
				error(flow, "names no colour reference of a place");
				return;
			}
			if (!(reference.eContainer() instanceof Place place) || place.eContainer() != transition.eContainer()
					|| !(transition.eContainer() instanceof PlaceTransitionNet owner)) {
				error(flow, "names a colour reference that belongs to no place of the transition's "
						+ (transition.eContainer() instanceof Subnet ? "subnet" : "net"));
				return;
			}
			if (place instanceof SubnetPlace subnetPlace && subnetPlace.getSubnet() != null
					&& Subnets.tokenHolder(reference, !input) == null) {
				error(flow, (input ? "takes tokens from " : "puts tokens into ") + QpeFormat.describe(reference)
						+ ", but its subnet has no place '" + (input ? QpeFormat.SUBNET_OUTPUT_PLACE : QpeFormat.SUBNET_INPUT_PLACE)
						+ "' with that colour (through nested subnet places) for them to " + (input ? "leave from" : "enter"));
			}
			Node source = input ? place : transition;
			Node target = input ? transition : place;
			boolean connected = owner.getArcs().stream().anyMatch(arc -> arc.getSource() == source && arc.getTarget() == target);
			if (!connected) {
				error(flow, (input ? "takes tokens from " : "puts tokens into ") + QpeFormat.describe(reference)
						+ ", but no connection leads from " + QpeFormat.describe(source) + " to "
						+ QpeFormat.describe(target));
			}
		}

		/**
		 * A probe needs colours of the net, a start and an end place that hold tokens (not subnet
		 * places) and allow one of its colours, triggers that mean a time span, and a path of its
		 * colours from the start to the end place; SimQPN refuses probes lacking these.
		 */
		private void validateProbe(Probe probe) {
			Set<Colour> colours = new HashSet<>();
			if (probe.getColourReferences().isEmpty()) {
				error(probe, "measures no colour; a probe needs colour references (SimQPN refuses it too: \"Missing color"
						+ " references!\")");
			}
			for (ProbeColourReference reference : probe.getColourReferences()) {
				Colour colour = reference.getColour();
				if (colour == null) {
					error(reference, "names no colour");
				} else if (!net.getColours().contains(colour)) {
					error(reference, "names a colour that is not one of the net's colours (a probe's colours are the net's own)");
				} else if (!colours.add(colour)) {
					error(reference, "measures the colour '" + colour.getName() + "' again; a probe measures each colour once");
				}
			}
			// both places are judged, so that both are reported
			boolean placesUsable = probePlace(probe, probe.getStartPlace(), "start", colours)
					& probePlace(probe, probe.getEndPlace(), "end", colours);
			boolean samePlace = probe.getStartPlace() == probe.getEndPlace();
			if (placesUsable && samePlace && probe.getStartTrigger() == probe.getEndTrigger()) {
				error(probe, "starts and ends at " + QpeFormat.describe(probe.getStartPlace()) + " both on "
						+ probe.getStartTrigger().getLiteral() + ", which measures no time; on one place a probe starts on"
						+ " entry and ends on exit (time in the place) or starts on exit and ends on entry (time until"
						+ " the token comes back)");
			} else if (placesUsable && !colours.isEmpty() && ProbePaths.between(probe).isEmpty()) {
				error(probe, "finds no path from " + QpeFormat.describe(probe.getStartPlace()) + " to "
						+ QpeFormat.describe(probe.getEndPlace()) + " along which transitions move tokens of its colours,"
						+ " so no token could end a measurement (SimQPN refuses it: \"Start and end place of probe not"
						+ " connected\")");
			}
			for (SimulatorConfiguration configuration : net.getConfigurations()) {
				PlaceStatistics settings = probe.getStatistics().stream()
						.filter(statistics -> configuration.getName() != null
								&& configuration.getName().equals(statistics.getConfiguration()))
						.findFirst().orElse(null);
				if (settings == null) {
					warning(probe, "has no statistics settings (statsLevel) for the configuration '"
							+ QpeFormat.shorten(String.valueOf(configuration.getName())) + "'; SimQPN refuses to run the net"
							+ " under it, IOSim measures the probe all the same");
				} else if (settings.getStatsLevel() < 3) {
					warning(probe, "has statsLevel " + settings.getStatsLevel() + " for the configuration '"
							+ QpeFormat.shorten(String.valueOf(configuration.getName())) + "'; SimQPN measures probes only"
							+ " from statsLevel 3, IOSim measures it all the same");
				}
			}
		}

		/** @return whether the probe's start or end place is one where tokens can start or end a measurement */
		private boolean probePlace(Probe probe, Place place, String role, Set<Colour> colours) {
			if (place == null) {
				error(probe, "has no " + role + " place");
				return false;
			}
			if (place instanceof SubnetPlace) {
				error(probe, "has its " + role + " place at " + QpeFormat.describe(place) + ", which holds no tokens itself"
						+ " (SimQPN replaces it by its subnet's places, and so does IOSim); choose a place of the subnet");
				return false;
			}
			if (!colours.isEmpty()
					&& place.getColourReferences().stream().noneMatch(reference -> colours.contains(reference.getColour()))) {
				error(probe, "has its " + role + " place at " + QpeFormat.describe(place) + ", which allows none of the"
						+ " probe's colours, so no token could " + role + " a measurement there");
				return false;
			}
			return true;
		}

		private void validateArc(Arc arc) {
			if (arc.getSource() == null || arc.getTarget() == null) {
				error(arc, "lacks its " + (arc.getSource() == null ? "source" : "target"));
			} else if (arc.getSource() instanceof Place == arc.getTarget() instanceof Place) {
				error(arc, "connects " + QpeFormat.describe(arc.getSource()) + " to " + QpeFormat.describe(arc.getTarget())
						+ "; a connection leads from a place to a transition or from a transition to a place");
			}
		}

		private static DistributionParameter parameter(Distribution distribution, String... names) {
			for (String name : names) {
				for (DistributionParameter parameter : distribution.getParameters()) {
					if (name.equals(parameter.getName())) {
						return parameter;
					}
				}
			}
			return null;
		}

		private static Double valueOf(Distribution distribution, String name) {
			DistributionParameter parameter = parameter(distribution, name);
			return parameter == null ? null : number(parameter.getValue());
		}

		/** @return the finite number the text is, null if it is none */
		private static Double number(String text) {
			if (text == null || !QpeFormat.DECIMAL.matcher(text.trim()).matches()) {
				return null;
			}
			double value = Double.parseDouble(text.trim());
			return Double.isFinite(value) ? value : null;
		}

		private void error(EObject element, String message) {
			diagnostics.add(new QpnDiagnostic(Severity.ERROR, netName + ": " + QpeFormat.describe(element) + ": " + message));
		}

		private void warning(EObject element, String message) {
			diagnostics.add(new QpnDiagnostic(Severity.WARNING, netName + ": " + QpeFormat.describe(element) + ": " + message));
		}
	}
}
