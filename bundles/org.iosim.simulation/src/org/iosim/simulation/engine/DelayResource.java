package org.iosim.simulation.engine;

/**
 * Infinite-server resource: every job is served at once at full speed, so its
 * residence time is its service time; jobs do not interact.
 * <p>
 * Each job in service is its own completion event; a finished one serves a later
 * job, so serving jobs allocates nothing once as many exist as were ever served at once.
 */
public final class DelayResource extends AbstractActiveResource {

	/** Finished jobs, chained through {@link Job#nextSpare}. */
	private Job spare;

	public DelayResource(Simulator simulator, String name) {
		super(simulator, name, UNLIMITED_SERVERS);
	}

	@Override
	protected void admit(double serviceTime, double arrivalTime, Completion then) {
		Job job = spare;
		if (job == null) {
			job = new Job();
		} else {
			spare = job.nextSpare;
		}
		job.arrivalTime = arrivalTime;
		job.then = then;
		simulator.schedule(serviceTime, job);
	}

	private final class Job extends Event {
		private double arrivalTime;
		private Completion then;
		private Job nextSpare;

		@Override
		public void fire() {
			double arrived = arrivalTime;
			Completion finished = then;
			then = null;
			nextSpare = spare;
			spare = this;
			complete(arrived, finished);
		}
	}
}
