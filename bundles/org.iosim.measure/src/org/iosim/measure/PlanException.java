package org.iosim.measure;

/** A measurement plan that cannot be used; the message names the file and the entry and says what is wrong. */
public class PlanException extends Exception {
	private static final long serialVersionUID = 1L;

	public PlanException(String message) {
		super(message);
	}
}
