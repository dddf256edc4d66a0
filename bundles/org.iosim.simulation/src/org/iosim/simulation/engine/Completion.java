package org.iosim.simulation.engine;

/**
 * Continuation of a simulated request once a resource is done with it: called
 * at the simulated instant the service completes or the permit is granted.
 */
@FunctionalInterface
public interface Completion {

	void completed();
}
