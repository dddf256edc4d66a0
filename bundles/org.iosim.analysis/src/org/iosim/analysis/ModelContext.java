package org.iosim.analysis;

import java.util.Objects;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.des.SimulationClock;
import org.iosim.stoex.RandomStreams;

/**
 * What an analysis model gets from the run it serves: a random stream of its own, so that a
 * stochastic model (e.g. an embedded queueing Petri net) keeps a seeded run reproducible without
 * disturbing the streams of the architecture model, and the simulation's clock, on which an
 * embedded model schedules and cancels its events. A model is created for one replication and
 * used from that replication's thread only.
 *
 * @param random   the model's own random stream
 * @param clock    the simulation's clock; {@link SimulationClock#NONE} outside a simulation
 * @param workload how the storage computes the workload states the model is asked about (e.g. whether
 *                 the concurrency counts the arriving request), for models that rebuild the requests
 *                 in service from a state
 */
public record ModelContext(UniformRandomProvider random, SimulationClock clock, WorkloadOptions workload) {

	public ModelContext {
		Objects.requireNonNull(random, "random");
		Objects.requireNonNull(clock, "clock");
		Objects.requireNonNull(workload, "workload");
	}

	/** With the default workload options (the concurrency counts the arriving request). */
	public ModelContext(UniformRandomProvider random, SimulationClock clock) {
		this(random, clock, WorkloadOptions.DEFAULTS);
	}

	/** For a model asked for predictions outside a simulation: a fixed random stream, no clock. */
	public static ModelContext outsideSimulation() {
		return new ModelContext(new RandomStreams(1).stream(0), SimulationClock.NONE);
	}
}
