package org.iosim.analysis;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A configured analysis model: which kind creates it, the features it was built for, and the
 * kind's parameters as text.
 *
 * @param name          unique name, e.g. {@code ffsb-mars}; a {@link FeatureConfiguration#modelReference()} refers to it
 * @param kind          id of the {@link IoAnalysisModelKind} that creates the model
 * @param features      the static I/O information the model is valid for
 * @param parameters    the kind's parameters (copied)
 * @param baseDirectory where files named by relative paths in parameters are found, e.g. the
 *                      folder of the stored definition
 */
public record ModelDefinition(String name, String kind, FeatureConfiguration features, Map<String, String> parameters,
        Path baseDirectory) {

    /** @throws IllegalArgumentException if the name or kind is blank */
    public ModelDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(features, "features");
        Objects.requireNonNull(baseDirectory, "baseDirectory");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an analysis model needs a name");
        }
        if (kind.isBlank()) {
            throw new IllegalArgumentException("analysis model '" + name + "' needs a kind");
        }
        parameters = Map.copyOf(parameters);
    }

    /** A definition whose relative paths resolve against the working directory. */
    public ModelDefinition(String name, String kind, FeatureConfiguration features, Map<String, String> parameters) {
        this(name, kind, features, parameters, Path.of(""));
    }

    /** @return the parameter's value, or empty if it is not given */
    public Optional<String> parameter(String parameterName) {
        return Optional.ofNullable(parameters.get(parameterName));
    }

    /** @return {@code file} resolved against {@link #baseDirectory()}; absolute paths stay as they are */
    public Path resolve(String file) {
        return baseDirectory.resolve(file);
    }
}
