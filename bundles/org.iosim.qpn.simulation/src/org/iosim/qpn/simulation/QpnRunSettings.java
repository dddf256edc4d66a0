package org.iosim.qpn.simulation;

import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.StoppingRule;

/**
 * How long a QPN simulation runs and when it measures, in the net's time unit.
 *
 * @param seed                  seed of the run's random stream: one seed, one run
 * @param stoppingRule          ABSOLUTE runs to {@code runLength}; RELPRC and ABSPRC also stop as soon as
 *                              every measured mean is as precise as the net's statistics settings ask
 * @param runLength             simulated time at which the run ends at the latest
 * @param warmUp                simulated time before which nothing is measured
 * @param timeBetweenStopChecks simulated time between checks of the stopping rule
 * @param maxMeasurements       the run also ends once this many tokens were measured leaving places
 *                              (their residence times recorded after the warm-up); 0 for no limit
 */
public record QpnRunSettings(long seed, StoppingRule stoppingRule, double runLength, double warmUp,
		double timeBetweenStopChecks, long maxMeasurements) {

	/** Without a limit on measurements. */
	public QpnRunSettings(long seed, StoppingRule stoppingRule, double runLength, double warmUp,
			double timeBetweenStopChecks) {
		this(seed, stoppingRule, runLength, warmUp, timeBetweenStopChecks, 0);
	}

	public QpnRunSettings {
		if (!(runLength > 0 && runLength < Double.POSITIVE_INFINITY)) {
			throw new IllegalArgumentException("the run length must be positive and finite, got " + runLength);
		}
		if (!(warmUp >= 0 && warmUp < runLength)) {
			throw new IllegalArgumentException(
					"the warm-up must be at least 0 and shorter than the run length " + runLength + ", got " + warmUp);
		}
		if (maxMeasurements < 0) {
			throw new IllegalArgumentException("the measurements to stop at must be at least 0, got " + maxMeasurements);
		}
		if (stoppingRule != StoppingRule.ABSOLUTE && !(timeBetweenStopChecks > 0)) {
			throw new IllegalArgumentException("the time between stop checks must be positive, got " + timeBetweenStopChecks);
		}
	}

	/** The same settings with another seed. */
	public QpnRunSettings withSeed(long otherSeed) {
		return new QpnRunSettings(otherSeed, stoppingRule, runLength, warmUp, timeBetweenStopChecks, maxMeasurements);
	}

	/** The same settings, ending also after this many measurements (0: no limit). */
	public QpnRunSettings withMaxMeasurements(long measurements) {
		return new QpnRunSettings(seed, stoppingRule, runLength, warmUp, timeBetweenStopChecks, measurements);
	}

	/**
	 * The same settings, running at most {@code length}: the warm-up is then at most a tenth of it, and
	 * the stopping rule is checked at least a hundred times.
	 *
	 * @throws IllegalArgumentException if the length is not positive and finite
	 */
	public QpnRunSettings withRunLength(double length) {
		return new QpnRunSettings(seed, stoppingRule, length, Math.min(warmUp, length / 10),
				Math.min(timeBetweenStopChecks, length / 100), maxMeasurements);
	}

	/** Checks per run when a configuration leaves the interval to SimQPN's wall clock. */
	static final int STOP_CHECKS_PER_RUN = 1000;

	/**
	 * SimQPN's settings of the configuration, with the given seed. SimQPN may check its stopping rule
	 * every few seconds of wall-clock time instead of simulated time (time between stop checks 0);
	 * that would make a run depend on the machine, so such a configuration is checked
	 * {@value #STOP_CHECKS_PER_RUN} times over its measured period instead.
	 */
	public static QpnRunSettings of(SimulatorConfiguration configuration, long seed) {
		double runLength = configuration.getTotalRunLength();
		double warmUp = configuration.getRampUpLength();
		double checks = configuration.getTimeBetweenStopChecks() > 0 ? configuration.getTimeBetweenStopChecks()
				: (runLength - warmUp) / STOP_CHECKS_PER_RUN;
		return new QpnRunSettings(seed, configuration.getStoppingRule(), runLength, warmUp, checks);
	}
}
