package org.iosim.stoex;

import java.util.Objects;

import org.iosim.stoex.internal.Parser;

/** Entry point: parses Palladio stochastic expressions. See the package documentation for the language. */
public final class StoEx {

    private StoEx() {
    }

    /**
     * @param text a stochastic expression, e.g. {@code DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]} or
     *             {@code file.BYTESIZE * 2}
     * @return the parsed expression
     * @throws StoExParseException if the text is not a well-formed expression, names an unknown
     *                             function, calls one with the wrong number of arguments, or holds
     *                             an invalid probability function
     */
    public static Expression parse(String text) {
        Objects.requireNonNull(text, "text");
        return new Expression(Parser.parse(text));
    }
}
