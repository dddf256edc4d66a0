package org.iosim.stoex;

/**
 * Thrown when an expression cannot be evaluated: an unbound variable, a value of the wrong kind
 * bound to a variable, a distribution parameter out of its domain, an integer division by zero
 * or an integer overflow. The message names the cause and the column of the part at fault, e.g.
 * {@code column 1: variable 'file.BYTESIZE' is not bound}.
 */
public final class StoExEvaluationException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final int column;

	/**
	 * @param column 1-based position of the part of the expression at fault
	 * @param detail what is wrong, without the column prefix
	 */
	public StoExEvaluationException(int column, String detail) {
		super("column " + column + ": " + detail);
		this.column = column;
	}

	/** @return the 1-based position of the part of the expression at fault */
	public int column() {
		return column;
	}
}
