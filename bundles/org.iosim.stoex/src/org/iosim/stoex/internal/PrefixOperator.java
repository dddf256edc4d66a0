package org.iosim.stoex.internal;

/** Prefix operators with their printing precedence (see {@link InfixOperator}). */
public enum PrefixOperator {
	NEGATE("-", 8), NOT("NOT", 3);

	public final String symbol;
	final int precedence;

	PrefixOperator(String symbol, int precedence) {
		this.symbol = symbol;
		this.precedence = precedence;
	}
}
