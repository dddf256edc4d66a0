package org.iosim.simulation.internal;

/** One compiled action of a behaviour. */
abstract class Step {

	/** The model element this step comes from, for error messages: e.g. {@code InternalAction 'render' (id _x)}. */
	final String origin;

	Step(String origin) {
		this.origin = origin;
	}

	/**
	 * Runs the step for a process.
	 *
	 * @return true to go on with the next step at once; false when the process now waits and will be
	 *         resumed by a completion
	 */
	abstract boolean run(SimulatedProcess process, Frame frame);
}
