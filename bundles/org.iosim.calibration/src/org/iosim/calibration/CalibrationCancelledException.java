package org.iosim.calibration;

/** A calibration stopped on request before it wrote anything; distinct from one that failed. */
public class CalibrationCancelledException extends Exception {
	private static final long serialVersionUID = 1L;

	public CalibrationCancelledException() {
		super("the calibration was cancelled; nothing was written");
	}
}
