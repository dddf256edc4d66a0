package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelStatistics;
import org.iosim.run.ModelSetVerdicts;
import org.iosim.run.SimulationTarget;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "validate", mixinStandardHelpOptions = true,
		description = { "Reads model sets and reports what is in them and what is wrong with them.",
				"PATH is a folder of Palladio PCM 5.2 files (.repository .system .resourceenvironment"
						+ " .allocation .usagemodel; each subfolder, up to eight levels down, makes its model sets"
						+ " on its own; other files are ignored), a single such file (the files it references are"
						+ " read too), or an IOSim model file (.iosim).",
				"An I/O configuration (.ioconfig) given as PATH is checked as with --io, on the model in its folder."
						+ " One lying beside the model is named, not applied." },
		footer = { "", "Exit status: 0 every model set is valid (warnings allowed), 1 some model set has errors,"
				+ " 2 usage error." })
final class ValidateCommand implements Callable<Integer> {

	@Parameters(paramLabel = "PATH", arity = "1..*", description = "Model folders or files.")
	List<Path> paths = new ArrayList<>();

	@Option(names = "--io", paramLabel = "CONFIG",
			description = "Also check that this I/O configuration (.ioconfig) applies to each model set.")
	Path io;

	@Option(names = "--models", paramLabel = "DIR", description = "Folder of stored analysis model definitions (*.json).")
	Path models;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		IosimCommand.requireExisting(paths.toArray(Path[]::new));
		IosimCommand.requireExisting(io, models);
		PrintWriter out = spec.commandLine().getOut();
		SimulationTarget target = IosimCommand.target(paths, io);
		IosimCommand.noteNotApplied(target, spec.commandLine().getErr());
		ModelSetVerdicts.Judgement judgement = ModelSetVerdicts.judge(target.configuration().withStoredModels(models));
		printDiagnostics(out, judgement.reading(), "");
		for (ModelSetVerdicts.Verdict verdict : judgement.modelSets()) {
			ModelSet modelSet = verdict.modelSet();
			out.printf("Model set '%s' (%s)%n", modelSet.name(), describeFiles(modelSet));
			out.println("  " + describe(ModelStatistics.of(modelSet.model())));
			out.println("  " + verdict(verdict.errors(), verdict.readingErrors(), verdict.warningCount()));
			printDiagnostics(out, verdict.problems(), "  ");
			// what compiling for the simulation found, as 'simulate' prints it
			printDiagnostics(out, verdict.warnings(), "  ");
			if (verdict.refined() != null) {
				Storages.describe(verdict.refined()).forEach(line -> out.println("  I/O: " + line));
			}
			if (verdict.failure() != null) {
				out.println("  error: " + verdict.failure());
			}
		}
		if (judgement.modelSets().isEmpty()) {
			out.println("No model set found in " + target.model() + ".");
		}
		return judgement.valid() ? 0 : Main.EXIT_INVALID;
	}

	static String describeFiles(ModelSet modelSet) {
		return String.join(", ", modelSet.files().stream().map(file -> String.valueOf(file.getFileName())).toList());
	}

	private static String describe(ModelStatistics statistics) {
		return String.join(", ",
				count(statistics.components(), "component"),
				count(statistics.seffs(), "SEFF"),
				count(statistics.actions(), "action"),
				count(statistics.resourceContainers(), "resource container"),
				count(statistics.usageScenarios(), "usage scenario"));
	}

	/** @param readingErrors how many of the errors were found reading the model set's files (listed first) */
	private static String verdict(long errors, long readingErrors, long warnings) {
		String state = errors == 0 ? "valid"
				: "INVALID: " + count(errors, "error")
						+ (readingErrors == 0 ? "" : " (" + readingErrors + " reading its files, listed above)");
		return warnings == 0 ? state : state + ", " + count(warnings, "warning");
	}

	static String count(long number, String noun) {
		return number + " " + noun + (number == 1 ? "" : "s");
	}

	/**
	 * Problems printed per list at most, as compilers stop listing: a generated file may repeat one
	 * mistake a hundred thousand times, and its listing would be many times its size.
	 */
	private static final int MAX_LISTED = 100;

	/** Each problem on a line, with the code of the rule that found it (docs/validation-rules.md explains each). */
	private static void printDiagnostics(PrintWriter out, List<Diagnostic> diagnostics, String indent) {
		diagnostics.stream().limit(MAX_LISTED).forEach(diagnostic -> out.println(indent
				+ (diagnostic.isError() ? "error: " : "warning: ") + diagnostic.format()
				+ (diagnostic.rule() == null ? "" : " [" + diagnostic.rule().code() + "]")));
		if (diagnostics.size() > MAX_LISTED) {
			out.println(String.format(Locale.ROOT, "%s… and %,d more problems (%,d in all; the first %d are"
					+ " listed)", indent, diagnostics.size() - MAX_LISTED, diagnostics.size(), MAX_LISTED));
		}
	}
}
