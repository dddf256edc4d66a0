package org.iosim.qpn.internal;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.iosim.qpn.AnalysisMethod;
import org.iosim.qpn.Arc;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.DepartureDiscipline;
import org.iosim.qpn.Distribution;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.Identified;
import org.iosim.qpn.FlowDirection;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Node;
import org.iosim.qpn.Place;
import org.iosim.qpn.PlaceStatistics;
import org.iosim.qpn.PlaceTransitionNet;
import org.iosim.qpn.Probe;
import org.iosim.qpn.ProbeColourReference;
import org.iosim.qpn.ProbeTrigger;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.QpnPackage;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.Subnet;
import org.iosim.qpn.SubnetColourReference;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.Transition;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.qpe.QpnDiagnostic.Severity;

/**
 * Maps a parsed {@code .qpe} document onto the metamodel. Elements are created first and references
 * (by id) resolved afterwards, so that the order of the file does not matter. Whatever the model
 * cannot hold is reported by name and left out, never skipped silently.
 */
public final class NetMapper {

	/** What the mapping produced. */
	public record Result(Net net, List<QpnDiagnostic> diagnostics) {
	}

	/** Problems listed per file; a file broken throughout would otherwise give one per element. */
	private static final int MAX_LISTED_PROBLEMS = 200;

	private static final QpnFactory FACTORY = QpnFactory.eINSTANCE;

	private final String file;
	private final Net net = FACTORY.createNet();
	private final List<QpnDiagnostic> diagnostics = new ArrayList<>();
	private int unlisted;
	/** Every element of the document with an id, the first one where ids repeat. */
	private final Map<String, XmlElement> elementsById = new HashMap<>();
	private final Map<String, EObject> objectsById = new HashMap<>();
	/** Ids of elements that are reported and left out, with everything inside them. */
	private final Set<String> leftOut = new HashSet<>();
	private final List<Runnable> referenceResolutions = new ArrayList<>();

	private NetMapper(String file) {
		this.file = file;
	}

	/**
	 * @param file    the file's name, for messages
	 * @param netName the net's name (the format has none)
	 */
	public static Result map(XmlElement root, String file, String netName) {
		NetMapper mapper = new NetMapper(file);
		mapper.net.setName(netName);
		mapper.mapNet(root);
		if (mapper.unlisted > 0) {
			mapper.diagnostics.add(new QpnDiagnostic(Severity.ERROR, file + ": " + mapper.unlisted
					+ " more problems are not listed; at most " + MAX_LISTED_PROBLEMS + " are listed per file"));
		}
		return new Result(mapper.net, mapper.diagnostics);
	}

	private void mapNet(XmlElement root) {
		if (!"net".equals(root.name())) {
			error(root, "the document element is '" + QpeFormat.shorten(root.name())
					+ "', not QPME's 'net': this is no .qpe file");
			return;
		}
		String version = root.attribute("qpme-version");
		if (QpmeLegacyForm.isLegacy(root)) {
			QpmeLegacyForm.rewrite(root);
			warning(root, "the file is in the older format of QPME 1.x and 2.0 (" + (version == null ? "no qpme-version"
					: "qpme-version '" + QpeFormat.shorten(version) + "'") + "); it is read as QPME 2 reads such files:"
					+ " types from the attributes 'type' and 'name', and '_' in front of every id (an id 123 in the file"
					+ " is _123 here); written again, the net is a QPME 2.x file");
		} else if (version == null) {
			warning(root, "the file does not say which QPME version wrote it (qpme-version); it is read as QPME 2.x");
		} else if (!version.startsWith("2.")) {
			warning(root, "qpme-version is '" + QpeFormat.shorten(version) + "'; only QPME 1.x and 2.x files are known to read correctly");
		}
		indexIds(root);
		for (XmlElement child : root.children()) {
			switch (child.name()) {
			case "colors" -> each(child, "color", colour -> mapColour(colour, net));
			case "queues" -> each(child, "queue", this::mapQueue);
			case "places" -> each(child, "place", place -> mapPlace(place, net));
			case "transitions" -> each(child, "transition", transition -> mapTransition(transition, net));
			case "connections" -> each(child, "connection", arc -> mapArc(arc, net));
			case "probes" -> each(child, "probe", this::mapProbe);
			case "meta-attributes" -> each(child, "meta-attribute", this::mapNetMetaAttribute);
			default -> notPartOfFormat(child);
			}
		}
		referenceResolutions.forEach(Runnable::run);
	}

	/**
	 * Records every id in the document, reporting repeated ones, so that references can say what they
	 * point at. A transition's connections are left to {@link #mapTransition}: nothing refers to them,
	 * and QPME's editor repeats their ids in copied transitions (so do its published examples).
	 */
	private void indexIds(XmlElement element) {
		String id = element.id();
		if (id != null && !isTokenFlow(element)) {
			XmlElement first = elementsById.putIfAbsent(id, element);
			if (first != null) {
				error(element, "the id '" + QpeFormat.shorten(id) + "' is already the id of "
						+ QpeFormat.describe(first) + " (ids must be unique in a file); this element is left out");
			}
		}
		element.children().forEach(this::indexIds);
	}

	private static boolean isTokenFlow(XmlElement element) {
		XmlElement container = element.parent();
		return element.name().equals("connection") && container != null && container.parent() != null
				&& container.parent().name().equals("transition");
	}

	private void each(XmlElement container, String childName, Consumer<XmlElement> mapping) {
		for (XmlElement child : container.children()) {
			if (child.name().equals(childName)) {
				mapping.accept(child);
			} else {
				notPartOfFormat(child);
			}
		}
	}

	private void notPartOfFormat(XmlElement element) {
		warning(element, "the element '" + QpeFormat.shorten(element.name())
				+ "' is not part of QPME's format here; it is left out");
	}

	/** The colours, places, transitions and connections of a subnet place's subnet. */
	private void mapSubnet(XmlElement element, Subnet subnet) {
		for (XmlElement child : element.children()) {
			switch (child.name()) {
			case "colors" -> each(child, "color", colour -> mapColour(colour, subnet));
			case "places" -> each(child, "place", place -> mapPlace(place, subnet));
			case "transitions" -> each(child, "transition", transition -> mapTransition(transition, subnet));
			case "connections" -> each(child, "connection", arc -> mapArc(arc, subnet));
			default -> notPartOfFormat(child);
			}
		}
	}

	private void mapColour(XmlElement element, PlaceTransitionNet owner) {
		Colour colour = FACTORY.createColour();
		colour.setName(element.attribute("name"));
		colour.setDisplayColour(element.attribute("real-color"));
		if (register(element, colour)) {
			owner.getColours().add(colour);
		}
	}

	private void mapQueue(XmlElement element) {
		Queue queue = FACTORY.createQueue();
		queue.setName(element.attribute("name"));
		if (require(element, "strategy", "number-of-servers")) {
			queue.setStrategy(literal(element, "strategy", Strategy.class));
			queue.setNumberOfServers(integer(element, "number-of-servers", queue.getNumberOfServers()));
		}
		if (register(element, queue)) {
			net.getQueues().add(queue);
		}
	}

	private void mapPlace(XmlElement element, PlaceTransitionNet owner) {
		String type = element.type();
		Place place;
		if (QpeFormat.ORDINARY_PLACE.equals(type)) {
			place = FACTORY.createOrdinaryPlace();
		} else if (QpeFormat.QUEUEING_PLACE.equals(type)) {
			QueueingPlace queueingPlace = FACTORY.createQueueingPlace();
			String queueId = element.attribute("queue-ref");
			if (queueId != null) {
				later(() -> queueingPlace.setQueue(resolve(element, "queue-ref", Queue.class, "queue")));
			}
			place = queueingPlace;
		} else if (QpeFormat.SUBNET_PLACE.equals(type)) {
			place = FACTORY.createSubnetPlace();
		} else {
			leaveOut(element, unknownType(type, "place", QpeFormat.ORDINARY_PLACE, QpeFormat.QUEUEING_PLACE,
					QpeFormat.SUBNET_PLACE));
			return;
		}
		if (!register(element, place)) {
			return;
		}
		place.setName(element.attribute("name"));
		if (require(element, "departure-discipline")) {
			place.setDepartureDiscipline(literal(element, "departure-discipline", DepartureDiscipline.class));
		}
		place.setLocked(bool(element, "locked"));
		for (XmlElement child : element.children()) {
			switch (child.name()) {
			case "color-refs" -> each(child, "color-ref", reference -> mapColourReference(reference, place));
			case "meta-attributes" -> each(child, "meta-attribute", attribute -> mapPlaceMetaAttribute(attribute, place));
			case "subnet" -> {
				if (place instanceof SubnetPlace subnetPlace && subnetPlace.getSubnet() == null) {
					Subnet subnet = FACTORY.createSubnet();
					subnetPlace.setSubnet(subnet);
					mapSubnet(child, subnet);
				} else {
					notPartOfFormat(child);
				}
			}
			default -> notPartOfFormat(child);
			}
		}
		owner.getPlaces().add(place);
	}

	private void mapColourReference(XmlElement element, Place place) {
		String type = element.type();
		ColourReference reference;
		if (QpeFormat.ORDINARY_COLOR_REFERENCE.equals(type)) {
			reference = FACTORY.createColourReference();
		} else if (QpeFormat.QUEUEING_COLOR_REFERENCE.equals(type)) {
			QueueingColourReference queueing = FACTORY.createQueueingColourReference();
			queueing.setPriority(integer(element, "priority", 0));
			queueing.setRanking(integer(element, "ranking", 0));
			queueing.setServiceTime(serviceTime(element));
			reference = queueing;
		} else if (QpeFormat.SUBNET_COLOR_REFERENCE.equals(type)) {
			SubnetColourReference crossing = FACTORY.createSubnetColourReference();
			if (element.has("direction")) {
				crossing.setDirection(literal(element, "direction", FlowDirection.class));
			}
			reference = crossing;
		} else {
			leaveOut(element, unknownType(type, "colour reference of a place", QpeFormat.ORDINARY_COLOR_REFERENCE,
					QpeFormat.QUEUEING_COLOR_REFERENCE, QpeFormat.SUBNET_COLOR_REFERENCE));
			return;
		}
		if (!register(element, reference)) {
			return;
		}
		if (require(element, "color-id")) {
			later(() -> reference.setColour(resolve(element, "color-id", Colour.class, "color")));
		}
		reference.setInitialPopulation(integer(element, "initial-population", 0));
		reference.setMaximumCapacity(integer(element, "maximum-capacity", 0));
		for (XmlElement child : element.children()) {
			if (child.name().equals("meta-attributes")) {
				each(child, "meta-attribute", attribute -> mapColourMetaAttribute(attribute, reference.getStatistics()));
			} else {
				notPartOfFormat(child);
			}
		}
		place.getColourReferences().add(reference);
	}

	/** @return the service time: the distribution's name and its parameters in file order; null if none is named */
	private static Distribution serviceTime(XmlElement element) {
		String function = element.attribute("distribution-function");
		if (function == null) {
			return null;
		}
		Distribution distribution = FACTORY.createDistribution();
		distribution.setFunction(function);
		element.attributes().forEach((name, value) -> {
			if (QpeFormat.DISTRIBUTION_PARAMETERS.contains(name)) {
				DistributionParameter parameter = FACTORY.createDistributionParameter();
				parameter.setName(name);
				parameter.setValue(value);
				distribution.getParameters().add(parameter);
			}
		});
		return distribution;
	}

	private void mapPlaceMetaAttribute(XmlElement element, Place place) {
		String type = element.type();
		if (QpeFormat.LOCATION.equals(type)) {
			place.setX(decimal(element, "location-x", 0));
			place.setY(decimal(element, "location-y", 0));
		} else if (QpeFormat.PLACE_CONFIGURATION.equals(type)) {
			PlaceStatistics statistics = FACTORY.createPlaceStatistics();
			statistics.setConfiguration(element.attribute("configuration-name"));
			statistics.setStatsLevel(integer(element, "statsLevel", 0));
			if (register(element, statistics)) {
				place.getStatistics().add(statistics);
			}
		} else {
			unmappedMetaAttribute(element);
		}
	}

	/** @param settings where the settings go: those of a place's or a probe's colour reference */
	private void mapColourMetaAttribute(XmlElement element, EList<ColourStatistics> settings) {
		String type = element.type();
		// Older QPME files leave out the type; SimQPN reads batch-means settings by their attribute names.
		boolean untypedBatchMeans = type == null && element.has("batchSize");
		if (untypedBatchMeans || QpeFormat.BATCH_MEANS_QUEUEING_COLOR_CONFIGURATION.equals(type)
				|| QpeFormat.BATCH_MEANS_COLOR_CONFIGURATION.equals(type)) {
			ColourStatistics statistics = FACTORY.createColourStatistics();
			statistics.setConfiguration(element.attribute("configuration-name"));
			// Only the queueing type has the queue's half (QPME 1.x files may carry it elsewhere too).
			boolean withQueue = !QpeFormat.BATCH_MEANS_COLOR_CONFIGURATION.equals(type);
			// The format's attribute names (batchSize, queueSignLev, ...) are the model's.
			for (EAttribute setting : QpnPackage.Literals.COLOUR_STATISTICS.getEAttributes()) {
				if (setting == QpnPackage.Literals.COLOUR_STATISTICS__CONFIGURATION
						|| !withQueue && setting.getName().startsWith("queue")) {
					continue;
				}
				if (setting.getEAttributeType().getInstanceClass() == int.class) {
					statistics.eSet(setting, integer(element, setting.getName(), 0));
				} else {
					statistics.eSet(setting, decimal(element, setting.getName(), 0));
				}
			}
			if (register(element, statistics)) {
				settings.add(statistics);
			}
		} else if (type != null && QpeFormat.UNMAPPED_COLOR_CONFIGURATIONS.contains(type)) {
			warning(element, "SimQPN's settings for replication/deletion and for the method of Welch are not"
					+ " mapped; this meta-attribute is left out");
		} else {
			unmappedMetaAttribute(element);
		}
	}

	private void unmappedMetaAttribute(XmlElement element) {
		warning(element, element.type() == null ? "a meta-attribute without xsi:type is left out"
				: "meta-attributes of this type are not mapped; it is left out");
	}

	/**
	 * A probe of the net: its start and end place (of the net or a subnet) with their triggers, the
	 * colours it measures and its statistics settings per configuration, as for places.
	 */
	private void mapProbe(XmlElement element) {
		Probe probe = FACTORY.createProbe();
		if (!register(element, probe)) {
			return;
		}
		probe.setName(element.attribute("name"));
		if (require(element, "start-place-id", "start-trigger", "end-place-id", "end-trigger")) {
			probe.setStartTrigger(literal(element, "start-trigger", ProbeTrigger.class));
			probe.setEndTrigger(literal(element, "end-trigger", ProbeTrigger.class));
			later(() -> {
				probe.setStartPlace(resolve(element, "start-place-id", Place.class, "place"));
				probe.setEndPlace(resolve(element, "end-place-id", Place.class, "place"));
			});
		}
		for (XmlElement child : element.children()) {
			switch (child.name()) {
			case "color-refs" -> each(child, "color-ref", reference -> mapProbeColourReference(reference, probe));
			case "meta-attributes" -> each(child, "meta-attribute", attribute -> {
				if (QpeFormat.PLACE_CONFIGURATION.equals(attribute.type())) {
					PlaceStatistics statistics = FACTORY.createPlaceStatistics();
					statistics.setConfiguration(attribute.attribute("configuration-name"));
					statistics.setStatsLevel(integer(attribute, "statsLevel", 0));
					if (register(attribute, statistics)) {
						probe.getStatistics().add(statistics);
					}
				} else {
					unmappedMetaAttribute(attribute);
				}
			});
			default -> notPartOfFormat(child);
			}
		}
		net.getProbes().add(probe);
	}

	private void mapProbeColourReference(XmlElement element, Probe probe) {
		if (!QpeFormat.PROBE_COLOR_REFERENCE.equals(element.type())) {
			leaveOut(element, unknownType(element.type(), "colour reference of a probe", QpeFormat.PROBE_COLOR_REFERENCE));
			return;
		}
		ProbeColourReference reference = FACTORY.createProbeColourReference();
		if (!register(element, reference)) {
			return;
		}
		if (require(element, "color-id")) {
			later(() -> reference.setColour(resolve(element, "color-id", Colour.class, "color")));
		}
		for (XmlElement child : element.children()) {
			if (child.name().equals("meta-attributes")) {
				each(child, "meta-attribute", attribute -> mapColourMetaAttribute(attribute, reference.getStatistics()));
			} else {
				notPartOfFormat(child);
			}
		}
		probe.getColourReferences().add(reference);
	}

	private void mapTransition(XmlElement element, PlaceTransitionNet owner) {
		String type = element.type();
		Transition transition;
		if (QpeFormat.IMMEDIATE_TRANSITION.equals(type)) {
			ImmediateTransition immediate = FACTORY.createImmediateTransition();
			immediate.setWeight(decimal(element, "weight", immediate.getWeight()));
			transition = immediate;
		} else if (QpeFormat.TIMED_TRANSITION.equals(type)) {
			transition = FACTORY.createTimedTransition();
		} else {
			leaveOut(element, unknownType(type, "transition", QpeFormat.IMMEDIATE_TRANSITION, QpeFormat.TIMED_TRANSITION));
			return;
		}
		if (!register(element, transition)) {
			return;
		}
		transition.setName(element.attribute("name"));
		transition.setPriority(integer(element, "priority", 0));
		for (XmlElement child : element.children()) {
			switch (child.name()) {
			case "modes" -> each(child, "mode", mode -> mapMode(mode, transition));
			case "connections" -> {
				Set<String> flowIds = new HashSet<>();
				each(child, "connection", connection -> {
					if (connection.id() == null) {
						error(connection, "the element lacks its id; it is left out");
					} else if (!flowIds.add(connection.id())) {
						error(connection, "the id '" + QpeFormat.shorten(connection.id()) + "' is already the id of another"
								+ " connection of this transition; this element is left out");
					} else {
						later(() -> mapTokenFlow(connection, transition));
					}
				});
			}
			case "meta-attributes" -> each(child, "meta-attribute", attribute -> {
				if (QpeFormat.LOCATION.equals(attribute.type())) {
					transition.setX(decimal(attribute, "location-x", 0));
					transition.setY(decimal(attribute, "location-y", 0));
				} else {
					unmappedMetaAttribute(attribute);
				}
			});
			default -> notPartOfFormat(child);
			}
		}
		owner.getTransitions().add(transition);
	}

	private void mapMode(XmlElement element, Transition transition) {
		Mode mode = FACTORY.createMode();
		mode.setName(element.attribute("name"));
		mode.setFiringWeight(decimal(element, "firing-weight", mode.getFiringWeight()));
		mode.setMeanFiringDelay(decimal(element, "mean-firing-delay", mode.getMeanFiringDelay()));
		mode.setDisplayColour(element.attribute("real-color"));
		if (register(element, mode)) {
			transition.getModes().add(mode);
		}
	}

	/** A transition's connection from a colour reference to a mode (input) or from a mode to a colour reference (output). */
	private void mapTokenFlow(XmlElement element, Transition transition) {
		if (!require(element, "source-id", "target-id", "count")) {
			return;
		}
		EObject source = objectsById.get(element.attribute("source-id"));
		EObject target = objectsById.get(element.attribute("target-id"));
		boolean input = source instanceof ColourReference && target instanceof Mode;
		boolean output = source instanceof Mode && target instanceof ColourReference;
		if (!input && !output) {
			if (leftOut.contains(element.attribute("source-id")) || leftOut.contains(element.attribute("target-id"))) {
				return; // the element left out was reported
			}
			error(element, "a transition's connection leads from a colour reference to a mode or from a mode to a"
					+ " colour reference, but this one leads from " + what(element, "source-id") + " to "
					+ what(element, "target-id"));
			return;
		}
		Mode mode = (Mode) (input ? target : source);
		if (mode.eContainer() != transition) {
			error(element, "the connection's mode " + QpeFormat.describe(mode) + " belongs to another transition");
			return;
		}
		TokenFlow flow = FACTORY.createTokenFlow();
		flow.setId(element.id());
		flow.setColourReference((ColourReference) (input ? source : target));
		flow.setCount(integer(element, "count", flow.getCount()));
		(input ? mode.getInputs() : mode.getOutputs()).add(flow);
	}

	private void mapArc(XmlElement element, PlaceTransitionNet owner) {
		if (!require(element, "source-id", "target-id")) {
			return;
		}
		if (leftOut.contains(element.attribute("source-id")) || leftOut.contains(element.attribute("target-id"))) {
			return; // the place or transition left out was reported, with its connections
		}
		Arc arc = FACTORY.createArc();
		if (register(element, arc)) {
			owner.getArcs().add(arc);
			later(() -> {
				arc.setSource(resolve(element, "source-id", Node.class, "place or transition"));
				arc.setTarget(resolve(element, "target-id", Node.class, "place or transition"));
			});
		}
	}

	private void mapNetMetaAttribute(XmlElement element) {
		if (!QpeFormat.CONFIGURATION.equals(element.type())) {
			unmappedMetaAttribute(element);
			return;
		}
		SimulatorConfiguration configuration = FACTORY.createSimulatorConfiguration();
		if (require(element, "configuration-name", "scenario", "stopping-rule")) {
			configuration.setName(element.attribute("configuration-name"));
			configuration.setMethod(method(element));
			StoppingRule rule = QpeFormat.stoppingRule(element.attribute("stopping-rule"));
			if (rule == null) {
				error(element, "stopping-rule is '" + QpeFormat.shorten(element.attribute("stopping-rule"))
						+ "', not one of " + String.join(", ", QpeFormat.STOPPING_RULES.values().stream().sorted().toList()));
			} else {
				configuration.setStoppingRule(rule);
			}
		}
		configuration.setTotalRunLength(decimal(element, "total-run-length", 0));
		configuration.setRampUpLength(decimal(element, "ramp-up-length", 0));
		configuration.setTimeBetweenStopChecks(decimal(element, "time-between-stop-checks", 0));
		configuration.setSecondsBetweenStopChecks(decimal(element, "seconds-between-stop-checks", 0));
		configuration.setSecondsBetweenHeartBeats(decimal(element, "seconds-between-heart-beats", 0));
		configuration.setTimeBeforeInitialHeartBeat(decimal(element, "time-before-initial-heart-beat", 0));
		configuration.setVerbosityLevel(integer(element, "verbosity-level", 0));
		// QPME's schema: one run unless said otherwise
		configuration.setNumberOfRuns(integer(element, "number-of-runs", 1));
		configuration.setOutputDirectory(element.attribute("output-directory"));
		if (register(element, configuration)) {
			net.getConfigurations().add(configuration);
		}
	}

	private AnalysisMethod method(XmlElement element) {
		String scenario = element.attribute("scenario").trim();
		AnalysisMethod method = scenario.matches("\\d{1,2}") ? AnalysisMethod.get(Integer.parseInt(scenario)) : null;
		if (method == null) {
			error(element, "scenario is '" + QpeFormat.shorten(scenario) + "', not one of SimQPN's analysis methods"
					+ " (1 batch means, 2 replication/deletion, 3 method of Welch)");
			return AnalysisMethod.BATCH_MEANS;
		}
		return method;
	}

	// --- ids and references

	/** @return whether the element has an id and is now known by it */
	private boolean register(XmlElement element, EObject object) {
		String id = element.id();
		if (id == null) {
			error(element, "the element lacks its id, so nothing can refer to it; it is left out");
			markLeftOut(element);
			return false;
		}
		if (elementsById.get(id) != element) {
			markLeftOut(element); // a repeated id, reported by indexIds
			return false;
		}
		((Identified) object).setId(id);
		objectsById.put(id, object);
		return true;
	}

	private void leaveOut(XmlElement element, String message) {
		error(element, message);
		markLeftOut(element);
	}

	private void markLeftOut(XmlElement element) {
		// a repeated id stays the first element's
		if (element.id() != null && elementsById.get(element.id()) == element) {
			leftOut.add(element.id());
		}
		element.children().forEach(this::markLeftOut);
	}

	private void later(Runnable resolution) {
		referenceResolutions.add(resolution);
	}

	/** @return the element the attribute's id refers to, null (reported) if there is none of the expected type */
	private <T> T resolve(XmlElement element, String attribute, Class<T> type, String expected) {
		String id = element.attribute(attribute);
		EObject target = objectsById.get(id);
		if (type.isInstance(target)) {
			return type.cast(target);
		}
		if (leftOut.contains(id)) {
			error(element, attribute + " refers to " + what(element, attribute) + ", which is left out (see its message)");
		} else if (elementsById.containsKey(id)) {
			error(element, attribute + " refers to " + what(element, attribute) + ", which is no " + expected);
		} else {
			error(element, attribute + " refers to unknown " + expected + " '" + QpeFormat.shorten(id) + "'");
		}
		return null;
	}

	/** @return the element an id attribute names, described, or the id itself if no element has it */
	private String what(XmlElement element, String attribute) {
		String id = element.attribute(attribute);
		XmlElement target = elementsById.get(id);
		return target == null ? "the unknown id '" + QpeFormat.shorten(id) + "'" : QpeFormat.describe(target);
	}

	// --- attribute values

	private boolean require(XmlElement element, String... attributes) {
		List<String> missing = Arrays.stream(attributes).filter(attribute -> !element.has(attribute)).toList();
		if (!missing.isEmpty()) {
			error(element, "the element lacks the attribute" + (missing.size() > 1 ? "s " : " ")
					+ missing.stream().map(name -> "'" + name + "'").collect(Collectors.joining(", ")));
		}
		return missing.isEmpty();
	}

	private <E extends Enum<E>> E literal(XmlElement element, String attribute, Class<E> type) {
		String value = element.attribute(attribute);
		for (E literal : type.getEnumConstants()) {
			if (literal.toString().equals(value)) {
				return literal;
			}
		}
		E fallback = type.getEnumConstants()[0];
		error(element, attribute + " is '" + QpeFormat.shorten(value) + "', not one of "
				+ Arrays.stream(type.getEnumConstants()).map(Enum::toString).collect(Collectors.joining(", ")));
		return fallback;
	}

	/** xs:boolean: true, false, 1 or 0; absent is false. */
	private boolean bool(XmlElement element, String attribute) {
		String value = element.attribute(attribute);
		if (value == null) {
			return false;
		}
		return switch (value.trim()) {
		case "true", "1" -> true;
		case "false", "0" -> false;
		default -> {
			error(element, attribute + " is '" + QpeFormat.shorten(value) + "', not true or false");
			yield false;
		}
		};
	}

	private double decimal(XmlElement element, String attribute, double absent) {
		String value = element.attribute(attribute);
		if (value == null) {
			return absent;
		}
		if (!QpeFormat.DECIMAL.matcher(value.trim()).matches()) {
			error(element, attribute + " is '" + QpeFormat.shorten(value) + "', not a number");
			return absent;
		}
		double number = Double.parseDouble(value.trim());
		if (Double.isInfinite(number)) {
			error(element, attribute + " is '" + QpeFormat.shorten(value) + "', too large a number");
			return absent;
		}
		return number;
	}

	/** Accepts whole numbers also written as decimals ("200.0"): QPME's schema types some counts as doubles. */
	private int integer(XmlElement element, String attribute, int absent) {
		String value = element.attribute(attribute);
		if (value == null) {
			return absent;
		}
		String trimmed = value.trim();
		if (isShortWholeNumber(trimmed)) {
			return Integer.parseInt(trimmed);
		}
		if (!QpeFormat.DECIMAL.matcher(trimmed).matches()) {
			error(element, attribute + " is '" + QpeFormat.shorten(value) + "', not a whole number");
			return absent;
		}
		BigDecimal number = new BigDecimal(trimmed);
		if (number.signum() != 0 && number.stripTrailingZeros().scale() > 0) {
			error(element, attribute + " is '" + QpeFormat.shorten(value) + "', not a whole number");
			return absent;
		}
		if (number.compareTo(BigDecimal.valueOf(Integer.MIN_VALUE)) < 0
				|| number.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
			error(element, attribute + " is '" + QpeFormat.shorten(value) + "', not a whole number between "
					+ Integer.MIN_VALUE + " and " + Integer.MAX_VALUE);
			return absent;
		}
		return number.intValue();
	}

	/**
	 * Whether {@code text} is a sign and at most nine digits, as nets write their counts: read without
	 * BigDecimal, whose first use takes 18 ms on JDK 25, a twentieth of reading and simulating a small net.
	 */
	private static boolean isShortWholeNumber(String text) {
		int start = text.startsWith("+") || text.startsWith("-") ? 1 : 0;
		if (text.length() == start || text.length() - start > 9) {
			return false;
		}
		for (int i = start; i < text.length(); i++) {
			if (text.charAt(i) < '0' || text.charAt(i) > '9') {
				return false;
			}
		}
		return true;
	}

	private static String unknownType(String type, String what, String... known) {
		return (type == null ? "the element lacks its xsi:type" : "xsi:type '" + QpeFormat.shorten(type) + "'")
				+ ", which is no " + what + " type of QPME (" + String.join(", ", known) + "); it is left out";
	}

	// --- diagnostics

	private void error(XmlElement element, String message) {
		add(Severity.ERROR, element, message);
	}

	private void warning(XmlElement element, String message) {
		add(Severity.WARNING, element, message);
	}

	private void add(Severity severity, XmlElement element, String message) {
		if (diagnostics.size() >= MAX_LISTED_PROBLEMS) {
			unlisted++;
			return;
		}
		diagnostics.add(new QpnDiagnostic(severity, file + ": " + QpeFormat.describe(element) + ": " + message));
	}
}
