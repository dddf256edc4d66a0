package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.iosim.files.FileProblems;
import org.iosim.files.WholeFiles;
import org.iosim.cli.Main;
import org.iosim.engine.RunCancelledException;
import org.iosim.report.OutputFolder;
import org.iosim.report.OutputFolderException;
import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.RunOutcome;
import org.iosim.run.RunPipeline;
import org.iosim.run.SimulationTarget;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "iosim", mixinStandardHelpOptions = true, versionProvider = IosimCommand.Version.class,
		description = "Predicts the I/O performance of component-based software architectures on virtualized storage.",
		footer = { "", "Run 'iosim COMMAND --help' for a command's options." })
public final class IosimCommand implements Runnable {

	/**
	 * The commands, in the order help lists them. They are added to the command line when it is
	 * made, not named in the annotation: picocli reads every option of every command it is given,
	 * which took half a second at each start, so a command line that names its command gets only
	 * that one ({@link #commandLine}).
	 */
	private static final List<Class<?>> COMMANDS = List.of(ValidateCommand.class, SimulateCommand.class,
			SweepCommand.class, RunCommand.class, TransformCommand.class, ExportCommand.class, ModelsCommand.class,
			RegressionCommand.class, MeasureCommand.class, VolumeCommand.class, PgbenchCommand.class,
			DbenchCommand.class, ColocateCommand.class, CalibrateCommand.class, CharacterizeCommand.class,
			TraceCommand.class, QpnCommand.class, SanCommand.class, StoexCommand.class, BenchCommand.class,
			HelpCommand.class);

	/**
	 * The subcommands of the commands that have them, in the order help lists them; not named in their
	 * annotations either, so that {@code iosim qpn simulate} reads the options of {@code simulate} alone
	 * (reading the others took a fifth of the time picocli needs at start-up: 112 against 90 ms).
	 */
	private static final Map<Class<?>, List<Class<?>>> SUBCOMMANDS = Map.of(
			QpnCommand.class, List.of(QpnCommand.Validate.class, QpnCommand.Simulate.class, QpnCommand.Convert.class,
					QpnCommand.Calibrate.class, QpnStorageCommands.Instantiate.class, QpnCommand.Bench.class),
			RegressionCommand.class, List.of(RegressionCommand.Fit.class, RegressionCommand.Select.class,
					RegressionCommand.Predict.class, RegressionCommand.Evaluate.class, RegressionCommand.Bench.class),
			SanCommand.class, List.of(SanCommand.Replay.class, SanCommand.Analyze.class, SanCommand.Generate.class));

	@Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
			description = "Print the stack trace of an unexpected error.")
	boolean debug;

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@Override
	public void run() {
		throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: choose one of "
				+ String.join(", ", spec.subcommands().keySet()));
	}

	/**
	 * Runs one command line. A word that names no command is refused before picocli sees it:
	 * picocli would print the parent's help for {@code iosim nosuchcommand --help} and succeed.
	 */
	public static int execute(String[] args, PrintWriter out, PrintWriter err) {
		CommandLine commandLine = commandLine(out, err, args);
		CommandLine command = commandLine;
		for (String arg : args) {
			if (command.getSubcommands().isEmpty()) {
				break; // the rest are the command's own options and parameters
			}
			if (arg.startsWith("-")) {
				continue;
			}
			CommandLine subcommand = command.getSubcommands().get(arg);
			if (subcommand == null) {
				err.println("iosim: " + unknownCommand(command, arg));
				err.println("Run '" + command.getCommandSpec().qualifiedName() + " --help' for usage.");
				return Main.EXIT_USAGE;
			}
			command = subcommand;
		}
		try {
			return commandLine.execute(args);
		} catch (StackOverflowError | OutOfMemoryError exhausted) {
			// picocli hands errors on; what the user reads is what ran out, not Java's name for it
			err.println("iosim: " + exhausted(exhausted));
			if (Arrays.asList(args).contains("--debug")) {
				exhausted.printStackTrace(err);
			} else {
				err.println("Run again with --debug for the stack trace.");
			}
			err.flush();
			return Main.EXIT_INVALID;
		}
	}

	/**
	 * What a command that ran out of memory or stack tells the user. Inputs whose size decides the
	 * memory a command needs are bounded where they are read, with messages naming them; this is the
	 * last word for what those bounds do not foresee.
	 *
	 * @return the message, or null if nothing in the failure's causes ran out
	 */
	static String exhausted(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			if (cause instanceof OutOfMemoryError) {
				return "the command ran out of memory: this JVM may use " + Runtime.getRuntime().maxMemory() / (1024 * 1024)
						+ " MB; give Java more (e.g. IOSIM_JAVA_OPTS=-Xmx16g) or ask for less (a smaller model, trace or run)";
			}
			if (cause instanceof StackOverflowError) {
				return "the command ran out of stack: something it works on is nested or recursive beyond what a"
						+ " thread's stack holds (a bug, or an input far larger than expected; please report it with the"
						+ " output of --debug)";
			}
		}
		return null;
	}

	/** @return e.g. {@code unknown command 'simulte'; the commands of 'iosim' are: validate, simulate, ...} */
	static String unknownCommand(CommandLine parent, String name) {
		return "unknown command '" + name + "'; the commands of '" + parent.getCommandSpec().qualifiedName()
				+ "' are: " + String.join(", ", parent.getSubcommands().keySet());
	}

	/**
	 * The command line for {@code args}: with only the command they name and, among its subcommands,
	 * only the one they name next, and so on; with every command, however deep, for {@code help}, which
	 * explains any, and wherever a word names none, for the message about that word.
	 */
	static CommandLine commandLine(PrintWriter out, PrintWriter err, String[] args) {
		List<String> words = Arrays.stream(args).filter(arg -> !arg.startsWith("-")).toList();
		CommandLine commandLine = new CommandLine(new IosimCommand());
		addCommands(commandLine, COMMANDS, !words.isEmpty() && words.get(0).equals("help") ? List.of() : words);
		commandLine.setOut(out);
		commandLine.setErr(err);
		commandLine.setExitCodeExceptionMapper(exception -> exception instanceof CommandLine.ParameterException
				? Main.EXIT_USAGE : Main.EXIT_INVALID);
		commandLine.setExecutionExceptionHandler(IosimCommand::reportFailure);
		commandLine.setParameterExceptionHandler(IosimCommand::reportUsageError);
		return commandLine;
	}

	/**
	 * Adds to {@code parent} the one of {@code commands} that the first of {@code words} names, with those
	 * of its subcommands that the following words name; or, if it names none, all of them with all of
	 * their subcommands.
	 */
	private static void addCommands(CommandLine parent, List<Class<?>> commands, List<String> words) {
		String named = words.isEmpty() ? null : words.get(0);
		List<Class<?>> only = commands.stream().filter(command -> nameOf(command).equals(named)).toList();
		List<String> wordsAfter = only.isEmpty() ? List.of() : words.subList(1, words.size());
		for (Class<?> command : only.isEmpty() ? commands : only) {
			CommandLine added = new CommandLine(command);
			addCommands(added, SUBCOMMANDS.getOrDefault(command, List.of()), wordsAfter);
			parent.addSubcommand(added);
		}
	}

	private static String nameOf(Class<?> command) {
		return command.getAnnotation(Command.class).name();
	}

	/** A user error the command recognised: its message says what is wrong, no stack trace needed. */
	public static final class UserError extends RuntimeException {
		private static final long serialVersionUID = 1L;
		private final int exitCode;

		public UserError(int exitCode, String message) {
			super(message);
			this.exitCode = exitCode;
		}

		/** @param cause a plug-in's failure behind the error, whose stack trace --debug shows */
		UserError(int exitCode, String message, Throwable cause) {
			super(message, cause);
			this.exitCode = exitCode;
		}
	}

	/**
	 * Checks that files and folders named on the command line exist, before a command spends time on
	 * them; a missing one is a usage error. Null stands for an option not given.
	 */
	static void requireExisting(Path... paths) {
		for (Path path : paths) {
			if (path != null && !Files.exists(path)) {
				throw new UserError(Main.EXIT_USAGE, "no such file or folder: " + path);
			}
		}
	}

	/**
	 * Checks before the work that the results can go to {@code folder}: it neither is nor contains an
	 * input, and it is missing, empty or replaceable with --overwrite.
	 */
	static void requireUsableOutputFolder(Path folder, boolean overwrite, Path... inputs) {
		try {
			OutputFolder.requireUsable(folder, overwrite, Arrays.asList(inputs));
		} catch (IOException unusable) {
			throw new UserError(Main.EXIT_INVALID, unusable instanceof OutputFolderException ? unusable.getMessage()
					: "cannot write " + folder + ": " + FileProblems.reason(unusable));
		}
	}

	/**
	 * Checks that an output file or folder neither is, contains nor lies inside one of the inputs (a
	 * model file written inside a model folder would be read as a second model set there).
	 */
	static void requireApartFromInputs(Path output, Path... inputs) {
		try {
			OutputFolder.requireApartFrom(output, Arrays.asList(inputs), false);
		} catch (OutputFolderException clash) {
			throw new UserError(Main.EXIT_INVALID, clash.getMessage());
		}
	}

	/**
	 * Checks before the work that a command can write the file {@code file} at the end: it is none of the
	 * inputs, not a folder, and the folder it goes into exists as a folder this process may write or can
	 * be made in one (what {@link #writeWhole} does). A command that calibrated or tuned for minutes
	 * used to find out only then.
	 */
	static void requireWritableOutputFile(Path file, Path... inputs) {
		requireApartFromInputs(file, inputs);
		if (Files.isDirectory(file)) {
			throw new UserError(Main.EXIT_INVALID, file + " is a folder, not a file");
		}
		Path ancestor = file.toAbsolutePath().normalize().getParent();
		while (ancestor != null && !Files.exists(ancestor)) {
			ancestor = ancestor.getParent();
		}
		if (ancestor == null || !Files.isDirectory(ancestor)) {
			throw new UserError(Main.EXIT_INVALID, "cannot write " + file + ": " + ancestor + " is not a folder");
		}
		if (!Files.isWritable(ancestor) || Files.exists(file) && !Files.isWritable(file)) {
			throw new UserError(Main.EXIT_INVALID, "cannot write " + file + ": no permission to write in "
					+ (Files.exists(file) ? file : ancestor));
		}
	}

	/** Writes a file complete or not at all; a problem ends the command with a message naming the file. */
	static void writeWhole(Path file, WholeFiles.Content content) {
		try {
			WholeFiles.write(file, content);
		} catch (IOException failed) {
			throw new UserError(Main.EXIT_INVALID, "cannot write " + file + ": " + FileProblems.reason(failed));
		}
	}

	/**
	 * Runs a whole pipeline as the command line does: warnings and (unless quiet) progress on
	 * standard error.
	 */
	static RunOutcome runPipeline(RunConfiguration configuration, boolean quiet, CommandLine.Model.CommandSpec spec) {
		return runPipeline(new RunPipeline(configuration), quiet, spec);
	}

	static RunOutcome runPipeline(RunPipeline pipeline, boolean quiet, CommandLine.Model.CommandSpec spec) {
		RunConfiguration configuration = pipeline.configuration();
		PrintWriter err = spec.commandLine().getErr();
		long started = System.nanoTime();
		PipelineMonitor monitor = progress -> {
			if (!quiet) {
				err.println(SimulationProgress.line(configuration.simulation(), (System.nanoTime() - started) / 1e9,
						progress));
			}
		};
		try {
			return pipeline.warnings(warning -> err.println("warning: " + warning.format()))
					.run(monitor, List.of());
		} catch (RunFailure failure) {
			throw failed(failure);
		} catch (RunCancelledException cancelled) {
			throw new UserError(Main.EXIT_INVALID, cancelled.getMessage());
		}
	}

	/** @return the failure as the command line reports it: exit status 2 for a usage error, else 1 */
	static UserError failed(RunFailure failure) {
		return new UserError(failure.kind() == RunFailure.Kind.USAGE ? Main.EXIT_USAGE : Main.EXIT_INVALID,
				failure.getMessage(), failure.getCause());
	}

	/** What the selected paths and {@code --io} simulate, by the rule every front end shares ({@link SimulationTarget}). */
	static SimulationTarget target(List<Path> selected, Path io) {
		try {
			return SimulationTarget.of(selected, io);
		} catch (RunFailure failure) {
			throw failed(failure);
		}
	}

	/**
	 * A model folder often holds an I/O configuration beside the model; taking the model as it is
	 * without it is the rule, but one easily mistaken, so the user hears about each one not applied and
	 * how to apply it.
	 */
	static void noteNotApplied(SimulationTarget target, PrintWriter err) {
		for (Path config : target.notApplied()) {
			err.println("note: " + config + " is an I/O configuration beside the model, not applied: the model is"
					+ " taken as it is; to apply it, add --io " + config + " or give " + config + " as the model");
		}
	}

	private static int reportUsageError(CommandLine.ParameterException exception, String[] args) {
		CommandLine command = exception.getCommandLine();
		PrintWriter err = command.getErr();
		err.println("iosim: " + quotedValuesShortened(String.valueOf(exception.getMessage())));
		err.println("Run '" + command.getCommandSpec().qualifiedName() + " --help' for usage.");
		return Main.EXIT_USAGE;
	}

	/** A value picocli quotes, e.g. {@code 'x'} in "Invalid value for option '--clients': 'x' is not an int". */
	private static final Pattern QUOTED = Pattern.compile("'([^']*)'");

	/**
	 * picocli quotes a wrong argument whole, and an argument may be thousands of characters or hold
	 * terminal escapes (pasted, or from a script gone wrong): a message shows an excerpt of it, as of a
	 * file's value.
	 */
	static String quotedValuesShortened(String message) {
		return QUOTED.matcher(message).replaceAll(
				quoted -> Matcher.quoteReplacement("'" + FileProblems.excerpt(quoted.group(1)) + "'"));
	}

	private static int reportFailure(Exception exception, CommandLine command, CommandLine.ParseResult parseResult) {
		PrintWriter err = command.getErr();
		int status;
		Throwable trace;
		if (exception instanceof UserError userError) {
			err.println("iosim: " + userError.getMessage());
			status = userError.exitCode;
			trace = userError.getCause(); // a plug-in's failure; the user's own mistakes need no trace
		} else if (exhausted(exception) != null) {
			err.println("iosim: " + exhausted(exception));
			status = Main.EXIT_INVALID;
			trace = exception;
		} else {
			err.println("iosim: unexpected error" + (exception.getMessage() == null ? "" : ": " + exception.getMessage())
					+ " (a bug; please report it with the output of --debug)");
			status = Main.EXIT_INVALID;
			trace = exception;
		}
		if (trace != null && debugRequested(parseResult)) {
			trace.printStackTrace(err);
		} else if (trace != null) {
			err.println("Run again with --debug for the stack trace.");
		}
		return status;
	}

	private static boolean debugRequested(CommandLine.ParseResult parseResult) {
		for (CommandLine.ParseResult result = parseResult; result != null; result = result.subcommand()) {
			if (result.hasMatchedOption("--debug")) {
				return true;
			}
		}
		return false;
	}

	static final class Version implements CommandLine.IVersionProvider {
		@Override
		public String[] getVersion() {
			Package pkg = IosimCommand.class.getPackage();
			String version = pkg.getImplementationVersion();
			return new String[] { "IOSim " + (version == null ? "0.1.0" : version) };
		}
	}
}
