package org.iosim.pcm.palladio.internal;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;

/**
 * Stereotype annotations of EMF Profiles (used by Palladio's profiles, PerOpteryx and SimuLizar's
 * architectural templates). Their editors store them as a second root, {@code ProfileApplication},
 * beside the PCM model in the same {@code xmi:XMI} file; the PCM root is read and the annotations are
 * left out with one warning that names the profiles.
 */
final class ProfileApplications {

	private static final String ELEMENT = "ProfileApplication";

	/**
	 * The word that marks the profiles of architectural templates (in their namespace, file or
	 * stereotype types): annotations known to change performance results.
	 */
	private static final String ARCHITECTURAL_TEMPLATES = "architecturaltemplates";

	private ProfileApplications() {
	}

	/** @return whether a root element holds EMF Profiles stereotype applications rather than a model */
	static boolean isProfileApplication(XmlElement root) {
		return ELEMENT.equals(root.localName()) && root.namespace() != null
				&& root.namespace().toLowerCase(Locale.ROOT).contains("emfprofile");
	}

	/** @return the warning that the annotations of the profile application are ignored */
	static Diagnostic ignored(XmlElement root) {
		Set<String> profiles = new LinkedHashSet<>();
		Set<String> stereotypes = new LinkedHashSet<>();
		int applications = 0;
		boolean changesPerformance = false;
		for (XmlElement child : root.children()) {
			if (child.localName().equals("importedProfiles")) {
				String location = child.attribute("location");
				String namespace = child.attribute("nsURI");
				profiles.add(ModelFileLimits.shorten(profileName(location, namespace)));
				changesPerformance |= mentionsArchitecturalTemplates(location) || mentionsArchitecturalTemplates(namespace);
			} else if (child.localName().equals("stereotypeApplications")) {
				applications++;
				if (child.declaredType() != null) {
					stereotypes.add(ModelFileLimits.shorten(child.declaredType()));
				}
				changesPerformance |= mentionsArchitecturalTemplates(child.attribute("xsi:type"));
			}
		}
		StringBuilder message = new StringBuilder("stereotype annotations are ignored: ").append(applications)
				.append(applications == 1 ? " application" : " applications");
		if (!stereotypes.isEmpty()) {
			message.append(" of ").append(String.join(", ", stereotypes));
		}
		message.append(profiles.isEmpty() ? ", of a profile the file does not name"
				: profiles.size() == 1 ? ", profile '" + profiles.iterator().next() + "'"
						: ", profiles '" + String.join("', '", profiles) + "'");
		if (changesPerformance) {
			message.append("; these annotations change performance: SimuLizar applies architectural templates"
					+ " (e.g. replication, load balancing, scaling) to the model before it simulates, IOSim"
					+ " does not, so results describe the model without the templates");
		} else {
			message.append("; the model is simulated as if they were absent");
		}
		return Diagnostic.inFile(Severity.WARNING, root.file().displayName(), root.line(), 0, message.toString());
	}

	/** The profile's file name without extension (how Palladio's editors show it), else its namespace. */
	private static String profileName(String location, String namespace) {
		if (location != null && !location.isBlank()) {
			String name = location.substring(location.lastIndexOf('/') + 1);
			int dot = name.indexOf('.');
			return dot > 0 ? name.substring(0, dot) : name;
		}
		return namespace == null || namespace.isBlank() ? "(unnamed)" : namespace;
	}

	private static boolean mentionsArchitecturalTemplates(String text) {
		return text != null && text.toLowerCase(Locale.ROOT).contains(ARCHITECTURAL_TEMPLATES);
	}
}
