package org.iosim.analysis.regression;

/**
 * Data that a technique cannot fit, or a stored model that cannot predict a row, explained in the
 * user's terms: the message names the data (or model) and what is wrong with it. Unchecked because it
 * arises inside the objective of a parameter search and inside predictions; an
 * {@link IllegalArgumentException}, as {@link Technique#fit} documents. Callers show its message as it
 * is; any other exception from this bundle is a bug.
 */
public class RegressionInputException extends IllegalArgumentException {
	private static final long serialVersionUID = 1L;

	public RegressionInputException(String message) {
		super(message);
	}
}
