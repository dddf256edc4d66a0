package org.iosim.characterization;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A trace that cannot be characterized. The message names the trace file and, for a bad line, its
 * number and what is wrong, e.g.
 * {@code job_lat.1.log: line 7: the direction must be 0 (read), 1 (write) or 2 (trim), not 5}; it quotes
 * no more of the line than a short excerpt of a field, since the file may be one given by mistake.
 */
public final class TraceFormatException extends IOException {

	private static final long serialVersionUID = 1L;

	/**
	 * @param file    the trace file
	 * @param line    number of the bad line, from 1
	 * @param reason  what is wrong, e.g. {@code the block size is not a whole number}
	 */
	public TraceFormatException(Path file, int line, String reason) {
		super(file + ": line " + line + ": " + reason);
	}

	/**
	 * @param message what is wrong, naming the file or files it concerns
	 */
	public TraceFormatException(String message) {
		super(message);
	}
}
