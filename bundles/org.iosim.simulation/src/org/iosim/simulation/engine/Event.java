package org.iosim.simulation.engine;

/** Something that happens at a scheduled instant of simulated time. */
@FunctionalInterface
public interface Event {

	void fire();
}
