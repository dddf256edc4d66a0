package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.cli.SimulationJob;
import org.iosim.simulation.SimulationConfig;
import org.iosim.simulation.SimulationResult;
import org.iosim.simulation.SimulationResult.ResourceResult;
import org.iosim.simulation.SimulationResult.ScenarioResult;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Simulates a model set and writes results.json, CSV files and report.html.",
				"MODEL is a folder of Palladio PCM 5.2 files, the files of one model set (e.g. an .allocation"
						+ " and a .usagemodel; the files they refer to are read too), or an IOSim .iosim file.",
				"A run stops at the first condition met: --stop-time, --max-measurements, or the confidence"
						+ " criterion. Without any, it stops after " + SimulationConfig.DEFAULT_MAX_MEASUREMENTS
						+ " measurements (completed usage-scenario runs after warm-up)." },
		footer = { "", "Exit status: 0 simulated, 1 the model is invalid or cannot be simulated, 2 usage error." })
final class SimulateCommand implements Callable<Integer> {

	@Parameters(paramLabel = "MODEL", arity = "1..*", description = "Model folder or files.")
	List<Path> model = new ArrayList<>();

	@Option(names = "--model-set", paramLabel = "NAME",
			description = "Which model set to simulate when MODEL holds several (see 'iosim validate').")
	String modelSet;

	@Option(names = "--seed", paramLabel = "S", defaultValue = "1",
			description = "Seed of all random streams; the same seed reproduces a run exactly (default ${DEFAULT-VALUE}).")
	long seed;

	@Option(names = "--stop-time", paramLabel = "T", description = "Stop at this simulated time.")
	Double stopTime;

	@Option(names = "--max-measurements", paramLabel = "N",
			description = "Stop after N measurements (completed usage-scenario runs after warm-up).")
	Long maxMeasurements;

	@Option(names = "--confidence", paramLabel = "C",
			description = "Stop when every scenario's mean response time is known with confidence C (e.g. 0.95)...")
	Double confidence;

	@Option(names = "--precision", paramLabel = "P",
			description = "...to within relative half-width P (e.g. 0.02 for ±2 %%). Give both or neither.")
	Double precision;

	@Option(names = "--warmup", paramLabel = "N", defaultValue = "1000",
			description = "Usage-scenario runs discarded before measuring (default ${DEFAULT-VALUE}).")
	long warmup;

	@Option(names = "--replications", paramLabel = "R", defaultValue = "1",
			description = "Independent replications, run in parallel on their own random streams; results pool"
					+ " them (default ${DEFAULT-VALUE}).")
	int replications;

	@Option(names = "--io", paramLabel = "CONFIG",
			description = "I/O configuration (.ioconfig) switching storage to virtualized storage with an I/O"
					+ " analysis model; the Palladio files are not edited.")
	Path io;

	@Option(names = "--models", paramLabel = "DIR",
			description = "Folder of stored analysis model definitions (*.json) the I/O configuration may select.")
	Path models;

	@Option(names = "--simulate-network",
			description = "Let calls between resource containers occupy the linking resource joining them"
					+ " (latency + BYTESIZE / throughput). Off by default, as in Palladio's SimuCom.")
	boolean simulateNetwork;

	@Option(names = "--out", paramLabel = "DIR",
			description = "Output folder (default: results/<model set>-<date>-<time>). An existing, non-empty"
					+ " folder is refused unless --overwrite is given.")
	Path out;

	@Option(names = "--overwrite", description = "Replace the output folder's contents (atomically) if it exists.")
	boolean overwrite;

	@Option(names = "--quiet", description = "No progress lines.")
	boolean quiet;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		IosimCommand.requireExisting(model.toArray(Path[]::new));
		IosimCommand.requireExisting(io, models);
		SimulationConfig config = config();
		IosimCommand.noteUnusedIoConfigurations(model, io, spec.commandLine().getErr());
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		SimulationJob job = new SimulationJob(model).modelSet(modelSet).config(config)
				.outputFolder(this.out, overwrite).ioConfiguration(io).analysisModels(models)
				.warnings(warning -> err.println("warning: " + warning.format()));
		if (!quiet) {
			long started = System.nanoTime();
			job.progress((replication, simulatedTime, measurements, events) -> err.println(
					SimulationProgress.line(config, started, replication, simulatedTime, measurements, events)));
		}
		SimulationJob.Outcome outcome;
		try {
			outcome = job.run();
		} catch (SimulationJob.Failure failure) {
			throw new IosimCommand.UserError(failure.exitCode(), failure.getMessage());
		}
		printSummary(out, outcome);
		return 0;
	}

	private SimulationConfig config() {
		if ((confidence == null) != (precision == null)) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--confidence and --precision go together");
		}
		long measurements = maxMeasurements != null ? maxMeasurements
				: stopTime != null || confidence != null ? Long.MAX_VALUE : SimulationConfig.DEFAULT_MAX_MEASUREMENTS;
		try {
			SimulationConfig config = new SimulationConfig(seed, stopTime == null ? Double.POSITIVE_INFINITY : stopTime,
					measurements, 0, 0, warmup, replications, simulateNetwork);
			return confidence == null ? config : config.withConfidence(confidence, precision);
		} catch (IllegalArgumentException invalid) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, invalid.getMessage());
		}
	}

	private static void printSummary(PrintWriter out, SimulationJob.Outcome outcome) {
		SimulationResult result = outcome.result();
		out.printf(Locale.ROOT, "Model set '%s': seed %d, %d replication%s%n", outcome.modelSet().name(), result.seed(),
				result.replications(), result.replications() == 1 ? "" : "s");
		out.printf(Locale.ROOT, "Stopped: %s, at simulated time %.6g after %,d events (%.1f s)%n%n",
				result.stopReason().label(), result.simulatedTime(), result.events(), result.wallClockSeconds());
		TextTable scenarios = new TextTable().text("usage scenario").number("mean").number("±95 %").number("p50")
				.number("p95").number("throughput").number("count");
		for (ScenarioResult scenario : result.scenarios()) {
			var time = scenario.responseTime();
			scenarios.row(scenario.name(), figure(time.mean()), figure3(time.ci95()), figure(time.p50()),
					figure(time.p95()), figure(scenario.throughput()), count(time.count()));
		}
		scenarios.print(out);
		out.println();
		TextTable resources = new TextTable().text("resource").text("type").text("policy").number("servers")
				.number("utilization").number("queue").number("throughput");
		for (ResourceResult resource : result.resources()) {
			resources.row(resource.container(), resource.type(), resource.schedulingPolicy(),
					resource.hasInfiniteServers() ? "∞" : Integer.toString(resource.servers()),
					resource.hasInfiniteServers() ? TextTable.NONE
							: String.format(Locale.ROOT, "%.4f", resource.utilization()),
					figure(resource.meanQueueLength()), figure(resource.throughput()));
		}
		resources.print(out);
		boolean cut = scenarios.cutSomething() || resources.cutSomething();
		if (!result.io().isEmpty()) {
			out.println();
			TextTable io = new TextTable().text("storage").text("type").text("file set").number("mean delay")
					.number("±95 %").number("p95").number("count");
			for (SimulationResult.IoResult request : result.io()) {
				io.row(request.storage(), request.type(), request.fileSet() == null ? "all" : request.fileSet(),
						figure(request.delay().mean()), figure3(request.delay().ci95()), figure(request.delay().p95()),
						count(request.count()));
			}
			io.print(out);
			cut |= io.cutSomething();
		}
		if (cut) {
			out.println("(names longer than " + TextTable.MAX_TEXT_WIDTH + " characters are cut here; report.html and"
					+ " the CSV files have them in full)");
		}
		out.println();
		out.println("Results: " + outcome.outputFolder() + " (results.json, report.html, CSV files)");
	}

	/** Five significant digits; a figure that does not exist (no observations) shows as a dash. */
	private static String figure(double value) {
		return Double.isNaN(value) ? TextTable.NONE : String.format(Locale.ROOT, "%.5g", value);
	}

	/** Three significant digits, enough for a confidence interval's half-width. */
	private static String figure3(double value) {
		return Double.isNaN(value) ? TextTable.NONE : String.format(Locale.ROOT, "%.3g", value);
	}

	private static String count(long value) {
		return String.format(Locale.ROOT, "%,d", value);
	}
}
