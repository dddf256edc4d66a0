package org.iosim.transform;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.ModelDefinition;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.wiring.Wiring;

/**
 * The binding half of the analysis transformation: every virtualized storage of a refined model
 * gets the analysis model its feature configuration selects, among the configuration's own model
 * definitions and stored ones. A stored model chosen is copied into the refined model, and every
 * definition names the folder its files are relative to, so the refined model holds all a
 * simulation needs wherever it is saved.
 */
public final class AnalysisBinding {

	private AnalysisBinding() {
	}

	/**
	 * @param refined      a model refined by the {@link CompletionTransformation}; changed in place
	 * @param configFolder the folder of the I/O configuration file, which the relative files and base
	 *                     directories of its own model definitions (e.g. a table's CSV) are relative to
	 * @param stored       further model definitions, e.g. from {@code AnalysisModelRegistry.loadStored}
	 * @throws TransformationException naming each storage whose model cannot be selected or created, and
	 *                                 each parameter of a definition that names a file set the
	 *                                 configuration does not have
	 */
	public static void bind(ArchitectureModel refined, Path configFolder, List<ModelDefinition> stored,
			AnalysisModelRegistry registry) throws TransformationException {
		IoConfiguration configuration = Wiring.ioConfiguration(refined);
		if (configuration == null) {
			return;
		}
		Map<ModelDefinition, AnalysisModelDefinition> elements = new IdentityHashMap<>();
		List<ModelDefinition> candidates = new ArrayList<>();
		for (AnalysisModelDefinition element : configuration.getAnalysisModels()) {
			// a file names the folder of its files relative to itself, as it names the files (e.g. the
			// .ioconfig that 'export' writes beside Palladio files, for files that stayed where they were)
			String baseDirectory = element.getBaseDirectory() == null ? "" : element.getBaseDirectory();
			element.setBaseDirectory(configFolder.resolve(baseDirectory).toAbsolutePath().normalize().toString());
			ModelDefinition definition = ModelDefinition.of(element, configFolder);
			elements.put(definition, element);
			candidates.add(definition);
		}
		List<String> fileSets = configuration.getFileSets().stream().map(FileSet::getName).filter(Objects::nonNull)
				.toList();
		List<String> problems = new ArrayList<>();
		// every definition of the configuration, chosen or not: a misspelt file set is a mistake in the file either way
		Set<ModelDefinition> checked = Collections.newSetFromMap(new IdentityHashMap<>());
		for (ModelDefinition own : candidates) {
			problems.addAll(registry.unknownFileSets(own, fileSets));
			checked.add(own);
		}
		candidates.addAll(stored);
		for (VirtualizedStorage storage : configuration.getStorages()) {
			try {
				ModelDefinition chosen = registry.select(candidates, storage.getFeatures());
				if (checked.add(chosen)) {
					// a stored model serves this configuration's file sets once chosen for it
					problems.addAll(registry.unknownFileSets(chosen, fileSets));
				}
				registry.create(chosen);
				storage.setAnalysisModel(elements.computeIfAbsent(chosen, copied -> {
					AnalysisModelDefinition element = copied.toElement();
					configuration.getAnalysisModels().add(element);
					return element;
				}));
			} catch (AnalysisModelException unusable) {
				problems.add("virtualized storage '" + storage.getName() + "': " + unusable.getMessage());
			}
		}
		if (!problems.isEmpty()) {
			throw new TransformationException(problems);
		}
	}
}
