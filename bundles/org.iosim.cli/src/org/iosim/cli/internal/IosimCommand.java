package org.iosim.cli.internal;

import java.io.PrintWriter;

import org.iosim.cli.Main;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "iosim", mixinStandardHelpOptions = true, versionProvider = IosimCommand.Version.class,
		description = "Predicts the I/O performance of component-based software architectures on virtualized storage.",
		subcommands = { ValidateCommand.class, SimulateCommand.class, TransformCommand.class, ModelsCommand.class, RegressionCommand.class, StoexCommand.class, BenchCommand.class, CommandLine.HelpCommand.class },
		footer = { "", "Run 'iosim COMMAND --help' for a command's options." })
public final class IosimCommand implements Runnable {

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

	public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
		CommandLine commandLine = new CommandLine(new IosimCommand());
		commandLine.setOut(out);
		commandLine.setErr(err);
		commandLine.setExitCodeExceptionMapper(exception -> exception instanceof CommandLine.ParameterException
				? Main.EXIT_USAGE : Main.EXIT_INVALID);
		commandLine.setExecutionExceptionHandler(IosimCommand::reportFailure);
		commandLine.setParameterExceptionHandler(IosimCommand::reportUsageError);
		return commandLine;
	}

	/** A user error the command recognised: its message says what is wrong, no stack trace needed. */
	public static final class UserError extends RuntimeException {
		private static final long serialVersionUID = 1L;
		private final int exitCode;

		public UserError(int exitCode, String message) {
			super(message);
			this.exitCode = exitCode;
		}
	}

	/**
	 * Checks that files and folders named on the command line exist, before a command spends time on
	 * them; a missing one is a usage error. Null stands for an option not given.
	 */
	static void requireExisting(java.nio.file.Path... paths) {
		for (java.nio.file.Path path : paths) {
			if (path != null && !java.nio.file.Files.exists(path)) {
				throw new UserError(Main.EXIT_USAGE, "no such file or folder: " + path);
			}
		}
	}

	private static int reportUsageError(CommandLine.ParameterException exception, String[] args) {
		CommandLine command = exception.getCommandLine();
		PrintWriter err = command.getErr();
		err.println("iosim: " + exception.getMessage());
		err.println("Run '" + command.getCommandSpec().qualifiedName() + " --help' for usage.");
		return Main.EXIT_USAGE;
	}

	private static int reportFailure(Exception exception, CommandLine command, CommandLine.ParseResult parseResult) {
		PrintWriter err = command.getErr();
		if (exception instanceof UserError userError) {
			err.println("iosim: " + userError.getMessage());
			return userError.exitCode;
		}
		err.println("iosim: unexpected error: " + exception);
		if (debugRequested(parseResult)) {
			exception.printStackTrace(err);
		} else {
			err.println("Run again with --debug for the stack trace.");
		}
		return Main.EXIT_INVALID;
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
