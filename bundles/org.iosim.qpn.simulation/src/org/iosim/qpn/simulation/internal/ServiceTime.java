package org.iosim.qpn.simulation.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.iosim.qpn.Distribution;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.simulation.UnsupportedNetException;

/**
 * A service-time distribution of a queueing place's colour, with QPME's names and parameters:
 * Exponential (lambda, the rate), Deterministic (p1), Uniform (min, max), Normal (mean, stdDev;
 * negative draws are drawn again, as a time cannot be negative) and Gamma (alpha, the shape, and
 * lambda, the rate, so the mean is alpha/lambda). Normal's mean must be positive. Lognormal (mean,
 * stdDev of the service time itself, as 001 Eq. 7.6 gives the gamma's) is IOSim's: QPME and SimQPN
 * do not know it, which the validator says. Empirical (its bins read from the data file beside the
 * net, see {@code EmpiricalData}; scale, default 1; offset, default 0) draws as SimQPN's does.
 */
abstract sealed class ServiceTime {

	/** The one distribution here that QPME does not have. */
	static final String LOGNORMAL = "Lognormal";
	static final String EMPIRICAL = "Empirical";

	/** A sampler drawing from the given stream. */
	abstract Sampler sampler(UniformRandomProvider random);

	/**
	 * The mean of an exponential service time, which a run draws as this mean times a standard
	 * exponential draw of its own stream, exactly as {@link #sampler} would but without a call through
	 * the interface per draw; NaN for every other distribution.
	 */
	double exponentialMean() {
		return Double.NaN;
	}

	@FunctionalInterface
	interface Sampler {
		double next();
	}

	static ServiceTime of(Distribution distribution, String where) {
		if (distribution == null || distribution.getFunction() == null) {
			throw new UnsupportedNetException(where + ": no service-time distribution");
		}
		Map<String, String> parameters = new LinkedHashMap<>();
		for (DistributionParameter parameter : distribution.getParameters()) {
			parameters.put(parameter.getName(), parameter.getValue());
		}
		String function = distribution.getFunction();
		String at = where + ", " + function + " service time";
		return switch (function) {
		case "Exponential" -> new Exponential(positive(parameters, "lambda", at));
		case "Deterministic" -> new Deterministic(nonNegative(parameters, "p1", at));
		case "Uniform" -> {
			double min = nonNegative(parameters, "min", at);
			double max = nonNegative(parameters, "max", at);
			if (max < min) {
				throw new UnsupportedNetException(at + ": max " + max + " is below min " + min);
			}
			yield new Uniform(min, max);
		}
		// a mean at or below 0 would leave almost every draw to be redrawn
		case "Normal" -> new Normal(positive(parameters, "mean", at), positive(parameters, "stdDev", at));
		case "Gamma" -> new Gamma(positive(parameters, "alpha", at), positive(parameters, "lambda", at));
		case LOGNORMAL -> new Lognormal(positive(parameters, "mean", at), positive(parameters, "stdDev", at));
		case EMPIRICAL -> new Empirical(bins(parameters, at),
				parameters.containsKey("scale") ? positive(parameters, "scale", at) : 1,
				parameters.containsKey("offset") ? nonNegative(parameters, "offset", at) : 0);
		default -> throw new UnsupportedNetException(at + ": the distribution is not simulated yet; supported: "
				+ List.of("Exponential", "Deterministic", "Uniform", "Normal", "Gamma", EMPIRICAL, LOGNORMAL));
		};
	}

	/** The Empirical's bin probabilities, which reading the net put in the parameter 'pdf'. */
	private static double[] bins(Map<String, String> parameters, String where) {
		String text = parameters.get("pdf");
		if (text == null) {
			throw new UnsupportedNetException(where + ": its data (the file named by pdf_filename) was not read");
		}
		try {
			double[] bins = java.util.Arrays.stream(text.split(";")).mapToDouble(Double::parseDouble).toArray();
			if (java.util.Arrays.stream(bins).allMatch(bin -> bin >= 0 && bin < Double.POSITIVE_INFINITY)
					&& java.util.Arrays.stream(bins).sum() > 0) {
				return bins;
			}
		} catch (NumberFormatException notNumbers) {
			// named below
		}
		throw new UnsupportedNetException(where + ": its bin probabilities must be numbers of at least 0, one above 0");
	}

	private static double number(Map<String, String> parameters, String name, String where) {
		String text = parameters.get(name);
		if (text == null) {
			throw new UnsupportedNetException(where + ": parameter '" + name + "' is missing");
		}
		try {
			double value = Double.parseDouble(text.trim());
			if (!Double.isFinite(value)) {
				throw new NumberFormatException();
			}
			return value;
		} catch (NumberFormatException notANumber) {
			throw new UnsupportedNetException(where + ": parameter '" + name + "' is not a finite number: '"
					+ (text.length() > 40 ? text.substring(0, 40) + "…" : text) + "'");
		}
	}

	private static double positive(Map<String, String> parameters, String name, String where) {
		double value = number(parameters, name, where);
		if (!(value > 0)) {
			throw new UnsupportedNetException(where + ": parameter '" + name + "' must be positive, got " + value);
		}
		return value;
	}

	private static double nonNegative(Map<String, String> parameters, String name, String where) {
		double value = number(parameters, name, where);
		if (!(value >= 0)) {
			throw new UnsupportedNetException(where + ": parameter '" + name + "' must not be negative, got " + value);
		}
		return value;
	}

	static final class Exponential extends ServiceTime {
		private final double rate;

		Exponential(double rate) {
			this.rate = rate;
		}


		@Override
		Sampler sampler(UniformRandomProvider random) {
			double mean = exponentialMean();
			ZigguratSampler.Exponential exponential = ZigguratSampler.Exponential.of(random);
			return () -> mean * exponential.sample();
		}

		@Override
		double exponentialMean() {
			return 1 / rate;
		}
	}

	static final class Deterministic extends ServiceTime {
		private final double value;

		Deterministic(double value) {
			this.value = value;
		}


		@Override
		Sampler sampler(UniformRandomProvider random) {
			return () -> value;
		}
	}

	static final class Uniform extends ServiceTime {
		private final double min;
		private final double max;

		Uniform(double min, double max) {
			this.min = min;
			this.max = max;
		}


		@Override
		Sampler sampler(UniformRandomProvider random) {
			return () -> min + (max - min) * random.nextDouble();
		}
	}

	static final class Normal extends ServiceTime {
		private final double mean;
		private final double standardDeviation;

		Normal(double mean, double standardDeviation) {
			this.mean = mean;
			this.standardDeviation = standardDeviation;
		}


		@Override
		Sampler sampler(UniformRandomProvider random) {
			ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(random);
			return () -> {
				double value;
				do {
					value = mean + standardDeviation * gaussian.sample();
				} while (value < 0);
				return value;
			};
		}
	}

	static final class Gamma extends ServiceTime {
		private final double shape;
		private final double rate;

		Gamma(double shape, double rate) {
			this.shape = shape;
			this.rate = rate;
		}


		@Override
		Sampler sampler(UniformRandomProvider random) {
			var gamma = AhrensDieterMarsagliaTsangGammaSampler.of(random, shape, 1 / rate);
			return gamma::sample;
		}
	}

	/** A lognormal service time with the given mean and standard deviation: exp(m + s·Z), Z standard normal. */
	static final class Lognormal extends ServiceTime {
		private final double location;
		private final double scale;

		Lognormal(double mean, double standardDeviation) {
			double variance = Math.log1p(standardDeviation * standardDeviation / (mean * mean));
			this.location = Math.log(mean) - variance / 2;
			this.scale = Math.sqrt(variance);
		}

		@Override
		Sampler sampler(UniformRandomProvider random) {
			ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(random);
			return () -> Math.exp(location + scale * gaussian.sample());
		}
	}

	/**
	 * Bins of equal width over [0, 1) with the given probabilities: a draw picks a bin by its share and
	 * a point in it uniformly (the cumulative distribution interpolated linearly, as SimQPN's
	 * Empirical does), then scales and shifts it.
	 */
	static final class Empirical extends ServiceTime {
		private final double[] cumulative;
		private final double scale;
		private final double offset;

		Empirical(double[] bins, double scale, double offset) {
			double total = java.util.Arrays.stream(bins).sum();
			cumulative = new double[bins.length + 1];
			for (int bin = 0; bin < bins.length; bin++) {
				cumulative[bin + 1] = cumulative[bin] + bins[bin] / total;
			}
			cumulative[bins.length] = 1;
			this.scale = scale;
			this.offset = offset;
		}

		@Override
		Sampler sampler(UniformRandomProvider random) {
			int bins = cumulative.length - 1;
			return () -> {
				double u = random.nextDouble();
				int low = 0;
				int high = bins;
				// the last bin whose cumulative start is at most u
				while (high - low > 1) {
					int middle = (low + high) >>> 1;
					if (cumulative[middle] <= u) {
						low = middle;
					} else {
						high = middle;
					}
				}
				double width = cumulative[low + 1] - cumulative[low];
				double within = width > 0 ? (u - cumulative[low]) / width : 0;
				return offset + scale * (low + within) / bins;
			};
		}
	}
}
