package org.iosim.analysis;

/**
 * A kind of analysis model: turns a {@link ModelDefinition} whose {@link ModelDefinition#kind()}
 * is this kind's id into a model. Kinds are found by {@link AnalysisModelRegistry}: the built-in
 * {@code expression} and {@code table} kinds, kinds listed in
 * {@code META-INF/services/org.iosim.analysis.IoAnalysisModelKind} on a plain class path, and in
 * OSGi kinds contributed to the extension point {@code org.iosim.analysis.modelKinds}. A
 * discovered kind needs a public constructor without parameters.
 */
public interface IoAnalysisModelKind {

    /** @return the id that model definitions refer to, e.g. {@code mars}; compared ignoring case */
    String id();

    /** @return what models of this kind are and which parameters they take */
    String description();

    /**
     * @param definition a definition of this kind
     * @return the model
     * @throws AnalysisModelException if the parameters are missing, unknown or invalid, or a file
     *                                they name cannot be read; the message names the model
     */
    IoAnalysisModel create(ModelDefinition definition) throws AnalysisModelException;
}
