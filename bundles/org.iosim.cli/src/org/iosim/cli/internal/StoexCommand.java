package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.cli.Main;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.Expression;
import org.iosim.stoex.RandomStreams;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExParseException;
import org.iosim.stoex.StoExType;
import org.iosim.stoex.StoExTypeException;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "stoex", mixinStandardHelpOptions = true,
		description = { "Parses a Palladio stochastic expression, prints its type, its exact mean where one is"
				+ " defined, and statistics of samples drawn from it.",
				"Example: iosim stoex 'DoublePDF[(1.0;0.25)(2.0;0.5)(3.0;0.25)]'" },
		footer = { "", "Exit status: 0 the expression is valid, 1 it is not (the message gives the column),"
				+ " 2 usage error." })
final class StoexCommand implements Callable<Integer> {

	@Parameters(paramLabel = "EXPR", description = "The expression; quote it for the shell.")
	String text;

	@Option(names = "--samples", paramLabel = "N", defaultValue = "10000",
			description = "Number of samples to draw (0 for none; default ${DEFAULT-VALUE}).")
	int samples;

	@Option(names = "--seed", paramLabel = "S", defaultValue = "1",
			description = "Seed of the random stream; the same seed draws the same samples (default ${DEFAULT-VALUE}).")
	long seed;

	@Option(names = "--var", paramLabel = "NAME=VALUE",
			description = "Binds a variable to a constant, e.g. --var file.BYTESIZE=4096 (repeatable).")
	Map<String, String> variables = new LinkedHashMap<>();

	@Option(names = "--json", description = "Print one JSON object instead of text.")
	boolean json;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		if (samples < 0) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--samples must not be negative, got " + samples);
		}
		PrintWriter out = spec.commandLine().getOut();
		Expression expression;
		StoExType type;
		OptionalDouble mean;
		CompiledExpression compiled;
		try {
			expression = StoEx.parse(text);
			type = expression.type();
			mean = expression.mean();
			compiled = expression.compile();
		} catch (StoExParseException | StoExTypeException | StoExEvaluationException invalid) {
			int column = invalid instanceof StoExParseException parse ? parse.column()
					: invalid instanceof StoExTypeException typing ? typing.column()
							: ((StoExEvaluationException) invalid).column();
			PrintWriter err = spec.commandLine().getErr();
			err.println("iosim: invalid stochastic expression: " + invalid.getMessage());
			printWithCaret(err, text, column);
			return Main.EXIT_INVALID;
		}
		Bindings bindings = Bindings.of(constants());
		Sampled sampled;
		try {
			sampled = draw(compiled, type, bindings);
		} catch (StoExEvaluationException failed) {
			String hint = expression.variables().isEmpty() ? ""
					: " (bind variables with --var, e.g. --var " + expression.variables().iterator().next() + "=1)";
			throw new IosimCommand.UserError(Main.EXIT_INVALID,
					"cannot sample '" + excerpt(text) + "': " + failed.getMessage() + hint);
		}
		if (json) {
			out.println(toJson(expression, type, mean, sampled));
		} else {
			printText(out, expression, type, mean, sampled);
		}
		return 0;
	}

	private Map<String, Object> constants() {
		Map<String, Object> values = new LinkedHashMap<>();
		variables.forEach((name, value) -> {
			try {
				Expression constant = StoEx.parse(value);
				if (!constant.isConstant()) {
					throw new IosimCommand.UserError(Main.EXIT_USAGE,
							"--var " + name + ": '" + value + "' is not a constant");
				}
				values.put(name, constant.compile().sample(null, Bindings.EMPTY));
			} catch (StoExParseException | StoExTypeException | StoExEvaluationException invalid) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--var " + name + ": " + invalid.getMessage());
			}
		});
		return values;
	}

	/** Numeric samples sorted for percentiles, or the relative frequency of each value otherwise. */
	private record Sampled(double[] sortedNumbers, Map<String, Double> frequencies) {
	}

	private Sampled draw(CompiledExpression compiled, StoExType type, Bindings bindings) {
		UniformRandomProvider random = new RandomStreams(seed).stream(0);
		if (type.isNumeric()) {
			double[] values = new double[samples];
			for (int i = 0; i < samples; i++) {
				values[i] = compiled.sampleDouble(random, bindings);
			}
			Arrays.sort(values);
			return new Sampled(values, Map.of());
		}
		Map<String, Integer> counts = new TreeMap<>();
		for (int i = 0; i < samples; i++) {
			counts.merge(String.valueOf(compiled.sample(random, bindings)), 1, Integer::sum);
		}
		Map<String, Double> frequencies = new LinkedHashMap<>();
		counts.forEach((value, count) -> frequencies.put(value, count / (double) samples));
		return new Sampled(null, frequencies);
	}

	private record Summary(double mean, double standardDeviation, double halfWidth95, double min, double max,
			double p50, double p95) {

		static Summary of(double[] sorted) {
			int n = sorted.length;
			double sum = 0;
			for (double value : sorted) {
				sum += value;
			}
			double mean = sum / n;
			double squares = 0;
			for (double value : sorted) {
				squares += (value - mean) * (value - mean);
			}
			double deviation = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
			return new Summary(mean, deviation, 1.959964 * deviation / Math.sqrt(n), sorted[0], sorted[n - 1],
					percentile(sorted, 0.50), percentile(sorted, 0.95));
		}

		/** Nearest-rank percentile. */
		private static double percentile(double[] sorted, double p) {
			int rank = (int) Math.ceil(p * sorted.length);
			return sorted[Math.max(0, rank - 1)];
		}
	}

	private void printText(PrintWriter out, Expression expression, StoExType type, OptionalDouble mean,
			Sampled sampled) {
		out.printf("expression   %s%n", expression.text());
		out.printf("type         %s%n", type);
		out.printf("exact mean   %s%n", mean.isPresent() ? format(mean.getAsDouble()) : "not defined in closed form");
		if (samples == 0) {
			return;
		}
		out.printf("samples      %d (seed %d)%n", samples, seed);
		if (sampled.sortedNumbers() != null) {
			Summary summary = Summary.of(sampled.sortedNumbers());
			out.printf("sample mean  %s ± %s (95 %% confidence)%n", format(summary.mean()), format(summary.halfWidth95()));
			out.printf("std dev      %s%n", format(summary.standardDeviation()));
			out.printf("min, max     %s, %s%n", format(summary.min()), format(summary.max()));
			out.printf("p50, p95     %s, %s%n", format(summary.p50()), format(summary.p95()));
		} else {
			sampled.frequencies().forEach((value, share) -> out.printf("  %-10s %s%n", value, format(share)));
		}
	}

	private String toJson(Expression expression, StoExType type, OptionalDouble mean, Sampled sampled) {
		JsonNodeFactory nodes = JsonNodeFactory.instance;
		ObjectNode result = nodes.objectNode();
		result.put("expression", expression.text());
		result.put("type", type.name());
		if (mean.isPresent()) {
			result.put("mean", mean.getAsDouble());
		} else {
			result.putNull("mean");
		}
		if (samples > 0) {
			ObjectNode statistics = result.putObject("samples");
			statistics.put("count", samples);
			statistics.put("seed", seed);
			if (sampled.sortedNumbers() != null) {
				Summary summary = Summary.of(sampled.sortedNumbers());
				statistics.put("mean", summary.mean());
				statistics.put("ci95", summary.halfWidth95());
				statistics.put("stdDev", summary.standardDeviation());
				statistics.put("min", summary.min());
				statistics.put("max", summary.max());
				statistics.put("p50", summary.p50());
				statistics.put("p95", summary.p95());
			} else {
				ObjectNode frequencies = statistics.putObject("frequencies");
				sampled.frequencies().forEach(frequencies::put);
			}
		}
		return result.toString();
	}

	private static String format(double value) {
		return String.format(java.util.Locale.ROOT, "%.6g", value).replaceFirst("(\\.\\d*?)0+(e|$)", "$1$2")
				.replaceFirst("\\.(e|$)", "$1");
	}

	/** Characters of the expression shown around the column of an error. */
	private static final int SHOWN = 72;

	/** The expression with a caret under the column; a long one is shown around the column only. */
	private static void printWithCaret(PrintWriter err, String text, int column) {
		int at = Math.max(0, Math.min(column - 1, text.length()));
		int start = Math.max(0, Math.min(at - SHOWN / 2, text.length() - SHOWN));
		int end = Math.min(text.length(), start + SHOWN);
		String before = start > 0 ? "…" : "";
		err.println("  " + before + text.substring(start, end) + (end < text.length() ? "…" : ""));
		err.println("  " + " ".repeat(before.length() + at - start) + "^");
	}

	private static String excerpt(String text) {
		return text.length() <= SHOWN ? text : text.substring(0, SHOWN - 1) + "…";
	}
}
