package org.iosim.stoex.internal;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Binary operators with their printing precedence. The levels follow Palladio's grammar: the
 * conditional binds loosest, then AND, then OR and XOR, then NOT, comparisons, sums, products and
 * powers; prefix minus binds tighter than {@code ^}.
 */
public enum InfixOperator {
	AND("AND", 1), OR("OR", 2), XOR("XOR", 2),
	EQ("==", 4), NE("<>", 4), LT("<", 4), GT(">", 4), LE("<=", 4), GE(">=", 4),
	ADD("+", 5), SUB("-", 5),
	MUL("*", 6), DIV("/", 6), MOD("%", 6),
	POW("^", 7);

	private static final Map<String, InfixOperator> BY_SYMBOL = Arrays.stream(values())
			.collect(Collectors.toUnmodifiableMap(operator -> operator.symbol, Function.identity()));

	public final String symbol;
	final int precedence;

	InfixOperator(String symbol, int precedence) {
		this.symbol = symbol;
		this.precedence = precedence;
	}

	/** @return the operator the token is, or {@code null}; a string's lexeme has its quotes, so it is none */
	static InfixOperator of(Lexer.Token token) {
		return BY_SYMBOL.get(token.lexeme());
	}

	boolean isComparison() {
		return precedence == 4;
	}

	boolean isLogical() {
		return this == AND || this == OR || this == XOR;
	}
}
