package org.iosim.stoex;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.stoex.internal.Ast;
import org.iosim.stoex.internal.Compiler;
import org.iosim.stoex.internal.Printer;
import org.iosim.stoex.internal.Typing;

/**
 * A parsed stochastic expression: an immutable syntax tree. Create it with {@link StoEx#parse}.
 * Two expressions are equal when their canonical texts are equal.
 */
public final class Expression {

	/** Given to expressions that draw nothing random, so it is never asked for a number. */
	private static final UniformRandomProvider NO_RANDOM_NUMBERS = () -> {
		throw new IllegalStateException("an expression without distributions draws no random numbers");
	};

	private final Ast root;
	private final String text;

	/** @throws StoExParseException if the canonical text is too long to be parsed back */
	Expression(Ast root) {
		this.root = root;
		this.text = Printer.print(root);
		// The canonical text may be the longer: it writes numbers out (1e20 in 23 characters) and
		// puts blanks around operators.
		if (text.length() > StoEx.MAXIMUM_LENGTH) {
			throw new StoExParseException(1, "",
					"expression longer than " + StoEx.MAXIMUM_LENGTH + " characters when written canonically");
		}
	}

	/**
	 * @return the canonical text: single spaces around binary operators, parentheses only where
	 *         precedence requires them, numbers in plain notation, probability functions without
	 *         blanks; parsing it (with {@link StoEx#parseFormula} for a formula) yields an
	 *         equal expression
	 */
	public String text() {
		return text;
	}

	/**
	 * @return the static type with every variable {@link StoExType#ANY}
	 * @throws StoExTypeException if an operator or function is applied to values it does not accept
	 */
	public StoExType type() {
		return type(TypeEnvironment.UNTYPED);
	}

	/**
	 * @param environment declared types of variables
	 * @return the static type: INT and DOUBLE combine to DOUBLE, {@code /} and {@code ^} always give
	 *         DOUBLE, comparisons and boolean operators give BOOL, and an ANY operand makes the result
	 *         ANY unless the operator fixes it
	 * @throws StoExTypeException if an operator or function is applied to values it does not accept
	 */
	public StoExType type(TypeEnvironment environment) {
		return Typing.typeOf(root, environment);
	}

	/**
	 * @return the names of the variables referred to (dotted paths, or bare names in a formula), in
	 *         order of first appearance
	 */
	public Set<String> variables() {
		return Typing.variables(root);
	}

	/** @return whether the expression refers to no variable and contains no distribution, so it has a single value */
	public boolean isConstant() {
		return Typing.isConstant(root);
	}

	/**
	 * The single value the expression has for the given variables: it holds no distribution or
	 * probability function, and the bindings hold every variable it refers to. A model analysis uses
	 * it to follow parameters whose values are known, e.g. to find branch conditions that never hold.
	 *
	 * @return the value ({@link Long}, {@link Double}, {@link Boolean} or {@link String}), or empty
	 *         when the expression draws random numbers, refers to a variable the bindings do not
	 *         hold, or cannot be evaluated (it is ill-typed, or fails, e.g. divides an INT by 0)
	 */
	public Optional<Object> valueFor(Bindings bindings) {
		if (Typing.isRandom(root)) {
			return Optional.empty();
		}
		try {
			return Optional.of(compile().sample(NO_RANDOM_NUMBERS, bindings));
		} catch (StoExTypeException | StoExEvaluationException notOneValue) {
			return Optional.empty();
		}
	}

	/**
	 * Exact expected value, where it follows from the expression alone:
	 * <ul>
	 * <li>a constant: its value (a BOOL constant counts as 1 or 0);</li>
	 * <li>a distribution or probability function with constant parameters: its closed-form mean
	 * ({@code BoolPMF}: the probability of {@code true}; {@code DoublePDF}: the sum of each
	 * interval's probability times its midpoint); an {@code EnumPMF} has none;</li>
	 * <li>{@code a + b}, {@code a - b}, {@code -a}: from the operands' means;</li>
	 * <li>{@code a * b}: the product of the means, because every occurrence is sampled
	 * independently;</li>
	 * <li>{@code a / c} with a constant {@code c}: the mean of {@code a} divided by {@code c};</li>
	 * <li>{@code c ? a : b}: with a constant condition, the chosen branch's mean; with a random one
	 * of mean {@code p} (e.g. a {@code BoolPMF}), {@code p * mean(a) + (1 - p) * mean(b)};</li>
	 * <li>anything else ({@code %}, {@code ^}, functions other than distributions, comparisons and
	 * boolean operators over random operands): only when all operands are constant.</li>
	 * </ul>
	 *
	 * @return the mean, or empty when the rules above do not give it exactly, e.g. when the
	 *         expression refers to variables
	 * @throws StoExTypeException       if the expression is ill-typed
	 * @throws StoExEvaluationException if a distribution has constant parameters out of its domain
	 */
	public OptionalDouble mean() {
		return Compiler.compile(root, text, TypeEnvironment.UNTYPED).mean();
	}

	/**
	 * @return the expression prepared for sampling, with every variable {@link StoExType#ANY}
	 * @throws StoExTypeException       if the expression is ill-typed
	 * @throws StoExEvaluationException if a distribution has constant parameters out of its domain,
	 *                                  e.g. {@code Exp(0)}
	 */
	public CompiledExpression compile() {
		return compile(TypeEnvironment.UNTYPED);
	}

	/**
	 * @param environment declared types of variables; a variable declared INT, DOUBLE, BOOL or
	 *                    STRING must be bound to a value of that kind when sampled
	 * @return the expression prepared for sampling
	 * @throws StoExTypeException       if the expression is ill-typed
	 * @throws StoExEvaluationException if a distribution has constant parameters out of its domain
	 */
	public CompiledExpression compile(TypeEnvironment environment) {
		return Compiler.compile(root, text, environment);
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof Expression expression && text.equals(expression.text);
	}

	@Override
	public int hashCode() {
		return text.hashCode();
	}

	@Override
	public String toString() {
		return text;
	}
}
