package org.iosim.analysis;

/**
 * An analysis model cannot be found, selected, loaded, created or evaluated. The message names the
 * model, file or kind concerned and what is wrong with it.
 */
public class AnalysisModelException extends Exception {

	private static final long serialVersionUID = 1L;

	public AnalysisModelException(String message) {
		super(message);
	}

	public AnalysisModelException(String message, Throwable cause) {
		super(message, cause);
	}
}
