package org.iosim.robustness.tests;

import java.util.List;

import org.iosim.stoex.StoEx;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * A change to the text of a stochastic expression: small edits that break it in the ways typing
 * does, and large ones that nest it to about {@link StoEx#MAXIMUM_NESTING} and beyond or repeat it
 * into a long chain. Positions are taken modulo the length of the text.
 */
sealed interface StoexMutation {

	String applyTo(String text);

	/** Words, symbols and fragments of the language, and some that are not. */
	List<String> TOKENS = List.of("(", ")", "[", "]", ";", ",", ".", "?", ":", "+", "-", "*", "/", "%", "^", "==", "<>",
			"<", ">", "<=", ">=", "=", "!", "&", "AND", "OR", "XOR", "NOT", "true", "false", "0", "1", "-1", "2.5",
			"1e3", "1e", "1.", "1e400", "99999999999999999999", "9223372036854775807", "\"s\"", "'t'", "\"", "'", "\\",
			"\\u00", "x", "x.VALUE", "VALUE", "BYTESIZE", "INNER", "IntPMF", "DoublePMF", "EnumPMF", "BoolPMF",
			"DoublePDF", "DoublePDF[(1;0.5)]", "IntPMF[(1;0.5)(2;0.5)]", "(ordered)", "ordered", "(1;0.5)", "(-0.0;1)",
			"[B]", "[/ *]", "[1 e5]", "Exp", "Exp(0)",
			"UniInt", "Binom", "Pois(1e300)", "Gamma(1e-300, 1)", "Log(1, 2)", "Max", "Foo", " ", "\n", "\t", "/*", "*/", "//",
			"/* c */", "é", "\u2028", "\uD83D\uDE00", "\uD800", "\u0000");

	static Arbitrary<StoexMutation> any() {
		Arbitrary<Integer> position = Arbitraries.integers().greaterOrEqual(0);
		Arbitrary<Integer> length = Arbitraries.integers().between(1, 12);
		return Arbitraries.frequencyOf(
				Tuple.of(3, Combinators.combine(position, length).as(Deletion::new)),
				Tuple.of(2, Combinators.combine(position, length, position).as(Duplication::new)),
				Tuple.of(4, Combinators.combine(position, Arbitraries.of(TOKENS)).as(Insertion::new)),
				Tuple.of(1, Combinators.combine(Arbitraries.of(Nesting.WRAPPERS), depth()).as(Nesting::new)),
				Tuple.of(1, Combinators.combine(Arbitraries.of(Chain.OPERATORS), Arbitraries.integers().between(2, 300))
						.as(Chain::new)),
				Tuple.of(1, Combinators.combine(Arbitraries.of(LongChain.TERMS), Arbitraries.of(Chain.OPERATORS),
						Arbitraries.integers().between(1_000, 100_000)).as(LongChain::new)));
	}

	/** Mostly around the limit, where an off-by-one would show; sometimes far beyond. */
	private static Arbitrary<Integer> depth() {
		int limit = StoEx.MAXIMUM_NESTING;
		return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.integers().between(limit - 4, limit + 2)),
				Tuple.of(2, Arbitraries.integers().between(1, limit)),
				Tuple.of(1, Arbitraries.integers().between(1_000, 5_000)));
	}

	record Deletion(int at, int length) implements StoexMutation {
		@Override
		public String applyTo(String text) {
			if (text.isEmpty()) {
				return text;
			}
			int start = at % text.length();
			return text.substring(0, start) + text.substring(Math.min(text.length(), start + length));
		}
	}

	record Duplication(int from, int length, int to) implements StoexMutation {
		@Override
		public String applyTo(String text) {
			if (text.isEmpty()) {
				return text;
			}
			int start = from % text.length();
			String copy = text.substring(start, Math.min(text.length(), start + length));
			int target = to % (text.length() + 1);
			return text.substring(0, target) + copy + text.substring(target);
		}
	}

	record Insertion(int at, String token) implements StoexMutation {
		@Override
		public String applyTo(String text) {
			int target = at % (text.length() + 1);
			return text.substring(0, target) + token + text.substring(target);
		}
	}

	/** The text inside {@code depth} copies of an opening and a closing part. */
	record Nesting(List<String> wrapper, int depth) implements StoexMutation {

		static final List<List<String>> WRAPPERS = List.of(List.of("(", ")"), List.of("-(", ")"), List.of("NOT (", ")"),
				List.of("Abs(", ")"), List.of("Max(1, ", ")"), List.of("2 ^ (", ")"), List.of("1 + (", ")"),
				List.of("true ? (", ") : 0"), List.of("false ? 0 : ", ""), List.of("true ? ", " : 0"),
				List.of("x.VALUE == NOT (", ")"), List.of("-", ""), List.of("NOT ", ""), List.of("2 ^ ", ""));

		@Override
		public String applyTo(String text) {
			return wrapper.get(0).repeat(depth) + text + wrapper.get(1).repeat(depth);
		}
	}

	/** The text, parenthesised, repeated as the operands of a chain of at most about a million characters. */
	record Chain(String operator, int terms) implements StoexMutation {

		static final List<String> OPERATORS = List.of(" + ", " - ", " * ", " / ", " % ", " AND ", " OR ", " XOR ",
				" == ", " < ", " ^ ", "+", "*");

		@Override
		public String applyTo(String text) {
			String operand = "(" + text + ")";
			int repeats = Math.min(terms - 1, 1_000_000 / (operand.length() + operator.length()));
			return operand + (operator + operand).repeat(repeats);
		}
	}

	/** A long chain of a short term appended to the text. */
	record LongChain(String term, String operator, int terms) implements StoexMutation {

		static final List<String> TERMS = List.of("1", "2.5", "1e20", "x.VALUE", "Exp(2)", "IntPMF[(1;0.5)(3;0.5)]",
				"true", "b.VALUE", "x", "0");

		@Override
		public String applyTo(String text) {
			return text + (operator + term).repeat(terms);
		}
	}
}
