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
	final Tally tally;
	final BatchMeans batches;
	final Quantiles quantiles;
	/** Response time over simulated time; kept for usage scenarios only, whose results chart it. */
	private final boolean tracksTime;
	/**
	 * Whether this is the call that is all its usage scenario does, whose response times are the
	 * scenario's to the bit: it shares the scenario's statistics, which the scenario adds to.
	 */
	private final boolean sharesScenario;
	TimeSeries overTime;
	/** The users of a closed workload that follows a load profile, over simulated time; null for other scenarios. */
	TimeWeightedSeries population;
	/** Simulated time at which measuring began (after warm-up). */
	double startedAt;

	private Measurement(String id, String name, String caller, boolean tracksTime, Measurement sharedScenario) {
		this.id = id;
		this.name = name;
		this.caller = caller;
		this.tracksTime = tracksTime;
		this.sharesScenario = sharedScenario != null;
		this.tally = sharesScenario ? sharedScenario.tally : new Tally();
		this.batches = sharesScenario ? sharedScenario.batches : new BatchMeans();
		this.quantiles = sharesScenario ? sharedScenario.quantiles : new Quantiles();
		reset(0);
	}

	static Measurement ofScenario(String id, String name) {
		return new Measurement(id, name, null, true, null);
	}

	static Measurement ofCall(String id, String callee, String caller) {
		return new Measurement(id, callee, caller, false, null);
	}

	/**
	 * The measurement of an entry-level call that is all its scenario does: started when the scenario's run
	 * starts and ended when it ends, in the same events, its response times are the scenario's. Each is
	 * added once per run instead of twice, and both report the same statistics.
	 */
	static Measurement ofSoleCall(Measurement scenario, String id, String callee, String caller) {
		return new Measurement(id, callee, caller, false, scenario);
	}

	void add(double now, double responseTime) {
		if (sharesScenario) {
			return;
		}
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
		if (!sharesScenario) {
			tally.reset();
			batches.reset();
			quantiles.reset();
		}
		startedAt = now;
		overTime = tracksTime ? new TimeSeries(now, INITIAL_WINDOW) : null;
	}
}
