package org.iosim.stoex.internal;

import java.util.OptionalDouble;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AliasMethodDiscreteSampler;
import org.apache.commons.rng.sampling.distribution.DiscreteSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.iosim.stoex.StoExType;

/** IntPMF, DoublePMF, EnumPMF, BoolPMF and DoublePDF literals. */
final class ProbabilityFunctionNodes {

	private ProbabilityFunctionNodes() {
	}

	/**
	 * Picks an index with the given probabilities by Walker's alias method: one draw per sample,
	 * whatever the number of values. The tables are built once at compilation; each context gets
	 * a sampler sharing them.
	 */
	static final class Choice {

		/** The prototype only holds the tables and is never sampled. */
		private static final UniformRandomProvider UNBOUND = () -> {
			throw new IllegalStateException("the prototype sampler is never sampled");
		};

		private final SharedStateDiscreteSampler prototype;
		private final int slot;

		Choice(double[] probabilities, int slot) {
			this.prototype = AliasMethodDiscreteSampler.of(UNBOUND, probabilities);
			this.slot = slot;
		}

		int next(EvaluationContext context) {
			Object sampler = context.slots[slot];
			if (sampler == null) {
				sampler = prototype.withUniformRandomProvider(context);
				context.slots[slot] = sampler;
			}
			return ((DiscreteSampler) sampler).sample();
		}
	}

	/** Probabilities are normalised as the sampler does, so that the mean matches what is sampled. */
	private static double weightedMean(double[] values, double[] probabilities) {
		double weighted = 0;
		double total = 0;
		for (int i = 0; i < values.length; i++) {
			weighted += values[i] * probabilities[i];
			total += probabilities[i];
		}
		return weighted / total;
	}

	static final class IntPmf extends Node.OfLong {

		private final long[] values;
		private final Choice choice;
		private final double mean;

		IntPmf(long[] values, double[] probabilities, int slot, int column) {
			super(column);
			this.values = values.clone();
			this.choice = new Choice(probabilities, slot);
			double[] asDoubles = new double[values.length];
			for (int i = 0; i < values.length; i++) {
				asDoubles[i] = values[i];
			}
			this.mean = weightedMean(asDoubles, probabilities);
		}

		@Override
		long asLong(EvaluationContext context) {
			return values[choice.next(context)];
		}

		@Override
		OptionalDouble mean() {
			return OptionalDouble.of(mean);
		}
	}

	static final class DoublePmf extends Node.OfDouble {

		private final double[] values;
		private final Choice choice;
		private final double mean;

		DoublePmf(double[] values, double[] probabilities, int slot, int column) {
			super(column);
			this.values = values.clone();
			this.choice = new Choice(probabilities, slot);
			this.mean = weightedMean(values, probabilities);
		}

		@Override
		double asDouble(EvaluationContext context) {
			return values[choice.next(context)];
		}

		@Override
		OptionalDouble mean() {
			return OptionalDouble.of(mean);
		}
	}

	static final class EnumPmf extends Node {

		private final String[] values;
		private final Choice choice;

		EnumPmf(String[] values, double[] probabilities, int slot, int column) {
			super(StoExType.ENUM, column);
			this.values = values.clone();
			this.choice = new Choice(probabilities, slot);
		}

		@Override
		Object asObject(EvaluationContext context) {
			return values[choice.next(context)];
		}
	}

	static final class BoolPmf extends Node.OfBoolean {

		private final double probabilityOfTrue;

		/** @param probabilityOfTrue normalised by the total of the listed probabilities */
		BoolPmf(double probabilityOfTrue, int column) {
			super(column);
			this.probabilityOfTrue = probabilityOfTrue;
		}

		@Override
		boolean asBoolean(EvaluationContext context) {
			return context.nextDouble() < probabilityOfTrue;
		}

		@Override
		OptionalDouble mean() {
			return OptionalDouble.of(probabilityOfTrue);
		}
	}

	/**
	 * Piecewise uniform density: the i-th probability is spread evenly over the interval from the
	 * previous value (0 for the first) to the i-th value.
	 */
	static final class DoublePdf extends Node.OfDouble {

		private final double[] lowerEnds;
		private final double[] widths;
		private final Choice choice;
		private final double mean;

		DoublePdf(double[] upperEnds, double[] probabilities, int slot, int column) {
			super(column);
			this.lowerEnds = new double[upperEnds.length];
			this.widths = new double[upperEnds.length];
			double[] midpoints = new double[upperEnds.length];
			for (int i = 0; i < upperEnds.length; i++) {
				lowerEnds[i] = i == 0 ? 0 : upperEnds[i - 1];
				widths[i] = upperEnds[i] - lowerEnds[i];
				midpoints[i] = lowerEnds[i] + widths[i] / 2;
			}
			this.choice = new Choice(probabilities, slot);
			this.mean = weightedMean(midpoints, probabilities);
		}

		@Override
		double asDouble(EvaluationContext context) {
			int interval = choice.next(context);
			return lowerEnds[interval] + widths[interval] * context.nextDouble();
		}

		@Override
		OptionalDouble mean() {
			return OptionalDouble.of(mean);
		}
	}
}
