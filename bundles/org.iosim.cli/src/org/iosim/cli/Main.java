package org.iosim.cli;

import java.io.PrintWriter;

import org.iosim.cli.internal.IosimCommand;

import picocli.CommandLine;

/** Entry point of the {@code iosim} command line. */
public final class Main {

	/** Exit status of a command whose input was read but is invalid (e.g. a model with errors). */
	public static final int EXIT_INVALID = 1;
	/** Exit status of a usage error: unknown option, missing file, malformed argument. */
	public static final int EXIT_USAGE = 2;

	private Main() {
	}

	public static void main(String[] args) {
		System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
	}

	/** Runs one command line and returns its exit status; used by the launcher and by tests. */
	public static int run(String[] args, PrintWriter out, PrintWriter err) {
		return IosimCommand.execute(args, out, err);
	}

	/** Picocli's version string, kept here so callers need not depend on picocli themselves. */
	public static String picocliVersion() {
		return CommandLine.VERSION;
	}
}
