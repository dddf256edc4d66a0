package org.iosim.qpn.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rewrites a parsed {@code .qpe} file of QPME 1.x (1.5.2) or 2.0 into the form QPME 2.1 and later
 * write, the way QPME 2 migrates such files when it opens them, so that the rest of the reader knows
 * one form only. What differs in those files:
 * <ul>
 * <li>places and transitions say their type in a plain {@code type} attribute, not {@code xsi:type};</li>
 * <li>colour references have no type: it follows from the place that holds them (or the probe);</li>
 * <li>meta-attributes are told apart by {@code name} ({@code location}, {@code sim-qpn}), not by
 * type; a colour reference's {@code sim-qpn} settings are those of the analysis method (scenario) of
 * the net's configuration with the same name;</li>
 * <li>ids are often plain numbers, which are no XML ids; QPME 2 puts {@code _} in front of every id
 * and every reference to one, and so does this rewrite, so that a net read from such a file and
 * written again is a valid QPME 2 file.</li>
 * </ul>
 */
final class QpmeLegacyForm {

	/** Attributes that hold an id or refer to one. */
	private static final List<String> ID_ATTRIBUTES = List.of("id", "source-id", "target-id", "color-id", "queue-ref",
			"start-place-id", "end-place-id");
	private static final String LEGACY_TYPE = "type";
	private static final String LEGACY_NAME = "name";
	private static final String LOCATION = "location";
	private static final String SIMQPN = "sim-qpn";
	private static final String ID_PREFIX = "_";

	/** The analysis method (scenario) of each configuration of the net, by name. */
	private final Map<String, String> scenarioByConfiguration = new HashMap<>();

	private QpmeLegacyForm() {
	}

	/**
	 * @return whether the file is in the older form: its qpme-version is 1.x or 2.0.x, or it names no
	 *         version and types its places or transitions the older way
	 */
	static boolean isLegacy(XmlElement root) {
		String version = root.attribute("qpme-version");
		if (version != null) {
			String trimmed = version.trim();
			return trimmed.startsWith("1.") || trimmed.equals("2.0") || trimmed.startsWith("2.0.");
		}
		return hasLegacyTypes(root);
	}

	private static boolean hasLegacyTypes(XmlElement element) {
		boolean node = element.name().equals("place") || element.name().equals("transition");
		if (node && element.type() == null && element.has(LEGACY_TYPE)) {
			return true;
		}
		return element.children().stream().anyMatch(QpmeLegacyForm::hasLegacyTypes);
	}

	/** Rewrites the document in place. */
	static void rewrite(XmlElement root) {
		QpmeLegacyForm form = new QpmeLegacyForm();
		for (XmlElement container : root.children("meta-attributes")) {
			for (XmlElement attribute : container.children("meta-attribute")) {
				if (SIMQPN.equals(attribute.attribute(LEGACY_NAME)) && attribute.has("configuration-name")) {
					form.scenarioByConfiguration.putIfAbsent(attribute.attribute("configuration-name"),
							String.valueOf(attribute.attribute("scenario")).trim());
				}
			}
		}
		form.visit(root);
	}

	private void visit(XmlElement element) {
		for (String attribute : ID_ATTRIBUTES) {
			String value = element.attribute(attribute);
			if (value != null) {
				element.putAttribute(attribute, ID_PREFIX + value);
			}
		}
		switch (element.name()) {
		case "place", "transition" -> {
			if (element.type() == null && element.has(LEGACY_TYPE)) {
				element.putAttribute(XmlElement.XSI_TYPE, element.removeAttribute(LEGACY_TYPE));
			}
		}
		case "color-ref" -> typeColourReference(element);
		case "meta-attribute" -> typeMetaAttribute(element);
		default -> {
			// other elements are the same in both forms
		}
		}
		element.children().forEach(this::visit);
	}

	private static void typeColourReference(XmlElement reference) {
		if (reference.type() != null) {
			return;
		}
		XmlElement owner = owner(reference);
		String type = null;
		if (owner != null && owner.name().equals("probe")) {
			type = QpeFormat.PROBE_COLOR_REFERENCE;
		} else if (owner != null) {
			// the owner was visited first, so its type is already xsi:type
			type = switch (String.valueOf(owner.type())) {
			case QpeFormat.ORDINARY_PLACE -> QpeFormat.ORDINARY_COLOR_REFERENCE;
			case QpeFormat.QUEUEING_PLACE -> QpeFormat.QUEUEING_COLOR_REFERENCE;
			case QpeFormat.SUBNET_PLACE -> QpeFormat.SUBNET_COLOR_REFERENCE;
			default -> null; // the place's unknown type is reported
			};
		}
		if (type != null) {
			reference.putAttribute(XmlElement.XSI_TYPE, type);
		}
	}

	private void typeMetaAttribute(XmlElement attribute) {
		String name = attribute.attribute(LEGACY_NAME);
		if (attribute.type() != null || name == null) {
			return;
		}
		XmlElement owner = owner(attribute);
		String ownerName = owner == null ? "" : owner.name();
		String type = switch (ownerName) {
		case "place" -> LOCATION.equals(name) ? QpeFormat.LOCATION
				: SIMQPN.equals(name) ? QpeFormat.PLACE_CONFIGURATION : null;
		case "transition" -> LOCATION.equals(name) ? QpeFormat.LOCATION : null;
		// a probe's statistics settings are a place's (QPME's schema types both alike)
		case "probe" -> SIMQPN.equals(name) ? QpeFormat.PLACE_CONFIGURATION : null;
		case "net" -> SIMQPN.equals(name) ? QpeFormat.CONFIGURATION : null;
		case "color-ref" -> SIMQPN.equals(name) ? colourSettingsType(attribute, owner) : null;
		default -> null;
		};
		if (type != null) {
			attribute.removeAttribute(LEGACY_NAME);
			attribute.putAttribute(XmlElement.XSI_TYPE, type);
		}
	}

	/** A colour reference's SimQPN settings are those of its configuration's analysis method. */
	private String colourSettingsType(XmlElement attribute, XmlElement reference) {
		XmlElement place = owner(reference);
		boolean queueing = place != null && QpeFormat.QUEUEING_PLACE.equals(place.type());
		String scenario = scenarioByConfiguration.get(attribute.attribute("configuration-name"));
		if (scenario == null) {
			return null; // no such configuration: reported as a meta-attribute without type
		}
		return switch (scenario) {
		case "1" -> queueing ? QpeFormat.BATCH_MEANS_QUEUEING_COLOR_CONFIGURATION : QpeFormat.BATCH_MEANS_COLOR_CONFIGURATION;
		case "2" -> queueing ? QpeFormat.REPLICATION_DELETION_QUEUEING_COLOR_CONFIGURATION
				: QpeFormat.REPLICATION_DELETION_COLOR_CONFIGURATION;
		case "3" -> queueing ? QpeFormat.WELCH_QUEUEING_COLOR_CONFIGURATION : QpeFormat.WELCH_COLOR_CONFIGURATION;
		default -> null;
		};
	}

	/** @return the element that owns this one, past containers such as {@code meta-attributes}; null for the document element */
	private static XmlElement owner(XmlElement element) {
		XmlElement container = element.parent();
		return container == null ? null : container.parent();
	}
}
