package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.palladio.export.PalladioExportException;
import org.iosim.pcm.palladio.export.PalladioExporter;
import org.iosim.pcm.validation.Diagnostic;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "export", mixinStandardHelpOptions = true,
		description = { "Writes model sets in another tool's format.",
				"--to palladio writes each model set as a Palladio PCM 5.2 model set, NAME.repository NAME.system"
						+ " NAME.resourceenvironment NAME.allocation NAME.usagemodel (NAME being the model set's"
						+ " name), with Palladio's ids and pathmap://PCM_MODELS/ references, so that it opens in"
						+ " Palladio Bench and imports into IOSim as the same model. I/O is written as calls of"
						+ " Palladio's HddInterface with the inputs size, sequentiality and fileSet; resource types of"
						+ " the model's own go into NAME.resourcetype.",
				"MODEL is what 'validate' reads: Palladio files or folders, or IOSim model files (.iosim). A model"
						+ " refined by 'transform' is written as the model it was refined from, its I/O actions as"
						+ " HddInterface calls, with its I/O configuration as NAME.ioconfig: 'transform DIR --io"
						+ " DIR/NAME.ioconfig' refines the files into the same model." },
		footer = { "", "Exit status: 0 written, 1 a model cannot be read or written, 2 usage error." })
final class ExportCommand implements Callable<Integer> {

	/** The formats a model can be exported to. */
	enum Format {
		palladio
	}

	@Parameters(paramLabel = "MODEL", arity = "1..*", description = "Model folders or files.")
	List<Path> model = new ArrayList<>();

	@Option(names = "--to", paramLabel = "FORMAT", required = true, description = "Format to write: ${COMPLETION-CANDIDATES}.")
	Format format;

	@Option(names = "--out", paramLabel = "DIR", required = true, description = "Folder to write the files to (created if missing).")
	Path out;

	@Option(names = "--model-set", paramLabel = "NAME", description = "Export only this model set, when MODEL holds several.")
	String modelSet;

	@Option(names = "--overwrite", description = "Replace files that exist in DIR.")
	boolean overwrite;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		IosimCommand.requireExisting(model.toArray(Path[]::new));
		if (Files.exists(out) && !Files.isDirectory(out)) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--out must be a folder; " + out + " is a file");
		}
		IosimCommand.requireApartFromInputs(out, model.toArray(Path[]::new));
		PrintWriter stdout = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		ImportResult imported = new PalladioImporter().importPaths(model);
		for (Diagnostic diagnostic : imported.diagnostics()) {
			err.println((diagnostic.isError() ? "error: " : "warning: ") + diagnostic.format());
		}
		List<ModelSet> chosen = imported.modelSets().stream()
				.filter(set -> modelSet == null || set.name().equals(modelSet)).toList();
		if (chosen.isEmpty()) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, modelSet == null ? "no model set found in " + model
					: "no model set '" + modelSet + "' in " + model + "; there are: "
							+ String.join(", ", imported.modelSets().stream().map(ModelSet::name).toList()));
		}
		for (ModelSet set : chosen) {
			// a model set read only in part would be written as if it were whole
			if (!imported.errorsIn(set).isEmpty()) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, "model set '" + set.name()
						+ "' has errors (listed above), so it is not exported");
			}
		}
		for (ModelSet set : chosen) {
			String baseName = set.name().replaceAll("[^A-Za-z0-9._+-]", "_");
			try {
				List<Path> files = PalladioExporter.export(set.model(), out, baseName, overwrite);
				stdout.printf("Model set '%s' written as Palladio PCM 5.2: %s%n", set.name(), String.join(", ",
						files.stream().map(file -> String.valueOf(file.getFileName())).toList()) + " in " + out);
			} catch (PalladioExportException cannotWrite) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, "model set '" + set.name() + "': "
						+ cannotWrite.getMessage() + (cannotWrite.getMessage().contains(" exists;")
								? " (pass --overwrite to replace it)" : ""));
			}
		}
		return 0;
	}
}
