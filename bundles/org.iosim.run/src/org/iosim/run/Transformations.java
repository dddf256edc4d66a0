package org.iosim.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.iosim.analysis.Contributions;

/**
 * The model transformations a pipeline can insert: IOSim's own what-ifs and the user's, found as
 * {@link Contributions}; the first of an id wins and later ones are reported in {@link #problems()}.
 */
public final class Transformations {

	private final Map<String, ModelTransformation> byId = new LinkedHashMap<>();
	private final List<String> problems = new ArrayList<>();

	private Transformations() {
	}

	/** @return the transformations found through {@link java.util.ServiceLoader} and the extension point */
	public static Transformations standard() {
		Transformations transformations = new Transformations();
		for (ModelTransformation transformation : Contributions.discover(ModelTransformation.class,
				ModelTransformation.EXTENSION_POINT, "transformation", transformations.problems::add)) {
			transformations.add(transformation);
		}
		return transformations;
	}

	/**
	 * Adds a transformation of the caller's, e.g. one a test or a tool defines in code. One whose
	 * {@code id()} fails or gives none is left out, with the reason in {@link #problems()}.
	 */
	public Transformations add(ModelTransformation transformation) {
		String id;
		try {
			id = transformation.id();
		} catch (RuntimeException | LinkageError | StackOverflowError | OutOfMemoryError broken) {
			problems.add(transformation.getClass().getName() + " is left out: its id() failed" + why(broken));
			return this;
		}
		if (id == null || id.isBlank()) {
			problems.add(transformation.getClass().getName() + " is left out: its id() gives no id");
			return this;
		}
		ModelTransformation existing = byId.putIfAbsent(id, transformation);
		if (existing != null && existing != transformation) {
			problems.add(transformation.getClass().getName() + " is left out: the id '" + id + "' is taken by "
					+ existing.getClass().getName());
		}
		return this;
	}

	/**
	 * What a transformation's description says, or why it says nothing (its code failed), for listings.
	 */
	public static String description(ModelTransformation transformation) {
		try {
			String description = transformation.description();
			return description == null ? "" : description;
		} catch (RuntimeException | LinkageError | StackOverflowError | OutOfMemoryError broken) {
			return "(no description: its description() failed" + why(broken) + ")";
		}
	}

	/**
	 * Why a plug-in's code failed, in the user's words: a stack overflow or exhausted memory said so
	 * (their own messages are Java's), any other failure by its message. The failure itself is for
	 * the plug-in's author, with its stack trace, under {@code --debug}.
	 *
	 * @return e.g. {@code : its code called itself without end (the thread's stack overflowed)}, or
	 *         the empty text if the failure says nothing
	 */
	static String why(Throwable broken) {
		if (broken instanceof StackOverflowError) {
			return ": its code calls itself too deeply, without end or for a model this large (the stack overflowed)";
		}
		if (broken instanceof OutOfMemoryError) {
			return ": it ran out of memory (this JVM may use " + Runtime.getRuntime().maxMemory() / (1024 * 1024)
					+ " MB; e.g. IOSIM_JAVA_OPTS=-Xmx8g gives more)";
		}
		return broken.getMessage() == null || broken.getMessage().isBlank() ? "" : ": " + broken.getMessage();
	}

	public Optional<ModelTransformation> find(String id) {
		return Optional.ofNullable(byId.get(id));
	}

	public List<ModelTransformation> all() {
		return List.copyOf(byId.values());
	}

	/** @return the ids of {@link #all()}, in the same order, as their {@code id()} gave them when added */
	public List<String> ids() {
		return List.copyOf(byId.keySet());
	}

	/** @return why contributions were left out, one message each */
	public List<String> problems() {
		return List.copyOf(problems);
	}
}
