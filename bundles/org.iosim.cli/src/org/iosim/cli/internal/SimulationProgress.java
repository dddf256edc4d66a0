package org.iosim.cli.internal;

import java.util.Locale;

import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;

/** The progress lines of 'simulate', about one a second per replication. */
public final class SimulationProgress {

	private SimulationProgress() {
	}

	/**
	 * What is done and what remains: the share of the stop condition reached (measurements or
	 * simulated time, whichever is further along) and the time left at the pace so far.
	 */
	public static String line(SimulationConfig config, long startedNanos, ProgressMonitor.Progress progress) {
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
		if (done > 0) {
			double elapsed = (System.nanoTime() - startedNanos) / 1e9;
			long left = Math.round(elapsed * (1 - done) / done);
			line.append(String.format(Locale.ROOT, "; %.0f %% done, about %d:%02d left", 100 * done, left / 60,
					left % 60));
		}
		if (config.hasConfidenceCriterion()) {
			line.append(String.format(Locale.ROOT, "; stops earlier once every scenario's mean is known to ±%.3g %%",
					100 * config.relativePrecision()));
		}
		return line.toString();
	}

}
