package org.iosim.stoex.internal;

import java.util.OptionalDouble;
import java.util.function.Supplier;

import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.DiscreteSampler;
import org.apache.commons.rng.sampling.distribution.MarsagliaTsangWangDiscreteSampler;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.iosim.stoex.StoExEvaluationException;

/**
 * The distribution functions. Parameters may be any expressions; constant ones are checked when
 * the node is built, so that {@code Exp(0)} fails at compilation rather than at the first sample.
 * <p>
 * Exponential, normal and log-normal draws scale one standard ziggurat sampler per context, so
 * parameters may change from sample to sample for free. Gamma, Poisson and binomial samplers
 * depend on their shape, mean or trials, so each node keeps one per context and replaces it only
 * when that parameter changes.
 */
final class DistributionNodes {

	private DistributionNodes() {
	}

	/** A sampler made for particular parameter values. */
	private record Keyed(double first, double second, Object sampler) {
	}

	static final class Exponential extends Node.OfDouble {

		private final Node rate;
		/** The rate, checked once, when it is a constant (as nearly every one is); NaN when it is drawn. */
		private final double constantRate;

		Exponential(Node rate, int column) {
			super(column);
			this.rate = rate;
			constantRate = rate.isConstant() ? rate(null) : Double.NaN;
		}

		private double rate(EvaluationContext context) {
			return positive(BuiltinFunction.EXP, "rate", rate.asDouble(context), column);
		}

		boolean hasConstantRate() {
			return constantRate == constantRate;
		}

		/** The rate, if {@link #hasConstantRate()}. */
		double constantRate() {
			return constantRate;
		}

		@Override
		double asDouble(EvaluationContext context) {
			if (hasConstantRate()) {
				return context.standardExponential() / constantRate;
			}
			return context.standardExponential() / rate(context);
		}

		@Override
		OptionalDouble mean() {
			return rate.isConstant() ? OptionalDouble.of(1 / rate(null)) : OptionalDouble.empty();
		}
	}

	static final class Normal extends Node.OfDouble {

		private final Node mu;
		private final Node sigma;

		Normal(Node mu, Node sigma, int column) {
			super(column);
			this.mu = mu;
			this.sigma = sigma;
			if (mu.isConstant() && sigma.isConstant()) {
				finite(BuiltinFunction.NORM, "mu", mu.asDouble(null), column);
				nonNegative(BuiltinFunction.NORM, "sigma", sigma.asDouble(null), column);
			}
		}

		@Override
		double asDouble(EvaluationContext context) {
			double mean = finite(BuiltinFunction.NORM, "mu", mu.asDouble(context), column);
			double deviation = nonNegative(BuiltinFunction.NORM, "sigma", sigma.asDouble(context), column);
			return mean + deviation * context.standardGaussian();
		}

		@Override
		OptionalDouble mean() {
			return mu.isConstant() && sigma.isConstant()
					? OptionalDouble.of(mu.asDouble(null))
					: OptionalDouble.empty();
		}
	}

	/** Lognorm(mu, sigma) of the underlying normal, or LognormMoments(mean, standard deviation) of the log-normal. */
	static final class LogNormal extends Node.OfDouble {

		private final BuiltinFunction function;
		private final Node first;
		private final Node second;
		private final boolean fixed;
		private final double fixedMu;
		private final double fixedSigma;

		LogNormal(BuiltinFunction function, Node first, Node second, int column) {
			super(column);
			this.function = function;
			this.first = first;
			this.second = second;
			this.fixed = first.isConstant() && second.isConstant();
			this.fixedSigma = fixed ? sigma(first.asDouble(null), second.asDouble(null)) : Double.NaN;
			this.fixedMu = fixed ? mu(first.asDouble(null), fixedSigma) : Double.NaN;
		}

		private double sigma(double a, double b) {
			if (function == BuiltinFunction.LOGNORM) {
				finite(function, "mu", a, column);
				return nonNegative(function, "sigma", b, column);
			}
			double mean = positive(function, "mean", a, column);
			double deviation = nonNegative(function, "standard deviation", b, column);
			double variation = deviation / mean;
			return Math.sqrt(Math.log1p(variation * variation));
		}

		private double mu(double a, double sigma) {
			return function == BuiltinFunction.LOGNORM ? a : Math.log(a) - sigma * sigma / 2;
		}

		@Override
		double asDouble(EvaluationContext context) {
			if (fixed) {
				return Math.exp(fixedMu + fixedSigma * context.standardGaussian());
			}
			double a = first.asDouble(context);
			double sigma = sigma(a, second.asDouble(context));
			return Math.exp(mu(a, sigma) + sigma * context.standardGaussian());
		}

		@Override
		OptionalDouble mean() {
			return fixed ? OptionalDouble.of(Math.exp(fixedMu + fixedSigma * fixedSigma / 2)) : OptionalDouble.empty();
		}
	}

	/** Gamma(alpha, theta) with shape and scale, or GammaMoments(mean, coefficient of variation). */
	static final class Gamma extends Node.OfDouble {

		private final BuiltinFunction function;
		private final Node first;
		private final Node second;
		private final int slot;

		Gamma(BuiltinFunction function, Node first, Node second, int slot, int column) {
			super(column);
			this.function = function;
			this.first = first;
			this.second = second;
			this.slot = slot;
			if (first.isConstant() && second.isConstant()) {
				check(first.asDouble(null), second.asDouble(null));
			}
		}

		private void check(double a, double b) {
			if (function == BuiltinFunction.GAMMA) {
				positive(function, "alpha", a, column);
				positive(function, "theta", b, column);
			} else {
				positive(function, "mean", a, column);
				positive(function, "coefficient of variation", b, column);
			}
		}

		@Override
		double asDouble(EvaluationContext context) {
			double a = first.asDouble(context);
			double b = second.asDouble(context);
			check(a, b);
			// GammaMoments: mean = shape * scale and coefficient of variation = 1 / sqrt(shape).
			double shape = function == BuiltinFunction.GAMMA ? a : 1 / (b * b);
			double scale = function == BuiltinFunction.GAMMA ? b : a * b * b;
			return sampler(context, shape).sample() * scale;
		}

		private ContinuousSampler sampler(EvaluationContext context, double shape) {
			if (context.slots[slot] instanceof Keyed keyed && keyed.first == shape) {
				return (ContinuousSampler) keyed.sampler;
			}
			ContinuousSampler sampler = create(function, column,
					() -> AhrensDieterMarsagliaTsangGammaSampler.of(context, shape, 1));
			context.slots[slot] = new Keyed(shape, 0, sampler);
			return sampler;
		}

		@Override
		OptionalDouble mean() {
			if (!first.isConstant() || !second.isConstant()) {
				return OptionalDouble.empty();
			}
			double a = first.asDouble(null);
			return OptionalDouble.of(function == BuiltinFunction.GAMMA ? a * second.asDouble(null) : a);
		}
	}

	static final class Poisson extends Node.OfLong {

		private final Node lambda;
		private final int slot;

		Poisson(Node lambda, int slot, int column) {
			super(column);
			this.lambda = lambda;
			this.slot = slot;
			if (lambda.isConstant()) {
				lambda(null);
			}
		}

		private double lambda(EvaluationContext context) {
			return nonNegative(BuiltinFunction.POIS, "lambda", lambda.asDouble(context), column);
		}

		@Override
		long asLong(EvaluationContext context) {
			double mean = lambda(context);
			if (mean == 0) {
				return 0;
			}
			if (context.slots[slot] instanceof Keyed keyed && keyed.first == mean) {
				return ((DiscreteSampler) keyed.sampler).sample();
			}
			DiscreteSampler sampler = create(BuiltinFunction.POIS, column, () -> PoissonSampler.of(context, mean));
			context.slots[slot] = new Keyed(mean, 0, sampler);
			return sampler.sample();
		}

		@Override
		OptionalDouble mean() {
			return lambda.isConstant() ? OptionalDouble.of(lambda(null)) : OptionalDouble.empty();
		}
	}

	static final class Binomial extends Node.OfLong {

		private final Node trials;
		private final Node probability;
		private final int slot;

		Binomial(Node trials, Node probability, int slot, int column) {
			super(column);
			this.trials = trials;
			this.probability = probability;
			this.slot = slot;
			if (trials.isConstant() && probability.isConstant()) {
				trials(null);
				probability(null);
			}
		}

		private int trials(EvaluationContext context) {
			long n = trials.asLong(context);
			if (n < 0 || n > Integer.MAX_VALUE) {
				throw invalid(BuiltinFunction.BINOM, "n must be between 0 and " + Integer.MAX_VALUE, n, column);
			}
			return (int) n;
		}

		private double probability(EvaluationContext context) {
			double p = probability.asDouble(context);
			if (!(p >= 0 && p <= 1)) {
				throw invalid(BuiltinFunction.BINOM, "p must be between 0 and 1", p, column);
			}
			return p;
		}

		@Override
		long asLong(EvaluationContext context) {
			int n = trials(context);
			double p = probability(context);
			if (context.slots[slot] instanceof Keyed keyed && keyed.first == n && keyed.second == p) {
				return ((DiscreteSampler) keyed.sampler).sample();
			}
			// Commons RNG's table sampler resolves probabilities down to 2^-31 and fails, with an
			// index out of bounds, on a distribution that is one value at that resolution (such
			// pairs are never cached, so the cached sampler above is never one of them).
			if (n * Math.min(p, 1 - p) < 0x1p-30) {
				return p > 0.5 ? n : 0;
			}
			DiscreteSampler sampler = create(BuiltinFunction.BINOM, column,
					() -> MarsagliaTsangWangDiscreteSampler.Binomial.of(context, n, p));
			context.slots[slot] = new Keyed(n, p, sampler);
			return sampler.sample();
		}

		@Override
		OptionalDouble mean() {
			return trials.isConstant() && probability.isConstant()
					? OptionalDouble.of(trials(null) * probability(null))
					: OptionalDouble.empty();
		}
	}

	/** UniDouble(a, b): uniform on [a, b). */
	static final class UniformDouble extends Node.OfDouble {

		private final Node lower;
		private final Node upper;

		UniformDouble(Node lower, Node upper, int column) {
			super(column);
			this.lower = lower;
			this.upper = upper;
			if (lower.isConstant() && upper.isConstant()) {
				width(lower.asDouble(null), upper.asDouble(null));
			}
		}

		private double width(double a, double b) {
			finite(BuiltinFunction.UNI_DOUBLE, "a", a, column);
			finite(BuiltinFunction.UNI_DOUBLE, "b", b, column);
			if (a > b) {
				throw invalid(BuiltinFunction.UNI_DOUBLE, "b must not be less than a = " + Values.formatDouble(a), b,
						column);
			}
			return b - a;
		}

		@Override
		double asDouble(EvaluationContext context) {
			double a = lower.asDouble(context);
			return a + width(a, upper.asDouble(context)) * context.nextDouble();
		}

		@Override
		OptionalDouble mean() {
			return lower.isConstant() && upper.isConstant()
					? OptionalDouble.of((lower.asDouble(null) + upper.asDouble(null)) / 2)
					: OptionalDouble.empty();
		}
	}

	/** UniInt(a, b): uniform on the whole numbers a..b, both included. */
	static final class UniformInt extends Node.OfLong {

		private final Node lower;
		private final Node upper;

		UniformInt(Node lower, Node upper, int column) {
			super(column);
			this.lower = lower;
			this.upper = upper;
			if (lower.isConstant() && upper.isConstant()) {
				count(lower.asLong(null), upper.asLong(null));
			}
		}

		private long count(long a, long b) {
			long count = b - a + 1;
			if (a > b || count <= 0) {
				throw invalid(BuiltinFunction.UNI_INT, "b must be at least a = " + a + " and b - a below 2^63", b,
						column);
			}
			return count;
		}

		@Override
		long asLong(EvaluationContext context) {
			long a = lower.asLong(context);
			return a + context.nextLong(count(a, upper.asLong(context)));
		}

		@Override
		OptionalDouble mean() {
			return lower.isConstant() && upper.isConstant()
					? OptionalDouble.of(((double) lower.asLong(null) + upper.asLong(null)) / 2)
					: OptionalDouble.empty();
		}
	}

	private static <S> S create(BuiltinFunction function, int column, Supplier<S> factory) {
		try {
			return factory.get();
		} catch (IllegalArgumentException e) {
			throw new StoExEvaluationException(column, function.stoexName + ": " + e.getMessage());
		}
	}

	private static double positive(BuiltinFunction function, String parameter, double value, int column) {
		if (value > 0 && value < Double.POSITIVE_INFINITY) {
			return value;
		}
		throw invalid(function, parameter + " must be positive and finite", value, column);
	}

	private static double nonNegative(BuiltinFunction function, String parameter, double value, int column) {
		if (value >= 0 && value < Double.POSITIVE_INFINITY) {
			return value;
		}
		throw invalid(function, parameter + " must be zero or positive and finite", value, column);
	}

	private static double finite(BuiltinFunction function, String parameter, double value, int column) {
		if (Double.isFinite(value)) {
			return value;
		}
		throw invalid(function, parameter + " must be finite", value, column);
	}

	private static StoExEvaluationException invalid(BuiltinFunction function, String rule, Object value, int column) {
		String shown = value instanceof Double d ? Values.formatDouble(d) : value.toString();
		return new StoExEvaluationException(column, function.stoexName + ": " + rule + ", but is " + shown);
	}
}
