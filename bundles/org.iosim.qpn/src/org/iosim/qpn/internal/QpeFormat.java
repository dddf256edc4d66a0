package org.iosim.qpn.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.eclipse.emf.ecore.EObject;
import org.iosim.qpn.Arc;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.Identified;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Node;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.PlaceStatistics;
import org.iosim.qpn.Probe;
import org.iosim.qpn.ProbeColourReference;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.SubnetColourReference;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.TimedTransition;
import org.iosim.qpn.TokenFlow;

/**
 * Facts about QPME 2.x's {@code .qpe} format that reader, writer and validator share: type names,
 * the names of distribution parameters, the stopping rules' spelling, and how an element is named in
 * a message ({@code queueing-place 'CPU' (_1156337226548)}), the same for an XML element and for the
 * model element read from it.
 */
public final class QpeFormat {

	/** The version written; QPME 2.1 opens it as it is, QPME 2.2 only raises the number. */
	public static final String WRITTEN_VERSION = "2.1.0";

	public static final String ORDINARY_PLACE = "ordinary-place";
	public static final String QUEUEING_PLACE = "queueing-place";
	public static final String SUBNET_PLACE = "subnet-place";
	public static final String ORDINARY_COLOR_REFERENCE = "ordinary-color-reference";
	public static final String QUEUEING_COLOR_REFERENCE = "queueing-color-reference";
	public static final String SUBNET_COLOR_REFERENCE = "subnet-color-reference";
	public static final String PROBE_COLOR_REFERENCE = "probe-color-reference";
	/** The places of a subnet that tokens enter and leave it by; SimQPN finds them by these names. */
	public static final String SUBNET_INPUT_PLACE = "input-place";
	public static final String SUBNET_OUTPUT_PLACE = "output-place";
	public static final String IMMEDIATE_TRANSITION = "immediate-transition";
	public static final String TIMED_TRANSITION = "timed-transition";
	public static final String LOCATION = "location-attribute";
	public static final String CONFIGURATION = "simqpn-configuration";
	public static final String PLACE_CONFIGURATION = "simqpn-place-configuration";
	public static final String BATCH_MEANS_COLOR_CONFIGURATION = "simqpn-batch-means-color-configuration";
	public static final String BATCH_MEANS_QUEUEING_COLOR_CONFIGURATION = "simqpn-batch-means-queueing-color-configuration";

	/**
	 * Colour reference settings of SimQPN's other analysis methods (QPME spells "deletion" this way),
	 * which the model does not hold.
	 */
	public static final String REPLICATION_DELETION_COLOR_CONFIGURATION = "simqpn-replication-delection-color-configuration";
	public static final String REPLICATION_DELETION_QUEUEING_COLOR_CONFIGURATION =
			"simqpn-replication-delection-queueing-color-configuration";
	public static final String WELCH_COLOR_CONFIGURATION = "simqpn-welch-color-configuration";
	public static final String WELCH_QUEUEING_COLOR_CONFIGURATION = "simqpn-welch-queueing-color-configuration";
	public static final Set<String> UNMAPPED_COLOR_CONFIGURATIONS = Set.of(REPLICATION_DELETION_COLOR_CONFIGURATION,
			REPLICATION_DELETION_QUEUEING_COLOR_CONFIGURATION, WELCH_COLOR_CONFIGURATION, WELCH_QUEUEING_COLOR_CONFIGURATION);

	/** The format's own long type names, shown whole in messages: they are not the file's content but the format's words. */
	private static final Set<String> LONG_TYPE_NAMES = Set.of(QUEUEING_COLOR_REFERENCE, PLACE_CONFIGURATION,
			BATCH_MEANS_COLOR_CONFIGURATION, BATCH_MEANS_QUEUEING_COLOR_CONFIGURATION,
			REPLICATION_DELETION_COLOR_CONFIGURATION, REPLICATION_DELETION_QUEUEING_COLOR_CONFIGURATION,
			WELCH_COLOR_CONFIGURATION, WELCH_QUEUEING_COLOR_CONFIGURATION);

	/**
	 * Every attribute name that one of QPME's or SimQPN's distributions reads as a parameter: numbers
	 * such as {@code lambda}, and the names of the data files of the empirical, replay, MARS and WEKA
	 * distributions. A queueing colour reference's attributes with these names are its service time's
	 * parameters.
	 */
	public static final Set<String> DISTRIBUTION_PARAMETERS = Set.of(
			"alpha", "beta", "mean", "gamma", "cut", "freedom", "lambda", "tau", "p", "stdDev", "min", "max", "p1",
			"c", "pdf_filename", "offset", "scale", "replay_filename", "probabilitiesFile", "valuesFile",
			"concurrenciesFile", "responsetimesFile", "marsFile", "wekaFile");

	/** SimQPN's spelling of the stopping rules; "run for the total run length" is FIXEDLEN. */
	public static final Map<StoppingRule, String> STOPPING_RULES = Map.of(
			StoppingRule.ABSOLUTE, "FIXEDLEN",
			StoppingRule.RELPRC, "RELPRC",
			StoppingRule.ABSPRC, "ABSPRC");

	/**
	 * xs:double and xs:int as QPME writes them; Java's own parser would also take "1d" or "0x1p3". The
	 * exponent is bounded so that no number is costly to convert.
	 */
	public static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d{1,4})?");

	/**
	 * Names and values in messages are cut here: every message about an element repeats its owners'
	 * names, and a message quotes no more of a file than a short excerpt (as FileProblems.excerpt does
	 * for the other readers of users' files).
	 */
	private static final int MAX_NAME_IN_MESSAGE = 40;

	private QpeFormat() {
	}

	/** @return the stopping rule SimQPN spells so, null if none */
	public static StoppingRule stoppingRule(String spelling) {
		return STOPPING_RULES.entrySet().stream().filter(rule -> rule.getValue().equals(spelling))
				.map(Map.Entry::getKey).findFirst().orElse(null);
	}

	/** @return the element's type as the format names it ({@code queueing-place}, {@code mode}, ...) */
	public static String typeName(EObject element) {
		return switch (element) {
		case Colour colour -> "color";
		case Queue queue -> "queue";
		case OrdinaryPlace place -> ORDINARY_PLACE;
		case QueueingPlace place -> QUEUEING_PLACE;
		case SubnetPlace place -> SUBNET_PLACE;
		case QueueingColourReference reference -> QUEUEING_COLOR_REFERENCE;
		case SubnetColourReference reference -> SUBNET_COLOR_REFERENCE;
		case ColourReference reference -> ORDINARY_COLOR_REFERENCE;
		case Probe probe -> "probe";
		case ProbeColourReference reference -> PROBE_COLOR_REFERENCE;
		case ImmediateTransition transition -> IMMEDIATE_TRANSITION;
		case TimedTransition transition -> TIMED_TRANSITION;
		case Mode mode -> "mode";
		case TokenFlow flow -> "connection";
		case Arc arc -> "connection";
		case SimulatorConfiguration configuration -> CONFIGURATION;
		case PlaceStatistics statistics -> PLACE_CONFIGURATION;
		case ColourStatistics statistics -> statistics.eContainer() instanceof QueueingColourReference
				? BATCH_MEANS_QUEUEING_COLOR_CONFIGURATION
				: BATCH_MEANS_COLOR_CONFIGURATION;
		default -> element.eClass().getName();
		};
	}

	/**
	 * @return the model element and its owners up to the net, e.g.
	 *         {@code immediate-transition 't0' (_1): mode 'mode 1' (_2)}
	 */
	public static String describe(EObject element) {
		List<String> labels = new ArrayList<>();
		for (EObject current = element; current != null && !(current instanceof Net); current = current.eContainer()) {
			if (current instanceof Identified) {
				labels.add(0, label(typeName(current), nameOf(current), ((Identified) current).getId()));
			}
		}
		return String.join(": ", labels);
	}

	/**
	 * @return the XML element and its owners below the document element, by their xsi:type (or element
	 *         name), name and id; containers such as {@code color-refs} are left out
	 */
	public static String describe(XmlElement element) {
		List<String> labels = new ArrayList<>();
		for (XmlElement current = element; current != null && current.parent() != null; current = current.parent()) {
			if (!isContainer(current.name())) {
				String type = current.type() != null ? current.type() : current.name();
				labels.add(0, label(type, current.attribute("name"), current.id()));
			}
		}
		return labels.isEmpty() ? "net" : String.join(": ", labels);
	}

	/** @return the text, cut to a length that keeps messages readable */
	public static String shorten(String text) {
		StringBuilder shown = new StringBuilder();
		int characters = 0;
		for (int at = 0; at < text.length(); at = text.offsetByCodePoints(at, 1), characters++) {
			if (characters == MAX_NAME_IN_MESSAGE) {
				return shown.append("… (").append(text.codePointCount(0, text.length())).append(" characters)").toString();
			}
			int character = text.codePointAt(at);
			// control and formatting characters (escapes, bidirectional overrides) would act on the terminal
			int type = Character.getType(character);
			shown.appendCodePoint(type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
					|| type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE ? '?' : character);
		}
		return shown.toString();
	}

	private static boolean isContainer(String elementName) {
		return switch (elementName) {
		case "colors", "queues", "places", "transitions", "connections", "color-refs", "modes", "meta-attributes",
				"probes", "subnet" -> true;
		default -> false;
		};
	}

	private static String nameOf(EObject element) {
		return switch (element) {
		case Colour colour -> colour.getName();
		case Queue queue -> queue.getName();
		case Node node -> node.getName();
		case Mode mode -> mode.getName();
		case ColourReference reference -> reference.getColour() == null ? null : reference.getColour().getName();
		case Probe probe -> probe.getName();
		case ProbeColourReference reference -> reference.getColour() == null ? null : reference.getColour().getName();
		case SimulatorConfiguration configuration -> configuration.getName();
		default -> null;
		};
	}

	private static String label(String type, String name, String id) {
		StringBuilder label = new StringBuilder(LONG_TYPE_NAMES.contains(type) ? type : shorten(type));
		if (name != null) {
			label.append(" '").append(shorten(name)).append('\'');
		}
		if (id != null) {
			label.append(" (").append(shorten(id)).append(')');
		}
		return label.toString();
	}
}
