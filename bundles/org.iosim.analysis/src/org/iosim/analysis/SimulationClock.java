package org.iosim.analysis;

/** The simulation's clock as an analysis model sees it: it may schedule events and cancel them. */
public interface SimulationClock {

	/** An event an analysis model scheduled. */
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
			throw new IllegalStateException("this analysis model runs outside a simulation, where nothing can be scheduled");
		}
	};

	double now();

	/** Runs the action after the given (finite, non-negative) simulated time. */
	Scheduled schedule(double delay, Runnable action);
}
