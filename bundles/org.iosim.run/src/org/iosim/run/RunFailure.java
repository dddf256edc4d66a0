package org.iosim.run;

/**
 * A run that could not be done; the message says why in the user's words, naming files and model
 * elements. The kind tells front ends how to report it (the command line's exit status).
 */
public class RunFailure extends Exception {
	private static final long serialVersionUID = 1L;

	/** Whose problem it is. */
	public enum Kind {
		/** The request itself is wrong: a missing file, a model set that is not there, a bad option. */
		USAGE,
		/** The inputs were read but cannot be run: an invalid model, configuration or analysis model. */
		INVALID
	}

	private final Kind kind;

	public RunFailure(Kind kind, String message) {
		super(message);
		this.kind = kind;
	}

	/** @param cause what went wrong inside a plug-in, for its author (the command line shows it with --debug) */
	public RunFailure(Kind kind, String message, Throwable cause) {
		super(message, cause);
		this.kind = kind;
	}

	public Kind kind() {
		return kind;
	}
}
