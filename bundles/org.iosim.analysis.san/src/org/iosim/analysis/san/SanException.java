package org.iosim.analysis.san;

/**
 * A SAN configuration, trace or workload specification cannot be used. The message names the file,
 * the element (a JSON path such as {@code storage.ranks[1].disks}, or a trace line) and what is wrong.
 */
public class SanException extends Exception {

	private static final long serialVersionUID = 1L;

	public SanException(String message) {
		super(message);
	}
}
