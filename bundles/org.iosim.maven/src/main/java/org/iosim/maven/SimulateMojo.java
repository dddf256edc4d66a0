package org.iosim.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.run.PipelineFile;
import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.RunOutcome;
import org.iosim.run.RunPipeline;
import org.iosim.run.SimulationTarget;

/**
 * Simulates a model set with IOSim, writes results.json, CSV files and report.html, logs each usage
 * scenario's response time and fails the build when a configured response-time bound is violated.
 * <p>
 * An invalid model, a violated bound and a bound for an unknown scenario are the user's problems, so
 * they fail the build with a {@link MojoFailureException} that says what is wrong.
 */
@Mojo(name = "simulate", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class SimulateMojo extends AbstractMojo {

	/**
	 * Model folders or files: a folder of Palladio PCM 5.2 files, the files of one model set (e.g. an
	 * .allocation and a .usagemodel), or an IOSim .iosim file. Relative paths resolve against the
	 * project folder. An .ioconfig here is applied, and stands for the model in its folder when it is
	 * the only path; one lying beside the model is not applied unless named.
	 */
	@Parameter(property = "iosim.models")
	private List<File> models = new ArrayList<>();

	/**
	 * A pipeline file (JSON, see IOSim's docs/pipelines.md) describing the whole run: model, I/O configuration,
	 * the user's transformations and the simulation settings. Instead of {@code models}; the output
	 * folder and the bounds are still this plugin's.
	 */
	@Parameter(property = "iosim.pipeline")
	private File pipeline;

	/** An I/O configuration (.ioconfig) that puts storage on virtualized storage. */
	@Parameter(property = "iosim.ioConfiguration")
	private File ioConfiguration;

	/** A folder of stored analysis model definitions (*.json) the I/O configuration may select. */
	@Parameter(property = "iosim.storedModels")
	private File storedModels;

	/** Which model set to simulate when the models hold several. */
	@Parameter(property = "iosim.modelSet")
	private String modelSet;

	/** Seed of all random streams; the same seed reproduces a run exactly. */
	@Parameter(property = "iosim.seed", defaultValue = "1")
	private long seed;

	/** Simulated time to stop at. */
	@Parameter(property = "iosim.stopTime")
	private Double stopTime;

	/**
	 * Measurements (completed usage-scenario runs after warm-up) to stop after. Without this, a stop
	 * time or a confidence criterion, a run stops after IOSim's default number of measurements.
	 */
	@Parameter(property = "iosim.maxMeasurements")
	private Long maxMeasurements;

	/** Stop when every scenario's mean response time is known with this confidence (e.g. 0.95)... */
	@Parameter(property = "iosim.confidence")
	private Double confidence;

	/** ...to within this relative half-width (e.g. 0.02). Give both or neither. */
	@Parameter(property = "iosim.precision")
	private Double precision;

	/** Usage-scenario runs discarded before measuring. */
	@Parameter(property = "iosim.warmup", defaultValue = "1000")
	private long warmup;

	/** Independent replications, run in parallel. */
	@Parameter(property = "iosim.replications", defaultValue = "1")
	private int replications;

	/** Whether calls between resource containers occupy the linking resource joining them. */
	@Parameter(property = "iosim.simulateNetwork", defaultValue = "false")
	private boolean simulateNetwork;

	/** Where results.json, the CSV files and report.html are written. */
	@Parameter(property = "iosim.outputDirectory", defaultValue = "${project.build.directory}/iosim")
	private File outputDirectory;

	/**
	 * Whether an existing output folder is replaced. On by default because the output is build output
	 * that each build writes anew.
	 */
	@Parameter(property = "iosim.overwrite", defaultValue = "true")
	private boolean overwrite;

	@Parameter(property = "iosim.skip", defaultValue = "false")
	private boolean skip;

	/**
	 * Response-time limits per usage scenario:
	 * {@code <bound><scenario>NAME</scenario><maxMean>..</maxMean><maxP95>..</maxP95></bound>}.
	 */
	@Parameter
	private List<Bound> bounds = new ArrayList<>();

	@Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
	private File basedir;

	@Override
	public void execute() throws MojoFailureException {
		if (skip) {
			getLog().info("IOSim simulation skipped");
			return;
		}
		for (Bound bound : bounds) {
			bound.checkConfigured();
		}
		RunConfiguration configuration = configuration();
		getLog().info("Simulating " + String.join(", ", configuration.model().stream().map(Path::toString).toList())
				+ "; I/O configuration: " + SimulationTarget.of(configuration).ioConfigurationUse().describe());
		RunPipeline run = new RunPipeline(configuration).warnings(warning -> getLog().warn(warning.format()));
		RunOutcome outcome;
		try {
			outcome = run.run(new PipelineMonitor() {
				@Override
				public void progress(Progress progress) {
					getLog().info(String.format(Locale.ROOT, "  replication %d: simulated time %.6g, %,d measurements",
							progress.replication() + 1, progress.simulatedTime(), progress.measurements()));
				}

				@Override
				public void step(String step, int number, int steps) {
					getLog().debug("step " + number + " of " + steps + ": " + step);
				}
			}, List.of());
		} catch (RunFailure failure) {
			throw new MojoFailureException(failure.getMessage());
		} catch (RunCancelledException cancelled) {
			throw new MojoFailureException(cancelled.getMessage());
		}
		logSummary(outcome);
		checkBounds(outcome);
	}

	private RunConfiguration configuration() throws MojoFailureException {
		RunConfiguration configuration;
		if (pipeline != null) {
			if (!models.isEmpty()) {
				throw new MojoFailureException("give either models or a pipeline file, not both");
			}
			try {
				configuration = PipelineFile.read(resolve(pipeline));
			} catch (RunFailure invalid) {
				throw new MojoFailureException(invalid.getMessage());
			}
		} else {
			if (models.isEmpty()) {
				throw new MojoFailureException("name the models to simulate (<models>) or a pipeline file (<pipeline>)");
			}
			SimulationTarget target;
			try {
				target = SimulationTarget.of(models.stream().map(this::resolve).toList(),
						ioConfiguration == null ? null : resolve(ioConfiguration));
			} catch (RunFailure invalid) {
				throw new MojoFailureException(invalid.getMessage());
			}
			for (Path notApplied : target.notApplied()) {
				getLog().info("Not applied: " + notApplied + " (an I/O configuration beside the model, which is"
						+ " simulated as it is; name it in <ioConfiguration> to apply it)");
			}
			configuration = target.configuration().withModelSet(modelSet).withSimulation(config())
					.withStoredModels(storedModels == null ? null : resolve(storedModels));
		}
		return configuration.withOutputFolder(outputDirectory.toPath(), overwrite);
	}

	private Path resolve(File file) {
		return basedir.toPath().resolve(file.toPath()).toAbsolutePath().normalize();
	}

	private SimulationConfig config() throws MojoFailureException {
		try {
			return SimulationConfig.of(seed, stopTime, maxMeasurements, confidence, precision, warmup, replications,
					simulateNetwork);
		} catch (IllegalArgumentException invalid) {
			throw new MojoFailureException("invalid IOSim simulation parameters: " + invalid.getMessage());
		}
	}

	private void logSummary(RunOutcome outcome) {
		SimulationResult result = outcome.result();
		getLog().info(String.format(Locale.ROOT,
				"Model set '%s': seed %d, %d replication%s; stopped (%s) at simulated time %.6g, %.2f s of real time",
				outcome.modelSet(), result.seed(), result.replications(),
				result.replications() == 1 ? "" : "s", result.stopReason().label(), result.simulatedTime(),
				result.wallClockSeconds()));
		for (ScenarioResult scenario : result.scenarios()) {
			var time = scenario.responseTime();
			String halfWidth = Double.isNaN(time.ci95()) ? "" : String.format(Locale.ROOT, " ± %.3g", time.ci95());
			getLog().info(String.format(Locale.ROOT,
					"  %s: response time mean %.5g%s, p95 %.5g; throughput %.5g; %,d measurements", scenario.name(),
					time.mean(), halfWidth, time.p95(), scenario.throughput(), time.count()));
		}
		getLog().info("Results: " + outcome.outputFolder() + " (report.html, results.json, CSV files)");
	}

	private void checkBounds(RunOutcome outcome) throws MojoFailureException {
		List<ScenarioResult> scenarios = outcome.result().scenarios();
		List<String> unknown = bounds.stream().map(Bound::getScenario)
				.filter(name -> scenarios.stream().noneMatch(scenario -> scenario.name().equals(name)))
				.map(name -> "'" + name + "'").distinct().toList();
		if (!unknown.isEmpty()) {
			throw new MojoFailureException("bound for unknown usage scenario " + String.join(", ", unknown)
					+ "; the usage scenarios of model set '" + outcome.modelSet() + "' are "
					+ String.join(", ", scenarios.stream().map(scenario -> "'" + scenario.name() + "'").toList()));
		}
		List<String> violations = new ArrayList<>();
		for (Bound bound : bounds) {
			List<String> violated = scenarios.stream().filter(scenario -> scenario.name().equals(bound.getScenario()))
					.flatMap(scenario -> bound.violationsBy(scenario.responseTime()).stream()).toList();
			if (violated.isEmpty()) {
				getLog().info("Bound met: usage scenario '" + bound.getScenario() + "' within " + bound.limits());
			}
			violations.addAll(violated);
		}
		if (!violations.isEmpty()) {
			String separator = System.lineSeparator() + "  ";
			throw new MojoFailureException(violations.size() == 1
					? "response-time bound violated: " + violations.get(0)
					: violations.size() + " response-time bounds violated:" + separator
							+ String.join(separator, violations));
		}
	}
}
