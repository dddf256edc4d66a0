package org.iosim.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.iosim.engine.SimulationConfig;
import org.iosim.run.RunConfiguration;
import org.iosim.run.SimulationTarget;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

	@Mixin
	SimulationOptions simulation;

	@Option(names = "--replications", paramLabel = "R", defaultValue = "1",
			description = "Independent replications, run in parallel on their own random streams; results pool"
					+ " them (default ${DEFAULT-VALUE}).")
	int replications;

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
		IosimCommand.requireExisting(simulation.io, simulation.models);
		SimulationConfig config = simulation.config(replications);
		SimulationTarget target = IosimCommand.target(model, simulation.io);
		IosimCommand.noteNotApplied(target, spec.commandLine().getErr());
		RunConfiguration configuration = target.configuration().withModelSet(simulation.modelSet).withSimulation(config)
				.withStoredModels(simulation.models).withOutputFolder(this.out, overwrite);
		ResultSummary.print(spec.commandLine().getOut(), IosimCommand.runPipeline(configuration, quiet, spec));
		return 0;
	}
}
