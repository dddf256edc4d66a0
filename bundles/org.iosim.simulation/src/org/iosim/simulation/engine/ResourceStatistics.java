package org.iosim.simulation.engine;

import org.iosim.des.statistics.TimeWeightedPair;
import org.iosim.des.statistics.TimeWeightedSeries;

/**
 * Performance measures of one active resource since the start of the run or
 * the last reset, in constant memory. Time averages extend to the simulator's
 * current time.
 * <p>
 * Busy servers are taken to be {@code min(jobs, servers)}: the disciplines
 * here are work-conserving, no server idles while a job waits.
 */
public final class ResourceStatistics {

	private final Simulator simulator;
	private final int servers;
	/** Jobs at the resource (first) and busy servers (second), which change together at every arrival and departure. */
	private final TimeWeightedPair jobsAndBusyServers;
	private long arrivals;
	private long completions;
	// Running means updated as Tally updates its mean (Welford), so results stay the same to the last
	// bit, without the variance and extremes that nothing reads (the four tallies of a CPU and a disk
	// took 7 % of the event path).
	private double meanServiceTime;
	private double meanResidenceTime;
	private double startTime;
	/** Busy servers per window of simulated time, for charts of the utilization over a run; null unless followed. */
	private TimeWeightedSeries busyOverTime;

	ResourceStatistics(Simulator simulator, int servers) {
		this.simulator = simulator;
		this.servers = servers;
		this.startTime = simulator.now();
		this.jobsAndBusyServers = new TimeWeightedPair(startTime, 0, 0);
	}

	void jobArrived(double serviceTime, int jobsNow) {
		arrivals++;
		meanServiceTime += (serviceTime - meanServiceTime) / arrivals;
		recordJobs(jobsNow);
	}

	void jobDeparted(double arrivalTime, int jobsNow) {
		completions++;
		double residenceTime = simulator.now() - arrivalTime;
		meanResidenceTime += (residenceTime - meanResidenceTime) / completions;
		recordJobs(jobsNow);
	}

	private void recordJobs(int jobsNow) {
		double now = simulator.now();
		int busy = Math.min(jobsNow, servers);
		jobsAndBusyServers.update(now, jobsNow, busy);
		// under processor sharing most arrivals and departures leave the busy servers as they were
		if (busyOverTime != null && busy != busyOverTime.value()) {
			busyOverTime.update(now, busy);
		}
	}

	/**
	 * From now on, also keeps the busy servers per window of simulated time (windows start at
	 * {@code initialWindowLength} and double as the run grows), at a small cost per change, so that
	 * only the replication whose course is charted pays it. An infinite-server resource has no
	 * utilization to follow.
	 */
	public void followUtilizationOverTime(double initialWindowLength) {
		if (servers != ActiveResource.UNLIMITED_SERVERS) {
			busyOverTime = new TimeWeightedSeries(simulator.now(), initialWindowLength, jobsAndBusyServers.second());
		}
	}

	/**
	 * The busy servers per window since the start or the last reset, up to the last change (extend it
	 * to the present before reading); null unless {@link #followUtilizationOverTime followed}.
	 */
	public TimeWeightedSeries busyServersOverTime() {
		return busyOverTime;
	}

	void reset() {
		double now = simulator.now();
		startTime = now;
		jobsAndBusyServers.reset(now);
		if (busyOverTime != null) {
			busyOverTime.reset(now);
		}
		arrivals = 0;
		completions = 0;
		meanServiceTime = 0;
		meanResidenceTime = 0;
	}

	/** Simulated time covered by these statistics. */
	public double observationTime() {
		return simulator.now() - startTime;
	}

	public long arrivals() {
		return arrivals;
	}

	public long completions() {
		return completions;
	}

	/** Completions per unit of simulated time; NaN before any time has passed. */
	public double throughput() {
		double duration = observationTime();
		return duration > 0 ? completions / duration : Double.NaN;
	}

	/**
	 * Time-averaged fraction of busy servers. An infinite-server resource
	 * never saturates and reports 0; its load is {@link #meanBusyServers()}.
	 */
	public double utilization() {
		if (servers == ActiveResource.UNLIMITED_SERVERS) {
			return 0;
		}
		return meanBusyServers() / servers;
	}

	public double meanBusyServers() {
		return jobsAndBusyServers.meanOfSecond(simulator.now());
	}

	/** Time-averaged number of jobs at the resource, waiting or in service. */
	public double meanJobsInSystem() {
		return jobsAndBusyServers.meanOfFirst(simulator.now());
	}

	/** Time-averaged number of jobs beyond the server count, i.e. waiting for a server, not in service. */
	public double meanWaiting() {
		return meanJobsInSystem() - meanBusyServers();
	}

	/** Mean service time of the arrived jobs (the time each takes when served alone); NaN before any. */
	public double meanServiceTime() {
		return arrivals == 0 ? Double.NaN : meanServiceTime;
	}

	/** Mean time from arrival to completion of the completed jobs; NaN before any. */
	public double meanResidenceTime() {
		return completions == 0 ? Double.NaN : meanResidenceTime;
	}
}
