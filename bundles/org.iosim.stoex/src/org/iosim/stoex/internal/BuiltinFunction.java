package org.iosim.stoex.internal;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Functions of the language. The distributions and Trunc, Round, Ceil, Log, Sqrt, Min, Max are
 * Palladio's; Floor, Abs, Pow and the one-argument Log are additions. Names are case-sensitive.
 */
public enum BuiltinFunction {
	/** {@code Exp(rate)}: exponential, mean 1/rate. */
	EXP("Exp", 1, 1, true),
	/** {@code Norm(mu, sigma)}: normal. */
	NORM("Norm", 2, 2, true),
	/** {@code Pois(lambda)}: Poisson. */
	POIS("Pois", 1, 1, true),
	/** {@code UniDouble(a, b)}: continuous uniform on [a, b). */
	UNI_DOUBLE("UniDouble", 2, 2, true),
	/** {@code UniInt(a, b)}: discrete uniform on a..b inclusive. */
	UNI_INT("UniInt", 2, 2, true),
	/** {@code Gamma(alpha, theta)}: gamma with shape alpha and scale theta. */
	GAMMA("Gamma", 2, 2, true),
	/** {@code GammaMoments(mean, coefficientOfVariation)}, as in Palladio. */
	GAMMA_MOMENTS("GammaMoments", 2, 2, true),
	/** {@code Lognorm(mu, sigma)}: log-normal; mu and sigma of the underlying normal. */
	LOGNORM("Lognorm", 2, 2, true),
	/** {@code LognormMoments(mean, standardDeviation)} of the log-normal itself, as in Palladio. */
	LOGNORM_MOMENTS("LognormMoments", 2, 2, true),
	/** {@code Binom(n, p)}: binomial. */
	BINOM("Binom", 2, 2, true),
	/** {@code Trunc(x)}: rounds towards zero to INT. */
	TRUNC("Trunc", 1, 1, false),
	/** {@code Round(x)}: rounds half up to INT. */
	ROUND("Round", 1, 1, false),
	/** {@code Ceil(x)}: rounds up to INT. */
	CEIL("Ceil", 1, 1, false),
	/** {@code Floor(x)}: rounds down to INT. */
	FLOOR("Floor", 1, 1, false),
	ABS("Abs", 1, 1, false),
	SQRT("Sqrt", 1, 1, false),
	/** {@code Log(x)}: natural logarithm; {@code Log(base, x)}: Palladio's logarithm to a base. */
	LOG("Log", 1, 2, false),
	POW("Pow", 2, 2, false),
	MIN("Min", 2, 2, false),
	MAX("Max", 2, 2, false);

	private static final Map<String, BuiltinFunction> BY_NAME = Arrays.stream(values())
			.collect(Collectors.toUnmodifiableMap(function -> function.stoexName, Function.identity()));

	public final String stoexName;
	public final int minimumArity;
	public final int maximumArity;
	/** Whether every evaluation draws a new random value. */
	public final boolean random;

	BuiltinFunction(String stoexName, int minimumArity, int maximumArity, boolean random) {
		this.stoexName = stoexName;
		this.minimumArity = minimumArity;
		this.maximumArity = maximumArity;
		this.random = random;
	}

	/** @return the function of that name, or {@code null} */
	static BuiltinFunction named(String name) {
		return BY_NAME.get(name);
	}
}
