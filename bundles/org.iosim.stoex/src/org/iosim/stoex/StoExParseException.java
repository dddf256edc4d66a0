package org.iosim.stoex;

/**
 * Thrown when a text is not a well-formed stochastic expression. The message has the form
 * {@code column 7: expected ')' but found ']'}.
 */
public final class StoExParseException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final int column;
	private final String token;

	/**
	 * @param column 1-based position of the offending character or token in the text
	 * @param token  the offending token as written, or the empty string at the end of the input
	 * @param detail what is wrong, without the column prefix
	 */
	public StoExParseException(int column, String token, String detail) {
		super("column " + column + ": " + detail);
		this.column = column;
		this.token = token;
	}

	/** @return the 1-based position in the text (a character offset; line breaks count as one character) */
	public int column() {
		return column;
	}

	/** @return the offending token as written, or the empty string at the end of the input */
	public String token() {
		return token;
	}
}
