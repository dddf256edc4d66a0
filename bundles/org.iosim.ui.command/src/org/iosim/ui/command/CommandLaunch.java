package org.iosim.ui.command;

/**
 * The "IOSim Command" launch: a command of the {@code iosim} command line run inside the workbench,
 * its output in a console of its own. Its configurations hold the command line and a folder to refresh.
 */
public final class CommandLaunch {

	/** The launch configuration type. */
	public static final String TYPE_ID = "org.iosim.ui.command";
	/** The family of command jobs, for {@code Job.getJobManager().join(...)}. */
	public static final Object JOB_FAMILY = TYPE_ID;
	/** The command and its options, one line, as after {@code ./iosim}. */
	public static final String ARGUMENTS = "org.iosim.ui.arguments";
	/** A workspace folder refreshed when the command ends; empty for none. */
	public static final String REFRESH = "org.iosim.ui.refresh";

	private CommandLaunch() {
	}
}
