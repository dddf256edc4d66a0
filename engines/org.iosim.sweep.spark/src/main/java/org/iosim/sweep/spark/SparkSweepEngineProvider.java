package org.iosim.sweep.spark;

import org.iosim.sweep.SweepEngine;
import org.iosim.sweep.SweepEngineProvider;
import org.iosim.sweep.SweepTaskRunner;

/** {@code --engine spark}: found by the command line through {@code META-INF/services}. */
public final class SparkSweepEngineProvider implements SweepEngineProvider {

	@Override
	public String name() {
		return "spark";
	}

	@Override
	public SweepEngine create(SweepTaskRunner runner, Integer threads, String master) {
		return new SparkSweepEngine(runner, SparkMaster.resolve(threads, master));
	}
}
