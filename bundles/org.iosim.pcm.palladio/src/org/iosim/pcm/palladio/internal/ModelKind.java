package org.iosim.pcm.palladio.internal;

import java.util.Locale;

import org.iosim.pcm.validation.Diagnostic;

/** The kinds of PCM model a file's root element can be, known by the root's class name. */
enum ModelKind {
	REPOSITORY("Repository"), SYSTEM("System"), RESOURCE_ENVIRONMENT("ResourceEnvironment"),
	ALLOCATION("Allocation"), USAGE_MODEL("UsageModel"), RESOURCE_TYPES("ResourceRepository");

	private final String className;

	ModelKind(String className) {
		this.className = className;
	}

	/**
	 * @return the kind of a root element, from its element name (some tools write it in lower case)
	 *         or, inside {@code xmi:XMI}, its {@code xsi:type}; null if it is no PCM model
	 */
	static ModelKind of(XmlElement root) {
		for (String candidate : new String[] { root.localName(), root.declaredType() }) {
			if (candidate == null) {
				continue;
			}
			for (ModelKind kind : values()) {
				if (kind.className.toLowerCase(Locale.ROOT).equals(candidate.toLowerCase(Locale.ROOT))) {
					return kind;
				}
			}
		}
		return null;
	}

	/** @return the error for a root element that is no PCM model */
	static Diagnostic notAModel(XmlElement root) {
		return Diagnostic.inFile(Diagnostic.Severity.ERROR, root.file().displayName(), root.line(), 0, "root element '"
				+ root.localName() + "' is not a PCM model (repository, system, resource environment, allocation,"
				+ " usage model or resource types)");
	}
}
