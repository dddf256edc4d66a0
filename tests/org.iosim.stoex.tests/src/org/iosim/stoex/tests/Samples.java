package org.iosim.stoex.tests;

import java.util.Map;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.RandomStreams;
import org.iosim.stoex.StoEx;

/** Shortcuts for evaluating expression texts in tests. */
final class Samples {

	private Samples() {
	}

	static UniformRandomProvider rng() {
		return new RandomStreams(20240611L).stream(0);
	}

	/** @return one sample of a text, without variables */
	static Object value(String text) {
		return StoEx.parse(text).compile().sample(rng(), Bindings.EMPTY);
	}

	/** @return one sample of a text with the given variable values */
	static Object value(String text, Map<String, ?> variables) {
		return StoEx.parse(text).compile().sample(rng(), Bindings.of(variables));
	}

	/** @return the sample mean and the standard error of that mean */
	static double[] meanAndStandardError(String text, int count) {
		var expression = StoEx.parse(text).compile();
		UniformRandomProvider rng = rng();
		double sum = 0;
		double sumOfSquares = 0;
		for (int i = 0; i < count; i++) {
			double x = expression.sampleDouble(rng, Bindings.EMPTY);
			sum += x;
			sumOfSquares += x * x;
		}
		double mean = sum / count;
		double variance = (sumOfSquares - count * mean * mean) / (count - 1);
		return new double[] { mean, Math.sqrt(Math.max(variance, 0) / count) };
	}
}
