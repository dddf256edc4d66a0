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
import org.iosim.cli.SimulationJob;
import org.iosim.simulation.SimulationConfig;
import org.iosim.simulation.SimulationResult;
import org.iosim.simulation.SimulationResult.ScenarioResult;

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
	 * project folder.
	 */
	@Parameter(property = "iosim.models", required = true)
	private List<File> models;

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
		SimulationConfig config = config();
		for (Bound bound : bounds) {
			bound.checkConfigured();
		}
		List<Path> modelPaths = models.stream()
				.map(model -> basedir.toPath().resolve(model.toPath()).toAbsolutePath().normalize())
				.toList();
		getLog().info("Simulating " + String.join(", ", modelPaths.stream().map(Path::toString).toList()));
		SimulationJob job = new SimulationJob(modelPaths).modelSet(modelSet).config(config)
				.outputFolder(outputDirectory.toPath(), overwrite)
				.warnings(warning -> getLog().warn(warning.format()))
				.progress((replication, simulatedTime, measurements, events) -> getLog().info(String.format(
						Locale.ROOT, "  replication %d: simulated time %.6g, %,d measurements", replication + 1,
						simulatedTime, measurements)));
		SimulationJob.Outcome outcome;
		try {
			outcome = job.run();
		} catch (SimulationJob.Failure failure) {
			throw new MojoFailureException(failure.getMessage());
		}
		logSummary(outcome);
		checkBounds(outcome);
	}

	private SimulationConfig config() throws MojoFailureException {
		if ((confidence == null) != (precision == null)) {
			throw new MojoFailureException("confidence and precision go together: set both or neither");
		}
		// Like the command line: a stop time or a confidence criterion alone decides when a run ends.
		long measurements = maxMeasurements != null ? maxMeasurements
				: stopTime != null || confidence != null ? Long.MAX_VALUE : SimulationConfig.DEFAULT_MAX_MEASUREMENTS;
		try {
			SimulationConfig config = new SimulationConfig(seed,
					stopTime == null ? Double.POSITIVE_INFINITY : stopTime, measurements, 0, 0, warmup, replications,
					simulateNetwork);
			return confidence == null ? config : config.withConfidence(confidence, precision);
		} catch (IllegalArgumentException invalid) {
			throw new MojoFailureException("invalid IOSim simulation parameters: " + invalid.getMessage());
		}
	}

	private void logSummary(SimulationJob.Outcome outcome) {
		SimulationResult result = outcome.result();
		getLog().info(String.format(Locale.ROOT,
				"Model set '%s': seed %d, %d replication%s; stopped (%s) at simulated time %.6g, %.2f s of real time",
				outcome.modelSet().name(), result.seed(), result.replications(),
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

	private void checkBounds(SimulationJob.Outcome outcome) throws MojoFailureException {
		List<ScenarioResult> scenarios = outcome.result().scenarios();
		List<String> unknown = bounds.stream().map(Bound::getScenario)
				.filter(name -> scenarios.stream().noneMatch(scenario -> scenario.name().equals(name)))
				.map(name -> "'" + name + "'").distinct().toList();
		if (!unknown.isEmpty()) {
			throw new MojoFailureException("bound for unknown usage scenario " + String.join(", ", unknown)
					+ "; the usage scenarios of model set '" + outcome.modelSet().name() + "' are "
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
