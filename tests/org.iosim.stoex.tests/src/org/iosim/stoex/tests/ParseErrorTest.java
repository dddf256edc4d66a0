package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ParseErrorTest {

	private static StoExParseException error(String text) {
		return assertThrows(StoExParseException.class, () -> StoEx.parse(text), text);
	}

	@Test
	void missingClosingParenthesis() {
		StoExParseException e = error("Exp(1");
		assertEquals(6, e.column());
		assertEquals("", e.token());
		assertEquals("column 6: expected ')' but found end of input", e.getMessage());
	}

	@Test
	void wrongClosingBracket() {
		StoExParseException e = error("Exp(1]");
		assertEquals("column 6: expected ')' but found ']'", e.getMessage());
		assertEquals("]", e.token());
	}

	@Test
	void operatorWithoutOperand() {
		StoExParseException e = error("1 + * 2");
		assertEquals(5, e.column());
		assertEquals("*", e.token());
		assertEquals("column 5: expected an expression but found '*'", e.getMessage());
	}

	@Test
	void probabilitiesMustSumToOne() {
		StoExParseException e = error("IntPMF[(1;0.5)(2;0.6)]");
		assertEquals(1, e.column());
		assertEquals("column 1: probabilities of IntPMF sum to 1.1 but must sum to 1 (within 0.0001)", e.getMessage());
		assertEquals("column 1: probabilities of DoublePMF sum to 0.9998 but must sum to 1 (within 0.0001)",
				error("DoublePMF[(1.0;0.4999)(2.0;0.4999)]").getMessage());
		assertEquals(3, error("  DoublePDF[(1.0;0.2)]").column());
	}

	/**
	 * Tools write probabilities rounded: 100 probabilities of six decimals summing to 0.99999 (as in
	 * CIPM's TeaStore model) are rounding, while seven file sizes of probability 1/6 each (as in
	 * MediaStore 3's realistic usage model) are a mistake.
	 */
	@Test
	void probabilitiesRoundedToAFewDecimalsAreAccepted() {
		StoEx.parse("IntPMF[(1;0.5)(2;0.5000005)]");
		StoEx.parse("DoublePMF[" + "(1.0;0.0099999)".repeat(100) + "]");
		StoEx.parse("DoublePMF[(1.0;0.50005)(2.0;0.5)]");
		assertEquals("column 1: probabilities of IntPMF sum to 1.16666667 but must sum to 1 (within 0.0001)",
				error("IntPMF[(38303999; 0.16666667)(38304000; 0.16666667)(40568000; 0.16666667)"
						+ "(41544000; 0.16666667)(48280000; 0.16666666)(65000000; 0.16666667)(88216000; 0.16666666)]")
						.getMessage());
	}

	@Test
	void probabilityAboveOne() {
		StoExParseException e = error("BoolPMF[(true;1.5)(false;-0.5)]");
		assertEquals(15, e.column());
		assertEquals("column 15: probability 1.5 is not between 0 and 1", e.getMessage());
		assertEquals("column 24: expected a probability but found '-'",
				error("BoolPMF[(true;1)(false;-0.5)]").getMessage());
	}

	@Test
	void unknownFunctionIsNamed() {
		StoExParseException e = error("Foo(1)");
		assertEquals(1, e.column());
		assertEquals("column 1: unknown function 'Foo'", e.getMessage());
		assertEquals("column 5: unknown function 'exp'", error("2 * exp(1)").getMessage());
	}

	@Test
	void wrongArity() {
		assertEquals("column 1: function 'Exp' expects 1 argument but got 2", error("Exp(1, 2)").getMessage());
		assertEquals("column 1: function 'Norm' expects 2 arguments but got 1", error("Norm(1)").getMessage());
		assertEquals("column 1: function 'Max' expects 2 arguments but got 0", error("Max()").getMessage());
		assertEquals("column 1: function 'Log' expects 1 or 2 arguments but got 3", error("Log(1, 2, 3)").getMessage());
	}

	@Test
	void unterminatedString() {
		StoExParseException e = error("\"unterminated");
		assertEquals(1, e.column());
		assertEquals("column 1: unterminated string literal", e.getMessage());
	}

	@Test
	void emptyText() {
		assertEquals("column 1: expected an expression but found end of input", error("").getMessage());
		assertEquals("column 4: expected an expression but found end of input", error("   ").getMessage());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			"1 2 | 3 | column 3: expected end of input but found '2'",
			"1 < 2 < 3 | 7 | column 7: comparisons cannot be chained; use parentheses or AND",
			"x | 2 | column 2: expected '(' or '.' after 'x' but found end of input",
			"x.y | 4 | column 4: expected '.' and a characterisation (VALUE, BYTESIZE, NUMBER_OF_ELEMENTS, TYPE, STRUCTURE) after 'x.y' but found end of input",
			"x.AND.VALUE | 3 | column 3: expected a name or a characterisation (VALUE, BYTESIZE, NUMBER_OF_ELEMENTS, TYPE, STRUCTURE) but found 'AND'",
			"VALUE.VALUE | 1 | column 1: expected an expression but found 'VALUE'",
			"1 = 1 | 3 | column 3: unexpected '=' (compare with '==')",
			"1 != 2 | 3 | column 3: unexpected '!=' (write '<>' for not equal)",
			"1 & 2 | 3 | column 3: unexpected character '&'",
			"1e | 1 | column 1: malformed number '1e'",
			"99999999999999999999 | 1 | column 1: integer 99999999999999999999 is out of range",
			"1e999 | 1 | column 1: number 1e999 is out of range",
			"/* open | 1 | column 1: unterminated comment",
			"IntPMF[] | 8 | column 8: expected '(' but found ']'",
			"IntPMF[(1.5;1.0)] | 9 | column 9: expected an integer but found '1.5'",
			"EnumPMF[(a;1.0)] | 10 | column 10: expected a string but found 'a'",
			"BoolPMF[(1;1.0)] | 10 | column 10: expected true or false but found '1'",
			"EnumPMF(sorted)[(\"a\";1.0)] | 9 | column 9: expected 'ordered' but found 'sorted'",
			"DoublePDF[(2.0;0.5)(-1.0;0.5)] | 21 | column 21: DoublePDF interval ends must be 0 or above, as the first interval starts at 0, but one is -1.0",
			"5[] | 3 | column 3: expected a unit but found ']'",
			"(1 + 2 | 7 | column 7: expected ')' but found end of input",
			"true ? 1 | 9 | column 9: expected ':' but found end of input",
			"\"bad \\q escape\" | 6 | column 6: unknown escape '\\q' in string",
	})
	void errorsNameColumnAndCause(String text, int column, String message) {
		StoExParseException e = error(text);
		assertEquals(column, e.column());
		assertEquals(message, e.getMessage());
	}

	@Test
	void parseErrorsAreIllegalArgumentExceptions() {
		assertThrows(IllegalArgumentException.class, () -> StoEx.parse("Exp("));
	}
}
