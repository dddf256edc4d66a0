package org.iosim.calibration;

/** Measurements that cannot be calibrated, or a calibration that cannot be written; the message says why. */
public class CalibrationException extends Exception {
	private static final long serialVersionUID = 1L;

	public CalibrationException(String message) {
		super(message);
	}
}
