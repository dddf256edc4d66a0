package org.iosim.run;

import org.iosim.engine.ProgressMonitor;

/** Follows a pipeline: which step it is at, and the simulation's progress while it simulates. */
public interface PipelineMonitor extends ProgressMonitor {

	/** Ignores everything and never cancels. */
	PipelineMonitor NONE = progress -> {
	};

	/**
	 * @param step   what the pipeline starts doing, e.g. {@code complete} or a transformation's id
	 * @param number which step it is, from 1
	 * @param steps  how many steps the chain has
	 */
	default void step(String step, int number, int steps) {
	}
}
