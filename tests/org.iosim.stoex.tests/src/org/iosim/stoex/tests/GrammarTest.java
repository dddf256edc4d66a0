package org.iosim.stoex.tests;

import static org.iosim.stoex.tests.Samples.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.iosim.stoex.Expression;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GrammarTest {

	@Test
	void literalsHaveTheirValuesAndTypes() {
		assertEquals(42L, value("42"));
		assertEquals(1.0, value("1.0"));
		assertEquals(1.0, value("1."));
		assertEquals(0.001, value("1e-3"));
		assertEquals(250.0, value("2.5E2"));
		assertEquals("a b", value("\"a b\""));
		assertEquals("it's", value("'it\\'s'"));
		assertEquals("tab\there \"quoted\"", value("\"tab\\there \\\"quoted\\\"\""));
		assertEquals(true, value("true"));
		assertEquals(false, value("false"));
		assertEquals(StoExType.INT, StoEx.parse("42").type());
		assertEquals(StoExType.DOUBLE, StoEx.parse("1e-3").type());
		assertEquals(StoExType.STRING, StoEx.parse("\"x\"").type());
		assertEquals(StoExType.BOOL, StoEx.parse("true").type());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"2^3^2 | 512.0",
			"1-2-3 | -4",
			"-2^2 | 4.0",
			"2^-1 | 0.5",
			"-(2^2) | -4.0",
			"1 + 2 * 3 | 7",
			"(1 + 2) * 3 | 9",
			"2 * 3 ^ 2 | 18.0",
			"7 % 4 * 2 | 6",
			"12 / 4 / 3 | 1.0",
			"3 / 2 | 1.5",
			"7.5 % 2 | 1.5",
			"--3 | 3",
			"1 + 2.5 | 3.5",
			"1000 * 1000 * 1000 | 1000000000",
			"2.6 / 2.4 * 2.4 | 2.6",
	})
	void arithmeticFollowsPalladioPrecedence(String text, String expected) {
		Object actual = value(text);
		if (expected.contains(".")) {
			assertEquals(Double.parseDouble(expected), (Double) actual, 1e-12, text);
		} else {
			assertEquals(Long.parseLong(expected), actual, text);
		}
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"1 < 2 | true", "2 < 1 | false", "1 > 2 | false", "2 >= 2 | true", "3 <= 2 | false",
			"1 == 1.0 | true", "1 <> 1 | false", "\"a\" == \"a\" | true", "\"a\" <> \"b\" | true",
			"true == false | false", "NOT true | false", "NOT 1 == 2 | true", "NOT NOT true | true",
			"true AND false | false", "true OR false | true", "true XOR true | false", "false XOR true | true",
			// Palladio: AND binds more loosely than OR, so this is (true OR true) AND false.
			"true OR true AND false | false",
			"false AND true OR true | false",
			"1 + 1 == 2 AND 3 > 2 | true",
			"true == NOT false | true",
	})
	void booleanOperatorsAndComparisons(String text, boolean expected) {
		assertEquals(expected, value(text), text);
	}

	@Test
	void conditionalSelectsABranchAndNestsToTheRight() {
		assertEquals(1L, value("1 < 2 ? 1 : 2"));
		assertEquals(2L, value("1 > 2 ? 1 : 2"));
		assertEquals(3L, value("false ? 1 : false ? 2 : 3"));
		assertEquals(2.0, value("true ? 2 : 2.5"), "the INT branch of a DOUBLE conditional gives a DOUBLE");
		assertEquals(StoExType.DOUBLE, StoEx.parse("x.VALUE > 1 ? 2 : 2.5").type());
		assertEquals(10L, value("x.VALUE > 1 ? 10 : 20", Map.of("x.VALUE", 5)));
		assertEquals(20L, value("x.VALUE > 1 ? 10 : 20", Map.of("x.VALUE", 0)));
	}

	@Test
	void variablesAreDottedPathsEndingInACharacterisation() {
		Expression expression = StoEx.parse("a.VALUE + b.BYTESIZE + c.NUMBER_OF_ELEMENTS + d.e.f.BYTESIZE"
				+ " + list.INNER.BYTESIZE + a.VALUE");
		assertEquals(List.of("a.VALUE", "b.BYTESIZE", "c.NUMBER_OF_ELEMENTS", "d.e.f.BYTESIZE", "list.INNER.BYTESIZE"),
				List.copyOf(expression.variables()));
		assertEquals(Set.of("x.TYPE", "x.STRUCTURE"), StoEx.parse("x.TYPE == x.STRUCTURE").variables());
		assertEquals(Set.of("file.BYTESIZE"), StoEx.parse("file.BYTESIZE * 2").variables());
		assertEquals(8192L, value("file.BYTESIZE * 2", Map.of("file.BYTESIZE", 4096)));
		assertEquals(true, value("x.TYPE == \"int\"", Map.of("x.TYPE", "int")));
		assertEquals(3L, value("RETURN.NUMBER_OF_ELEMENTS", Map.of("RETURN.NUMBER_OF_ELEMENTS", 3L)));
	}

	@Test
	void probabilityFunctionsOfEveryKindParse() {
		assertEquals(StoExType.INT, StoEx.parse("IntPMF[(1;0.3)(2;0.7)]").type());
		assertEquals(StoExType.DOUBLE, StoEx.parse("DoublePMF[(1.5;0.5)(2.5;0.5)]").type());
		assertEquals(StoExType.ENUM, StoEx.parse("EnumPMF[(\"a\";0.3)(\"b\";0.7)]").type());
		assertEquals(StoExType.ENUM, StoEx.parse("EnumPMF(ordered)[(\"low\";0.5)(\"high\";0.5)]").type());
		assertEquals(StoExType.BOOL, StoEx.parse("BoolPMF[(true;0.4)(false;0.6)]").type());
		assertEquals(StoExType.BOOL, StoEx.parse("BoolPMF(ordered)[(false;1.0)]").type());
		assertEquals(StoExType.DOUBLE, StoEx.parse("DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]").type());
		assertEquals(-3L, value("IntPMF[(-3;1.0)]"));
		assertEquals(-0.5, value("DoublePMF[(-0.5;1)]"));
		assertEquals("only", value("EnumPMF[(\"only\";1.0)]"));
		assertEquals(false, value("BoolPMF[(true;0.0)(false;1.0)]"));
	}

	@ParameterizedTest
	@ValueSource(strings = {
			"DoublePDF[ (1.0; 0.25000000) (2.0; 0.50000000) (3.0; 0.25000000) ]",
			"DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]",
			"DoublePDF[\n\t(1.0 ;0.25)\n\t(2.0 ;0.5)\n\t(3.0 ;0.25)\n]",
			" DoublePDF [ ( 1.0 ; 0.25 ) ( 2 ; 0.5 ) ( 3.0 ; 0.25 ) ] ",
			"DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)] /* Palladio comment */",
			"// leading line comment\nDoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]",
	})
	void whitespaceAndCommentsDoNotMatter(String text) {
		assertEquals("DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]", StoEx.parse(text).text());
	}

	@Test
	void unitSuffixesAreAcceptedAndKept() {
		assertEquals(5L, value("5[B]"));
		assertEquals(2.5, value("2.5 [s]"));
		assertEquals("IntPMF[(1;0.5)(2;0.5)][B]", StoEx.parse("IntPMF[(1;0.5)(2;0.5)] [ B ]").text());
		assertEquals("DoublePDF[(1.0;1.0)][m/s^-2]", StoEx.parse("DoublePDF[(1.0;1.0)][m / s ^ -2]").text());
	}

	/** Found by the property tests: joined without a blank, these units read as an exponent or a comment. */
	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"5[1 e5] | 5[1 e5]", "5[1 E] | 5[1 E]", "5[2 B] | 5[2B]", "5[/ *] | 5[/ *]", "5[/ /] | 5[/ /]",
			"5[* /] | 5[*/]", "IntPMF[(1;1.0)][kg / m ^ 3] | IntPMF[(1;1.0)][kg/m^3]",
	})
	void unitPartsAreJoinedUnlessThatChangesTheirReading(String text, String canonical) {
		Expression expression = StoEx.parse(text);
		assertEquals(canonical, expression.text());
		assertEquals(canonical, StoEx.parse(canonical).text());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"Exp(1) | Exp(1)",
			"IntPMF[(38000;0.4)(40000;0.6)] | IntPMF[(38000;0.4)(40000;0.6)]",
			"file.BYTESIZE*2 | file.BYTESIZE * 2",
			"((1+2))*3 | (1 + 2) * 3",
			"1-(2-3) | 1 - (2 - 3)",
			"(1-2)-3 | 1 - 2 - 3",
			"(2^3)^2 | (2 ^ 3) ^ 2",
			"2^(3^2) | 2 ^ 3 ^ 2",
			"-(2^2) | -(2 ^ 2)",
			"(-2)^2 | -2 ^ 2",
			"(a.VALUE OR b.VALUE) AND c.VALUE | a.VALUE OR b.VALUE AND c.VALUE",
			"a.VALUE OR (b.VALUE AND c.VALUE) | a.VALUE OR (b.VALUE AND c.VALUE)",
			"NOT (1 == 2) | NOT 1 == 2",
			"(NOT true) == false | (NOT true) == false",
			"(true ? 1 : 2) + 1 | (true ? 1 : 2) + 1",
			"75182981.91 | 75182981.91",
			"7.212694342041994E-4 | 0.0007212694342041994",
			"1.017784E7 | 10177840.0",
			"Max( 1 ,2 ) | Max(1, 2)",
			"\"a\\\"b\" | \"a\\\"b\"",
	})
	void canonicalTextIsNormalisedAndReadsBack(String text, String canonical) {
		Expression expression = StoEx.parse(text);
		assertEquals(canonical, expression.text());
		assertEquals(expression, StoEx.parse(expression.text()));
		assertEquals(canonical, StoEx.parse(expression.text()).text());
	}

	/**
	 * Numbers that Java writes in E notation are written out as BigDecimal writes them (the printer does
	 * without BigDecimal, whose first use is slow): compared on every power of ten of the range, its
	 * neighbours, and random numbers of every magnitude in it.
	 */
	@Test
	void numbersInENotationAreWrittenOutAsBigDecimalWritesThem() {
		List<Double> numbers = new ArrayList<>();
		for (int power = -7; power <= 20; power++) {
			double ten = Math.pow(10, power);
			numbers.addAll(List.of(ten, Math.nextUp(ten), Math.nextDown(ten), 1.5 * ten, 1.25 * ten, 9.999 * ten));
		}
		SplittableRandom random = new SplittableRandom(3);
		for (int i = 0; i < 5000; i++) {
			numbers.add(random.nextDouble() * Math.pow(10, random.nextInt(-7, 21)));
		}
		for (double number : numbers) {
			for (double signed : new double[] { number, -number }) {
				String shortest = Double.toString(signed);
				if (!shortest.contains("E") || Math.abs(signed) < 1e-7 || Math.abs(signed) >= 1e21) {
					continue;
				}
				String plain = new BigDecimal(shortest).stripTrailingZeros().toPlainString();
				String expected = plain.contains(".") ? plain : plain + ".0";
				String printed = StoEx.parse("DoublePMF[(" + shortest + ";1)]").text();
				assertEquals("DoublePMF[(" + expected + ";1.0)]", printed, shortest);
			}
		}
	}

	/** Palladio sorts a DoublePDF's points by their upper ends; points with equal ends keep their order. */
	@Test
	void doublePdfPointsAreSortedByUpperEnd() {
		assertEquals("DoublePDF[(1.0;0.25)(2.0;0.5)(2.0;0.125)(4.0;0.125)]",
				StoEx.parse("DoublePDF[(4.0;0.125)(2.0;0.5)(1.0;0.25)(2.0;0.125)]").text());
	}

	/** Found by the property tests: the canonical text lost the sign of -0.0, which sampling gives back. */
	@Test
	void negativeZeroKeepsItsSign() {
		Expression expression = StoEx.parse("DoublePMF[(-0.;1)]");
		assertEquals("DoublePMF[(-0.0;1.0)]", expression.text());
		assertEquals(-0.0, value(expression.text()));
		assertEquals("DoublePDF[(-0.0;0.5)(1.0;0.5)]", StoEx.parse("DoublePDF[(-0.0;0.5)(1;0.5)]").text());
		assertEquals("DoublePMF[(0.0;1.0)]", StoEx.parse("DoublePMF[(0;1)]").text());
	}

	@Test
	void singleQuotedStringsPrintDoubleQuoted() {
		assertEquals("EnumPMF(ordered)[(\"a\";0.5)(\"b\";0.5)]",
				StoEx.parse("EnumPMF(ordered)[(\"a\";0.5)('b';0.5)]").text());
	}

	@Test
	void everyFunctionParses() {
		for (String text : List.of("Exp(1)", "Norm(0.07, 0.03)", "Pois(3)", "UniDouble(1, 2)", "UniInt(1, 6)",
				"Gamma(2, 3)", "GammaMoments(10, 0.5)", "Lognorm(0, 1)", "LognormMoments(0.2, 0.1)", "Binom(10, 0.3)",
				"Trunc(2.7)", "Round(2.5)", "Ceil(2.1)", "Floor(2.9)", "Abs(-2)", "Sqrt(4)", "Log(1)", "Log(2, 8)", "Pow(2, 3)",
				"Min(1, 2)", "Max(1, 2)")) {
			assertEquals(text, StoEx.parse(text).text());
		}
	}

	@Test
	void deterministicFunctionsComputeTheirValues() {
		assertEquals(2L, value("Trunc(2.7)"));
		assertEquals(-2L, value("Trunc(-2.7)"));
		assertEquals(3L, value("Round(2.5)"));
		assertEquals(-2L, value("Round(-2.5)"));
		assertEquals(3L, value("Ceil(2.1)"));
		assertEquals(2L, value("Floor(2.9)"));
		assertEquals(5L, value("Round(5)"));
		assertEquals(2L, value("Abs(-2)"));
		assertEquals(2.5, value("Abs(-2.5)"));
		assertEquals(2.0, value("Sqrt(4)"));
		assertEquals(1.0, (Double) value("Log(2.718281828459045)"), 1e-15);
		assertEquals(3.0, (Double) value("Log(2, 8)"), 1e-15);
		assertEquals(3.0, (Double) value("Log(10, 1000)"), 1e-15);
		assertEquals(8.0, value("Pow(2, 3)"));
		assertEquals(1L, value("Min(1, 2)"));
		assertEquals(2.5, value("Max(1, 2.5)"));
	}

	@Test
	void constancyFollowsVariablesAndRandomness() {
		assertTrue(StoEx.parse("1000 * 1000 + Max(1, 2)").isConstant());
		assertFalse(StoEx.parse("Exp(1)").isConstant());
		assertFalse(StoEx.parse("IntPMF[(1;1.0)]").isConstant());
		assertFalse(StoEx.parse("x.VALUE * 0").isConstant());
		assertTrue(StoEx.parse("x.VALUE * 0").variables().contains("x.VALUE"));
	}
}
