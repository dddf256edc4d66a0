package org.iosim.engine;

/** A run failed because the model asked for something impossible, e.g. a demand that evaluated to a negative value. */
public class SimulationException extends RuntimeException {
	private static final long serialVersionUID = 1L;

	public SimulationException(String message) {
		super(message);
	}
}
