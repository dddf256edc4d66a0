package org.iosim.cli.internal;

import java.util.Locale;

import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.files.TimeLeft;

/** The progress lines of 'simulate', about one a second per replication. */
public final class SimulationProgress {

	/**
	 * The first second or two of a run is far slower than the rest (class loading, the JIT), so an
	 * estimate from less progress than this overstates the time left many times over.
	 */
	private static final double MIN_DONE_FOR_ESTIMATE = 0.05;
	private static final double MIN_SECONDS_FOR_ESTIMATE = 2;

	private SimulationProgress() {
	}

	/**
	 * What is done and what remains: the share of the stop condition reached (measurements or
	 * simulated time, whichever is further along) and the time left at the pace so far.
	 *
	 * @param elapsedSeconds real time since the run started
	 */
	public static String line(SimulationConfig config, double elapsedSeconds, ProgressMonitor.Progress progress) {
		int replication = progress.replication();
		double simulatedTime = progress.simulatedTime();
		long measurements = progress.measurements();
		long events = progress.events();
		StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  replication %d: ", replication + 1));
		double done = 0;
		if (config.maxMeasurements() != Long.MAX_VALUE) {
			line.append(String.format(Locale.ROOT, "%,d of %,d measurements", measurements, config.maxMeasurements()));
			done = (double) measurements / config.maxMeasurements();
		} else {
			line.append(String.format(Locale.ROOT, "%,d measurements", measurements));
		}
		line.append(String.format(Locale.ROOT, ", simulated time %.6g", simulatedTime));
		if (Double.isFinite(config.stopTime())) {
			line.append(String.format(Locale.ROOT, " of %.6g", config.stopTime()));
			done = Math.max(done, simulatedTime / config.stopTime());
		}
		line.append(String.format(Locale.ROOT, ", %,d events", events));
		if (measurements == 0 && config.warmupMeasurements() > 0) {
			return line.append(String.format(Locale.ROOT, "; warming up (%,d runs)", config.warmupMeasurements()))
					.toString();
		}
		if (done > 0 && (done < MIN_DONE_FOR_ESTIMATE || elapsedSeconds < MIN_SECONDS_FOR_ESTIMATE)) {
			line.append(String.format(Locale.ROOT, "; %.0f %% done, estimating the time left", 100 * done));
		} else if (done > 0) {
			line.append(String.format(Locale.ROOT, "; %.0f %% done, about %s left", 100 * done,
					TimeLeft.clock(TimeLeft.seconds(elapsedSeconds, done, 1 - done))));
		}
		if (config.hasConfidenceCriterion()) {
			line.append(String.format(Locale.ROOT, "; stops earlier once every scenario's mean is known to ±%.3g %%",
					100 * config.relativePrecision()));
		}
		return line.toString();
	}
}
