package org.iosim.robustness.tests;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.Expression;
import org.iosim.stoex.RandomStreams;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExParseException;
import org.iosim.stoex.StoExType;
import org.iosim.stoex.StoExTypeException;
import org.iosim.stoex.TypeEnvironment;

/**
 * Puts a text through every use of the StoEx library and lets nothing out but the library's own
 * exceptions. If the text parses, its canonical text must parse to the same canonical text and
 * give exactly the same results: type, variables, constancy, mean, and samples drawn with a fixed
 * seed, untyped and with the variables' types declared.
 */
final class StoexHarness {

	/** What a text came to, for the statistics of a property. */
	enum Outcome {
		NOT_PARSED, ILL_TYPED, INVALID_WHEN_COMPILED, COMPILED_AND_SAMPLED
	}

	/**
	 * Generous: a try takes milliseconds, a very long chain a second; only a hang comes near. A
	 * fresh thread per try keeps a hang from blocking the tries after it, and has the default stack.
	 */
	private static final Duration TIME_LIMIT = Duration.ofMinutes(2);

	/**
	 * Values variables are bound to, or left unbound, picked by the variable's name, so that a text
	 * and its canonical text get the same.
	 */
	private static final List<Object> VALUES = List.of(3L, 2.5, true, "a", 0L, -1L, 1e300, Long.MAX_VALUE, 7, 0.5f);

	private StoexHarness() {
	}

	static Outcome exercise(String text, boolean formula) {
		FutureTask<Outcome> task = new FutureTask<>(() -> run(text, formula));
		Thread thread = new Thread(task, "stoex-robustness");
		thread.setDaemon(true);
		thread.start();
		try {
			return task.get(TIME_LIMIT.toSeconds(), TimeUnit.SECONDS);
		} catch (TimeoutException hang) {
			thread.interrupt();
			throw new AssertionError("no result within " + TIME_LIMIT + " for " + shown(text));
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new AssertionError("interrupted", interrupted);
		} catch (ExecutionException failed) {
			if (failed.getCause() instanceof AssertionError assertion) {
				throw assertion;
			}
			throw new AssertionError(failed.getCause());
		}
	}

	private static Outcome run(String text, boolean formula) {
		Expression expression;
		try {
			expression = parse(text, formula);
		} catch (StoExParseException e) {
			check(e.column() >= 1 && e.column() <= text.length() + 1, "column " + e.column() + " outside the text", text);
			check(String.valueOf(e.getMessage()).startsWith("column " + e.column() + ": "), "message without its column",
					text);
			return Outcome.NOT_PARSED;
		} catch (Throwable e) {
			throw unexpected("parsing", text, e);
		}
		String canonical = expression.text();
		Expression reprinted;
		try {
			reprinted = parse(canonical, formula);
		} catch (Throwable e) {
			throw unexpected("parsing the canonical text '" + shown(canonical) + "' of", text, e);
		}
		check(canonical.equals(reprinted.text()), "canonical text '" + shown(canonical) + "' prints as '"
				+ shown(reprinted.text()) + "'", text);
		Map<String, Object> original = uses(expression, text);
		Map<String, Object> again = uses(reprinted, canonical);
		check(original.equals(again), "the canonical text '" + shown(canonical) + "' gives " + again + " instead of "
				+ original, text);
		return (Outcome) original.get("outcome");
	}

	private static Expression parse(String text, boolean formula) {
		return formula ? StoEx.parseFormula(text) : StoEx.parse(text);
	}

	/** @return each use by name with its result, or the message of the library exception it threw */
	private static Map<String, Object> uses(Expression expression, String text) {
		Map<String, Object> results = new LinkedHashMap<>();
		results.put("type", attempt("type", text, expression::type));
		results.put("variables", attempt("variables", text, () -> List.copyOf(expression.variables())));
		results.put("constant", attempt("isConstant", text, expression::isConstant));
		results.put("mean", attempt("mean", text, expression::mean));
		Map<String, Object> bindings = new LinkedHashMap<>();
		Map<String, StoExType> declared = new LinkedHashMap<>();
		for (String variable : expression.variables()) {
			int pick = Math.floorMod(variable.hashCode(), VALUES.size() + 1);
			if (pick == VALUES.size()) {
				continue; // left unbound
			}
			Object value = VALUES.get(pick);
			bindings.put(variable, value);
			declared.put(variable, switch (value) {
				case Boolean truth -> StoExType.BOOL;
				case String string -> StoExType.STRING;
				case Double number -> StoExType.DOUBLE;
				case Float number -> StoExType.DOUBLE;
				default -> StoExType.INT;
			});
		}
		Object untyped = attempt("compile", text, expression::compile);
		results.put("untyped", untyped instanceof CompiledExpression compiled ? samples(compiled, bindings, text)
				: untyped);
		Object typed = attempt("compile with declared types", text,
				() -> expression.compile(TypeEnvironment.of(declared)));
		results.put("typed", typed instanceof CompiledExpression compiled ? samples(compiled, bindings, text) : typed);
		results.put("outcome", untyped instanceof CompiledExpression ? Outcome.COMPILED_AND_SAMPLED
				: untyped.toString().startsWith(StoExTypeException.class.getSimpleName()) ? Outcome.ILL_TYPED
						: Outcome.INVALID_WHEN_COMPILED);
		return results;
	}

	private static List<Object> samples(CompiledExpression expression, Map<String, Object> values, String text) {
		Bindings bindings = Bindings.of(values);
		UniformRandomProvider rng = new RandomStreams(1).stream(0);
		List<Object> samples = new ArrayList<>();
		samples.add(attempt("type of the compiled expression", text, expression::type));
		for (int i = 0; i < 3; i++) {
			samples.add(attempt("sample", text, () -> expression.sample(rng, bindings)));
		}
		samples.add(attempt("sampleDouble", text, () -> expression.sampleDouble(rng, bindings)));
		samples.add(attempt("sampleLong", text, () -> expression.sampleLong(rng, bindings)));
		samples.add(attempt("sampleBoolean", text, () -> expression.sampleBoolean(rng, bindings)));
		return samples;
	}

	/**
	 * @return the result, or the library exception's kind and message without its column, which
	 *         moves when the canonical text differs from the original
	 */
	private static Object attempt(String use, String text, Supplier<Object> action) {
		try {
			return action.get();
		} catch (StoExTypeException | StoExEvaluationException | StoExParseException e) {
			return e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).replaceFirst("^column \\d+: ", "");
		} catch (Throwable e) {
			throw unexpected(use, text, e);
		}
	}

	private static void check(boolean holds, String problem, String text) {
		if (!holds) {
			throw new AssertionError(problem + ", for " + shown(text));
		}
	}

	private static AssertionError unexpected(String use, String text, Throwable e) {
		return new AssertionError(use + " " + shown(text) + " threw " + e, e);
	}

	/** @return the text, or its start and end if it is too long to be read in a report */
	static String shown(String text) {
		return text.length() <= 300 ? text
				: text.substring(0, 150) + " ... (" + text.length() + " characters) ... "
						+ text.substring(text.length() - 150);
	}
}
