package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.Expression;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExParseException;
import org.iosim.stoex.StoExType;
import org.iosim.stoex.StoExTypeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Chains of one operator, however long, are read, checked, printed, compiled and sampled without
 * recursion; real nesting stops at {@link StoEx#MAXIMUM_NESTING} with a parse error at the token
 * that opens the level too many.
 */
class LongAndDeepExpressionTest {

	private static final int LIMIT = StoEx.MAXIMUM_NESTING;

	private static final Bindings BINDINGS = Bindings
			.of(Map.of("x.VALUE", 1L, "b.VALUE", true, "d.VALUE", 2.5, "x", 1L));

	@Test
	void aThousandNestedParenthesesStopAtTheLimit() {
		String text = "(".repeat(1000) + "1" + ")".repeat(1000);
		StoExParseException e = assertThrows(StoExParseException.class, () -> StoEx.parse(text));
		assertEquals("column 129: expression nested too deeply (limit 128)", e.getMessage());
		assertEquals(129, e.column());
		assertEquals("(", e.token());
	}

	@Test
	void parenthesesNestUpToTheLimit() {
		assertNestingLimit(depth -> "(".repeat(depth) + "1" + ")".repeat(depth), LIMIT, 1L, "(");
	}

	@Test
	void argumentsNestUpToTheLimit() {
		assertNestingLimit(depth -> "Abs(".repeat(depth) + "1" + ")".repeat(depth), LIMIT, 1L, "(");
	}

	@Test
	void prefixOperatorsNestUpToTheLimit() {
		assertNestingLimit(depth -> "-".repeat(depth) + "1", LIMIT, LIMIT % 2 == 0 ? 1L : -1L, "-");
		assertNestingLimit(depth -> "NOT ".repeat(depth) + "true", LIMIT, LIMIT % 2 == 0, "NOT");
	}

	@Test
	void powersNestUpToTheLimit() {
		assertNestingLimit(depth -> "1 ^ ".repeat(depth) + "2", LIMIT, 1.0, "^");
	}

	/** Its canonical text parenthesises a conditional in a branch of another, so such a conditional counts twice. */
	@Test
	void conditionalsInBranchesCountTheirParentheses() {
		assertNestingLimit(conditionals -> "(" + "false ? 0 : ".repeat(conditionals) + "1)", LIMIT / 2, 1L, "?");
		assertNestingLimit(
				conditionals -> "(" + "true ? ".repeat(conditionals) + "1" + " : 0".repeat(conditionals) + ")",
				LIMIT / 2, 1L, "?");
	}

	/** Its canonical text parenthesises a NOT after a tighter operator, so such a NOT counts twice. */
	@Test
	void notAfterATighterOperatorCountsItsParentheses() {
		assertNestingLimit(depth -> "(true == ".repeat(depth) + "NOT true" + ")".repeat(depth), LIMIT - 2, false,
				"NOT");
	}

	/**
	 * @param nested       the text with a given number of nesting constructs
	 * @param atLimit      how many of them reach the limit exactly
	 * @param valueAtLimit the value of the text at the limit
	 * @param opener       the token of the innermost construct, which opens the level too many
	 */
	private static void assertNestingLimit(IntFunction<String> nested, int atLimit, Object valueAtLimit,
			String opener) {
		String deepest = nested.apply(atLimit);
		Expression expression = StoEx.parse(deepest);
		assertEquals(valueAtLimit, expression.compile().sample(Samples.rng(), BINDINGS), deepest);
		assertEquals(expression.text(), StoEx.parse(expression.text()).text(), "the canonical text parses back");
		String tooDeep = nested.apply(atLimit + 1);
		StoExParseException e = assertThrows(StoExParseException.class, () -> StoEx.parse(tooDeep));
		assertEquals("column " + (tooDeep.lastIndexOf(opener) + 1) + ": expression nested too deeply (limit " + LIMIT
				+ ")", e.getMessage());
		assertEquals(opener, e.token());
	}

	@ParameterizedTest
	@ValueSource(ints = { 2_000, 300_000 })
	void longSumsGroupToTheLeft(int terms) {
		Expression ones = StoEx.parse(chain(terms, "1", " + "));
		assertEquals(StoExType.INT, ones.type());
		assertEquals(terms, ones.mean().orElseThrow());
		assertEquals((long) terms, ones.compile().sample(null, Bindings.EMPTY));

		List<String> operators = List.of(" + ", " - ");
		Expression draws = StoEx.parse(chain(terms, "Exp(2)", operators.toArray(String[]::new)));
		assertEquals(StoExType.DOUBLE, draws.type());
		// The signs cancel but for the first term and, after an odd number of operators, the last.
		assertEquals(0.5 * (1 + (terms - 1) % 2), draws.mean().orElseThrow());
		assertEquals(leftFold("Exp(2)", operators, terms), draws.compile().sampleDouble(Samples.rng(), BINDINGS));
		assertPrintsBack(draws);
	}

	@ParameterizedTest
	@ValueSource(ints = { 2_000, 300_000 })
	void longProductsGroupToTheLeft(int terms) {
		// Powers of two keep every intermediate value exact; grouped to the right, '* 4 / 2 / 2' would be '* 4'.
		Expression product = StoEx.parse("Exp(2)" + " * 4 / 2 / 2".repeat(terms / 3));
		assertEquals(0.5, product.mean().orElseThrow());
		assertEquals(StoEx.parse("Exp(2)").compile().sampleDouble(Samples.rng(), BINDINGS),
				product.compile().sampleDouble(Samples.rng(), BINDINGS));
		assertPrintsBack(product);

		List<String> operators = List.of(" * ", " / ");
		String factor = "IntPMF[(1;0.5)(2;0.5)]";
		Expression draws = StoEx.parse(chain(2_000, factor, operators.toArray(String[]::new)));
		assertTrue(draws.mean().isEmpty(), "a random divisor has no exact quotient mean");
		assertEquals(leftFold(factor, operators, 2_000), draws.compile().sampleDouble(Samples.rng(), BINDINGS));
	}

	@ParameterizedTest
	@ValueSource(ints = { 2_000, 300_000 })
	void longBooleanChainsGroupToTheLeft(int terms) {
		Expression constant = StoEx.parse(chain(terms, "true", " AND "));
		assertEquals(1.0, constant.mean().orElseThrow());
		assertEquals(true, constant.compile().sample(null, Bindings.EMPTY));

		// To the left, (b OR b) XOR b is false and stays so; grouped to the right, b OR ... would be true.
		Expression mixed = StoEx.parse(chain(terms - terms % 2 + 1, "b.VALUE", " OR ", " XOR "));
		assertEquals(StoExType.BOOL, mixed.type());
		assertEquals(false, mixed.compile().sample(Samples.rng(), BINDINGS));
		assertPrintsBack(mixed);

		// A formula, so that its language meets a long chain too.
		String comparisons = chain(terms, "x == 1", " AND ");
		Expression allHold = StoEx.parseFormula(comparisons);
		assertEquals(true, allHold.compile().sample(Samples.rng(), BINDINGS));
		assertEquals(allHold.text(), StoEx.parseFormula(allHold.text()).text());
		assertEquals(false, StoEx.parseFormula(comparisons + " AND x > 1").compile().sample(Samples.rng(), BINDINGS));
	}

	/**
	 * Long chains are compiled into as few nodes as the changing type of the value so far allows;
	 * they must give exactly what the same chain grouped by parentheses gives, one operator at a
	 * time: the type, the mean, the sample, or the same error.
	 */
	@Test
	void chainsAgreeWithTheirExplicitGrouping() {
		List<String> terms = List.of("1", "2", "0", "2.5", "x.VALUE", "d.VALUE", "b.VALUE", "IntPMF[(1;0.5)(3;0.5)]",
				"Exp(2)", "9223372036854775807", "(true ? 1 : x.VALUE)");
		List<String> operators = List.of(" + ", " - ", " * ", " / ", " % ");
		SplittableRandom random = new SplittableRandom(11);
		for (int i = 0; i < 3_000; i++) {
			int length = random.nextInt(2, 12);
			StringBuilder flat = new StringBuilder(terms.get(random.nextInt(terms.size())));
			StringBuilder grouped = new StringBuilder(flat);
			boolean additive = random.nextBoolean();
			for (int j = 1; j < length; j++) {
				String operator = operators.get(additive ? random.nextInt(2) : 2 + random.nextInt(3));
				String term = terms.get(random.nextInt(terms.size()));
				flat.append(operator).append(term);
				grouped.insert(0, '(').append(operator).append(term).append(')');
			}
			assertEquals(outcome(grouped.toString()), outcome(flat.toString()), flat + " against " + grouped);
		}
	}

	/** The steps before a change of type are a node of their own type, so INT steps keep their overflow check. */
	@Test
	void stepsBeforeAChangeOfTypeKeepTheirArithmetic() {
		CompiledExpression expression = StoEx.parse("9223372036854775807 * 2 % x.VALUE / 2").compile();
		StoExEvaluationException e = assertThrows(StoExEvaluationException.class,
				() -> expression.sampleDouble(Samples.rng(), BINDINGS));
		assertEquals("column 21: integer overflow in '*'", e.getMessage());
	}

	@Test
	void textsUpToTheLengthLimitAreRead() {
		String longest = "1" + " ".repeat(StoEx.MAXIMUM_LENGTH - 1);
		assertEquals("1", StoEx.parse(longest).text());
		StoExParseException e = assertThrows(StoExParseException.class, () -> StoEx.parse(longest + " "));
		assertEquals("column " + (StoEx.MAXIMUM_LENGTH + 1) + ": expression longer than " + StoEx.MAXIMUM_LENGTH
				+ " characters", e.getMessage());
	}

	/** Every expression's canonical text parses back, so it may not be longer than the limit either. */
	@Test
	void canonicalTextsUpToTheLengthLimitAreWritten() {
		// 1e20 is written out in 23 characters, so each term of the sum is 26 characters long.
		int terms = StoEx.MAXIMUM_LENGTH / 26;
		Expression longest = StoEx.parse(chain(terms, "1e20", "+"));
		assertEquals(StoEx.parse(longest.text()).text(), longest.text());
		StoExParseException e = assertThrows(StoExParseException.class,
				() -> StoEx.parse(chain(terms + 1, "1e20", "+")));
		assertEquals("column 1: expression longer than " + StoEx.MAXIMUM_LENGTH
				+ " characters when written canonically", e.getMessage());
	}

	/** @return the terms joined by the operators in turn */
	private static String chain(int terms, String term, String... operators) {
		StringBuilder text = new StringBuilder(term);
		for (int i = 1; i < terms; i++) {
			text.append(operators[(i - 1) % operators.length]).append(term);
		}
		return text.toString();
	}

	/** @return what the chain gives when each term is drawn on its own, in order, and combined from the left */
	private static double leftFold(String term, List<String> operators, int terms) {
		CompiledExpression single = StoEx.parse(term).compile();
		UniformRandomProvider rng = Samples.rng();
		double value = single.sampleDouble(rng, BINDINGS);
		for (int i = 1; i < terms; i++) {
			double next = single.sampleDouble(rng, BINDINGS);
			value = switch (operators.get((i - 1) % operators.size()).trim()) {
				case "+" -> value + next;
				case "-" -> value - next;
				case "*" -> value * next;
				default -> value / next;
			};
		}
		return value;
	}

	private static void assertPrintsBack(Expression expression) {
		assertEquals(expression.text(), StoEx.parse(expression.text()).text());
	}

	private static List<Object> outcome(String text) {
		Expression expression = StoEx.parse(text);
		List<Object> outcome = new ArrayList<>();
		try {
			outcome.add(expression.type());
			OptionalDouble mean = expression.mean();
			outcome.add(mean);
			outcome.add(expression.compile().sample(Samples.rng(), BINDINGS));
		} catch (StoExTypeException | StoExEvaluationException e) {
			// The columns differ, as the parentheses shift the text.
			outcome.add(e.getMessage().replaceFirst("^column \\d+: ", ""));
		}
		return Collections.unmodifiableList(outcome);
	}
}
