package org.iosim.analysis.internal;

import java.util.function.Consumer;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExtensionRegistry;
import org.eclipse.core.runtime.RegistryFactory;

/**
 * Reads the classes contributed to an extension point. This is the only class that refers to the
 * Eclipse registry, which is an optional dependency: on a plain class path without it, calling
 * {@link #discover} throws {@link NoClassDefFoundError}, which the caller takes to mean "not in
 * Eclipse"; with it but outside a running Eclipse there is no registry and nothing is discovered.
 */
public final class ExtensionContributions {

	private static final String CLASS_ATTRIBUTE = "class";

	private ExtensionContributions() {
	}

	/**
	 * @param found    receives each contributed instance
	 * @param problems receives a message for each contribution that cannot be used
	 */
	public static <T> void discover(Class<T> type, String extensionPoint, String elementName, Consumer<T> found,
			Consumer<String> problems) {
		IExtensionRegistry registry = RegistryFactory.getRegistry();
		if (registry == null) {
			return;
		}
		for (IConfigurationElement element : registry.getConfigurationElementsFor(extensionPoint)) {
			String contributor = element.getContributor().getName();
			if (!elementName.equals(element.getName())) {
				problems.accept("bundle " + contributor + " contributes an element '" + element.getName() + "' to "
						+ extensionPoint + ", which only takes '" + elementName + "'");
				continue;
			}
			String className = element.getAttribute(CLASS_ATTRIBUTE);
			try {
				Object created = element.createExecutableExtension(CLASS_ATTRIBUTE);
				if (type.isInstance(created)) {
					found.accept(type.cast(created));
				} else {
					problems.accept("bundle " + contributor + " contributes " + className + " to " + extensionPoint
							+ ", which does not implement " + type.getName());
				}
			} catch (CoreException | RuntimeException e) {
				problems.accept("bundle " + contributor + " contributes " + className + " to " + extensionPoint
						+ ", which cannot be created: " + e.getMessage());
			}
		}
	}
}
