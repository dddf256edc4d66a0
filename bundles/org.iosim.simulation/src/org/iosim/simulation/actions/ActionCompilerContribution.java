package org.iosim.simulation.actions;

import org.eclipse.emf.ecore.util.Switch;

/**
 * Compiles the actions of one metamodel package into what the simulation runs, so that a new kind of
 * action plugs in without changing the compiler: the behaviour compiler composes the switches of all
 * contributions with its own one per package, as EMF's {@link org.eclipse.emf.ecore.util.ComposedSwitch}
 * does, and hands every action to the switch of the package its class belongs to. IOSim's own I/O
 * extension is compiled this way.
 * <p>
 * Contributed as an extension of {@value #EXTENSION_POINT} (element {@code compiler}) in Eclipse, or
 * listed in {@code META-INF/services} on a plain classpath; a class with a public constructor without
 * parameters, holding no state of its own, since it is found once and used by every compilation.
 */
public interface ActionCompilerContribution {

	/** The extension point contributions are declared at in Eclipse. */
	String EXTENSION_POINT = "org.iosim.simulation.actionCompilers";

	/**
	 * @param compilation where the compiled steps go: one behaviour of one component instance
	 * @return a switch for the package's classes (typically a subclass of the package's generated switch)
	 *         whose cases compile an action through {@code compilation} and return true; an action it
	 *         answers null for cannot be simulated
	 */
	Switch<Boolean> compiler(ActionCompilation compilation);
}
