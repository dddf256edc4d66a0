package org.iosim.analysis;

/** The simulation's clock as an embedded analysis model sees it. */
public interface SimulationClock {

	double now();

	/** Runs the action after the given (non-negative) simulated time. */
	void schedule(double delay, Runnable action);
}
