package org.iosim.analysis;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;

import org.iosim.analysis.internal.ExtensionContributions;

/**
 * Finds the implementations of an extension interface that plug-ins contribute, the same way on a
 * plain classpath and in Eclipse: providers listed for {@link ServiceLoader} in
 * {@code META-INF/services}, then, in OSGi, the classes contributed to an extension point. IOSim
 * finds analysis model kinds, simulation engines and model transformations this way. A provider
 * that cannot be used is reported, not thrown, so that one broken plug-in does not disable the others.
 */
public final class Contributions {

	private Contributions() {
	}

	/**
	 * @param type           the extension interface
	 * @param extensionPoint the extension point's id, e.g. {@code org.iosim.analysis.modelKinds}
	 * @param element        the element naming a class in a contribution, e.g. {@code kind}
	 * @param problems       receives a message for each provider or contribution that cannot be used
	 * @return the service providers, then the contributions, each a new instance; a class found
	 *         both ways (a plug-in that lists itself for both, seen through the context class loader
	 *         in OSGi) counts once
	 */
	public static <T> List<T> discover(Class<T> type, String extensionPoint, String element, Consumer<String> problems) {
		List<T> found = new ArrayList<>();
		ClassLoader contextLoader = Thread.currentThread().getContextClassLoader();
		ClassLoader loader = contextLoader != null ? contextLoader : type.getClassLoader();
		Iterator<T> providers = ServiceLoader.load(type, loader).iterator();
		while (true) {
			try {
				if (!providers.hasNext()) {
					break;
				}
				found.add(providers.next());
			} catch (ServiceConfigurationError e) {
				problems.accept("service provider of " + type.getName() + " unusable: " + e.getMessage());
			}
		}
		try {
			ExtensionContributions.discover(type, extensionPoint, element, contributed -> {
				if (found.stream().noneMatch(known -> known.getClass().getName().equals(contributed.getClass().getName()))) {
					found.add(contributed);
				}
			}, problems);
		} catch (NoClassDefFoundError notInEclipse) {
			// The Eclipse registry is an optional dependency; without it there are no extensions to read.
		}
		return found;
	}
}
