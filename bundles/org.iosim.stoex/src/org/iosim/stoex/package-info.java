/**
 * Palladio's stochastic expression language (StoEx): parsing, type checking, exact means and
 * sampling.
 *
 * <h2>Language</h2>
 * <ul>
 * <li>Literals: integers ({@code 42}), doubles ({@code 1.0}, {@code 1.}, {@code 1e-3}), strings in
 * double or single quotes with Java escapes, {@code true}, {@code false}. A number may carry
 * Palladio's unit suffix, e.g. {@code 5[B]}; units are kept in the text and do not change values.</li>
 * <li>Operators, loosest first, following Palladio's grammar: {@code c ? a : b}; {@code AND};
 * {@code OR}, {@code XOR}; {@code NOT}; comparisons {@code == <> < > <= >=} (not chainable);
 * {@code + -}; {@code * / %}; {@code ^}; prefix {@code -}. Note that in Palladio, unlike most
 * languages, {@code AND} binds more loosely than {@code OR}: {@code a OR b AND c} is
 * {@code (a OR b) AND c}. Sums, products and boolean operators group to the left, {@code ^} to the
 * right ({@code 2^3^2} = 512). Prefix minus binds tighter than {@code ^}, as in Palladio:
 * {@code -2^2} = 4 and {@code 2^-1} = 0.5. {@code NOT} applies to a whole comparison
 * ({@code NOT a == b}); after another operator it applies to the operand only ({@code a == NOT b}).
 * Keywords are case-sensitive.</li>
 * <li>{@code /} and {@code ^} always compute in floating point ({@code 3 / 2} = 1.5); {@code + - * %}
 * and Min, Max, Abs stay INT for INT operands; INT overflow is an error.</li>
 * <li>Probability functions: {@code IntPMF[(1;0.3)(2;0.7)]}, {@code DoublePMF[(1.5;0.5)(2.5;0.5)]},
 * {@code EnumPMF[("a";0.3)("b";0.7)]}, {@code EnumPMF(ordered)[...]}, {@code BoolPMF[(true;0.4)(false;0.6)]},
 * and {@code DoublePDF[(x1;p1)(x2;p2)...]}, a piecewise uniform density giving probability
 * {@code pi} to the interval from {@code x(i-1)} to {@code xi}, with {@code x0 = 0}. Numeric ones
 * may carry a unit suffix ({@code IntPMF[...][B]}). Probabilities must lie in [0, 1] and sum to 1
 * within 1e-4, the rounding of probabilities written with a few decimals; they are scaled to sum to
 * exactly 1 for sampling and means. DoublePDF interval ends must be 0 or above; points written out
 * of order are sorted by their ends, as Palladio does.</li>
 * <li>Functions (Palladio's parameterisations): {@code Exp(rate)}, {@code Norm(mu, sigma)},
 * {@code Pois(lambda)}, {@code UniDouble(a, b)}, {@code UniInt(a, b)} (both ends included),
 * {@code Gamma(alpha, theta)} (shape, scale), {@code GammaMoments(mean, coefficientOfVariation)},
 * {@code Lognorm(mu, sigma)} (of the underlying normal), {@code LognormMoments(mean, standardDeviation)},
 * {@code Binom(n, p)}, {@code Trunc}, {@code Round} (half up), {@code Ceil}, {@code Floor},
 * {@code Abs}, {@code Sqrt}, {@code Log(x)} (natural), {@code Log(base, x)} (Palladio's form),
 * {@code Pow(a, b)}, {@code Min(a, b)}, {@code Max(a, b)}.</li>
 * <li>Characterised variables: a dotted path ending in {@code VALUE}, {@code BYTESIZE},
 * {@code NUMBER_OF_ELEMENTS}, {@code TYPE} or {@code STRUCTURE}, e.g. {@code file.BYTESIZE},
 * {@code a.b.c.VALUE}, {@code list.INNER.BYTESIZE}. The whole path is the variable's name in
 * {@link org.iosim.stoex.Bindings} and {@link org.iosim.stoex.TypeEnvironment}.</li>
 * <li>Formulas ({@link org.iosim.stoex.StoEx#parseFormula}): additionally, a bare name such as
 * {@code concurrency} is a variable named {@code concurrency}.</li>
 * <li>Comments {@code /* ... *}{@code /} and {@code // ...} are ignored, as in Palladio.</li>
 * <li>Limits: a chain of operators of one level does not nest, however long (a sum of 300,000
 * terms is fine), but nesting (parentheses, arguments, prefix operators, powers, conditionals) stops at
 * {@link org.iosim.stoex.StoEx#MAXIMUM_NESTING} levels, and texts at
 * {@link org.iosim.stoex.StoEx#MAXIMUM_LENGTH} characters.</li>
 * </ul>
 *
 * <h2>Use</h2>
 *
 * <pre>
 * CompiledExpression demand = StoEx.parse("file.BYTESIZE * 2 + Exp(100)").compile();
 * UniformRandomProvider rng = new RandomStreams(42).stream(0);
 * double value = demand.sampleDouble(rng, Bindings.of(Map.of("file.BYTESIZE", 4096)));
 * </pre>
 */
package org.iosim.stoex;
