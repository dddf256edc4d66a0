package org.iosim.analysis;

import java.util.Set;

/**
 * A kind of analysis model: turns a {@link ModelDefinition} whose {@link ModelDefinition#kind()}
 * is this kind's id into a model. Kinds are found by {@link AnalysisModelRegistry}: the built-in
 * {@code expression} and {@code table} kinds, kinds listed in
 * {@code META-INF/services/org.iosim.analysis.IoAnalysisModelKind} on a plain class path, and in
 * OSGi kinds contributed to the extension point {@code org.iosim.analysis.modelKinds}. A
 * discovered kind needs a public constructor without parameters. A kind creates the models of
 * replications that run in parallel, so {@link #create} must be safe to call from several threads.
 */
public interface IoAnalysisModelKind {

	/** @return the id that model definitions refer to, e.g. {@code mars}; compared ignoring case */
	String id();

	/** @return what models of this kind are and which parameters they take */
	String description();

	/**
	 * @param definition a definition of this kind
	 * @param context    the random stream and clock of the run the model serves
	 * @return the model, for this run only
	 * @throws AnalysisModelException if the parameters are missing, unknown or invalid, or a file
	 *                                they name cannot be read; the message names the model
	 */
	IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException;

	/**
	 * The parameters of which a file set may have a value of its own, written {@code NAME.FILESET} (e.g.
	 * {@code flushWrites} for {@code flushWrites.wal}). The analysis binding checks that each such
	 * {@code FILESET} is a file set of the I/O configuration, because a misspelt file set would otherwise
	 * be a value that nothing reads, and the model would silently use the default in its place.
	 *
	 * @return those parameters' names, without the dot and the file set; empty (the default) for a kind
	 *         whose parameters never name a file set
	 */
	default Set<String> perFileSetParameters() {
		return Set.of();
	}
}
