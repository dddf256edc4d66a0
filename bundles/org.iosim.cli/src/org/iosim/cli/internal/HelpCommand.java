package org.iosim.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code iosim help [COMMAND [SUBCOMMAND...]]}: the help of any command, however deep. */
@Command(name = "help", helpCommand = true, description = "Shows the help of a command, e.g. 'iosim help regression select'.")
final class HelpCommand implements Callable<Integer> {

	@Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command (and subcommands) to explain.")
	List<String> path = new ArrayList<>();

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		CommandLine command = spec.parent().commandLine();
		for (String name : path) {
			CommandLine subcommand = command.getSubcommands().get(name);
			if (subcommand == null) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, IosimCommand.unknownCommand(command, name));
			}
			command = subcommand;
		}
		command.usage(spec.commandLine().getOut());
		return 0;
	}
}
