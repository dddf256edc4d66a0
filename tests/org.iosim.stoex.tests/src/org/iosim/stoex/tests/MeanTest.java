package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;

import org.iosim.stoex.StoEx;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MeanTest {

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"42 | 42", "1.5 * 2 | 3", "true | 1", "1 < 2 | 1", "50 * 1000 * 1000 | 5.0E7", "Max(1, 2) | 2",
			"Round(2.5) | 3", "2.6 / 2.4 | 1.0833333333333335",
			"Exp(2) | 0.5", "Exp(0.04) | 25", "Norm(3, 2) | 3", "Pois(4) | 4", "UniDouble(1, 3) | 2",
			"UniInt(1, 6) | 3.5", "Gamma(2, 3) | 6", "GammaMoments(10, 0.5) | 10",
			"Lognorm(0, 1) | 1.6487212707001282", "LognormMoments(0.2, 0.1) | 0.2", "Binom(10, 0.3) | 3",
			"IntPMF[(1;0.3)(2;0.7)] | 1.7", "IntPMF[ (10;0.2) (30;0.1) (60;0.7) ] | 47",
			"DoublePMF[(1.5;0.5)(2.5;0.5)] | 2", "DoublePMF[(1.2;0.5)(0.95;0.5)] | 1.075",
			"BoolPMF[(true;0.4)(false;0.6)] | 0.4",
			"DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)] | 1.5",
			"DoublePDF[ (1.0; 0.25000000) (2.0; 0.50000000) (3.0; 0.25000000) ] | 1.5",
			"DoublePDF[(2.0;0.5)(2.0;0.25)(4.0;0.25)] | 1.75",
			// sorted by upper end, as Palladio does: (1.0;0.5)(3.0;0.5), midpoints 0.5 and 2
			"DoublePDF[(3.0;0.5)(1.0;0.5)] | 1.25",
			// probabilities that sum to 0.99999 from rounding are scaled to sum to 1: (1 + 2 + 4) / 3
			"DoublePMF[(1.0;0.33333)(2.0;0.33333)(4.0;0.33333)] | 2.3333333333333335",
			// (0.4 · 0.5 + 0.59999 · 2) / 0.99999: the intervals (0, 1] and (1, 3] have midpoints 0.5 and 2
			"DoublePDF[(1.0;0.4)(3.0;0.59999)] | 1.3999939999399994",
			"Exp(2) + 1 | 1.5", "Exp(2) - Norm(1, 1) | -0.5", "-Exp(2) | -0.5", "Exp(2) * UniDouble(0, 4) | 1",
			"Exp(2) / 4 | 0.125", "IntPMF[(1;0.5)(3;0.5)] * 2 + 1 | 5",
			"BoolPMF[(true;0.25)(false;0.75)] ? 10 : 20 | 17.5", "true ? Exp(2) : x.VALUE | 0.5",
			"1 > 2 ? x.VALUE : Pois(3) | 3",
	})
	void exactMeans(String text, double expected) {
		OptionalDouble mean = StoEx.parse(text).mean();
		assertTrue(mean.isPresent(), text);
		assertEquals(expected, mean.getAsDouble(), Math.abs(expected) * 1e-14, text);
	}

	@ParameterizedTest
	@ValueSource(strings = { "x.VALUE", "x.VALUE + 1", "2 * file.BYTESIZE", "4 / Exp(2)", "Exp(2) ^ 2",
			"Exp(2) % 2", "Max(Exp(1), 1)", "Round(Exp(1))", "Exp(1) > 1", "Exp(x.VALUE)",
			"EnumPMF[(\"a\";1.0)]", "\"a\"", "5 % 0", "Exp(1) / 0", "x.VALUE > 1 ? 1 : 2",
			"1.0512*audios.BYTESIZE+ 400000000" })
	void noMeanWhereItIsNotExact(String text) {
		assertTrue(StoEx.parse(text).mean().isEmpty(), text);
	}
}
