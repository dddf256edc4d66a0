package org.iosim.ui.command.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.variables.VariablesPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.LaunchConfigurationDelegate;
import org.eclipse.ui.console.ConsolePlugin;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.MessageConsole;
import org.eclipse.ui.console.MessageConsoleStream;
import org.iosim.cli.Main;
import org.iosim.ui.command.CommandLaunch;

/**
 * Runs a command of the {@code iosim} command line inside the workbench, e.g. {@code regression
 * select}, {@code calibrate} or {@code qpn calibrate}: the same commands and options, with Eclipse's
 * variables in the arguments ({@code ${workspace_loc:/project/data.csv}}) because the workbench has
 * no current folder. What the command prints goes to a console of its own; the folder to refresh
 * is refreshed when it ends, so the files it wrote appear. The exit status is the job's result.
 */
public final class CommandLaunchDelegate extends LaunchConfigurationDelegate {

	/** The type of the consoles the commands print into. */
	public static final String CONSOLE_TYPE = "org.iosim.ui.commandConsole";

	@Override
	public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
			throws CoreException {
		String line = VariablesPlugin.getDefault().getStringVariableManager()
				.performStringSubstitution(configuration.getAttribute(CommandLaunch.ARGUMENTS, ""));
		List<String> arguments = split(line);
		if (arguments.isEmpty()) {
			throw new CoreException(Status.error("no command is given (e.g. regression select --data FILE --target delay)"));
		}
		String refresh = configuration.getAttribute(CommandLaunch.REFRESH, "").strip();
		IResource refreshed = refresh.isEmpty() ? null : ResourcesPlugin.getWorkspace().getRoot().findMember(IPath.fromPortableString(refresh));
		MessageConsole console = new MessageConsole("IOSim: " + configuration.getName(), CONSOLE_TYPE, null, true);
		ConsolePlugin.getDefault().getConsoleManager().addConsoles(new IConsole[] { console });
		new CommandJob(configuration.getName(), arguments, console, refreshed).schedule();
	}

	@Override
	public boolean buildForLaunch(ILaunchConfiguration configuration, String mode, IProgressMonitor monitor) {
		return false;
	}

	/** Splits a command line at blanks; double or single quotes keep blanks in an argument. */
	static List<String> split(String line) {
		List<String> arguments = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		char quote = 0;
		boolean inArgument = false;
		for (char c : line.toCharArray()) {
			if (quote != 0) {
				if (c == quote) {
					quote = 0;
				} else {
					current.append(c);
				}
			} else if (c == '"' || c == '\'') {
				quote = c;
				inArgument = true;
			} else if (Character.isWhitespace(c)) {
				if (inArgument) {
					arguments.add(current.toString());
					current.setLength(0);
					inArgument = false;
				}
			} else {
				current.append(c);
				inArgument = true;
			}
		}
		if (inArgument) {
			arguments.add(current.toString());
		}
		return arguments;
	}

	/** The command in the background; the command line cannot be interrupted, so the job cannot be cancelled. */
	public static final class CommandJob extends Job {
		private final List<String> arguments;
		private final MessageConsole console;
		private final IResource refreshed;

		CommandJob(String name, List<String> arguments, MessageConsole console, IResource refreshed) {
			super("iosim " + String.join(" ", arguments.subList(0, Math.min(2, arguments.size()))) + " (" + name + ")");
			this.arguments = arguments;
			this.console = console;
			this.refreshed = refreshed;
			setUser(true);
		}

		@Override
		public boolean belongsTo(Object family) {
			return family == CommandLaunch.JOB_FAMILY;
		}

		@Override
		protected IStatus run(IProgressMonitor monitor) {
			int status;
			try (MessageConsoleStream out = console.newMessageStream(); MessageConsoleStream err = console.newMessageStream();
					PrintWriter outWriter = new PrintWriter(out, true); PrintWriter errWriter = new PrintWriter(err, true)) {
				outWriter.println("iosim " + String.join(" ", arguments));
				status = Main.run(arguments.toArray(String[]::new), outWriter, errWriter);
				outWriter.println("(exit status " + status + ")");
			} catch (java.io.IOException consoleClosed) {
				status = Main.EXIT_INVALID;
			}
			if (refreshed != null) {
				try {
					refreshed.refreshLocal(IResource.DEPTH_INFINITE, null);
				} catch (CoreException notRefreshed) {
					return notRefreshed.getStatus();
				}
			}
			return status == 0 ? Status.OK_STATUS
					: Status.error("iosim " + arguments.get(0) + " ended with exit status " + status + "; its console says why");
		}
	}
}
