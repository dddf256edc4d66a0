package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import org.iosim.stoex.Bindings;
import org.iosim.stoex.Expression;
import org.iosim.stoex.RandomStreams;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExParseException;
import org.iosim.stoex.StoExTypeException;
import org.junit.jupiter.api.Test;

/** Bad input only ever yields the library's own exceptions, and printing preserves meaning. */
class RobustnessTest {

	private static final List<String> FRAGMENTS = List.of("(", ")", "[", "]", ";", ",", ".", "?", ":", "+", "-", "*",
			"/", "%", "^", "==", "<>", "<", ">", "<=", ">=", "=", "!", "&", "AND", "OR", "XOR", "NOT", "true", "false",
			"0", "1", "2.5", "1e3", "1e", "1.", "99999999999999999999", "\"s\"", "'t'", "\"", "\\", "x", "VALUE",
			"BYTESIZE", "INNER", "IntPMF", "DoublePMF", "EnumPMF", "BoolPMF", "DoublePDF", "ordered", "Exp", "UniInt",
			"Max", "Round", "Binom", "Foo", " ", "\n", "/*", "*/", "//", "é", "0.5", "x.VALUE", "(1;0.5)");

	private static final Bindings BINDINGS = Bindings.of(Map.of("x.VALUE", 3L, "y.BYTESIZE", 2.5, "b.VALUE", true,
			"s.VALUE", "a"));

	@Test
	void randomTokenSoupFailsOnlyWithParseErrors() {
		SplittableRandom random = new SplittableRandom(1);
		for (int i = 0; i < 20_000; i++) {
			StringBuilder text = new StringBuilder();
			int length = random.nextInt(1, 12);
			for (int j = 0; j < length; j++) {
				text.append(FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
			}
			Expression expression;
			try {
				expression = StoEx.parse(text.toString());
			} catch (StoExParseException expected) {
				continue;
			} catch (RuntimeException e) {
				throw new AssertionError("parsing '" + text + "' threw " + e, e);
			}
			outcome(expression);
		}
	}

	@Test
	void printingPreservesMeaning() {
		SplittableRandom random = new SplittableRandom(2);
		for (int i = 0; i < 5_000; i++) {
			String text = expression(random, 4);
			Expression original = StoEx.parse(text);
			Expression reprinted = StoEx.parse(original.text());
			assertEquals(original.text(), reprinted.text(), text);
			assertEquals(outcome(original), outcome(reprinted), text + " printed as " + original.text());
		}
	}

	/** @return a syntactically valid expression; compound parts are parenthesised so any nesting parses */
	private static String expression(SplittableRandom random, int depth) {
		int choice = random.nextInt(depth <= 0 ? 6 : 12);
		return switch (choice) {
			case 0 -> Integer.toString(random.nextInt(0, 5));
			case 1 -> List.of("0.5", "2.5", "1e1").get(random.nextInt(3));
			case 2 -> List.of("true", "false", "\"a\"").get(random.nextInt(3));
			case 3 -> List.of("x.VALUE", "y.BYTESIZE", "b.VALUE", "s.VALUE").get(random.nextInt(4));
			case 4 -> List.of("IntPMF[(1;0.5)(2;0.5)]", "DoublePDF[(1.0;0.5)(2.0;0.5)]", "BoolPMF[(true;0.3)(false;0.7)]",
					"EnumPMF[(\"a\";0.5)(\"b\";0.5)]").get(random.nextInt(4));
			case 5 -> List.of("Exp(2)", "UniInt(1, 3)", "Norm(1, 0.5)").get(random.nextInt(3));
			case 6, 7 -> "(" + expression(random, depth - 1) + " "
					+ List.of("+", "-", "*", "/", "%", "^", "==", "<>", "<", ">", "<=", ">=", "AND", "OR", "XOR")
							.get(random.nextInt(15))
					+ " " + expression(random, depth - 1) + ")";
			case 8 -> "(" + (random.nextBoolean() ? "-" : "NOT ") + expression(random, depth - 1) + ")";
			case 9 -> "(" + expression(random, depth - 1) + " ? " + expression(random, depth - 1) + " : "
					+ expression(random, depth - 1) + ")";
			case 10 -> List.of("Max", "Min", "Pow").get(random.nextInt(3)) + "(" + expression(random, depth - 1) + ", "
					+ expression(random, depth - 1) + ")";
			default -> List.of("Round", "Abs", "Sqrt", "Trunc").get(random.nextInt(4)) + "(" + expression(random, depth - 1)
					+ ")";
		};
	}

	/** @return what each use of the expression gives: a value or the message of one of the library's exceptions */
	private static List<String> outcome(Expression expression) {
		return List.of(attempt(() -> expression.type()), attempt(() -> expression.mean()),
				attempt(() -> expression.compile().sample(new RandomStreams(3).stream(0), BINDINGS)),
				attempt(() -> expression.variables()), attempt(() -> expression.isConstant()));
	}

	private static String attempt(Callable<Object> use) {
		try {
			return String.valueOf(use.call());
		} catch (StoExTypeException | StoExEvaluationException e) {
			return e.getClass().getSimpleName() + ": " + e.getMessage().replaceFirst("^column \\d+: ", "");
		} catch (Exception e) {
			return fail("unexpected " + e, e);
		}
	}
}
