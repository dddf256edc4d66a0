package org.iosim.engine;

/** The run stopped because its {@link ProgressMonitor} asked it to; it has no results. */
public class RunCancelledException extends Exception {
	private static final long serialVersionUID = 1L;

	public RunCancelledException() {
		super("the run was cancelled");
	}
}
