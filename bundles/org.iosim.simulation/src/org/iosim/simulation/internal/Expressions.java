package org.iosim.simulation.internal;

import java.util.OptionalDouble;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.Expression;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExEvaluationException;

/** The stochastic expressions of model elements, parsed and compiled once, before the run. */
final class Expressions {

	private Expressions() {
	}

	/** @return the expression ready to sample */
	static CompiledExpression compiled(EObject owner, String what, String text) {
		Expression parsed = parse(owner, what, text);
		try {
			return parsed.compile();
		} catch (IllegalArgumentException | StoExEvaluationException invalid) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(text) + "' is invalid: " + invalid.getMessage());
		}
	}

	static Expression parse(EObject owner, String what, String text) {
		if (text == null || text.isBlank()) {
			throw new Unsimulatable(owner, "has no " + what);
		}
		try {
			return StoEx.parse(text);
		} catch (IllegalArgumentException invalid) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(text) + "' is not a valid stochastic expression: "
					+ invalid.getMessage());
		}
	}

	/**
	 * A rate, size or latency that must be a constant (or have an exact mean, which is then used):
	 * positive and finite, or for a latency finite and not negative.
	 *
	 * @param defaultText used when the element leaves the value out; null if it must be given
	 */
	static double constant(EObject owner, String what, String text, String defaultText) {
		String specification = text == null || text.isBlank() ? defaultText : text;
		if (specification == null) {
			throw new Unsimulatable(owner, "has no " + what);
		}
		Expression expression = parse(owner, what, specification);
		OptionalDouble mean;
		try {
			mean = expression.mean();
		} catch (IllegalArgumentException invalid) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(specification) + "' is invalid: "
					+ invalid.getMessage());
		}
		if (mean.isEmpty()) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(specification) + "' must be a constant");
		}
		double value = mean.getAsDouble();
		boolean latencyLike = what.equals("latency");
		if (!(latencyLike ? value >= 0 : value > 0) || Double.isInfinite(value)) {
			throw new Unsimulatable(owner, what + " '" + Diagnostic.excerpt(specification) + "' is " + value
					+ "; it must be " + (latencyLike ? "finite and not negative" : "positive and finite"));
		}
		return value;
	}
}
