package org.iosim.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.iosim.pcm.io.FeatureConfiguration;
import org.iosim.pcm.io.IoFactory;

/**
 * The static I/O information (001, Fig. 8.5) that selects an analysis model, as the I/O metamodel's
 * {@link FeatureConfiguration} holds it: the features a model was built for, and those a
 * virtualized storage requests.
 * <p>
 * Matching rule ({@link #matches}): a requested feature that is null or blank matches anything;
 * otherwise the model's feature must be equal ignoring case (so a model that leaves a feature open
 * matches only requests that leave it open too); a requested {@code modelReference} must equal the
 * model's name exactly.
 */
public final class Features {

	private Features() {
	}

	/** @return a configuration that requests nothing in particular, so it matches every model */
	public static FeatureConfiguration any() {
		return IoFactory.eINSTANCE.createFeatureConfiguration();
	}

	/**
	 * @param systemUnderStudy virtualization architecture and hardware, e.g. {@code IBM System z + DS8700}
	 * @param virtualization   hypervisor or virtualization layer, e.g. {@code z/VM}
	 * @param ioScheduler      operating system I/O scheduler, e.g. {@code CFQ}
	 * @param fileSystem       file system, e.g. {@code ext4}
	 * @param formalism        kind of model, e.g. {@code MARS} or {@code QPN}
	 * @param modelReference   when requesting: the name of the wanted model; otherwise null
	 */
	public static FeatureConfiguration of(String systemUnderStudy, String virtualization, String ioScheduler,
			String fileSystem, String formalism, String modelReference) {
		FeatureConfiguration features = any();
		features.setSystemUnderStudy(systemUnderStudy);
		features.setVirtualization(virtualization);
		features.setIoScheduler(ioScheduler);
		features.setFileSystem(fileSystem);
		features.setFormalism(formalism);
		features.setModelReference(modelReference);
		return features;
	}

	/**
	 * @param requested  the features a storage requests; null requests nothing in particular
	 * @param definition a model that may serve it
	 * @return whether the model fits the request, by the rule in the class documentation
	 */
	public static boolean matches(FeatureConfiguration requested, ModelDefinition definition) {
		if (requested == null) {
			return true;
		}
		FeatureConfiguration offered = definition.features();
		return matches(requested.getSystemUnderStudy(), offered.getSystemUnderStudy())
				&& matches(requested.getVirtualization(), offered.getVirtualization())
				&& matches(requested.getIoScheduler(), offered.getIoScheduler())
				&& matches(requested.getFileSystem(), offered.getFileSystem())
				&& matches(requested.getFormalism(), offered.getFormalism())
				&& (isOpen(requested.getModelReference()) || requested.getModelReference().equals(definition.name()));
	}

	private static boolean matches(String requested, String offered) {
		if (isOpen(requested)) {
			return true;
		}
		return !isOpen(offered)
				&& requested.strip().toLowerCase(Locale.ROOT).equals(offered.strip().toLowerCase(Locale.ROOT));
	}

	private static boolean isOpen(String feature) {
		return feature == null || feature.isBlank();
	}

	/** @return the features that are set, e.g. {@code systemUnderStudy=z/VM, formalism=MARS}, or {@code any} */
	public static String describe(FeatureConfiguration features) {
		if (features == null) {
			return "any";
		}
		List<String> parts = new ArrayList<>();
		add(parts, "systemUnderStudy", features.getSystemUnderStudy());
		add(parts, "virtualization", features.getVirtualization());
		add(parts, "ioScheduler", features.getIoScheduler());
		add(parts, "fileSystem", features.getFileSystem());
		add(parts, "formalism", features.getFormalism());
		add(parts, "modelReference", features.getModelReference());
		return parts.isEmpty() ? "any" : String.join(", ", parts);
	}

	private static void add(List<String> parts, String name, String value) {
		if (!isOpen(value)) {
			parts.add(name + "=" + value);
		}
	}
}
