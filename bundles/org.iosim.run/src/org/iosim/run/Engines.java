package org.iosim.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.emf.ecore.EObject;
import org.iosim.analysis.Contributions;
import org.iosim.engine.Engine;

/** The simulation engines installed, found as {@link Contributions}; a model goes to the first that accepts it. */
public final class Engines {

	private final List<Engine> engines = new ArrayList<>();
	private final List<String> problems = new ArrayList<>();

	private Engines() {
	}

	/** @return the engines found through {@link java.util.ServiceLoader} and the extension point */
	public static Engines standard() {
		Engines found = new Engines();
		found.engines.addAll(Contributions.discover(Engine.class, Engine.EXTENSION_POINT, "engine", found.problems::add));
		return found;
	}

	/** @return the first engine that accepts the model */
	public Optional<Engine> forModel(EObject model) {
		return engines.stream().filter(engine -> engine.accepts(model)).findFirst();
	}

	public List<Engine> all() {
		return List.copyOf(engines);
	}

	/** @return why contributions were left out, one message each */
	public List<String> problems() {
		return List.copyOf(problems);
	}
}
