package org.iosim.sweep;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Makes a {@link SweepEngine} that runs tasks somewhere other than this JVM's thread pool (e.g.
 * Spark). Providers are found at run time through {@code META-INF/services/org.iosim.sweep.SweepEngineProvider}
 * on the classpath, so an engine with heavy dependencies lives in a module of its own and is there
 * only when its jars are.
 */
public interface SweepEngineProvider {

	/** @return the name a user chooses it by, e.g. {@code spark} */
	String name();

	/**
	 * @param runner  the runner of the sweep's definition, for an engine that runs tasks in this JVM too
	 * @param threads how many tasks at once, or null for the engine's default (e.g. all cores)
	 * @param master  where the engine runs tasks (e.g. a cluster's URL), or null for this machine
	 * @throws IllegalArgumentException if the settings are not valid for this engine, saying why in one line
	 */
	SweepEngine create(SweepTaskRunner runner, Integer threads, String master);

	/** @return the provider of that name on the classpath, if any */
	static Optional<SweepEngineProvider> find(String name) {
		return available().stream().filter(provider -> provider.name().equals(name)).findFirst();
	}

	/** @return the providers on the classpath, in classpath order; unusable ones are left out */
	static List<SweepEngineProvider> available() {
		List<SweepEngineProvider> found = new ArrayList<>();
		ClassLoader context = Thread.currentThread().getContextClassLoader();
		Iterator<SweepEngineProvider> providers = ServiceLoader
				.load(SweepEngineProvider.class, context != null ? context : SweepEngineProvider.class.getClassLoader())
				.iterator();
		while (true) {
			try {
				if (!providers.hasNext()) {
					return found;
				}
				found.add(providers.next());
			} catch (ServiceConfigurationError unusable) {
				// a provider whose jars are incomplete is as good as absent
			}
		}
	}
}
