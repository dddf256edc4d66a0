package org.iosim.robustness.tests;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Arbitrary well-formed stochastic expressions, grown from the grammar: literals of every kind
 * with and without units, variables, probability functions, every function with its arity, prefix
 * and infix operators of every precedence level, conditionals and parentheses. An operand is
 * parenthesised only where the grammar needs it, so chains of operators of different levels meet
 * bare, as people write them.
 */
final class StoexGrammar {

	/** A text of either language: the language of {@code StoEx.parse}, or of formulas, which also have bare names. */
	record Case(String text, boolean formula) {
	}

	/** A generated expression and the precedence of its outermost operator, as the parser's levels count it. */
	private record Generated(String text, int precedence) {

		/** @return the text, parenthesised unless it binds at least as tightly as the place needs */
		String where(int minimumPrecedence) {
			return precedence >= minimumPrecedence ? text : "(" + text + ")";
		}
	}

	private static final int CONDITIONAL = 0;
	private static final int AND = 1;
	private static final int OR = 2;
	private static final int NOT = 3;
	private static final int COMPARISON = 4;
	private static final int SUM = 5;
	private static final int PRODUCT = 6;
	private static final int POWER = 7;
	private static final int PREFIX = 8;
	private static final int ATOM = 9;

	private static final Map<Integer, List<String>> CHAIN_OPERATORS = Map.of(AND, List.of("AND"), OR,
			List.of("OR", "XOR"), SUM, List.of("+", "-"), PRODUCT, List.of("*", "/", "%"));

	private static final List<String> COMPARISONS = List.of("==", "<>", "<", ">", "<=", ">=");

	private record Function(String name, int arity) {
	}

	/** Every function with its number of arguments; Log has two forms. */
	private static final List<Function> FUNCTIONS = List.of(new Function("Exp", 1), new Function("Norm", 2),
			new Function("Pois", 1), new Function("UniDouble", 2), new Function("UniInt", 2), new Function("Gamma", 2),
			new Function("GammaMoments", 2), new Function("Lognorm", 2), new Function("LognormMoments", 2),
			new Function("Binom", 2), new Function("Trunc", 1), new Function("Round", 1), new Function("Ceil", 1),
			new Function("Floor", 1), new Function("Abs", 1), new Function("Sqrt", 1), new Function("Log", 1),
			new Function("Log", 2), new Function("Pow", 2), new Function("Min", 2), new Function("Max", 2));

	private static final List<String> CHARACTERISATIONS = List.of("VALUE", "BYTESIZE", "NUMBER_OF_ELEMENTS", "TYPE",
			"STRUCTURE");

	private static final List<String> UNITS = List.of("B", "s", "ms", "KB", "m/s^2", "1/s");

	private StoexGrammar() {
	}

	/** Built once per language and depth and shared, as every operand of a depth draws from the same. */
	private static final Map<String, Arbitrary<Generated>> EXPRESSIONS = new HashMap<>();

	private static final int DEPTH = 4;

	static Arbitrary<Case> cases() {
		return Arbitraries.oneOf(expression(false, DEPTH).map(generated -> new Case(generated.text(), false)),
				expression(true, DEPTH).map(generated -> new Case(generated.text(), true)));
	}

	private static Arbitrary<Generated> expression(boolean formula, int depth) {
		return EXPRESSIONS.computeIfAbsent(formula + " " + depth, key -> depth == 0 ? atom(formula)
				: Arbitraries.frequencyOf(Tuple.of(3, atom(formula)),
						Tuple.of(4, Arbitraries.lazy(() -> chain(formula, depth))),
						Tuple.of(1, Arbitraries.lazy(() -> comparison(formula, depth))),
						Tuple.of(1, Arbitraries.lazy(() -> power(formula, depth))),
						Tuple.of(1, Arbitraries.lazy(() -> negation(formula, depth))),
						Tuple.of(1, Arbitraries.lazy(() -> not(formula, depth))),
						Tuple.of(1, Arbitraries.lazy(() -> conditional(formula, depth))),
						Tuple.of(2, Arbitraries.lazy(() -> call(formula, depth))),
						Tuple.of(1, Arbitraries.lazy(() -> expression(formula, depth - 1)
								.map(inner -> new Generated("(" + inner.text() + ")", ATOM))))));
	}

	/** Operands of one left-associative level, joined by its operators; each binds more tightly than the level. */
	private static Arbitrary<Generated> chain(boolean formula, int depth) {
		return Arbitraries.oneOf(List.of(AND, OR, SUM, PRODUCT).stream().map(level -> {
			Arbitrary<String> operand = expression(formula, depth - 1).map(generated -> generated.where(level + 1));
			Arbitrary<String> step = Combinators.combine(Arbitraries.of(CHAIN_OPERATORS.get(level)), operand)
					.as((operator, right) -> " " + operator + " " + right);
			return Combinators.combine(operand, step.list().ofMinSize(1).ofMaxSize(6))
					.as((first, steps) -> new Generated(first + String.join("", steps), level));
		}).toList());
	}

	private static Arbitrary<Generated> comparison(boolean formula, int depth) {
		Arbitrary<String> operand = expression(formula, depth - 1).map(generated -> generated.where(SUM));
		return Combinators.combine(operand, Arbitraries.of(COMPARISONS), operand)
				.as((left, operator, right) -> new Generated(left + " " + operator + " " + right, COMPARISON));
	}

	/** Grouped to the right: the exponent may be a power itself, the base only something tighter. */
	private static Arbitrary<Generated> power(boolean formula, int depth) {
		Arbitrary<Generated> operand = expression(formula, depth - 1);
		return Combinators.combine(operand, operand)
				.as((base, exponent) -> new Generated(base.where(PREFIX) + " ^ " + exponent.where(POWER), POWER));
	}

	private static Arbitrary<Generated> negation(boolean formula, int depth) {
		return expression(formula, depth - 1).map(operand -> new Generated("-" + operand.where(PREFIX), PREFIX));
	}

	/** NOT at the level of comparisons, applying to a whole comparison. */
	private static Arbitrary<Generated> not(boolean formula, int depth) {
		return expression(formula, depth - 1).map(operand -> new Generated("NOT " + operand.where(NOT), NOT));
	}

	private static Arbitrary<Generated> conditional(boolean formula, int depth) {
		Arbitrary<Generated> operand = expression(formula, depth - 1);
		return Combinators.combine(operand, operand, operand).as((condition, then, otherwise) -> new Generated(
				condition.where(AND) + " ? " + then.text() + " : " + otherwise.text(), CONDITIONAL));
	}

	private static Arbitrary<Generated> call(boolean formula, int depth) {
		Arbitrary<String> argument = expression(formula, depth - 1).map(Generated::text);
		return Arbitraries.oneOf(FUNCTIONS.stream().map(function -> argument.list().ofSize(function.arity())
				.map(arguments -> new Generated(function.name() + "(" + String.join(", ", arguments) + ")", ATOM)))
				.toList());
	}

	private static Arbitrary<Generated> atom(boolean formula) {
		List<Arbitrary<String>> atoms = new ArrayList<>(List.of(integer(), real(), string(),
				Arbitraries.of("true", "false"), variable(), intPmf(), doublePmf(), enumPmf(), boolPmf(), doublePdf()));
		if (formula) {
			atoms.add(name());
		}
		return Arbitraries.oneOf(atoms).map(text -> new Generated(text, ATOM));
	}

	private static Arbitrary<String> integer() {
		return Combinators.combine(Arbitraries.longs().between(0, Long.MAX_VALUE), unit())
				.as((value, unit) -> value + unit);
	}

	private static Arbitrary<String> real() {
		Arbitrary<String> written = Arbitraries.of("0.5", "1.", "2.5e3", "1E-3", "0.0", "3.25E+2", "1e300");
		Arbitrary<String> printed = Arbitraries.doubles().between(0, 1e300).map(value -> Double.toString(value));
		return Combinators.combine(Arbitraries.oneOf(written, printed), unit()).as((value, unit) -> value + unit);
	}

	private static Arbitrary<String> unit() {
		return Arbitraries.oneOf(Arbitraries.just(""), Arbitraries.of(UNITS).map(unit -> "[" + unit + "]"));
	}

	private static Arbitrary<String> string() {
		return Combinators.combine(Arbitraries.strings().all().ofMaxLength(6), Arbitraries.of('"', '\''))
				.as(StoexGrammar::quoted);
	}

	private static String quoted(String value, char quote) {
		StringBuilder text = new StringBuilder().append(quote);
		for (char c : value.toCharArray()) {
			if (c == quote || c == '\\') {
				text.append('\\');
			}
			text.append(c);
		}
		return text.append(quote).toString();
	}

	/** Lower-case names: never a reserved word but {@code true} and {@code false}, which are left out. */
	private static Arbitrary<String> name() {
		return Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6)
				.filter(name -> !name.equals("true") && !name.equals("false"));
	}

	private static Arbitrary<String> variable() {
		Arbitrary<String> segment = Arbitraries.oneOf(name(), Arbitraries.just("INNER"));
		return Combinators.combine(name(), segment.list().ofMaxSize(2), Arbitraries.of(CHARACTERISATIONS))
				.as((first, middle, characterisation) -> first + middle.stream().map(part -> "." + part)
						.reduce("", String::concat) + "." + characterisation);
	}

	private static Arbitrary<String> intPmf() {
		return pmf("IntPMF", Arbitraries.longs().between(-1_000_000_000_000L, 1_000_000_000_000L).map(Object::toString),
				unit());
	}

	private static Arbitrary<String> doublePmf() {
		return pmf("DoublePMF", Arbitraries.doubles().between(-1e6, 1e6).map(value -> Double.toString(value)), unit());
	}

	private static Arbitrary<String> enumPmf() {
		return pmf(Arbitraries.of("EnumPMF", "EnumPMF(ordered)"), string(), Arbitraries.just(""));
	}

	private static Arbitrary<String> boolPmf() {
		return pmf(Arbitraries.of("BoolPMF", "BoolPMF(ordered)"), Arbitraries.of("true", "false"), Arbitraries.just(""));
	}

	/** Interval ends that do not decrease, from 0 on. */
	private static Arbitrary<String> doublePdf() {
		return Combinators.combine(Arbitraries.doubles().between(0, 100).list().ofMinSize(1).ofMaxSize(5), weights(),
				unit()).as((widths, weights, unit) -> {
					StringBuilder text = new StringBuilder("DoublePDF[");
					double end = 0;
					List<String> probabilities = probabilities(weights, widths.size());
					for (int i = 0; i < widths.size(); i++) {
						end += widths.get(i);
						text.append('(').append(end).append(';').append(probabilities.get(i)).append(')');
					}
					return text.append(']').append(unit).toString();
				});
	}

	private static Arbitrary<String> pmf(String keyword, Arbitrary<String> value, Arbitrary<String> unit) {
		return pmf(Arbitraries.just(keyword), value, unit);
	}

	private static Arbitrary<String> pmf(Arbitrary<String> keyword, Arbitrary<String> value, Arbitrary<String> unit) {
		return Combinators.combine(keyword, value.list().ofMinSize(1).ofMaxSize(5), weights(), unit)
				.as((head, values, weights, suffix) -> {
					StringBuilder text = new StringBuilder(head).append('[');
					List<String> probabilities = probabilities(weights, values.size());
					for (int i = 0; i < values.size(); i++) {
						text.append('(').append(values.get(i)).append(';').append(probabilities.get(i)).append(')');
					}
					return text.append(']').append(suffix).toString();
				});
	}

	private static Arbitrary<List<Integer>> weights() {
		return Arbitraries.integers().between(0, 10).list().ofSize(5);
	}

	/** @return probabilities summing to 1 up to rounding, in proportion to the first weights, one weight at least 1 */
	private static List<String> probabilities(List<Integer> weights, int count) {
		List<Integer> used = new ArrayList<>(weights.subList(0, count));
		used.set(0, used.get(0) + 1);
		double total = used.stream().mapToInt(Integer::intValue).sum();
		return used.stream().map(weight -> Double.toString(weight / total)).toList();
	}
}
