package org.iosim.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import org.iosim.engine.SimulationConfig;

/**
 * One run as the command line, the Maven plugin, the workbench and pipeline files describe it:
 * which model, which I/O configuration and stored analysis models, which of the user's
 * transformations go where in the chain, how to simulate, and where the results go.
 *
 * @param model            model folders or files (Palladio PCM 5.2 files or an .iosim file)
 * @param modelSet         which model set, when the files hold several; null to take the only one
 * @param ioConfiguration  the .ioconfig switching storage to virtualized storage, or null
 * @param storedModels     a folder of stored analysis model definitions (*.json), or null
 * @param transformations  the user's transformations, in the order they run at each step
 * @param simulation       how long and how often to simulate
 * @param outputFolder     where results go; null for {@code results/<model set>-<date>-<time>}
 * @param overwrite        whether results already in the output folder may be replaced
 * @param pipelineFile     the pipeline file this run was read from, or null
 */
public record RunConfiguration(List<Path> model, String modelSet, Path ioConfiguration, Path storedModels,
		List<TransformationStep> transformations, SimulationConfig simulation, Path outputFolder, boolean overwrite,
		Path pipelineFile) {

	/** The steps of the chain after which the user's transformations may run. */
	public enum After {
		/** On the model as read, before the I/O configuration is applied. */
		LOAD,
		/** On the model refined by the completion transformation, before analysis models are chosen. */
		COMPLETE,
		/** On the refined model with its analysis models, just before it is simulated. */
		BIND
	}

	/**
	 * @param id         the transformation's {@link ModelTransformation#id()}
	 * @param after      the step it follows
	 * @param parameters its parameters, as text
	 */
	public record TransformationStep(String id, After after, Map<String, String> parameters) {
		public TransformationStep {
			Objects.requireNonNull(id, "id");
			Objects.requireNonNull(after, "after");
			parameters = Map.copyOf(parameters);
		}
	}

	public RunConfiguration {
		model = List.copyOf(model);
		transformations = List.copyOf(transformations);
		Objects.requireNonNull(simulation, "simulation");
	}

	/** A run of the given model with the default simulation settings and no I/O configuration. */
	public static RunConfiguration of(List<Path> model) {
		return new RunConfiguration(model, null, null, null, List.of(), SimulationConfig.defaults(), null, false, null);
	}

	public RunConfiguration withModelSet(String name) {
		return new RunConfiguration(model, name, ioConfiguration, storedModels, transformations, simulation, outputFolder,
				overwrite, pipelineFile);
	}

	public RunConfiguration withIoConfiguration(Path file) {
		return new RunConfiguration(model, modelSet, file, storedModels, transformations, simulation, outputFolder,
				overwrite, pipelineFile);
	}

	public RunConfiguration withStoredModels(Path folder) {
		return new RunConfiguration(model, modelSet, ioConfiguration, folder, transformations, simulation, outputFolder,
				overwrite, pipelineFile);
	}

	public RunConfiguration withTransformations(List<TransformationStep> steps) {
		return new RunConfiguration(model, modelSet, ioConfiguration, storedModels, steps, simulation, outputFolder,
				overwrite, pipelineFile);
	}

	public RunConfiguration withSimulation(SimulationConfig config) {
		return new RunConfiguration(model, modelSet, ioConfiguration, storedModels, transformations, config, outputFolder,
				overwrite, pipelineFile);
	}

	public RunConfiguration withPipelineFile(Path file) {
		return new RunConfiguration(model, modelSet, ioConfiguration, storedModels, transformations, simulation, outputFolder,
				overwrite, file);
	}

	/** Every file and folder this run reads, which its output folder must keep apart from. */
	public List<Path> inputs() {
		List<Path> inputs = new ArrayList<>(model);
		Stream.of(ioConfiguration, storedModels, pipelineFile).filter(Objects::nonNull).forEach(inputs::add);
		return inputs;
	}

	public RunConfiguration withOutputFolder(Path folder, boolean replaceExisting) {
		return new RunConfiguration(model, modelSet, ioConfiguration, storedModels, transformations, simulation, folder,
				replaceExisting, pipelineFile);
	}
}
