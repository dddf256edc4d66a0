package org.iosim.engine;

import java.util.List;

/**
 * Everything a simulation run measured. All figures are in the model's time unit (Palladio models
 * conventionally use seconds). With several replications, means pool the replications. Confidence
 * half-widths come from batch means (each replication's estimate of the variance of its mean, pooled),
 * the statistic the confidence stop rule uses.
 *
 * @param modelName        name of the simulated model set
 * @param seed             the seed the run was started with
 * @param replications     number of replications pooled
 * @param events           simulation events processed, summed over replications
 * @param stopReason       which condition ended the (first) replication (see {@link StopReason})
 * @param simulatedTime    simulated time of one replication at its end (the longest, with several)
 * @param wallClockSeconds elapsed real time; the only field that differs between runs with one seed
 * @param scenarios        one entry per usage scenario
 * @param calls            entry-level system calls and external calls, by caller
 * @param resources        every active resource of every resource container, and linking resources
 * @param passiveResources every passive resource per assembly context
 * @param io               I/O delays at virtualized storage, per storage and request type, overall and per file set
 */
public record SimulationResult(String modelName, long seed, int replications, long events, StopReason stopReason,
		double simulatedTime, double wallClockSeconds, List<ScenarioResult> scenarios, List<CallResult> calls,
		List<ResourceResult> resources, List<PassiveResourceResult> passiveResources, List<IoResult> io) {

	public enum StopReason {
		SIMULATED_TIME, MAX_MEASUREMENTS, CONFIDENCE_REACHED, NO_MORE_EVENTS;

		/** Lower-case words as written in results.json, e.g. {@code max measurements}. */
		public String label() {
			return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
		}
	}

	/**
	 * Summary of a response-time sample.
	 *
	 * @param ci95 half-width of the 95 % confidence interval of the mean ({@code NaN} when too few data)
	 */
	public record ResponseTime(long count, double mean, double ci95, double standardDeviation, double min,
			double max, double p50, double p90, double p95, double p99) {
	}

	/**
	 * Mean of the observations whose end fell into [start, end) of simulated time. Only windows the run
	 * covered whole are reported: the one the run ended in is left out, as its mean and count would
	 * stand for a fraction of a window.
	 */
	public record TimeWindow(double start, double end, long count, double mean) {
	}

	/** A point of the empirical distribution: {@code value} is the {@code probability} quantile. */
	public record QuantilePoint(double probability, double value) {
	}

	/**
	 * The time-averaged number of users of a closed workload in [start, end) of simulated time (the last
	 * window ends where the run did).
	 */
	public record PopulationWindow(double start, double end, double meanUsers) {
	}

	/**
	 * The time-averaged fraction of busy servers of a resource in [start, end) of simulated time (the
	 * last window ends where the run did).
	 */
	public record UtilizationWindow(double start, double end, double utilization) {
	}

	/**
	 * @param throughput         completed scenario runs per time unit
	 * @param overTime           mean response time per window of simulated time, of the first replication;
	 *                           windows without completions and the partial window at the run's end left out
	 * @param distribution       quantiles from 1 % to 99 % for distribution charts
	 * @param populationOverTime for a closed workload that follows a load profile, its users (running or
	 *                           thinking) per window of simulated time, of the first replication; empty
	 *                           for every other workload
	 */
	public record ScenarioResult(String id, String name, ResponseTime responseTime, double throughput,
			List<TimeWindow> overTime, List<QuantilePoint> distribution, List<PopulationWindow> populationOverTime) {

		/** A scenario without a population series: an open workload, or a closed one of fixed population. */
		public ScenarioResult(String id, String name, ResponseTime responseTime, double throughput,
				List<TimeWindow> overTime, List<QuantilePoint> distribution) {
			this(id, name, responseTime, throughput, overTime, distribution, List.of());
		}
	}

	public enum CallKind {
		ENTRY_LEVEL, EXTERNAL
	}

	/**
	 * @param caller for an entry-level call the usage scenario, for an external call the calling assembly context
	 * @param callee the called assembly context and signature, e.g. {@code Catalog.find}
	 */
	public record CallResult(CallKind kind, String id, String caller, String callee, ResponseTime responseTime) {
	}

	/**
	 * An active resource: of a resource container, a linking resource, or a resource inside an embedded
	 * analysis model (a queue, a SAN's disk), all counted alike. Its queue is reported twice, by one
	 * definition each: the requests <em>waiting</em> for a server, and those <em>in system</em>, waiting
	 * or in service (by Little's law, throughput × mean response time).
	 *
	 * @param container        resource container (or linking resource) name
	 * @param type             resource type name, e.g. CPU, HDD, DELAY, LAN
	 * @param schedulingPolicy e.g. ProcessorSharing, FCFS, Delay
	 * @param utilization      mean fraction of busy servers
	 * @param meanWaiting      mean number of requests waiting for a server, not in service (0 at a delay
	 *                         resource; under processor sharing, the requests beyond the number of servers)
	 * @param meanInSystem     mean number of requests at the resource, waiting or in service
	 * @param throughput       completed requests per time unit
	 * @param meanServiceTime  mean time a request needs a server for (its demand divided by the processing
	 *                         rate), without waiting
	 * @param meanResponseTime mean time a request spends at the resource, waiting and served
	 * @param utilizationOverTime the utilization per window of simulated time, of the first replication;
	 *                         empty for a resource with infinite servers and for those inside an embedded
	 *                         analysis model
	 */
	public record ResourceResult(String id, String container, String type, String schedulingPolicy, int servers,
			double utilization, double meanWaiting, double meanInSystem, double throughput, double meanServiceTime,
			double meanResponseTime, List<UtilizationWindow> utilizationOverTime) {

		/** A resource whose utilization over time is not followed. */
		public ResourceResult(String id, String container, String type, String schedulingPolicy, int servers,
				double utilization, double meanWaiting, double meanInSystem, double throughput, double meanServiceTime,
				double meanResponseTime) {
			this(id, container, type, schedulingPolicy, servers, utilization, meanWaiting, meanInSystem, throughput,
					meanServiceTime, meanResponseTime, List.of());
		}

		/** The number of servers of a resource that serves every request at once (a delay resource). */
		public static final int INFINITE_SERVERS = Integer.MAX_VALUE;

		/** @return whether every request is served at once, so that there is no utilization to speak of */
		public boolean hasInfiniteServers() {
			return servers == INFINITE_SERVERS;
		}
	}

	/**
	 * I/O requests of one type at one virtualized storage.
	 *
	 * @param type                     {@code read} or {@code write}
	 * @param fileSet                  the file set, or null for all file sets together
	 * @param delay                    the delays the analysis model predicted
	 * @param throughputBytesPerSecond bytes of these requests per time unit
	 * @param meanConcurrency          mean number of requests being delayed at the storage (all types)
	 */
	public record IoResult(String storage, String type, String fileSet, ResponseTime delay, long count,
			double throughputBytesPerSecond, double meanConcurrency) {
	}

	/**
	 * @param owner assembly context owning the passive resource
	 * @param meanWaitingTime mean time until an acquire is granted
	 */
	public record PassiveResourceResult(String id, String owner, String name, int capacity, double utilization,
			double meanWaitingTime, long acquisitions) {
	}
}
