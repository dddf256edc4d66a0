package org.iosim.simulation.internal;

import org.iosim.des.statistics.BatchMeans;
import org.iosim.des.statistics.Quantiles;
import org.iosim.des.statistics.Tally;
import org.iosim.des.statistics.TimeSeries;
import org.iosim.des.statistics.TimeWeightedSeries;

/** Response times of one usage scenario or one call, in constant memory. */
final class Measurement {

	/**
	 * Initial window of the series over simulated time (response time, population, utilization);
	 * windows double as the run gets longer.
	 */
	static final double INITIAL_WINDOW = 1.0;

	final String id;
	final String name;
	final String caller;
	final Tally tally = new Tally();
	final BatchMeans batches = new BatchMeans();
	final Quantiles quantiles = new Quantiles();
	/** Response time over simulated time; kept for usage scenarios only, whose results chart it. */
	private final boolean tracksTime;
	TimeSeries overTime;
	/** The users of a closed workload that follows a load profile, over simulated time; null for other scenarios. */
	TimeWeightedSeries population;
	/** Simulated time at which measuring began (after warm-up). */
	double startedAt;

	private Measurement(String id, String name, String caller, boolean tracksTime) {
		this.id = id;
		this.name = name;
		this.caller = caller;
		this.tracksTime = tracksTime;
		reset(0);
	}

	static Measurement ofScenario(String id, String name) {
		return new Measurement(id, name, null, true);
	}

	static Measurement ofCall(String id, String callee, String caller) {
		return new Measurement(id, callee, caller, false);
	}

	void add(double now, double responseTime) {
		tally.add(responseTime);
		batches.add(responseTime);
		quantiles.add(responseTime);
		if (tracksTime) {
			overTime.add(now, responseTime);
		}
	}

	/** From now on the scenario's population is followed over time, starting with {@code users}. */
	void trackPopulation(double now, long users) {
		population = new TimeWeightedSeries(now, INITIAL_WINDOW, users);
	}

	void populationChanged(double now, long users) {
		population.update(now, users);
	}

	void reset(double now) {
		if (population != null) {
			population.reset(now);
		}
		tally.reset();
		batches.reset();
		quantiles.reset();
		startedAt = now;
		overTime = tracksTime ? new TimeSeries(now, INITIAL_WINDOW) : null;
	}
}
