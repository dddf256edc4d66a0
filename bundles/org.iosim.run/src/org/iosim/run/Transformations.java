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

	/** Adds a transformation of the caller's, e.g. one a test or a tool defines in code. */
	public Transformations add(ModelTransformation transformation) {
		ModelTransformation existing = byId.putIfAbsent(transformation.id(), transformation);
		if (existing != null && existing != transformation) {
			problems.add(transformation.getClass().getName() + " is left out: the id '" + transformation.id()
					+ "' is taken by " + existing.getClass().getName());
		}
		return this;
	}

	public Optional<ModelTransformation> find(String id) {
		return Optional.ofNullable(byId.get(id));
	}

	public List<ModelTransformation> all() {
		return List.copyOf(byId.values());
	}

	/** @return why contributions were left out, one message each */
	public List<String> problems() {
		return List.copyOf(problems);
	}
}
