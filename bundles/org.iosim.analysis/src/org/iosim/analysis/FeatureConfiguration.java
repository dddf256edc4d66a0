package org.iosim.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Static I/O information (001, Fig. 8.5): the features that select an analysis model. Used twice:
 * as the features a stored model was built for, and as the features requested for a simulation.
 * <p>
 * Matching rule ({@link #matches}): a requested feature that is null or blank matches anything;
 * otherwise the model's feature must be equal ignoring case (so a model that leaves a feature
 * open matches only requests that leave it open too); a requested {@code modelReference} must
 * equal the model's name exactly.
 *
 * @param systemUnderStudy virtualization architecture and hardware, e.g. {@code IBM System z + DS8700}
 * @param virtualization   hypervisor or virtualization layer, e.g. {@code z/VM}
 * @param ioScheduler      operating system I/O scheduler, e.g. {@code CFQ}
 * @param fileSystem       file system, e.g. {@code ext4}
 * @param formalism        kind of model, e.g. {@code MARS} or {@code QPN}
 * @param modelReference   when requesting: the name of the wanted model; otherwise unused
 */
public record FeatureConfiguration(String systemUnderStudy, String virtualization, String ioScheduler,
        String fileSystem, String formalism, String modelReference) {

    /** Requests nothing in particular: matches every model. */
    public static final FeatureConfiguration ANY = new FeatureConfiguration(null, null, null, null, null, null);

    /**
     * @param definition a stored model
     * @return whether the model fits this request, by the rule in the class documentation
     */
    public boolean matches(ModelDefinition definition) {
        FeatureConfiguration offered = definition.features();
        return matches(systemUnderStudy, offered.systemUnderStudy)
                && matches(virtualization, offered.virtualization)
                && matches(ioScheduler, offered.ioScheduler)
                && matches(fileSystem, offered.fileSystem)
                && matches(formalism, offered.formalism)
                && (isOpen(modelReference) || modelReference.equals(definition.name()));
    }

    private static boolean matches(String requested, String offered) {
        if (isOpen(requested)) {
            return true;
        }
        return !isOpen(offered) && requested.strip().toLowerCase(Locale.ROOT).equals(offered.strip().toLowerCase(Locale.ROOT));
    }

    private static boolean isOpen(String feature) {
        return feature == null || feature.isBlank();
    }

    /** @return the features that are set, e.g. {@code systemUnderStudy=z/VM, formalism=MARS}, or {@code any} */
    public String describe() {
        List<String> parts = new ArrayList<>();
        add(parts, "systemUnderStudy", systemUnderStudy);
        add(parts, "virtualization", virtualization);
        add(parts, "ioScheduler", ioScheduler);
        add(parts, "fileSystem", fileSystem);
        add(parts, "formalism", formalism);
        add(parts, "modelReference", modelReference);
        return parts.isEmpty() ? "any" : String.join(", ", parts);
    }

    private static void add(List<String> parts, String name, String value) {
        if (!isOpen(value)) {
            parts.add(name + "=" + value);
        }
    }
}
