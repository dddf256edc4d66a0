package org.iosim.stoex;

import java.util.Objects;

import org.iosim.stoex.internal.Parser;

/**
 * Entry point: parses Palladio stochastic expressions, and formulas, which are stochastic
 * expressions that may also use bare names as variables. See the package documentation for the
 * language.
 */
public final class StoEx {

	/**
	 * How deeply an expression may nest: parentheses, function arguments, prefix operators, the
	 * exponents of {@code ^} and the branches of {@code ? :} each open a level; a {@code NOT} after
	 * another operator and a conditional in a branch of another open two, as their canonical text
	 * adds parentheses. Real models stay far below; the bound keeps parsing, checking and sampling
	 * within a thread's stack. Chains of one operator, such as a sum of many terms, do not nest.
	 */
	public static final int MAXIMUM_NESTING = 128;

	/**
	 * The longest text, in characters, that is parsed, and the longest canonical text an expression
	 * may have, so that it parses back; it bounds the memory of a syntax tree.
	 */
	public static final int MAXIMUM_LENGTH = 8_000_000;

	private StoEx() {
	}

	/**
	 * @param text a stochastic expression, e.g. {@code DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]} or
	 *             {@code file.BYTESIZE * 2}
	 * @return the parsed expression
	 * @throws StoExParseException if the text is not a well-formed expression, names an unknown
	 *                             function, calls one with the wrong number of arguments, holds
	 *                             an invalid probability function, nests more deeply than
	 *                             {@link #MAXIMUM_NESTING} or is, or would be written canonically,
	 *                             longer than {@link #MAXIMUM_LENGTH}
	 */
	public static Expression parse(String text) {
		Objects.requireNonNull(text, "text");
		return new Expression(Parser.parse(text));
	}

	/**
	 * Parses a formula: the language of {@link #parse}, in which additionally a name that is neither
	 * a function call nor a dotted path is a variable named by that name. Palladio requires every
	 * variable to end in a characterisation ({@code x.VALUE}); formulas over named quantities, such
	 * as an I/O analysis model's {@code 0.002 + 0.0005 * concurrency}, read more naturally without.
	 * Dotted paths keep their meaning, so {@code file.BYTESIZE / 1024 + n} refers to the variables
	 * {@code file.BYTESIZE} and {@code n}. Reserved words ({@code AND}, {@code OR}, {@code XOR},
	 * {@code NOT}, {@code true}, {@code false}, {@code INNER}, the probability function keywords and
	 * the characterisations) cannot be names. A function name without parentheses, e.g. {@code Exp},
	 * is a variable. The canonical {@link Expression#text() text} of a formula parses back with this
	 * method.
	 *
	 * @param text a formula, e.g. {@code 0.002 + 0.0005 * concurrency}
	 * @return the parsed expression; bind its variables by their bare names, e.g.
	 *         {@code Bindings.of(Map.of("concurrency", 4))}
	 * @throws StoExParseException as {@link #parse}
	 */
	public static Expression parseFormula(String text) {
		Objects.requireNonNull(text, "text");
		return new Expression(Parser.parseFormula(text));
	}
}
