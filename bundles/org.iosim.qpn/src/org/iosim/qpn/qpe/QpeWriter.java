package org.iosim.qpn.qpe;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.xml.XMLConstants;

import org.eclipse.emf.ecore.EAttribute;
import org.iosim.qpn.Arc;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.Identified;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Place;
import org.iosim.qpn.PlaceStatistics;
import org.iosim.qpn.PlaceTransitionNet;
import org.iosim.qpn.Probe;
import org.iosim.qpn.ProbeColourReference;
import org.iosim.qpn.QpnPackage;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.SubnetColourReference;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.TimedTransition;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.Transition;
import org.iosim.qpn.internal.QpeFormat;

/**
 * Writes a {@link Net} as a QPME 2.x {@code .qpe} file that QPME opens and {@link QpeReader} reads
 * back into an equal net (given the same file name, which is the net's name), whatever QPME version
 * the net was read from. Ids are kept; a mode's token flows become the transition's connections,
 * inputs before outputs; a subnet place's subnet is written inside it, as QPME does.
 * <p>
 * A colour reference of an ordinary place gets QPME's batch-means settings without the queue's
 * half, as QPME has no place for them there.
 */
public final class QpeWriter {

	/** Writes the net to the file, replacing it, in UTF-8. */
	public void write(Net net, Path file) throws IOException {
		try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
			write(net, out);
		}
	}

	/** Writes the net to the writer, which is not closed; the text declares UTF-8. */
	public void write(Net net, Writer out) throws IOException {
		XmlOutput xml = new XmlOutput(out);
		out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
		xml.start("net", attributes("xmlns:xsi", XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, "qpme-version",
				QpeFormat.WRITTEN_VERSION));
		writeColours(net, xml);
		xml.start("queues");
		for (Queue queue : net.getQueues()) {
			xml.empty("queue", attributes("id", queue.getId(), "name", queue.getName(), "number-of-servers",
					String.valueOf(queue.getNumberOfServers()), "strategy", queue.getStrategy().getLiteral()));
		}
		xml.end("queues");
		writePlacesTransitionsAndArcs(net, xml);
		xml.start("meta-attributes");
		for (SimulatorConfiguration configuration : net.getConfigurations()) {
			writeConfiguration(configuration, xml);
		}
		xml.end("meta-attributes");
		// QPME's schema puts probes last; a net without probes is written as before they were read
		if (!net.getProbes().isEmpty()) {
			xml.start("probes");
			for (Probe probe : net.getProbes()) {
				writeProbe(probe, xml);
			}
			xml.end("probes");
		}
		xml.end("net");
		out.flush();
	}

	private static void writeColours(PlaceTransitionNet owner, XmlOutput xml) throws IOException {
		xml.start("colors");
		for (Colour colour : owner.getColours()) {
			xml.empty("color", attributes("id", colour.getId(), "name", colour.getName(), "real-color",
					colour.getDisplayColour()));
		}
		xml.end("colors");
	}

	private static void writePlacesTransitionsAndArcs(PlaceTransitionNet owner, XmlOutput xml) throws IOException {
		xml.start("places");
		for (Place place : owner.getPlaces()) {
			writePlace(place, xml);
		}
		xml.end("places");
		xml.start("transitions");
		for (Transition transition : owner.getTransitions()) {
			writeTransition(transition, xml);
		}
		xml.end("transitions");
		xml.start("connections");
		for (Arc arc : owner.getArcs()) {
			xml.empty("connection", attributes("id", arc.getId(), "source-id", idOf(arc.getSource()), "target-id",
					idOf(arc.getTarget())));
		}
		xml.end("connections");
	}

	private static void writePlace(Place place, XmlOutput xml) throws IOException {
		Map<String, String> attributes = attributes("departure-discipline", place.getDepartureDiscipline().getLiteral(),
				"id", place.getId());
		// QPME writes the attribute only for the places it locks
		if (place.isLocked()) {
			attributes.put("locked", "true");
		}
		attributes.put("name", place.getName());
		if (place instanceof QueueingPlace queueingPlace) {
			attributes.put("queue-ref", idOf(queueingPlace.getQueue()));
		}
		attributes.put("xsi:type", QpeFormat.typeName(place));
		xml.start("place", attributes);
		xml.start("color-refs");
		for (ColourReference reference : place.getColourReferences()) {
			writeColourReference(reference, xml);
		}
		xml.end("color-refs");
		xml.start("meta-attributes");
		writeLocation(place.getX(), place.getY(), xml);
		for (PlaceStatistics statistics : place.getStatistics()) {
			writePlaceStatistics(statistics, xml);
		}
		xml.end("meta-attributes");
		if (place instanceof SubnetPlace subnetPlace && subnetPlace.getSubnet() != null) {
			// the subnet's colours, places, transitions and connections, as the net's
			xml.start("subnet");
			writeColours(subnetPlace.getSubnet(), xml);
			writePlacesTransitionsAndArcs(subnetPlace.getSubnet(), xml);
			xml.end("subnet");
		}
		xml.end("place");
	}

	private static void writeColourReference(ColourReference reference, XmlOutput xml) throws IOException {
		Map<String, String> attributes = attributes("color-id", idOf(reference.getColour()), "id", reference.getId(),
				"initial-population", String.valueOf(reference.getInitialPopulation()), "maximum-capacity",
				String.valueOf(reference.getMaximumCapacity()));
		if (reference instanceof SubnetColourReference crossing) {
			attributes.put("direction", crossing.getDirection().getLiteral());
		}
		if (reference instanceof QueueingColourReference queueing) {
			attributes.put("priority", String.valueOf(queueing.getPriority()));
			attributes.put("ranking", String.valueOf(queueing.getRanking()));
			if (queueing.getServiceTime() != null) {
				attributes.put("distribution-function", queueing.getServiceTime().getFunction());
				for (DistributionParameter parameter : queueing.getServiceTime().getParameters()) {
					// an Empirical's bins came from its data file, which QPME reads itself
					if (!EmpiricalData.DATA.equals(parameter.getName())) {
						attributes.put(parameter.getName(), parameter.getValue());
					}
				}
			}
		}
		attributes.put("xsi:type", QpeFormat.typeName(reference));
		if (reference.getStatistics().isEmpty()) {
			xml.empty("color-ref", attributes);
			return;
		}
		xml.start("color-ref", attributes);
		xml.start("meta-attributes");
		for (ColourStatistics statistics : reference.getStatistics()) {
			writeColourStatistics(statistics, reference instanceof QueueingColourReference, xml);
		}
		xml.end("meta-attributes");
		xml.end("color-ref");
	}

	private static void writePlaceStatistics(PlaceStatistics statistics, XmlOutput xml) throws IOException {
		xml.empty("meta-attribute", attributes("configuration-name", statistics.getConfiguration(), "id",
				statistics.getId(), "statsLevel", String.valueOf(statistics.getStatsLevel()), "xsi:type",
				QpeFormat.typeName(statistics)));
	}

	private static void writeColourStatistics(ColourStatistics statistics, boolean withQueue, XmlOutput xml)
			throws IOException {
		Map<String, String> attributes = attributes("configuration-name", statistics.getConfiguration(), "id",
				statistics.getId());
		// The format's attribute names (batchSize, queueSignLev, ...) are the model's.
		for (EAttribute setting : QpnPackage.Literals.COLOUR_STATISTICS.getEAttributes()) {
			boolean ofQueue = setting.getName().startsWith("queue");
			if (setting != QpnPackage.Literals.COLOUR_STATISTICS__CONFIGURATION && (withQueue || !ofQueue)) {
				Object value = statistics.eGet(setting);
				attributes.put(setting.getName(),
						value instanceof Double number ? number(number) : String.valueOf(value));
			}
		}
		attributes.put("xsi:type", QpeFormat.typeName(statistics));
		xml.empty("meta-attribute", attributes);
	}

	private static void writeProbe(Probe probe, XmlOutput xml) throws IOException {
		xml.start("probe", attributes(
				"end-place-id", idOf(probe.getEndPlace()),
				"end-trigger", probe.getEndTrigger().getLiteral(),
				"id", probe.getId(),
				"name", probe.getName(),
				"start-place-id", idOf(probe.getStartPlace()),
				"start-trigger", probe.getStartTrigger().getLiteral()));
		xml.start("color-refs");
		for (ProbeColourReference reference : probe.getColourReferences()) {
			Map<String, String> attributes = attributes("color-id", idOf(reference.getColour()), "id", reference.getId(),
					"xsi:type", QpeFormat.PROBE_COLOR_REFERENCE);
			if (reference.getStatistics().isEmpty()) {
				xml.empty("color-ref", attributes);
				continue;
			}
			xml.start("color-ref", attributes);
			xml.start("meta-attributes");
			for (ColourStatistics statistics : reference.getStatistics()) {
				writeColourStatistics(statistics, false, xml);
			}
			xml.end("meta-attributes");
			xml.end("color-ref");
		}
		xml.end("color-refs");
		xml.start("meta-attributes");
		for (PlaceStatistics statistics : probe.getStatistics()) {
			writePlaceStatistics(statistics, xml);
		}
		xml.end("meta-attributes");
		xml.end("probe");
	}

	private static void writeTransition(Transition transition, XmlOutput xml) throws IOException {
		Map<String, String> attributes = attributes("id", transition.getId(), "name", transition.getName(), "priority",
				String.valueOf(transition.getPriority()));
		if (transition instanceof ImmediateTransition immediate) {
			attributes.put("weight", number(immediate.getWeight()));
		}
		attributes.put("xsi:type", QpeFormat.typeName(transition));
		xml.start("transition", attributes);
		xml.start("modes");
		for (Mode mode : transition.getModes()) {
			Map<String, String> modeAttributes = attributes("firing-weight", number(mode.getFiringWeight()), "id",
					mode.getId());
			// QPME's immediate transitions have no delay; one is written only if the model has one.
			if (transition instanceof TimedTransition || mode.getMeanFiringDelay() != 0) {
				modeAttributes.put("mean-firing-delay", number(mode.getMeanFiringDelay()));
			}
			modeAttributes.put("name", mode.getName());
			modeAttributes.put("real-color", mode.getDisplayColour());
			xml.empty("mode", modeAttributes);
		}
		xml.end("modes");
		xml.start("connections");
		for (Mode mode : transition.getModes()) {
			for (TokenFlow input : mode.getInputs()) {
				writeTokenFlow(input, idOf(input.getColourReference()), mode.getId(), xml);
			}
			for (TokenFlow output : mode.getOutputs()) {
				writeTokenFlow(output, mode.getId(), idOf(output.getColourReference()), xml);
			}
		}
		xml.end("connections");
		xml.start("meta-attributes");
		writeLocation(transition.getX(), transition.getY(), xml);
		xml.end("meta-attributes");
		xml.end("transition");
	}

	private static void writeTokenFlow(TokenFlow flow, String sourceId, String targetId, XmlOutput xml)
			throws IOException {
		xml.empty("connection", attributes("count", String.valueOf(flow.getCount()), "id", flow.getId(), "source-id",
				sourceId, "target-id", targetId));
	}

	private static void writeLocation(double x, double y, XmlOutput xml) throws IOException {
		xml.empty("meta-attribute",
				attributes("location-x", number(x), "location-y", number(y), "xsi:type", QpeFormat.LOCATION));
	}

	private static void writeConfiguration(SimulatorConfiguration configuration, XmlOutput xml) throws IOException {
		xml.empty("meta-attribute", attributes(
				"configuration-name", configuration.getName(),
				"id", configuration.getId(),
				"number-of-runs", String.valueOf(configuration.getNumberOfRuns()),
				"output-directory", configuration.getOutputDirectory(),
				"ramp-up-length", number(configuration.getRampUpLength()),
				"scenario", String.valueOf(configuration.getMethod().getValue()),
				"seconds-between-heart-beats", number(configuration.getSecondsBetweenHeartBeats()),
				"seconds-between-stop-checks", number(configuration.getSecondsBetweenStopChecks()),
				"stopping-rule", QpeFormat.STOPPING_RULES.get(configuration.getStoppingRule()),
				"time-before-initial-heart-beat", number(configuration.getTimeBeforeInitialHeartBeat()),
				"time-between-stop-checks", number(configuration.getTimeBetweenStopChecks()),
				"total-run-length", number(configuration.getTotalRunLength()),
				"verbosity-level", String.valueOf(configuration.getVerbosityLevel()),
				"xsi:type", QpeFormat.CONFIGURATION));
	}

	private static String idOf(Identified element) {
		return element == null ? null : element.getId();
	}

	/** @return whole numbers without a fraction ("80", as QPME writes positions), others as Java writes doubles */
	private static String number(double value) {
		return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value) : String.valueOf(value);
	}

	/** @return the name/value pairs in order, for attributes to be added to */
	private static Map<String, String> attributes(String... namesAndValues) {
		Map<String, String> attributes = new LinkedHashMap<>();
		for (int i = 0; i < namesAndValues.length; i += 2) {
			attributes.put(namesAndValues[i], namesAndValues[i + 1]);
		}
		return attributes;
	}

	/** Indented elements; attributes without a value (null) are left out. */
	private static final class XmlOutput {

		private final Writer out;
		private int depth;

		XmlOutput(Writer out) {
			this.out = out;
		}

		void start(String name) throws IOException {
			start(name, Map.of());
		}

		void start(String name, Map<String, String> attributes) throws IOException {
			tag(name, attributes, ">");
			depth++;
		}

		void empty(String name, Map<String, String> attributes) throws IOException {
			tag(name, attributes, "/>");
		}

		void end(String name) throws IOException {
			depth--;
			out.write("  ".repeat(depth) + "</" + name + ">\n");
		}

		private void tag(String name, Map<String, String> attributes, String close) throws IOException {
			StringBuilder tag = new StringBuilder("  ".repeat(depth)).append('<').append(name);
			attributes.forEach((attribute, value) -> {
				if (value != null) {
					tag.append(' ').append(attribute).append("=\"").append(escape(value)).append('"');
				}
			});
			out.write(tag.append(close).append('\n').toString());
		}

		/** Escapes markup and keeps line breaks and tabs (an XML parser would turn them into spaces). */
		private static String escape(String value) {
			StringBuilder escaped = new StringBuilder(value.length());
			value.codePoints().forEach(c -> {
				switch (c) {
				case '&' -> escaped.append("&amp;");
				case '<' -> escaped.append("&lt;");
				case '>' -> escaped.append("&gt;");
				case '"' -> escaped.append("&quot;");
				case '\t', '\n', '\r' -> escaped.append("&#").append(c).append(';');
				default -> escaped.appendCodePoint(isXmlCharacter(c) ? c : '\uFFFD');
				}
			});
			return escaped.toString();
		}

		/** XML 1.0 cannot hold other control characters, nor lone surrogates, even as references. */
		private static boolean isXmlCharacter(int c) {
			return c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD || c >= 0x10000 && c <= 0x10FFFF;
		}
	}
}
