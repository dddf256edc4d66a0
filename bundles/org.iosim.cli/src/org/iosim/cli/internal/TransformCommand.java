package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.files.FileProblems;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.RunPipeline;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ModelSet;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "transform", mixinStandardHelpOptions = true,
		description = { "Runs the refinement transformation: applies an I/O configuration to a model set"
				+ " (completion: storage switched to virtualized storage, HDD use turned into I/O requests) and"
				+ " binds each virtualized storage to the analysis model its feature configuration selects.",
				"Prints what changed and writes the refined model set as an IOSim model file (.iosim) that holds"
						+ " everything a simulation needs (storages, analysis models): 'iosim simulate FILE' runs it."
						+ " The input files are never changed." },
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
		if (this.out != null) {
			List<Path> inputs = new ArrayList<>(model);
			inputs.add(io);
			inputs.add(models);
			IosimCommand.requireApartFromInputs(this.out, inputs.toArray(Path[]::new));
		}
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		RunPipeline pipeline = new RunPipeline(RunConfiguration.of(model).withModelSet(modelSet).withIoConfiguration(io)
				.withStoredModels(models)).warnings(warning -> err.println("warning: " + warning.format()));
		ModelSet loaded;
		ArchitectureModel refined;
		try {
			loaded = pipeline.load();
			refined = pipeline.refine(loaded);
		} catch (RunFailure failure) {
			throw IosimCommand.failed(failure);
		}
		long ioActions = 0;
		for (var contents = refined.eAllContents(); contents.hasNext();) {
			ioActions += contents.next() instanceof IoAction ? 1 : 0;
		}
		out.printf("Model set '%s' refined with %s: %d I/O action%s%n", loaded.name(), io, ioActions,
				ioActions == 1 ? "" : "s");
		Storages.describe(refined).forEach(line -> out.println("  " + line));
		if (this.out != null) {
			if (Files.exists(this.out) && !overwrite) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID,
						this.out + " exists; choose another file or pass --overwrite");
			}
			try {
				ArchitectureFiles.save(refined, this.out);
			} catch (IOException failed) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot write " + this.out + ": "
						+ FileProblems.reason(failed));
			}
			out.println("Refined model written to " + this.out + " (simulate it as it is: iosim simulate " + this.out + ")");
		}
		return 0;
	}
}
