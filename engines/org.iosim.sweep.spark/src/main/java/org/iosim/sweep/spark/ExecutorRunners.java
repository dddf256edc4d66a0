package org.iosim.sweep.spark;

import java.util.LinkedHashMap;
import java.util.Map;

import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepTaskRunner;

/**
 * The task runners of an executor JVM, one per sweep definition (by its JSON form): the model is
 * read once per executor, and each point's model made and compiled once per executor, however many
 * of its replications run there. In local mode the driver lends the runner that already checked every
 * point, so nothing is compiled twice.
 */
final class ExecutorRunners {

	/** Sweeps whose runners an executor keeps; older ones are dropped (with their compiled models). */
	private static final int KEPT = 2;

	private static final Map<String, SweepTaskRunner> RUNNERS = new LinkedHashMap<>(4, 0.75f, true) {
		private static final long serialVersionUID = 1L;

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, SweepTaskRunner> eldest) {
			return size() > KEPT;
		}
	};

	private ExecutorRunners() {
	}

	/** @return the runner of the sweep whose definition this is, made from it on first use */
	static synchronized SweepTaskRunner of(String definitionJson) {
		return RUNNERS.computeIfAbsent(definitionJson, json -> new SweepTaskRunner(SweepDefinition.fromJson(json)));
	}

	/** Lets executors in this JVM use the driver's runner of the same sweep. */
	static synchronized void lend(String definitionJson, SweepTaskRunner runner) {
		RUNNERS.put(definitionJson, runner);
	}

	static synchronized void forget(String definitionJson) {
		RUNNERS.remove(definitionJson);
	}
}
