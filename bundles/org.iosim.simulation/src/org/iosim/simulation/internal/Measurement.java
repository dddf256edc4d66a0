package org.iosim.simulation.internal;

import org.iosim.simulation.statistics.BatchMeans;
import org.iosim.simulation.statistics.Quantiles;
import org.iosim.simulation.statistics.Tally;
import org.iosim.simulation.statistics.TimeSeries;

/** Response times of one usage scenario or one call, in constant memory. */
final class Measurement {

	/** Initial window of the response-time-over-time series; windows double as the run gets longer. */
	private static final double INITIAL_WINDOW = 1.0;

	final String id;
	final String name;
	final String caller;
	final Tally tally = new Tally();
	final BatchMeans batches = new BatchMeans();
	final Quantiles quantiles = new Quantiles();
	TimeSeries overTime = new TimeSeries(0, INITIAL_WINDOW);

	Measurement(String id, String name, String caller) {
		this.id = id;
		this.name = name;
		this.caller = caller;
	}

	void add(double now, double responseTime) {
		tally.add(responseTime);
		batches.add(responseTime);
		quantiles.add(responseTime);
		overTime.add(now, responseTime);
	}

	void reset(double now) {
		tally.reset();
		batches.reset();
		quantiles.reset();
		overTime = new TimeSeries(now, INITIAL_WINDOW);
	}
}
