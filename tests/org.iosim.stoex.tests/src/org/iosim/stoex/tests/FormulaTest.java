package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.Expression;
import org.iosim.stoex.RandomStreams;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExParseException;
import org.junit.jupiter.api.Test;

/** Formulas: stochastic expressions in which bare names are variables. */
class FormulaTest {

	private static final UniformRandomProvider RNG = new RandomStreams(1).stream(0);

	private static double evaluate(String formula, Map<String, ?> values) {
		return StoEx.parseFormula(formula).compile().sampleDouble(RNG, Bindings.of(values));
	}

	@Test
	void bareNamesAreVariables() {
		Expression formula = StoEx.parseFormula("0.002 + 0.0005 * concurrency");
		assertEquals(List.of("concurrency"), List.copyOf(formula.variables()));
		assertEquals(0.004, evaluate("0.002 + 0.0005 * concurrency", Map.of("concurrency", 4)), 1e-15);
	}

	@Test
	void bareNamesMixWithDottedPathsFunctionsAndConditionals() {
		Expression formula = StoEx.parseFormula("type == 0 ? Max(meanReadSize, file.BYTESIZE) / 1024 : 2 * n_1");
		assertEquals(List.of("type", "meanReadSize", "file.BYTESIZE", "n_1"), List.copyOf(formula.variables()));
		Map<String, Object> values = Map.of("type", 0, "meanReadSize", 4096.0, "file.BYTESIZE", 8192, "n_1", 3);
		assertEquals(8.0, evaluate(formula.text(), values));
		assertEquals(6.0, evaluate(formula.text(), Map.of("type", 1, "meanReadSize", 0.0, "file.BYTESIZE", 0,
				"n_1", 3)));
	}

	@Test
	void functionNameWithoutParenthesesIsAVariable() {
		assertEquals(List.of("Exp"), List.copyOf(StoEx.parseFormula("Exp + 1").variables()));
	}

	@Test
	void canonicalTextParsesBackAsFormula() {
		Expression formula = StoEx.parseFormula("(a+b)*c^2");
		assertEquals("(a + b) * c ^ 2", formula.text());
		assertEquals(formula, StoEx.parseFormula(formula.text()));
	}

	@Test
	void formulasWithoutBareNamesEqualPlainExpressions() {
		String text = "file.BYTESIZE * 2 + Exp(100) + IntPMF[(1;0.3)(2;0.7)]";
		assertEquals(StoEx.parse(text), StoEx.parseFormula(text));
	}

	@Test
	void plainParsingStillRejectsBareNames() {
		StoExParseException e = assertThrows(StoExParseException.class, () -> StoEx.parse("concurrency * 2"));
		assertTrue(e.getMessage().contains("expected '(' or '.' after 'concurrency'"), e.getMessage());
	}

	@Test
	void reservedWordsAreNotNames() {
		StoExParseException e = assertThrows(StoExParseException.class, () -> StoEx.parseFormula("1 + INNER"));
		assertEquals(5, e.column());
		assertThrows(StoExParseException.class, () -> StoEx.parseFormula("VALUE * 2"));
		assertThrows(StoExParseException.class, () -> StoEx.parseFormula("a b"));
	}

	@Test
	void unboundNameIsNamedWhenSampled() {
		StoExEvaluationException e = assertThrows(StoExEvaluationException.class,
				() -> evaluate("x + 1", Map.of()));
		assertTrue(e.getMessage().contains("x"), e.getMessage());
	}
}
