package org.iosim.stoex;

/**
 * Thrown when a well-formed expression combines values of types that do not fit, e.g.
 * {@code column 6: operator '+' is not defined for BOOL and INT}.
 */
public final class StoExTypeException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final int column;

	/**
	 * @param column 1-based position of the operator, function or literal at fault
	 * @param detail what is wrong, without the column prefix
	 */
	public StoExTypeException(int column, String detail) {
		super("column " + column + ": " + detail);
		this.column = column;
	}

	/** @return the 1-based position of the operator, function or literal at fault */
	public int column() {
		return column;
	}
}
