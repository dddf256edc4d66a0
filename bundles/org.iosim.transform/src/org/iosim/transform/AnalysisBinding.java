package org.iosim.transform;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.FeatureConfiguration;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.StatusList;
import org.iosim.analysis.WorkloadOptions;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.FixedMemoryLength;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.LittlesLawMemoryLength;
import org.iosim.pcm.io.ModelParameter;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.simulation.StorageSetup;

/**
 * The binding half of the analysis transformation: for every virtualized storage of an I/O
 * configuration, the analysis model its feature configuration selects (among the configuration's
 * own model definitions and the stored ones), its memory length and workload options, as the
 * simulation runs them.
 */
public final class AnalysisBinding {

	private AnalysisBinding() {
	}

	/**
	 * @param baseDirectory folder that relative files of the configuration's models (e.g. a table's
	 *                      CSV) are resolved against: the configuration file's folder
	 * @param stored        further model definitions, e.g. from {@code AnalysisModelRegistry.loadStored}
	 */
	public static List<StorageSetup> bind(IoConfiguration configuration, Path baseDirectory,
			List<ModelDefinition> stored, AnalysisModelRegistry registry) throws TransformationException {
		List<String> problems = new ArrayList<>();
		List<ModelDefinition> candidates = new ArrayList<>();
		for (AnalysisModelDefinition definition : configuration.getAnalysisModels()) {
			try {
				candidates.add(definition(definition, baseDirectory));
			} catch (IllegalArgumentException | NullPointerException invalid) {
				problems.add("analysis model definition '" + definition.getName() + "': needs a name and a kind ("
						+ invalid.getMessage() + ")");
			}
		}
		candidates.addAll(stored);
		Map<String, Long> fileSetSizes = new LinkedHashMap<>();
		for (FileSet fileSet : configuration.getFileSets()) {
			if (fileSet.getName() == null || fileSet.getName().isBlank()) {
				problems.add("a file set has no name");
			} else if (fileSet.getSize() < 0) {
				problems.add("file set '" + fileSet.getName() + "' has the negative size " + fileSet.getSize());
			} else if (fileSetSizes.put(fileSet.getName(), fileSet.getSize()) != null) {
				problems.add("file set '" + fileSet.getName() + "' is defined twice");
			}
		}
		List<StorageSetup> setups = new ArrayList<>();
		for (VirtualizedStorage storage : configuration.getStorages()) {
			try {
				ModelDefinition chosen = registry.select(candidates, features(storage.getFeatures()));
				registry.create(chosen);
				setups.add(new StorageSetup(storage.getName(), new LinkedHashSet<>(storage.getContainers()),
						memoryLength(storage), options(storage), chosen.name(), () -> registry.create(chosen),
						fileSetSizes));
			} catch (AnalysisModelException | IllegalArgumentException unusable) {
				problems.add("virtualized storage '" + storage.getName() + "': " + unusable.getMessage());
			}
		}
		if (!problems.isEmpty()) {
			throw new TransformationException(problems);
		}
		return setups;
	}

	private static ModelDefinition definition(AnalysisModelDefinition definition, Path baseDirectory) {
		Map<String, String> parameters = new LinkedHashMap<>();
		for (ModelParameter parameter : definition.getParameters()) {
			parameters.put(parameter.getName(), parameter.getValue());
		}
		return new ModelDefinition(definition.getName(), definition.getKind(), features(definition.getFeatures()),
				parameters, baseDirectory);
	}

	private static FeatureConfiguration features(org.iosim.pcm.io.FeatureConfiguration features) {
		if (features == null) {
			return new FeatureConfiguration(null, null, null, null, null, null);
		}
		return new FeatureConfiguration(features.getSystemUnderStudy(), features.getVirtualization(),
				features.getIoScheduler(), features.getFileSystem(), features.getFormalism(),
				features.getModelReference());
	}

	private static int memoryLength(VirtualizedStorage storage) {
		if (storage.getMemoryLength() instanceof FixedMemoryLength fixed) {
			return fixed.getRequests();
		}
		if (storage.getMemoryLength() instanceof LittlesLawMemoryLength littlesLaw) {
			return StatusList.memoryLength(littlesLaw.getMeanDelay(), littlesLaw.getArrivalRate());
		}
		throw new IllegalArgumentException("no memory length (fixed, or from Eq. 8.1 as mean delay × arrival rate)");
	}

	private static WorkloadOptions options(VirtualizedStorage storage) {
		WorkloadOptions options = WorkloadOptions.DEFAULTS;
		if (storage.getConcurrency() == org.iosim.pcm.io.ConcurrencyCounting.EXCLUDING_ARRIVAL) {
			options = options.withConcurrencyCounting(WorkloadOptions.ConcurrencyCounting.EXCLUDING_ARRIVING);
		}
		if (storage.getFileSetSize() == org.iosim.pcm.io.FileSetSizePolicy.UNION) {
			options = options.withFileSetSizePolicy(WorkloadOptions.FileSetSizePolicy.UNION_OF_LIST);
		}
		return options;
	}
}
