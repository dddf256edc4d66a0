package org.iosim.analysis.regression;

/** Data that cannot be used for regression; the message names the file, and row and column where known. */
public class DataFormatException extends Exception {
	private static final long serialVersionUID = 1L;

	public DataFormatException(String message) {
		super(message);
	}
}
