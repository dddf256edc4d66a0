package org.iosim.des;

/**
 * A simulation's clock as a model running on it sees it: the present time, and events it may schedule
 * and cancel. It is the one clock of IOSim's event loops and what runs on them: the architecture
 * simulation's replications lend it to analysis models, a SAN model's trace replay is one, and a queueing
 * Petri net embedded in another simulation schedules its completions on it.
 */
public interface SimulationClock {

	/** An event scheduled on the clock. */
	interface Scheduled {
		/** @return whether the event was still pending (it then never runs) */
		boolean cancel();
	}

	/** The clock of a model created outside a simulation, e.g. to print a prediction: there is no time. */
	SimulationClock NONE = new SimulationClock() {
		@Override
		public double now() {
			return 0;
		}

		@Override
		public Scheduled schedule(double delay, Runnable action) {
			throw new IllegalStateException("this model runs outside a simulation, where nothing can be scheduled");
		}
	};

	double now();

	/**
	 * Runs the action after the given (finite, non-negative) simulated time.
	 *
	 * @return the event, for cancelling it; a caller that never cancels need not keep it
	 */
	Scheduled schedule(double delay, Runnable action);
}
