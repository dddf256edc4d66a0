package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.StoEx;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Sample means of 200,000 draws must lie within 4 standard errors of the exact mean. */
class SamplingTest {

	private static final int COUNT = 200_000;

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"Exp(2) | 0.5",
			"Exp(0.04) | 25",
			"Norm(0.07, 0.03) | 0.07",
			"Pois(3.5) | 3.5",
			"Pois(60) | 60",
			"UniDouble(1, 3) | 2",
			"UniInt(1, 6) | 3.5",
			"Gamma(2, 3) | 6",
			"Gamma(0.5, 2) | 1",
			"GammaMoments(10, 0.5) | 10",
			"Lognorm(0, 0.5) | 1.1331484530668263",
			"LognormMoments(2, 1) | 2",
			"Binom(20, 0.3) | 6",
			"IntPMF[(1;0.3)(2;0.7)] | 1.7",
			"IntPMF[(38000;0.4)(40000;0.6)] | 39200",
			"DoublePMF[(1.5;0.5)(2.5;0.5)] | 2",
			"DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)] | 1.5",
			"DoublePDF[ (1.0; 0.25000000) (2.0; 0.50000000) (3.0; 0.25000000) ] | 1.5",
			"Exp(2) * UniDouble(0, 4) + IntPMF[(1;0.5)(3;0.5)] | 3",
			"BoolPMF[(true;0.25)(false;0.75)] ? 10 : 20 | 17.5",
	})
	void sampleMeanMatchesExactMean(String text, double exact) {
		assertEquals(exact, StoEx.parse(text).mean().orElseThrow(), Math.abs(exact) * 1e-14, text);
		double[] estimate = Samples.meanAndStandardError(text, COUNT);
		assertTrue(estimate[1] > 0, text);
		double errors = Math.abs(estimate[0] - exact) / estimate[1];
		assertTrue(errors < 4, text + ": sample mean " + estimate[0] + " is " + errors + " standard errors off");
	}

	/** A sampler bound to a generator draws what sampling with that generator draws, including where it takes a shorter way. */
	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "Exp(2)", "Exp(1)", "Exp(1.0)", "Exp(0.04) * 3", "Exp(n.VALUE)",
			"Norm(0.07, 0.03)", "7.5", "2 * 3 + n.VALUE", "IntPMF[(1;0.3)(2;0.7)] + Exp(4)" })
	void aBoundSamplerDrawsWhatSamplingWithItsGeneratorDraws(String text) {
		CompiledExpression expression = StoEx.parse(text).compile();
		Bindings bindings = variable -> variable.equals("n.VALUE") ? 5.0 : null;
		UniformRandomProvider sampled = Samples.rng();
		UniformRandomProvider bound = Samples.rng();
		CompiledExpression.NumberSampler sampler = expression.numberSampler(bound);
		for (int i = 0; i < 10_000; i++) {
			assertEquals(expression.sampleDouble(sampled, bindings), sampler.sampleDouble(bindings), text + ", sample " + i);
		}
		assertEquals(sampled.nextLong(), bound.nextLong(), "both generators are at the same place afterwards");
	}

	@Test
	void doublePdfSpreadsEachProbabilityOverItsInterval() {
		CompiledExpression pdf = StoEx.parse("DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]").compile();
		UniformRandomProvider rng = Samples.rng();
		int[] perInterval = new int[3];
		for (int i = 0; i < COUNT; i++) {
			double x = pdf.sampleDouble(rng, Bindings.EMPTY);
			assertTrue(x >= 0 && x <= 3, "outside the support: " + x);
			perInterval[Math.min((int) x, 2)]++;
		}
		assertFrequency(0.25, perInterval[0], "(0, 1]");
		assertFrequency(0.5, perInterval[1], "(1, 2]");
		assertFrequency(0.25, perInterval[2], "(2, 3]");
	}

	@Test
	void boolPmfFrequency() {
		CompiledExpression bool = StoEx.parse("BoolPMF[(true;0.4)(false;0.6)]").compile();
		UniformRandomProvider rng = Samples.rng();
		int trues = 0;
		for (int i = 0; i < COUNT; i++) {
			trues += bool.sampleBoolean(rng, Bindings.EMPTY) ? 1 : 0;
		}
		assertFrequency(0.4, trues, "true");
	}

	@Test
	void enumPmfFrequencies() {
		CompiledExpression enumeration = StoEx.parse("EnumPMF[(\"a\";0.2)(\"b\";0.3)(\"c\";0.5)]").compile();
		UniformRandomProvider rng = Samples.rng();
		Map<Object, Integer> counts = new HashMap<>();
		for (int i = 0; i < COUNT; i++) {
			counts.merge(enumeration.sample(rng, Bindings.EMPTY), 1, Integer::sum);
		}
		assertEquals(3, counts.size());
		assertFrequency(0.2, counts.get("a"), "a");
		assertFrequency(0.3, counts.get("b"), "b");
		assertFrequency(0.5, counts.get("c"), "c");
	}

	@Test
	void comparisonFrequencyMatchesTheDistribution() {
		CompiledExpression condition = StoEx.parse("Exp(1) > 1").compile();
		UniformRandomProvider rng = Samples.rng();
		int trues = 0;
		for (int i = 0; i < COUNT; i++) {
			trues += condition.sampleBoolean(rng, Bindings.EMPTY) ? 1 : 0;
		}
		assertFrequency(Math.exp(-1), trues, "Exp(1) > 1");
	}

	@Test
	void uniIntCoversBothEnds() {
		CompiledExpression die = StoEx.parse("UniInt(1, 6)").compile();
		UniformRandomProvider rng = Samples.rng();
		int[] counts = new int[7];
		for (int i = 0; i < 60_000; i++) {
			counts[(int) die.sampleLong(rng, Bindings.EMPTY)]++;
		}
		assertEquals(0, counts[0]);
		for (int face = 1; face <= 6; face++) {
			assertTrue(counts[face] > 9_000 && counts[face] < 11_000, "face " + face + ": " + counts[face]);
		}
	}

	private static void assertFrequency(double probability, int count, String what) {
		double standardError = Math.sqrt(probability * (1 - probability) / COUNT);
		double frequency = (double) count / COUNT;
		assertTrue(Math.abs(frequency - probability) < 4 * standardError,
				what + ": frequency " + frequency + " but probability " + probability);
	}
}
