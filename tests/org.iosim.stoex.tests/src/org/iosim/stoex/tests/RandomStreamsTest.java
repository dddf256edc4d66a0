package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.apache.commons.rng.JumpableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.RandomStreams;
import org.iosim.stoex.StoEx;
import org.junit.jupiter.api.Test;

class RandomStreamsTest {

	private static long[] draw(UniformRandomProvider rng, int count) {
		long[] values = new long[count];
		for (int i = 0; i < count; i++) {
			values[i] = rng.nextLong();
		}
		return values;
	}

	@Test
	void sameSeedAndIndexGiveTheSameSequence() {
		assertArrayEquals(draw(new RandomStreams(42).stream(3), 1000), draw(new RandomStreams(42).stream(3), 1000));
		RandomStreams streams = new RandomStreams(42);
		assertArrayEquals(draw(streams.stream(3), 1000), draw(streams.stream(3), 1000),
				"each call starts a new generator at the beginning of the stream");
	}

	@Test
	void differentIndexesOrSeedsGiveDifferentSequences() {
		RandomStreams streams = new RandomStreams(42);
		long[] first = draw(streams.stream(0), 100);
		long[] second = draw(streams.stream(1), 100);
		long[] otherSeed = draw(new RandomStreams(43).stream(0), 100);
		for (int i = 0; i < 100; i++) {
			assertFalse(first[i] == second[i] || first[i] == otherSeed[i], "draw " + i);
		}
	}

	@Test
	void streamDoesNotDependOnCreationOrder() {
		RandomStreams ascending = new RandomStreams(7);
		long[] two = draw(ascending.stream(2), 50);
		long[] five = draw(ascending.stream(5), 50);
		RandomStreams descending = new RandomStreams(7);
		assertArrayEquals(five, draw(descending.stream(5), 50));
		assertArrayEquals(two, draw(descending.stream(2), 50));
		assertArrayEquals(five, draw(new RandomStreams(7).stream(5), 50));
	}

	@Test
	void consecutiveStreamsAreOneJumpApart() {
		RandomStreams streams = new RandomStreams(11);
		JumpableUniformRandomProvider zero = (JumpableUniformRandomProvider) streams.stream(0);
		zero.jump();
		assertArrayEquals(draw(streams.stream(1), 100), draw(zero, 100));
	}

	@Test
	void samplingIsReproducibleFromASeed() {
		CompiledExpression expression = StoEx.parse("Exp(1) + Norm(0, 1) + Gamma(2, 1) + Pois(5) + "
				+ "DoublePDF[(1.0;0.5)(2.0;0.5)] + IntPMF[(1;0.5)(2;0.5)]").compile();
		double[] first = new double[500];
		double[] second = new double[500];
		UniformRandomProvider a = new RandomStreams(5).stream(1);
		UniformRandomProvider b = new RandomStreams(5).stream(1);
		for (int i = 0; i < 500; i++) {
			first[i] = expression.sampleDouble(a, Bindings.EMPTY);
			second[i] = expression.sampleDouble(b, Bindings.EMPTY);
		}
		assertArrayEquals(first, second);
		double[] otherStream = new double[500];
		UniformRandomProvider c = new RandomStreams(5).stream(2);
		for (int i = 0; i < 500; i++) {
			otherStream[i] = expression.sampleDouble(c, Bindings.EMPTY);
		}
		assertFalse(Arrays.equals(first, otherStream));
	}

	@Test
	void negativeIndexIsRejected() {
		IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RandomStreams(1).stream(-1));
		assertEquals("stream index must not be negative: -1", e.getMessage());
	}
}
