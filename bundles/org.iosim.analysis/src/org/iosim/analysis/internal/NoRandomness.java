package org.iosim.analysis.internal;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A generator that refuses to generate: evaluating a formula with it proves that the formula is a
 * deterministic function of its variables, because every draw of a StoEx distribution ends in
 * {@link #nextLong()}.
 */
final class NoRandomness implements UniformRandomProvider {

	static final NoRandomness INSTANCE = new NoRandomness();

	/** Signals a draw; carries no stack trace because it is caught right where the evaluation started. */
	static final class DrawAttempted extends RuntimeException {

		private static final long serialVersionUID = 1L;

		DrawAttempted() {
			super("random draw", null, false, false);
		}
	}

	private NoRandomness() {
	}

	@Override
	public long nextLong() {
		throw new DrawAttempted();
	}
}
