package org.iosim.measure;

/**
 * A measurement that cannot go on: the workload generator is missing or failed, or the database
 * cannot be used. The message says what and where; runs recorded before it stay recorded.
 */
public class MeasurementException extends Exception {
	private static final long serialVersionUID = 1L;

	public MeasurementException(String message) {
		super(message);
	}

	public MeasurementException(String message, Throwable cause) {
		super(message, cause);
	}
}
