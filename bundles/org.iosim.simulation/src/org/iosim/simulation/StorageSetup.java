package org.iosim.simulation;

import java.util.Map;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.WorkloadOptions;

/**
 * A virtualized storage resource as the simulation runs it: the containers whose I/O it
 * consolidates, the memory length n of its status list, the workload options, and the analysis
 * model that predicts its delays (created once per replication, so a model may keep state).
 *
 * @param containers   ids or names of the resource containers it serves
 * @param fileSetSizes bytes of each file set, by name
 */
public record StorageSetup(String name, Set<String> containers, int memoryLength, WorkloadOptions options,
		String modelName, ModelFactory model, Map<String, Long> fileSetSizes) {

	/** Creates the analysis model of one replication. */
	@FunctionalInterface
	public interface ModelFactory {
		IoAnalysisModel create() throws AnalysisModelException;
	}

	public StorageSetup {
		containers = java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(containers));
		fileSetSizes = Map.copyOf(fileSetSizes);
		if (memoryLength < 1) {
			throw new IllegalArgumentException("storage '" + name + "': memory length must be at least 1, got " + memoryLength);
		}
	}
}
