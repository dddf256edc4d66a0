package org.iosim.pcm.validation;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

import org.iosim.stoex.Expression;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExParseException;

/** Parsing of stochastic expressions for validation: syntax problems and plain constant values. */
final class StochasticExpressions {

	/** The parser puts the column in front of its message; the diagnostic states it itself. */
	private static final Pattern COLUMN_PREFIX = Pattern.compile("^column \\d+: ");

	private StochasticExpressions() {
	}

	/** @return why the text is not a stochastic expression, naming the column, or empty if it parses */
	static Optional<String> parseProblem(String text) {
		try {
			StoEx.parse(text);
			return Optional.empty();
		} catch (StoExParseException e) {
			String detail = COLUMN_PREFIX.matcher(String.valueOf(e.getMessage())).replaceFirst("");
			return Optional.of("is not a valid stochastic expression at column " + e.column() + ": " + detail);
		} catch (IllegalArgumentException e) {
			return Optional.of("is not a valid stochastic expression: " + e.getMessage());
		}
	}

	/**
	 * @return the value of a valid expression that has a single value (no variables, no
	 *         distributions), e.g. 4, {@code 2 * 1024} or {@code 0/0} (NaN); else empty, since other
	 *         expressions depend on parameters or chance and are checked when simulated
	 */
	static OptionalDouble constantValue(String text) {
		if (text == null) {
			return OptionalDouble.empty();
		}
		try {
			Expression expression = StoEx.parse(text);
			return expression.isConstant() ? expression.mean() : OptionalDouble.empty();
		} catch (RuntimeException invalid) {
			// a syntax error (reported by the check of every expression, parseProblem), a type error or an
			// invalid constant argument (the simulation names those)
			return OptionalDouble.empty();
		}
	}
}
