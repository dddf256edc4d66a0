package org.iosim.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.iosim.engine.SimulationConfig;
import org.iosim.run.RunConfiguration;
import org.iosim.run.SimulationTarget;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Simulates a model set and writes results.json, CSV files and report.html.",
				"MODEL is a folder of Palladio PCM 5.2 files, the files of one model set (e.g. an .allocation"
						+ " and a .usagemodel; the files they refer to are read too), or an IOSim .iosim file.",
				"An I/O configuration (.ioconfig) is applied only when chosen: with --io, or given as MODEL, where it"
						+ " stands for the model in its folder. One lying beside the model is named, not applied.",
				"A run stops at the first condition met: --stop-time, --max-measurements, or the confidence"
						+ " criterion. Without any, it stops after " + SimulationConfig.DEFAULT_MAX_MEASUREMENTS
						+ " measurements (completed usage-scenario runs after warm-up)." },
		footer = { "", "Exit status: 0 simulated, 1 the model is invalid or cannot be simulated, 2 usage error." })
final class SimulateCommand implements Callable<Integer> {

	@Parameters(paramLabel = "MODEL", arity = "1..*", description = "Model folder or files, or an .ioconfig beside the model.")
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
		SimulationConfig config = IosimCommand.simulationConfig(seed, stopTime, maxMeasurements, confidence, precision,
				warmup, replications, simulateNetwork);
		SimulationTarget target = IosimCommand.target(model, io);
		IosimCommand.noteNotApplied(target, spec.commandLine().getErr());
		RunConfiguration configuration = target.configuration().withModelSet(modelSet).withSimulation(config)
				.withStoredModels(models).withOutputFolder(this.out, overwrite);
		ResultSummary.print(spec.commandLine().getOut(), IosimCommand.runPipeline(configuration, quiet, spec));
		return 0;
	}
}
