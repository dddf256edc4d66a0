package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExType;
import org.iosim.stoex.StoExTypeException;
import org.iosim.stoex.TypeEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TypeCheckTest {

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"1 + 2 | INT", "1 + 2.0 | DOUBLE", "1 / 2 | DOUBLE", "2 ^ 2 | DOUBLE", "7 % 2 | INT", "-1 | INT",
			"-1.5 | DOUBLE", "x.VALUE + 1 | ANY", "x.VALUE * 1.5 | DOUBLE", "x.VALUE / 2 | DOUBLE",
			"x.VALUE > 1 | BOOL", "x.VALUE AND true | BOOL", "NOT x.VALUE | BOOL", "-x.VALUE | ANY",
			"Exp(1) | DOUBLE", "Pois(2) | INT", "UniInt(1, x.VALUE) | INT", "Round(2.5) | INT", "Abs(-1) | INT",
			"Abs(-1.5) | DOUBLE", "Max(1, 2) | INT", "Max(1, 2.5) | DOUBLE", "Min(x.VALUE, 2) | ANY",
			"Sqrt(4) | DOUBLE", "Log(4) | DOUBLE", "Pow(2, 2) | DOUBLE", "Binom(3, 0.5) | INT",
			"EnumPMF[(\"a\";1.0)] == \"a\" | BOOL", "true ? 1 : 2 | INT", "true ? 1 : 2.5 | DOUBLE",
			"true ? 1 : x.VALUE | ANY", "true ? \"a\" : EnumPMF[(\"b\";1.0)] | STRING",
	})
	void inferredTypes(String text, StoExType expected) {
		assertEquals(expected, StoEx.parse(text).type(), text);
	}

	private static StoExTypeException error(String text) {
		return assertThrows(StoExTypeException.class, () -> StoEx.parse(text).type(), text);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"true + 1 | 6 | column 6: operator '+' is not defined for BOOL and INT",
			"1 AND true | 3 | column 3: operator 'AND' is not defined for INT and BOOL",
			"\"a\" < \"b\" | 5 | column 5: operator '<' is not defined for STRING and STRING",
			"1 == \"a\" | 3 | column 3: operator '==' is not defined for INT and STRING",
			"true == 1 | 6 | column 6: operator '==' is not defined for BOOL and INT",
			"-true | 1 | column 1: operator '-' is not defined for BOOL",
			"NOT 1 | 1 | column 1: operator 'NOT' is not defined for INT",
			"1 ? 2 : 3 | 3 | column 3: condition of '?' must be BOOL but is INT",
			"true ? 1 : false | 6 | column 6: branches of '?' have incompatible types INT and BOOL",
			"Exp(true) | 1 | column 1: function 'Exp' expects a number as argument 1 but got BOOL",
			"UniInt(1.5, 3) | 1 | column 1: function 'UniInt' expects an INT as argument 1 but got DOUBLE",
			"2 * Binom(0.5, 0.5) | 5 | column 5: function 'Binom' expects an INT as argument 1 but got DOUBLE",
			"BoolPMF[(true;1.0)] * 2 | 21 | column 21: operator '*' is not defined for BOOL and INT",
	})
	void typeErrorsNameColumnAndTypes(String text, int column, String message) {
		StoExTypeException e = error(text);
		assertEquals(column, e.column());
		assertEquals(message, e.getMessage());
	}

	@Test
	void declaredVariableTypesAreUsed() {
		TypeEnvironment environment = TypeEnvironment.of(Map.of("n.VALUE", StoExType.INT, "flag.VALUE", StoExType.BOOL));
		assertEquals(StoExType.INT, StoEx.parse("n.VALUE * 2").type(environment));
		assertEquals(StoExType.ANY, StoEx.parse("m.VALUE * 2").type(environment));
		assertEquals(StoExType.BOOL, StoEx.parse("flag.VALUE OR false").type(environment));
		StoExTypeException e = assertThrows(StoExTypeException.class,
				() -> StoEx.parse("flag.VALUE + 1").type(environment));
		assertEquals("column 12: operator '+' is not defined for BOOL and INT", e.getMessage());
		assertThrows(StoExTypeException.class, () -> StoEx.parse("flag.VALUE + 1").compile(environment));
	}

	@Test
	void compilationAndMeanCheckTypes() {
		assertThrows(StoExTypeException.class, () -> StoEx.parse("true + 1").compile());
		assertThrows(StoExTypeException.class, () -> StoEx.parse("true + 1").mean());
	}
}
