package org.iosim.simulation;

/** The model cannot be simulated; the message names the element and what is wrong with it. */
public class ModelCompilationException extends Exception {
	private static final long serialVersionUID = 1L;

	public ModelCompilationException(String message) {
		super(message);
	}
}
