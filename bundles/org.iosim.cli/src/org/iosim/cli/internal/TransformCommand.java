package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.cli.SimulationJob;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.simulation.StorageSetup;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "transform", mixinStandardHelpOptions = true,
		description = { "Runs the refinement transformation: applies an I/O configuration to a model set"
				+ " (completion: storage switched to virtualized storage, HDD use turned into I/O requests) and"
				+ " binds each virtualized storage to the analysis model its feature configuration selects.",
				"Prints what changed and writes the refined model set as an IOSim model file (.iosim), which"
						+ " 'iosim simulate FILE --io CONFIG' runs. The input files are never changed." },
		footer = { "", "Exit status: 0 transformed, 1 the model or the configuration is invalid, 2 usage error." })
final class TransformCommand implements Callable<Integer> {

	@Parameters(paramLabel = "MODEL", arity = "1..*", description = "Model folder or files.")
	List<Path> model = new ArrayList<>();

	@Option(names = "--io", paramLabel = "CONFIG", required = true, description = "I/O configuration (.ioconfig).")
	Path io;

	@Option(names = "--models", paramLabel = "DIR", description = "Folder of stored analysis model definitions (*.json).")
	Path models;

	@Option(names = "--model-set", paramLabel = "NAME", description = "Which model set, when MODEL holds several.")
	String modelSet;

	@Option(names = "--out", paramLabel = "FILE", description = "Write the refined model set to this .iosim file.")
	Path out;

	@Option(names = "--overwrite", description = "Replace FILE if it exists.")
	boolean overwrite;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		IosimCommand.requireExisting(model.toArray(Path[]::new));
		IosimCommand.requireExisting(io, models);
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		SimulationJob job = new SimulationJob(model).modelSet(modelSet).ioConfiguration(io).analysisModels(models)
				.warnings(warning -> err.println("warning: " + warning.format()));
		SimulationJob.Refined refined;
		ModelSet loaded;
		try {
			loaded = job.load();
			refined = job.refine(loaded);
		} catch (SimulationJob.Failure failure) {
			throw new IosimCommand.UserError(failure.exitCode(), failure.getMessage());
		}
		long ioActions = 0;
		for (var contents = refined.model().eAllContents(); contents.hasNext();) {
			ioActions += contents.next() instanceof IoAction ? 1 : 0;
		}
		out.printf("Model set '%s' refined with %s: %d I/O action%s%n", loaded.name(), io, ioActions,
				ioActions == 1 ? "" : "s");
		for (StorageSetup storage : refined.storages()) {
			out.printf("  storage '%s' serves %s: analysis model '%s', memory length %d, %s%n", storage.name(),
					String.join(", ", storage.containers()), storage.modelName(), storage.memoryLength(),
					storage.options().describe());
		}
		if (this.out != null) {
			if (Files.exists(this.out) && !overwrite) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID,
						this.out + " exists; choose another file or pass --overwrite");
			}
			try {
				ArchitectureFiles.save(refined.model(), this.out);
			} catch (IOException failed) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot write " + this.out + ": " + failed.getMessage());
			}
			out.println("Refined model written to " + this.out);
		}
		return 0;
	}
}
