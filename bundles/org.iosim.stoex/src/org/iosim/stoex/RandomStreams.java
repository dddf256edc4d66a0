package org.iosim.stoex;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.rng.JumpableUniformRandomProvider;
import org.apache.commons.rng.RandomProviderState;
import org.apache.commons.rng.RestorableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Deterministic factory of independent random streams derived from one seed.
 * <p>
 * The seed is expanded to the 256-bit state of a xoshiro256++ generator
 * ({@link RandomSource#XO_SHI_RO_256_PP}) with SplitMix64, the expansion its authors recommend so
 * that similar seeds give unrelated states. Stream {@code i} is that generator after {@code i}
 * jumps; a jump advances it by 2<sup>128</sup> draws. Hence:
 * <ul>
 * <li>streams never overlap in practice: each can deliver 2<sup>128</sup> numbers before it
 * reaches the start of the next, so sources fed from different streams are independent;</li>
 * <li>stream {@code i} depends only on the seed and {@code i}, not on which streams were created
 * before or in which order, so a run is reproducible when sources are numbered stably.</li>
 * </ul>
 * Each call returns a new generator positioned at the start of its stream; it also implements
 * {@link JumpableUniformRandomProvider}. Thread-safe.
 */
public final class RandomStreams {

	private final RestorableUniformRandomProvider frontier;
	private final List<RandomProviderState> streamStarts = new ArrayList<>();

	/** @param seed the seed of every stream */
	public RandomStreams(long seed) {
		UniformRandomProvider expansion = RandomSource.SPLIT_MIX_64.create(seed);
		long[] state = { expansion.nextLong(), expansion.nextLong(), expansion.nextLong(), expansion.nextLong() };
		frontier = RandomSource.XO_SHI_RO_256_PP.create(state);
	}

	/**
	 * @param index the stream number, 0 or more
	 * @return a new generator at the start of stream {@code index}
	 */
	public synchronized UniformRandomProvider stream(int index) {
		if (index < 0) {
			throw new IllegalArgumentException("stream index must not be negative: " + index);
		}
		// Jumping costs about as much as a few hundred draws, so the start of every stream reached
		// so far is kept instead of jumping from the seed again.
		while (streamStarts.size() <= index) {
			streamStarts.add(frontier.saveState());
			((JumpableUniformRandomProvider) frontier).jump();
		}
		RestorableUniformRandomProvider stream = RandomSource.XO_SHI_RO_256_PP.create(new long[] { 0, 0, 0, 1 });
		stream.restoreState(streamStarts.get(index)); // the placeholder seed is replaced at once
		return stream;
	}
}
