package org.iosim.stoex;

import java.util.Objects;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * An expression prepared for repeated sampling on a simulator's hot path: operators, functions and
 * distributions are resolved to node objects once, constant sub-expressions are folded, and the
 * distribution samplers are created once per thread. Sampling does no parsing, no reflection and,
 * for numeric expressions over constants, distributions and numeric variables, no allocation.
 * <p>
 * Every sample draws fresh values from the given generator: two occurrences of a distribution, or
 * two samples of the same expression, are independent. The result depends only on the generator's
 * state and the bindings, so a seeded generator reproduces a run.
 * <p>
 * Instances are thread-safe; the generator passed to a call must not be used by another thread at
 * the same time.
 */
public interface CompiledExpression {

	/** @return the static type the expression was compiled with */
	StoExType type();

	/** @return the canonical text of the expression */
	String text();

	/**
	 * @param rng      the generator every random draw of this sample comes from
	 * @param bindings the values of the variables
	 * @return a sample as a number; valid for INT, DOUBLE and ANY expressions
	 * @throws StoExEvaluationException if the expression is not numeric, a variable is unbound or
	 *                                  bound to a value of the wrong kind, or a parameter is invalid
	 */
	double sampleDouble(UniformRandomProvider rng, Bindings bindings);

	/**
	 * This expression's numeric samples with every draw from {@code rng}, for a caller that samples it
	 * many times from a generator of its own (a simulated step from its stream). Each sample is what
	 * {@link #sampleDouble} with that generator gives in its place, from the same draws in the same
	 * order; a constant, or an exponential distribution of a constant rate, takes less work per sample
	 * this way.
	 */
	default NumberSampler numberSampler(UniformRandomProvider rng) {
		Objects.requireNonNull(rng, "rng");
		return bindings -> sampleDouble(rng, bindings);
	}

	/** A numeric expression bound to a generator ({@link CompiledExpression#numberSampler}). */
	@FunctionalInterface
	interface NumberSampler {
		/** As {@link CompiledExpression#sampleDouble}, with the generator the sampler was made for. */
		double sampleDouble(Bindings bindings);
	}

	/**
	 * @param rng      the generator every random draw of this sample comes from
	 * @param bindings the values of the variables
	 * @return a sample as a whole number; valid for INT expressions and for ANY expressions whose
	 *         value is whole, e.g. a loop count
	 * @throws StoExEvaluationException as {@link #sampleDouble}, or if the value is not whole
	 */
	long sampleLong(UniformRandomProvider rng, Bindings bindings);

	/**
	 * @param rng      the generator every random draw of this sample comes from
	 * @param bindings the values of the variables
	 * @return a sample as a truth value; valid for BOOL and ANY expressions, e.g. a branch condition
	 * @throws StoExEvaluationException as {@link #sampleDouble}, or if the value is not a truth value
	 */
	boolean sampleBoolean(UniformRandomProvider rng, Bindings bindings);

	/**
	 * @param rng      the generator every random draw of this sample comes from
	 * @param bindings the values of the variables
	 * @return a sample as {@link Long} (INT), {@link Double} (DOUBLE), {@link Boolean} (BOOL) or
	 *         {@link String} (STRING, ENUM); for ANY, whichever the value is
	 * @throws StoExEvaluationException if a variable is unbound or a parameter is invalid
	 */
	Object sample(UniformRandomProvider rng, Bindings bindings);
}
