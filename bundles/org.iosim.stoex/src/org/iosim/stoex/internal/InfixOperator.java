package org.iosim.stoex.internal;

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

    public final String symbol;
    final int precedence;

    InfixOperator(String symbol, int precedence) {
        this.symbol = symbol;
        this.precedence = precedence;
    }

    boolean isComparison() {
        return precedence == 4;
    }

    boolean isLogical() {
        return this == AND || this == OR || this == XOR;
    }
}
