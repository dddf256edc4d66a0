package org.iosim.analysis.tests;

import org.eclipse.core.runtime.RegistryFactory;

/** Tells the tests whether they run inside OSGi with an extension registry or on a plain class path. */
final class Environment {

	private Environment() {
	}

	static boolean extensionRegistryAvailable() {
		try {
			return RegistryFactory.getRegistry() != null;
		} catch (NoClassDefFoundError e) {
			// The registry bundle is an optional dependency and absent from a plain class path.
			return false;
		}
	}
}
