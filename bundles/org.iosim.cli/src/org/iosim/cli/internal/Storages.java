package org.iosim.cli.internal;

import java.util.ArrayList;
import java.util.List;

import org.iosim.analysis.StatusList;
import org.iosim.analysis.WorkloadOptions;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.wiring.Wiring;

/** The virtualized storages of a refined model, one line each, as 'transform' and 'validate' show them. */
final class Storages {

	private Storages() {
	}

	/** @return e.g. {@code storage 'SAN' serves database server: analysis model 'm', memory length 10, ...} */
	static List<String> describe(ArchitectureModel refined) {
		List<String> lines = new ArrayList<>();
		IoConfiguration configuration = Wiring.ioConfiguration(refined);
		if (configuration == null) {
			return lines;
		}
		for (VirtualizedStorage storage : configuration.getStorages()) {
			lines.add("storage '" + storage.getName() + "' serves "
					+ String.join(", ", storage.getServedContainers().stream().map(ResourceContainer::getName).toList())
					+ ": analysis model '" + (storage.getAnalysisModel() == null ? "?" : storage.getAnalysisModel().getName())
					+ "', memory length " + StatusList.memoryLength(storage.getMemoryLength()) + ", "
					+ new WorkloadOptions(storage.getConcurrency(), storage.getFileSetSize()).describe());
		}
		return lines;
	}
}
