package org.iosim.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.ModelDefinition;
import org.iosim.engine.Engine;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationException;
import org.iosim.engine.SimulationObserver;
import org.iosim.engine.SimulationResult;
import org.iosim.files.FileProblems;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.report.OutputFolder;
import org.iosim.report.ReportOptions;
import org.iosim.report.ResultWriter;
import org.iosim.run.RunConfiguration.After;
import org.iosim.run.RunConfiguration.TransformationStep;
import org.iosim.run.RunFailure.Kind;
import org.iosim.transform.AnalysisBinding;
import org.iosim.transform.CompletionTransformation;
import org.iosim.transform.IoConfigurationFiles;
import org.iosim.transform.TransformationException;

/**
 * The headless run as a chain of steps: <b>load</b> the model set (import and validate), apply the
 * I/O configuration (<b>complete</b>), choose the storages' analysis models (<b>bind</b>),
 * <b>simulate</b> on the engine that accepts the model, and <b>write</b> the results (results.json,
 * CSV files, report.html). The user's {@link ModelTransformation}s run after the step the
 * configuration says. The command line, the Maven plugin, the Eclipse headless application, pipeline
 * files and the workbench all run simulations through this class; front ends turn a
 * {@link RunFailure} into their own way of reporting (the command line's exit status).
 * <p>
 * The user's files are only read; every change happens on a copy.
 */
public final class RunPipeline {

	private final RunConfiguration configuration;
	private AnalysisModelRegistry analysisModels;
	private Transformations transformations;
	private Engines engines;
	/** Read once, for every model set this pipeline refines (the completion copies it). */
	private IoConfiguration ioConfiguration;
	private List<ModelDefinition> storedModels;
	private Consumer<Diagnostic> warningListener = warning -> {
	};

	public RunPipeline(RunConfiguration configuration) {
		this.configuration = configuration;
	}

	/** Receives every warning found while reading, validating and transforming. */
	public RunPipeline warnings(Consumer<Diagnostic> listener) {
		this.warningListener = listener;
		return this;
	}

	/** Uses these transformations instead of those installed, e.g. with one defined in code. */
	public RunPipeline transformations(Transformations available) {
		this.transformations = available;
		return this;
	}

	/**
	 * Uses these engines and analysis model kinds instead of discovering them: a sweep makes a pipeline
	 * per point, and discovering them each time cost a tenth of a small point's run.
	 */
	public RunPipeline services(Engines available, AnalysisModelRegistry kinds) {
		this.engines = available;
		this.analysisModels = kinds;
		return this;
	}

	public RunConfiguration configuration() {
		return configuration;
	}

	/** @return the names of the steps this pipeline runs, in order */
	public List<String> steps() {
		List<String> steps = new ArrayList<>(List.of("load"));
		addTransformations(steps, After.LOAD);
		if (configuration.ioConfiguration() != null) {
			steps.add("complete");
		}
		addTransformations(steps, After.COMPLETE);
		if (configuration.ioConfiguration() != null) {
			steps.add("bind");
		}
		addTransformations(steps, After.BIND);
		steps.addAll(List.of("simulate", "write results"));
		return steps;
	}

	private void addTransformations(List<String> steps, After after) {
		configuration.transformations().stream().filter(step -> step.after() == after).map(TransformationStep::id)
				.forEach(steps::add);
	}

	/**
	 * Runs the whole chain.
	 *
	 * @param observers watch the simulation; may be empty
	 * @throws RunCancelledException if the monitor cancelled the run; nothing was written
	 */
	public RunOutcome run(PipelineMonitor monitor, List<SimulationObserver> observers)
			throws RunFailure, RunCancelledException {
		if (configuration.outputFolder() != null) {
			try {
				OutputFolder.requireUsable(configuration.outputFolder(), configuration.overwrite(), configuration.inputs());
			} catch (IOException unusable) {
				throw new RunFailure(Kind.INVALID, unusable.getMessage());
			}
		}
		Progress progress = new Progress(monitor, steps().size());
		ModelSet modelSet = load(progress);
		ArchitectureModel refined = refine(modelSet, progress);
		Engine.PreparedSimulation simulation = prepare(modelSet.name(), refined);
		progress.next("simulate");
		SimulationResult result;
		try {
			result = simulation.run(configuration.simulation(), monitor, observers);
		} catch (ModelCompilationException unsimulatable) {
			throw cannotSimulate(modelSet.name(), unsimulatable);
		} catch (SimulationException failed) {
			throw new RunFailure(Kind.INVALID, "the simulation of model set '" + modelSet.name() + "' failed: "
					+ failed.getMessage());
		}
		explainDegenerateResults(refined, result);
		progress.next("write results");
		Path folder = configuration.outputFolder() != null ? configuration.outputFolder()
				: defaultOutputFolder(modelSet.name());
		Path written;
		try {
			written = ResultWriter.write(result, SimulationTarget.of(configuration).ioConfigurationUse(), folder,
					configuration.overwrite(), ReportOptions.defaults());
		} catch (IOException failed) {
			throw new RunFailure(Kind.INVALID, failed.getMessage());
		}
		return new RunOutcome(modelSet.name(), refined, result, written);
	}

	/** Imports the model files, picks the model set and validates it. */
	public ModelSet load() throws RunFailure {
		return load(new Progress(PipelineMonitor.NONE, 1));
	}

	private ModelSet load(Progress progress) throws RunFailure {
		progress.next("load");
		for (Path path : configuration.model()) {
			requireExisting(path);
		}
		ImportResult imported = new PalladioImporter().importPaths(configuration.model());
		imported.diagnostics().stream().filter(diagnostic -> !diagnostic.isError()).forEach(warningListener);
		if (imported.modelSets().isEmpty() && imported.hasErrors()) {
			throw new RunFailure(Kind.INVALID, "cannot read the model:" + list(imported.errors()));
		}
		ModelSet modelSet = choose(imported.modelSets());
		// the chosen set is judged by its own files, as 'validate' judges each set: an error in another
		// model set's files of the same folder does not stop it, and is named as a warning
		List<Diagnostic> own = imported.errorsIn(modelSet);
		if (!own.isEmpty()) {
			throw new RunFailure(Kind.INVALID, "cannot read the model:" + list(own));
		}
		imported.errors().stream().map(error -> new Diagnostic(Diagnostic.Severity.WARNING, error.file(), error.line(),
				error.column(), error.elementPath(), error.elementType(), error.elementName(), error.elementId(),
				"not part of model set '" + modelSet.name() + "', so it does not stop this run: " + error.message()))
				.forEach(warningListener);
		requireValid(modelSet.model(), "model set '" + modelSet.name() + "' is invalid:");
		return modelSet;
	}

	/**
	 * Applies the I/O configuration and the user's transformations to a loaded model set and chooses
	 * the analysis models; the result is validated again when a user's transformation changed it.
	 *
	 * @return the model to simulate: a copy, or the model set's model when there was nothing to do
	 */
	public ArchitectureModel refine(ModelSet modelSet) throws RunFailure {
		return refine(modelSet, new Progress(PipelineMonitor.NONE, steps().size()));
	}

	private ArchitectureModel refine(ModelSet modelSet, Progress progress) throws RunFailure {
		ArchitectureModel model = modelSet.model();
		if (hasTransformations(After.LOAD)) {
			model = transform(EcoreUtil.copy(model), After.LOAD, progress);
		}
		IoConfiguration ioConfiguration = null;
		if (configuration.ioConfiguration() != null) {
			progress.next("complete");
			ioConfiguration = loadIoConfiguration();
			try {
				model = new CompletionTransformation().complete(model, ioConfiguration);
			} catch (TransformationException invalid) {
				throw cannotApply(invalid);
			}
		} else if (hasTransformations(After.COMPLETE) || hasTransformations(After.BIND)) {
			model = model == modelSet.model() ? EcoreUtil.copy(model) : model;
		}
		model = transform(model, After.COMPLETE, progress);
		if (ioConfiguration != null) {
			progress.next("bind");
			try {
				AnalysisBinding.bind(model, configuration.ioConfiguration().toAbsolutePath().getParent(), storedModels(),
						analysisModels());
			} catch (TransformationException invalid) {
				throw cannotApply(invalid);
			}
		}
		model = transform(model, After.BIND, progress);
		if (!configuration.transformations().isEmpty()) {
			requireValid(model, "the model set '" + modelSet.name() + "' is invalid after the transformations:");
		}
		return model;
	}

	private boolean hasTransformations(After after) {
		return configuration.transformations().stream().anyMatch(step -> step.after() == after);
	}

	/** @return the model after the transformations that follow the step */
	private ArchitectureModel transform(ArchitectureModel model, After after, Progress progress) throws RunFailure {
		ArchitectureModel current = model;
		for (TransformationStep step : configuration.transformations()) {
			if (step.after() != after) {
				continue;
			}
			ModelTransformation transformation = transformations().find(step.id())
					.orElseThrow(() -> new RunFailure(Kind.USAGE, "no model transformation has the id '"
							+ FileProblems.excerpt(step.id()) + "'; installed: " + String.join(", ", transformations().ids())));
			progress.next(step.id());
			try {
				current = transformation.transform(current, step.parameters());
			} catch (IllegalArgumentException invalid) {
				throw new RunFailure(Kind.INVALID, "model transformation '" + step.id() + "': " + invalid.getMessage());
			} catch (RuntimeException | LinkageError | StackOverflowError | OutOfMemoryError broken) {
				// A transformation is a plug-in's code: its author needs the stack trace, the user what broke.
				throw new RunFailure(Kind.INVALID, "model transformation '" + step.id() + "' ("
						+ transformation.getClass().getName() + ") failed" + Transformations.why(broken), broken);
			}
			if (current == null) {
				throw new RunFailure(Kind.INVALID, "model transformation '" + step.id() + "' returned no model");
			}
		}
		return current;
	}

	/**
	 * Says why results that look broken are what the model says: a run whose simulated time never
	 * advanced has no rates (throughputs and utilizations are figures per time unit, so 0/0), and
	 * response times that are all 0 come from a model where nothing on a scenario's path takes time.
	 * Under an open workload, a resource busy all the time means the arrivals bring more work than it
	 * can do: its queue grows for as long as the run lasts, so the response times measure the run's
	 * length, not a steady state (closed workloads cannot outgrow their population).
	 */
	/** Utilization from which a resource under an open workload counts as saturated. */
	private static final double SATURATED = 0.99;

	private void explainDegenerateResults(ArchitectureModel model, SimulationResult result) {
		if (!(result.simulatedTime() > 0)) {
			warningListener.accept(Diagnostic.warning(model, "the simulated time did not advance (it is 0 at the end):"
					+ " no resource demand, think time, delay or inter-arrival time of the model set takes any time"
					+ " (e.g. all demands and think times are 0), so every response time is 0 and throughputs and"
					+ " utilizations, being figures per time unit, are undefined (NaN)"));
		} else if (!result.scenarios().isEmpty() && result.scenarios().stream()
				.allMatch(scenario -> scenario.responseTime().count() > 0 && scenario.responseTime().max() == 0)) {
			warningListener.accept(Diagnostic.warning(model, "every response time is 0: no resource demand or delay"
					+ " on the usage scenarios' paths takes any time (e.g. all demands are 0); only think times let"
					+ " the simulated time advance"));
		}
		boolean open = model.getUsageModel() != null && model.getUsageModel().getScenarios().stream()
				.anyMatch(scenario -> scenario.getWorkload() instanceof OpenWorkload);
		List<String> saturated = result.resources().stream()
				.filter(resource -> !resource.hasInfiniteServers() && resource.utilization() >= SATURATED)
				.map(resource -> resource.container() + " " + resource.type() + String.format(Locale.ROOT, " (%.1f %%)",
						100 * resource.utilization()))
				.toList();
		if (open && !saturated.isEmpty()) {
			warningListener.accept(Diagnostic.warning(model, "saturated: " + String.join(", ", saturated)
					+ " busy all the time under an open workload: users arrive faster than the system serves them,"
					+ " so the queue grows for as long as the run lasts and the response times measure the run's"
					+ " length rather than the system (a longer run gives larger ones); lower the arrival rate or add"
					+ " capacity, and find where saturation begins with 'iosim sweep --vary arrivalRate=...'"));
		}
	}

	/**
	 * Compiles the model for the engine that accepts it, as the simulate step does, so that a model
	 * this accepts is one the pipeline runs. The engine's warnings (e.g. a scheduling policy simulated
	 * as another) go to the warning listener, and are the prepared simulation's {@code warnings()}.
	 */
	public Engine.PreparedSimulation prepare(String modelSetName, ArchitectureModel model) throws RunFailure {
		Engine engine = engines().forModel(model).orElseThrow(() -> new RunFailure(Kind.INVALID,
				"no simulation engine accepts model set '" + modelSetName + "'; installed: " + String.join(", ",
						engines().all().stream().map(Engine::id).toList())
						+ engines().problems().stream().map(problem -> "; left out: " + problem).collect(Collectors.joining())));
		try {
			Engine.PreparedSimulation prepared = engine.prepare(model, Engine.Services.of(analysisModels()));
			prepared.warnings().forEach(warningListener);
			return prepared;
		} catch (ModelCompilationException unsimulatable) {
			throw cannotSimulate(modelSetName, unsimulatable);
		}
	}

	private static RunFailure cannotSimulate(String modelSetName, ModelCompilationException unsimulatable) {
		return new RunFailure(Kind.INVALID, "cannot simulate model set '" + modelSetName + "': "
				+ unsimulatable.getMessage());
	}

	private IoConfiguration loadIoConfiguration() throws RunFailure {
		if (ioConfiguration == null) {
			requireExisting(configuration.ioConfiguration());
			try {
				ioConfiguration = IoConfigurationFiles.load(configuration.ioConfiguration());
			} catch (TransformationException invalid) {
				throw cannotApply(invalid);
			}
		}
		return ioConfiguration;
	}

	private List<ModelDefinition> storedModels() throws RunFailure {
		if (storedModels == null) {
			if (configuration.storedModels() == null) {
				storedModels = List.of();
			} else {
				requireExisting(configuration.storedModels());
				try {
					storedModels = AnalysisModelRegistry.loadStored(configuration.storedModels());
				} catch (AnalysisModelException invalid) {
					throw new RunFailure(Kind.INVALID, invalid.getMessage());
				}
			}
		}
		return storedModels;
	}

	private RunFailure cannotApply(TransformationException invalid) {
		return new RunFailure(Kind.INVALID, "cannot apply the I/O configuration " + configuration.ioConfiguration() + ":"
				+ listed(invalid.problems()));
	}

	private void requireValid(ArchitectureModel model, String heading) throws RunFailure {
		List<Diagnostic> problems = new ModelValidator().validate(model);
		problems.stream().filter(diagnostic -> !diagnostic.isError()).forEach(warningListener);
		List<Diagnostic> errors = problems.stream().filter(Diagnostic::isError).toList();
		if (!errors.isEmpty()) {
			throw new RunFailure(Kind.INVALID, heading + list(errors));
		}
	}

	private ModelSet choose(List<ModelSet> modelSets) throws RunFailure {
		if (modelSets.isEmpty()) {
			throw new RunFailure(Kind.INVALID, "no model set found in " + configuration.model()
					+ ": give a folder or files with an allocation and a usage model, or an .iosim file");
		}
		String wanted = configuration.modelSet();
		if (wanted != null) {
			return modelSets.stream().filter(set -> set.name().equals(wanted)).findFirst()
					.orElseThrow(() -> new RunFailure(Kind.USAGE, "no model set named '" + wanted + "'; found "
							+ names(modelSets)));
		}
		if (modelSets.size() > 1) {
			throw new RunFailure(Kind.USAGE, configuration.model() + " holds several model sets: " + names(modelSets)
					+ "; pick one with --model-set NAME (or name the .allocation and .usagemodel files)");
		}
		return modelSets.get(0);
	}

	private static void requireExisting(Path path) throws RunFailure {
		if (!java.nio.file.Files.exists(path)) {
			throw new RunFailure(Kind.USAGE, "no such file or folder: " + shown(path));
		}
	}

	/** Paths longer than this are shown as an excerpt: they come from files as well (points, pipelines). */
	private static final int LONGEST_SHOWN_PATH = 255;

	/** The path as it is, unless it is longer than any plausible one or holds control characters. */
	private static String shown(Path path) {
		String text = path.toString();
		boolean printable = text.codePoints().noneMatch(c -> Character.isISOControl(c)
				|| Character.getType(c) == Character.FORMAT);
		return text.length() <= LONGEST_SHOWN_PATH && printable ? text
				: "'" + FileProblems.excerpt(text) + "' (" + text.length() + " characters)";
	}

	private AnalysisModelRegistry analysisModels() {
		if (analysisModels == null) {
			analysisModels = AnalysisModelRegistry.standard();
		}
		return analysisModels;
	}

	private Transformations transformations() {
		if (transformations == null) {
			transformations = Transformations.standard();
		}
		return transformations;
	}

	private Engines engines() {
		if (engines == null) {
			engines = Engines.standard();
		}
		return engines;
	}

	private static Path defaultOutputFolder(String modelSetName) {
		String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
		return Path.of("results", modelSetName.replaceAll("[^A-Za-z0-9._+-]", "_") + "-" + stamp);
	}

	private static String names(List<ModelSet> modelSets) {
		return String.join(", ", modelSets.stream().map(set -> "'" + set.name() + "'").toList());
	}

	private static String list(List<Diagnostic> diagnostics) {
		return listed(diagnostics.stream().map(Diagnostic::format).toList());
	}

	/** Problems listed in one message at most: a generated file may repeat one mistake a hundred thousand times. */
	private static final int MAX_LISTED_PROBLEMS = 20;

	/** One problem a line, the first {@value #MAX_LISTED_PROBLEMS} of them and how many more there are. */
	private static String listed(List<String> problems) {
		StringBuilder text = new StringBuilder();
		problems.stream().limit(MAX_LISTED_PROBLEMS)
				.forEach(problem -> text.append(System.lineSeparator()).append("  ").append(problem));
		if (problems.size() > MAX_LISTED_PROBLEMS) {
			text.append(System.lineSeparator()).append(String.format(Locale.ROOT, "  … and %,d more (%,d in all)",
					problems.size() - MAX_LISTED_PROBLEMS, problems.size()));
		}
		return text.toString();
	}

	/** Counts the steps as they start, for the monitor. */
	private static final class Progress {
		private final PipelineMonitor monitor;
		private final int steps;
		private int number;

		Progress(PipelineMonitor monitor, int steps) {
			this.monitor = monitor;
			this.steps = steps;
		}

		void next(String step) {
			monitor.step(step, ++number, steps);
		}
	}
}
