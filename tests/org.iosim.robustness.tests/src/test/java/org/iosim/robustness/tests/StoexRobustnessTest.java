package org.iosim.robustness.tests;

import java.util.List;

import org.iosim.robustness.tests.StoexGrammar.Case;
import org.iosim.robustness.tests.StoexHarness.Outcome;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The StoEx library meets any text with a result or one of its own exceptions, in both of its
 * languages; see {@link StoexHarness} for what each text is put through. Texts are arbitrary
 * strings, expressions grown from the grammar ({@link StoexGrammar}), and such expressions after
 * edits, deep nesting and long chains ({@link StoexMutation}).
 */
class StoexRobustnessTest {

	/** Characters of the language, and some that are not, so that short random strings come near expressions. */
	private static final String STOEX_CHARACTERS = "0123456789.eE+-*/%^()[];,?:<>=!&|\"'\\ \n\t_xyzbsAVLUEBYTSIZNODRX";

	@Property(seed = "4270197315861470513")
	void arbitraryTextsGiveResultsOrTheLibrarysOwnErrors(@ForAll("texts") String text) {
		Statistics.label("expression").collect(StoexHarness.exercise(text, false));
		Statistics.label("formula").collect(StoexHarness.exercise(text, true));
	}

	@Property(seed = "-1840398720518442197")
	void expressionsOfTheGrammarParseAndPrintBack(@ForAll("expressions") Case expression) {
		Outcome outcome = StoexHarness.exercise(expression.text(), expression.formula());
		if (outcome == Outcome.NOT_PARSED) {
			throw new AssertionError("a well-formed expression does not parse: " + StoexHarness.shown(expression.text()));
		}
		Statistics.collect(outcome);
	}

	@Property(seed = "6618803954301215539")
	void changedExpressionsGiveResultsOrTheLibrarysOwnErrors(@ForAll("changedExpressions") Case changed) {
		Statistics.collect(StoexHarness.exercise(changed.text(), changed.formula()));
	}

	@Provide
	Arbitrary<String> texts() {
		return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(40),
				Arbitraries.strings().withChars(STOEX_CHARACTERS).ofMaxLength(60),
				Arbitraries.of(StoexMutation.TOKENS).list().ofMaxSize(25).map(tokens -> String.join("", tokens)),
				Arbitraries.of(StoexMutation.TOKENS).list().ofMaxSize(25).map(tokens -> String.join(" ", tokens)));
	}

	@Provide
	Arbitrary<Case> expressions() {
		return StoexGrammar.cases();
	}

	@Provide
	Arbitrary<Case> changedExpressions() {
		return Combinators.combine(StoexGrammar.cases(), StoexMutation.any().list().ofMinSize(1).ofMaxSize(4))
				.as(StoexRobustnessTest::changed);
	}

	private static Case changed(Case original, List<StoexMutation> mutations) {
		String text = original.text();
		for (StoexMutation mutation : mutations) {
			text = mutation.applyTo(text);
		}
		return new Case(text, original.formula());
	}
}
