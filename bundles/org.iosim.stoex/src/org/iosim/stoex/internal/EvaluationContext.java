package org.iosim.stoex.internal;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.iosim.stoex.Bindings;

/**
 * State of one evaluation on one thread: the caller's generator and bindings, and the samplers of
 * the compiled tree.
 * <p>
 * Commons RNG samplers are bound to a generator when created, but the generator is chosen per
 * call. So the samplers are bound once to this context, which forwards every draw to the
 * generator of the current call: no sampler is created per sample, and draws go to the caller's
 * generator exactly as if the sampler had been bound to it.
 */
final class EvaluationContext implements UniformRandomProvider {

	private UniformRandomProvider rng;
	private Bindings bindings;
	private boolean inUse;
	/** Per-node sampler state, indexed by the slot the compiler gave the node. */
	final Object[] slots;
	private ZigguratSampler.Exponential exponential;
	private ZigguratSampler.NormalizedGaussian gaussian;

	EvaluationContext(int slotCount) {
		slots = new Object[slotCount];
	}

	boolean inUse() {
		return inUse;
	}

	void open(UniformRandomProvider generator, Bindings values) {
		rng = generator;
		bindings = values;
		inUse = true;
	}

	/** Drops the references to the caller's objects so a thread's context does not keep them alive. */
	void close() {
		rng = null;
		bindings = null;
		inUse = false;
	}

	Object lookup(String variable) {
		return bindings.lookup(variable);
	}

	double standardExponential() {
		if (exponential == null) {
			exponential = ZigguratSampler.Exponential.of(this);
		}
		return exponential.sample();
	}

	double standardGaussian() {
		if (gaussian == null) {
			gaussian = ZigguratSampler.NormalizedGaussian.of(this);
		}
		return gaussian.sample();
	}

	// Every method is forwarded, not only nextLong(): generators implement the others in their own
	// way (e.g. 64-bit ones serve two nextInt() from one output), and forwarding keeps the sequence
	// identical to drawing from the caller's generator directly.

	@Override
	public long nextLong() {
		return rng.nextLong();
	}

	@Override
	public long nextLong(long n) {
		return rng.nextLong(n);
	}

	@Override
	public long nextLong(long origin, long bound) {
		return rng.nextLong(origin, bound);
	}

	@Override
	public int nextInt() {
		return rng.nextInt();
	}

	@Override
	public int nextInt(int n) {
		return rng.nextInt(n);
	}

	@Override
	public int nextInt(int origin, int bound) {
		return rng.nextInt(origin, bound);
	}

	@Override
	public double nextDouble() {
		return rng.nextDouble();
	}

	@Override
	public double nextDouble(double bound) {
		return rng.nextDouble(bound);
	}

	@Override
	public double nextDouble(double origin, double bound) {
		return rng.nextDouble(origin, bound);
	}

	@Override
	public float nextFloat() {
		return rng.nextFloat();
	}

	@Override
	public float nextFloat(float bound) {
		return rng.nextFloat(bound);
	}

	@Override
	public float nextFloat(float origin, float bound) {
		return rng.nextFloat(origin, bound);
	}

	@Override
	public boolean nextBoolean() {
		return rng.nextBoolean();
	}

	@Override
	public void nextBytes(byte[] bytes) {
		rng.nextBytes(bytes);
	}

	@Override
	public void nextBytes(byte[] bytes, int start, int len) {
		rng.nextBytes(bytes, start, len);
	}
}
