package org.iosim.stoex.internal;

import java.util.Objects;
import java.util.OptionalDouble;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExType;

/** A compiled expression: the root node plus one evaluation context per thread. */
public final class CompiledTree implements CompiledExpression {

	private final Node root;
	private final String text;
	private final int slotCount;
	private final ThreadLocal<EvaluationContext> contexts;
	/**
	 * The context of the first thread that sampled, reached without a ThreadLocal lookup: a
	 * simulation replication samples each of its expressions from one thread, millions of times.
	 * Other threads still get their own context through {@link #contexts}.
	 */
	private volatile OwnedContext owned;

	private record OwnedContext(Thread thread, EvaluationContext context) {
	}

	CompiledTree(Node root, String text, int slotCount) {
		this.root = root;
		this.text = text;
		this.slotCount = slotCount;
		this.contexts = ThreadLocal.withInitial(() -> new EvaluationContext(slotCount));
	}

	/** @return the exact mean as defined by {@link org.iosim.stoex.Expression#mean()} */
	public OptionalDouble mean() {
		return root.mean();
	}

	@Override
	public StoExType type() {
		return root.type;
	}

	@Override
	public String text() {
		return text;
	}

	@Override
	public double sampleDouble(UniformRandomProvider rng, Bindings bindings) {
		require(root.type.isNumeric(), "a number");
		if (root.isConstant()) {
			return root.asDouble(null);
		}
		EvaluationContext context = open(rng, bindings);
		try {
			return root.asDouble(context);
		} finally {
			context.close();
		}
	}

	@Override
	public NumberSampler numberSampler(UniformRandomProvider rng) {
		Objects.requireNonNull(rng, "rng");
		if (root.type.isNumeric() && root.isConstant()) {
			double value = root.asDouble(null);
			return bindings -> value;
		}
		if (root instanceof DistributionNodes.Exponential exponential && exponential.hasConstantRate()) {
			// the draws the context's sampler would make, since the context passes each call on to rng
			ZigguratSampler.Exponential standard = ZigguratSampler.Exponential.of(rng);
			double rate = exponential.constantRate();
			if (rate == 1) {
				// the same number without a division, whose latency the next event's time waits for
				return bindings -> standard.sample();
			}
			return bindings -> standard.sample() / rate;
		}
		return bindings -> sampleDouble(rng, bindings);
	}

	@Override
	public long sampleLong(UniformRandomProvider rng, Bindings bindings) {
		require(root.type == StoExType.INT || root.type == StoExType.ANY, "a whole number");
		if (root.isConstant()) {
			return root.asLong(null);
		}
		EvaluationContext context = open(rng, bindings);
		try {
			return root.asLong(context);
		} finally {
			context.close();
		}
	}

	@Override
	public boolean sampleBoolean(UniformRandomProvider rng, Bindings bindings) {
		require(root.type == StoExType.BOOL || root.type == StoExType.ANY, "true or false");
		if (root.isConstant()) {
			return root.asBoolean(null);
		}
		EvaluationContext context = open(rng, bindings);
		try {
			return root.asBoolean(context);
		} finally {
			context.close();
		}
	}

	@Override
	public Object sample(UniformRandomProvider rng, Bindings bindings) {
		if (root.isConstant()) {
			return root.asObject(null);
		}
		EvaluationContext context = open(rng, bindings);
		try {
			return root.asObject(context);
		} finally {
			context.close();
		}
	}

	private void require(boolean fits, String expected) {
		if (!fits) {
			throw new StoExEvaluationException(1, "expected " + expected + " but the expression is " + root.type);
		}
	}

	private EvaluationContext open(UniformRandomProvider rng, Bindings bindings) {
		Objects.requireNonNull(rng, "rng");
		Objects.requireNonNull(bindings, "bindings");
		EvaluationContext context = contextOfThisThread();
		if (context.inUse()) {
			// Re-entered on this thread, e.g. from a Bindings lookup that samples this expression.
			context = new EvaluationContext(slotCount);
		}
		context.open(rng, bindings);
		return context;
	}

	private EvaluationContext contextOfThisThread() {
		Thread current = Thread.currentThread();
		OwnedContext first = owned;
		if (first != null && first.thread() == current) {
			return first.context();
		}
		EvaluationContext context = contexts.get();
		if (first == null) {
			// Racing first threads each keep their own ThreadLocal context; whichever is recorded here
			// only decides who takes the fast path.
			owned = new OwnedContext(current, context);
		}
		return context;
	}

	@Override
	public String toString() {
		return text;
	}
}
