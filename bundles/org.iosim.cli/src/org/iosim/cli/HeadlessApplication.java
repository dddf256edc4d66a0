package org.iosim.cli;

import java.io.PrintWriter;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

/**
 * The iosim command line as an Eclipse application ({@code -application org.iosim.cli.headless}),
 * so Eclipse and Tycho pipelines run validations and simulations inside OSGi with the same commands
 * and options as {@code ./iosim}. The exit value is the command's exit status.
 */
public final class HeadlessApplication implements IApplication {

	@Override
	public Object start(IApplicationContext context) {
		String[] args = (String[]) context.getArguments().getOrDefault(IApplicationContext.APPLICATION_ARGS,
				new String[0]);
		context.applicationRunning();
		return Integer.valueOf(Main.run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
	}

	@Override
	public void stop() {
		// A command runs to completion; there is nothing to interrupt.
	}
}
