package org.iosim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.ModelDefinition;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.report.ResultWriter;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.simulation.ModelCompilationException;
import org.iosim.simulation.ProgressListener;
import org.iosim.simulation.SimulationConfig;
import org.iosim.simulation.SimulationException;
import org.iosim.simulation.SimulationResult;
import org.iosim.simulation.StorageSetup;
import org.iosim.transform.AnalysisBinding;
import org.iosim.transform.CompletionTransformation;
import org.iosim.transform.IoConfigurationFiles;
import org.iosim.transform.TransformationException;

/**
 * A headless simulation from files to results: import the model set, validate it, simulate it and
 * write results.json, CSV files and report.html. The command line, the Maven plugin and the Eclipse
 * headless application all run simulations through this class.
 */
public final class SimulationJob {

	/** A simulation that could not run; the message says why and names files and elements. */
	public static final class Failure extends Exception {
		private static final long serialVersionUID = 1L;
		private final int exitCode;

		public Failure(int exitCode, String message) {
			super(message);
			this.exitCode = exitCode;
		}

		public int exitCode() {
			return exitCode;
		}
	}

	/** What a finished job produced. */
	public record Outcome(ModelSet modelSet, SimulationResult result, Path outputFolder, List<Diagnostic> warnings) {
	}

	private final List<Path> modelPaths;
	private String modelSetName;
	private SimulationConfig config = SimulationConfig.defaults();
	private Path outputFolder;
	private boolean overwrite;
	private ProgressListener progress = ProgressListener.NONE;
	private Consumer<Diagnostic> warnings = warning -> {
	};
	private Path ioConfiguration;
	private Path storedModels;

	public SimulationJob(List<Path> modelPaths) {
		this.modelPaths = List.copyOf(modelPaths);
	}

	/** Picks one of several model sets found in the paths (e.g. one allocation of several). */
	public SimulationJob modelSet(String name) {
		this.modelSetName = name;
		return this;
	}

	public SimulationJob config(SimulationConfig newConfig) {
		this.config = newConfig;
		return this;
	}

	/** Where results go; by default {@code results/<model set>-<date>-<time>} below the working directory. */
	public SimulationJob outputFolder(Path folder, boolean replaceExisting) {
		this.outputFolder = folder;
		this.overwrite = replaceExisting;
		return this;
	}

	/**
	 * Switches storage to virtualized storage as an I/O configuration file ({@code .ioconfig}) says:
	 * the model set is refined by the completion transformation before it is simulated.
	 */
	public SimulationJob ioConfiguration(Path file) {
		this.ioConfiguration = file;
		return this;
	}

	/** A folder of stored analysis model definitions ({@code *.json}) the configuration may select from. */
	public SimulationJob analysisModels(Path folder) {
		this.storedModels = folder;
		return this;
	}

	public SimulationJob progress(ProgressListener listener) {
		this.progress = listener;
		return this;
	}

	/** Receives every warning found while importing and validating. */
	public SimulationJob warnings(Consumer<Diagnostic> listener) {
		this.warnings = listener;
		return this;
	}

	/** Imports and validates the model set the job names, without simulating it. */
	public ModelSet load() throws Failure {
		ImportResult imported = new PalladioImporter().importPaths(modelPaths);
		List<Diagnostic> errors = new ArrayList<>(imported.errors());
		imported.diagnostics().stream().filter(diagnostic -> !diagnostic.isError()).forEach(warnings);
		if (!errors.isEmpty()) {
			throw new Failure(Main.EXIT_INVALID, "cannot read the model:" + list(errors));
		}
		ModelSet modelSet = choose(imported.modelSets());
		List<Diagnostic> problems = new ModelValidator().validate(modelSet.model());
		problems.stream().filter(diagnostic -> !diagnostic.isError()).forEach(warnings);
		List<Diagnostic> invalid = problems.stream().filter(Diagnostic::isError).toList();
		if (!invalid.isEmpty()) {
			throw new Failure(Main.EXIT_INVALID, "model set '" + modelSet.name() + "' is invalid:" + list(invalid));
		}
		return modelSet;
	}

	private ModelSet choose(List<ModelSet> modelSets) throws Failure {
		if (modelSets.isEmpty()) {
			throw new Failure(Main.EXIT_INVALID, "no model set found in " + modelPaths
					+ ": give a folder or files with an allocation and a usage model, or an .iosim file");
		}
		if (modelSetName != null) {
			return modelSets.stream().filter(set -> set.name().equals(modelSetName)).findFirst()
					.orElseThrow(() -> new Failure(Main.EXIT_USAGE, "no model set named '" + modelSetName
							+ "'; found " + names(modelSets)));
		}
		if (modelSets.size() > 1) {
			throw new Failure(Main.EXIT_USAGE, modelPaths + " holds several model sets: " + names(modelSets)
					+ "; pick one with --model-set NAME (or name the .allocation and .usagemodel files)");
		}
		return modelSets.get(0);
	}

	/** Loads, simulates and writes the results. */
	public Outcome run() throws Failure {
		ResultWriter.prepareInBackground();
		List<Diagnostic> seen = new ArrayList<>();
		Consumer<Diagnostic> reported = warnings;
		ModelSet modelSet;
		try {
			warnings = warning -> {
				seen.add(warning);
				reported.accept(warning);
			};
			modelSet = load();
		} finally {
			warnings = reported;
		}
		Refined refined = refine(modelSet);
		SimulationResult result;
		try {
			result = ArchitectureSimulation.of(refined.model(), refined.storages()).run(config, progress);
		} catch (ModelCompilationException unsimulatable) {
			throw new Failure(Main.EXIT_INVALID, "cannot simulate model set '" + modelSet.name() + "': "
					+ unsimulatable.getMessage());
		} catch (SimulationException failed) {
			throw new Failure(Main.EXIT_INVALID, "the simulation of model set '" + modelSet.name() + "' failed: "
					+ failed.getMessage());
		}
		Path folder = outputFolder != null ? outputFolder : defaultOutputFolder(modelSet);
		Path written;
		try {
			written = ResultWriter.write(result, folder, overwrite);
		} catch (IOException failed) {
			throw new Failure(Main.EXIT_INVALID, failed.getMessage());
		}
		return new Outcome(modelSet, result, written, List.copyOf(seen));
	}

	/** The model as the simulation runs it, and the virtualized storages serving its I/O. */
	public record Refined(ArchitectureModel model, List<StorageSetup> storages) {
	}

	/**
	 * Applies the job's I/O configuration to a loaded model set: the completion transformation
	 * refines the model, the analysis binding selects each storage's analysis model. Without an I/O
	 * configuration the model set stays as it is.
	 */
	public Refined refine(ModelSet modelSet) throws Failure {
		if (ioConfiguration == null) {
			return new Refined(modelSet.model(), List.of());
		}
		try {
			IoConfiguration configuration = IoConfigurationFiles.load(ioConfiguration);
			ArchitectureModel refined = new CompletionTransformation().complete(modelSet.model(), configuration);
			AnalysisModelRegistry registry = AnalysisModelRegistry.standard();
			List<ModelDefinition> stored = storedModels == null ? List.of() : AnalysisModelRegistry.loadStored(storedModels);
			Path base = ioConfiguration.toAbsolutePath().getParent();
			return new Refined(refined, AnalysisBinding.bind(configuration, base, stored, registry));
		} catch (TransformationException invalid) {
			throw new Failure(Main.EXIT_INVALID, "cannot apply the I/O configuration " + ioConfiguration + ":"
					+ indented(invalid.problems()));
		} catch (AnalysisModelException invalid) {
			throw new Failure(Main.EXIT_INVALID, invalid.getMessage());
		}
	}

	private static String indented(List<String> problems) {
		StringBuilder text = new StringBuilder();
		for (String problem : problems) {
			text.append(System.lineSeparator()).append("  ").append(problem);
		}
		return text.toString();
	}

	private static Path defaultOutputFolder(ModelSet modelSet) {
		String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
		String safeName = modelSet.name().replaceAll("[^A-Za-z0-9._+-]", "_");
		return Path.of("results", safeName + "-" + stamp);
	}

	private static String names(List<ModelSet> modelSets) {
		return String.join(", ", modelSets.stream().map(set -> "'" + set.name() + "'").toList());
	}

	private static String list(List<Diagnostic> diagnostics) {
		StringBuilder text = new StringBuilder();
		for (Diagnostic diagnostic : diagnostics) {
			text.append(System.lineSeparator()).append("  ").append(diagnostic.format());
		}
		return text.toString();
	}
}
