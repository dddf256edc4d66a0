package org.iosim.engine;

/**
 * How long and how often to simulate. A run stops at the first condition met: simulated time,
 * number of measurements (completed usage-scenario runs after warm-up, over all scenarios), or
 * confidence (every scenario's mean response time known to the given relative precision).
 *
 * @param seed                 seed of all random streams; the same seed reproduces a run exactly
 * @param stopTime             simulated time to stop at, {@code Double.POSITIVE_INFINITY} for none; a run
 *                             that could not reach it within the events of the run budget
 *                             ({@code org.iosim.des.RunBudget}) is refused
 * @param maxMeasurements      measurements to stop after, {@code Long.MAX_VALUE} for none
 * @param confidenceLevel      e.g. 0.95 for a 95 % confidence criterion, 0 for none
 * @param relativePrecision    relative half-width of the confidence interval to reach, e.g. 0.02
 * @param warmupMeasurements   scenario runs discarded before statistics start
 * @param replications         independent replications, run in parallel; results pool them
 * @param simulateLinkingResources whether calls between containers occupy the linking resource
 *                             joining them; off by default, as in Palladio's SimuCom, so results
 *                             compare with Palladio's unless asked otherwise
 */
public record SimulationConfig(long seed, double stopTime, long maxMeasurements, double confidenceLevel,
		double relativePrecision, long warmupMeasurements, int replications, boolean simulateLinkingResources) {

	/** The most replications one run may have; each keeps its statistics in memory until pooling. */
	public static final int MAX_REPLICATIONS = 1_000;

	/** Measurements after which a run without any other stop condition ends. */
	public static final long DEFAULT_MAX_MEASUREMENTS = 100_000;

	public SimulationConfig {
		if (!(stopTime > 0)) {
			throw new IllegalArgumentException("stop time must be positive, got " + stopTime);
		}
		if (maxMeasurements < 1) {
			throw new IllegalArgumentException("maximum measurements must be at least 1, got " + maxMeasurements);
		}
		if (confidenceLevel != 0 && !(confidenceLevel > 0 && confidenceLevel < 1)) {
			throw new IllegalArgumentException("confidence level must lie between 0 and 1, got " + confidenceLevel);
		}
		if (confidenceLevel != 0 && !(relativePrecision > 0 && relativePrecision < 1)) {
			throw new IllegalArgumentException("relative precision must lie between 0 and 1, got " + relativePrecision);
		}
		if (warmupMeasurements < 0) {
			throw new IllegalArgumentException("warm-up measurements must not be negative, got " + warmupMeasurements);
		}
		if (replications < 1 || replications > MAX_REPLICATIONS) {
			throw new IllegalArgumentException("replications must be between 1 and " + MAX_REPLICATIONS + ", got "
					+ replications + " (each finished replication keeps its statistics in memory until the results"
					+ " are pooled; a few dozen already give tight confidence intervals)");
		}
	}

	/**
	 * The settings as users give them (command line, Maven plugin, pipeline files), where each stop
	 * condition may be left out: a stop time or a confidence criterion alone decides when a run
	 * ends, and without any a run stops after {@value #DEFAULT_MAX_MEASUREMENTS} measurements.
	 *
	 * @param stopTime        null for none
	 * @param maxMeasurements null for none
	 * @param confidence      null for none; given together with {@code precision}
	 * @throws IllegalArgumentException if a value is out of range, or only one of confidence and
	 *                                  precision is given
	 */
	public static SimulationConfig of(long seed, Double stopTime, Long maxMeasurements, Double confidence,
			Double precision, long warmupMeasurements, int replications, boolean simulateLinkingResources) {
		if ((confidence == null) != (precision == null)) {
			throw new IllegalArgumentException("confidence and precision go together: give both or neither");
		}
		if (stopTime != null && stopTime == Double.POSITIVE_INFINITY) {
			// infinite would mean no stop time at all, and with it no other stop condition
			throw new IllegalArgumentException("stop time must be a finite number, got " + stopTime
					+ " (leave it out for none)");
		}
		long measurements = maxMeasurements != null ? maxMeasurements
				: stopTime != null || confidence != null ? Long.MAX_VALUE : DEFAULT_MAX_MEASUREMENTS;
		SimulationConfig config = new SimulationConfig(seed, stopTime == null ? Double.POSITIVE_INFINITY : stopTime,
				measurements, 0, 0, warmupMeasurements, replications, simulateLinkingResources);
		return confidence == null ? config : config.withConfidence(confidence, precision);
	}

	/** Seed 1, 100,000 measurements after a warm-up of 1,000, one replication, linking resources not simulated. */
	public static SimulationConfig defaults() {
		return new SimulationConfig(1, Double.POSITIVE_INFINITY, DEFAULT_MAX_MEASUREMENTS, 0, 0, 1_000, 1, false);
	}

	public SimulationConfig withSeed(long newSeed) {
		return new SimulationConfig(newSeed, stopTime, maxMeasurements, confidenceLevel, relativePrecision,
				warmupMeasurements, replications, simulateLinkingResources);
	}

	public SimulationConfig withStopTime(double newStopTime) {
		return new SimulationConfig(seed, newStopTime, maxMeasurements, confidenceLevel, relativePrecision,
				warmupMeasurements, replications, simulateLinkingResources);
	}

	public SimulationConfig withMaxMeasurements(long newMaxMeasurements) {
		return new SimulationConfig(seed, stopTime, newMaxMeasurements, confidenceLevel, relativePrecision,
				warmupMeasurements, replications, simulateLinkingResources);
	}

	public SimulationConfig withConfidence(double level, double precision) {
		return new SimulationConfig(seed, stopTime, maxMeasurements, level, precision, warmupMeasurements,
				replications, simulateLinkingResources);
	}

	public SimulationConfig withWarmupMeasurements(long newWarmup) {
		return new SimulationConfig(seed, stopTime, maxMeasurements, confidenceLevel, relativePrecision, newWarmup,
				replications, simulateLinkingResources);
	}

	public SimulationConfig withReplications(int newReplications) {
		return new SimulationConfig(seed, stopTime, maxMeasurements, confidenceLevel, relativePrecision,
				warmupMeasurements, newReplications, simulateLinkingResources);
	}

	public SimulationConfig withLinkingResources(boolean simulate) {
		return new SimulationConfig(seed, stopTime, maxMeasurements, confidenceLevel, relativePrecision,
				warmupMeasurements, replications, simulate);
	}

	public boolean hasConfidenceCriterion() {
		return confidenceLevel > 0;
	}
}
