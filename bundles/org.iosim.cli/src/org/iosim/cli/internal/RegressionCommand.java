package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.iosim.analysis.regression.CrossValidation;
import org.iosim.analysis.regression.DataFiles;
import org.iosim.analysis.regression.DataFormatException;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Folds;
import org.iosim.analysis.regression.ModelSelection;
import org.iosim.analysis.regression.ModelSelection.Tuned;
import org.iosim.analysis.regression.Optimizer;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.S3Search;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;
import org.iosim.cli.Main;
import org.iosim.files.TimeLeft;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "regression", mixinStandardHelpOptions = true,
		description = { "Regression-based I/O analysis models: fit, tune their parameters with the S3 search, select,"
				+ " evaluate. Stored models serve virtualized storage as analysis models of kind 'regression'." },
		footer = { "", RegressionCommand.EXIT_STATUS })
final class RegressionCommand implements Runnable {

	/** The footer of every regression command; descriptions and footers are format strings, so '%' is written '%%'. */
	static final String EXIT_STATUS = "Exit status: 0 done, 1 the data or the model file cannot be used (the message"
			+ " says why and where), 2 usage error.";

	@Spec
	CommandSpec spec;

	@Override
	public void run() {
		throw new picocli.CommandLine.ParameterException(spec.commandLine(),
				"Missing subcommand: " + String.join(", ", spec.subcommands().keySet()));
	}

	/** Options naming the training data. */
	static final class DataOptions {
		@Option(names = "--data", paramLabel = "FILE.csv", required = true, description = "Measurements, one row per configuration.")
		Path data;

		@Option(names = "--target", paramLabel = "COLUMN", required = true, description = "Column to predict, e.g. delay.")
		String target;

		@Option(names = "--features", paramLabel = "COLUMN", split = ",",
				description = "Feature columns (default: every column but the target). For use as an I/O analysis model,"
						+ " name them as workload inputs (concurrency, meanReadSize, readRatio, ...).")
		List<String> features = new ArrayList<>();

		@Option(names = "--folds", defaultValue = "10", description = "Cross-validation folds (default ${DEFAULT-VALUE}).")
		int folds;

		@Option(names = "--seed", defaultValue = "1", description = "Seed of the fold partition and of random search (default ${DEFAULT-VALUE}).")
		long seed;

		Dataset read() {
			if (folds < 2) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--folds must be at least 2, got " + folds);
			}
			try {
				return DataFiles.read(data, target, features, folds);
			} catch (DataFormatException invalid) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, invalid.getMessage());
			}
		}
	}

	/** The option of the long-running commands that silences their progress lines. */
	static final class QuietOption {
		@Option(names = "--quiet", description = "No progress lines on standard error.")
		boolean quiet;
	}

	/**
	 * Runs a command, turning data or a stored model that the regression cannot use into a user error:
	 * its message already names the data and says what is wrong.
	 */
	static Integer unlessUnusable(Supplier<Integer> command) {
		try {
			return command.get();
		} catch (RegressionInputException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		}
	}

	static Technique technique(String id) {
		try {
			return Techniques.byId(id);
		} catch (IllegalArgumentException unknown) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, unknown.getMessage());
		}
	}

	static Tuned tune(Technique technique, Dataset data, Folds folds, String tune, long seed, ProgressLines progress) {
		Optimizer optimizer;
		try {
			optimizer = Techniques.tuning(tune, seed).orElse(null);
		} catch (IllegalArgumentException unknown) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--tune: " + unknown.getMessage());
		}
		return ModelSelection.tune(technique, data, folds, optimizer,
				progress.search((tune.equals("s3") ? "S3" : tune + " search") + " on " + technique.id()));
	}

	static void save(StoredModel model, Path out) {
		try {
			model.save(out);
		} catch (IOException failed) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot write " + out + ": " + failed.getMessage());
		}
	}

	static String percent(double fraction) {
		return String.format(Locale.ROOT, "%.2f %%", 100 * fraction);
	}

	/** Parameter values in the technique's order, e.g. "maxRules=12, minRsqImprovement=0.0025"; "none" without any. */
	static String parameters(Technique technique, Map<String, Double> values) {
		return technique.parameters().isEmpty() ? "none"
				: technique.parameters().stream()
						.map(parameter -> parameter.name() + "=" + compact(values.get(parameter.name())))
						.collect(Collectors.joining(", "));
	}

	/** A number for people: a whole number without decimals, others in at most six significant digits. */
	static String compact(double value) {
		if (!Double.isFinite(value)) {
			return Double.toString(value);
		}
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return Long.toString((long) value);
		}
		BigDecimal rounded = new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros();
		return Math.abs(value) >= 1e-4 && Math.abs(value) < 1e6 ? rounded.toPlainString() : rounded.toString();
	}

	/**
	 * Progress lines on standard error for the long computations: what is done, what remains, and
	 * about how long that takes. Printed by the command, never by the library, which only reports.
	 */
	static final class ProgressLines {
		/** Least time between two lines within one iteration of a search. */
		private static final long PAUSE_NANOS = 10_000_000_000L;

		private final PrintWriter err;
		private final boolean quiet;

		ProgressLines(PrintWriter err, QuietOption option) {
			this.err = err;
			this.quiet = option.quiet;
		}

		/** Prints after each iteration of the search, and every few seconds within a long one. */
		Optimizer.Listener search(String label) {
			if (quiet) {
				return Optimizer.Listener.NONE;
			}
			long started = System.nanoTime();
			long[] lastLine = { started };
			return progress -> {
				long now = System.nanoTime();
				// the first evaluation gives no rate to estimate from
				if (progress.evaluations() < 2 || !progress.iterationDone() && now - lastLine[0] < PAUSE_NANOS) {
					return;
				}
				lastLine[0] = now;
				double elapsed = (now - started) / 1e9;
				String where = progress.maxIterations() > 0
						? String.format(Locale.ROOT, "iteration %d of at most %d, %d evaluations", progress.iteration(),
								progress.maxIterations(), progress.evaluations())
						: String.format(Locale.ROOT, "%d of %d evaluations", progress.iterationEvaluated(),
								progress.iterationSize());
				line(label + ": " + where, elapsed, progress.evaluations(), progress.remainingEvaluations());
			};
		}

		/** After {@code done} of {@code total} steps begun at {@code started}: the time left from their mean time. */
		void steps(String label, int done, int total, String steps, long started) {
			if (quiet) {
				return;
			}
			double elapsed = (System.nanoTime() - started) / 1e9;
			line(String.format(Locale.ROOT, "%s: %d of %d %s", label, done, total, steps), elapsed, done, total - done);
		}

		/** Progress of a model selection: the techniques cross-validated, then each S3 search. */
		ModelSelection.Listener selection(String label) {
			long started = System.nanoTime();
			return new ModelSelection.Listener() {
				@Override
				public void crossValidated(int done, int total) {
					steps(label, done, total, "techniques cross-validated with their defaults", started);
				}

				@Override
				public Optimizer.Listener tuning(Technique technique, int index, int count) {
					if (!technique.parameters().isEmpty()) {
						note(String.format(Locale.ROOT, "%s: tuning %s with S3 (%d of %d)", label, technique.id(), index, count));
					}
					return search("S3 on " + technique.id());
				}
			};
		}

		void note(String text) {
			if (!quiet) {
				err.println("  " + text);
			}
		}

		private void line(String what, double elapsedSeconds, double done, double remaining) {
			err.printf(Locale.ROOT, "  %s, %s%n", what, TimeLeft.elapsedAndLeft(elapsedSeconds, done, remaining));
		}
	}

	@Command(name = "fit", mixinStandardHelpOptions = true,
			description = "Fits one technique, tuning its parameters on the cross-validation folds, and stores the model.",
			footer = { "", EXIT_STATUS })
	static final class Fit implements Callable<Integer> {
		@Mixin
		DataOptions data;

		@Mixin
		QuietOption quiet;

		@Option(names = "--technique", required = true, description = "lm, lm-ia, mars, mars-ia, cart, m5 or cubist.")
		String technique;

		@Option(names = "--tune", defaultValue = "s3", description = "s3 (default), grid, random or none (the default parameters).")
		String tune;

		@Option(names = "--out", paramLabel = "MODEL.json", required = true, description = "Where to store the model.")
		Path out;

		@Option(names = "--overwrite", description = "Replace MODEL.json if it exists.")
		boolean overwrite;

		@Option(names = "--bootstrap", paramLabel = "B", defaultValue = "0",
				description = "Also estimate the error by B bootstrap resamples (out-of-bag RMSE); 0 for none.")
		int bootstrap;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			return unlessUnusable(this::fit);
		}

		private Integer fit() {
			if (bootstrap < 0) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--bootstrap must not be negative");
			}
			// before the tuning, which may take minutes
			QpnCommand.requireWritableFile(out, overwrite, data.data);
			Dataset dataset = data.read();
			Technique chosen = technique(technique);
			long started = System.nanoTime();
			Tuned tuned = tune(chosen, dataset, Folds.of(dataset.size(), data.folds, data.seed), tune, data.seed,
					new ProgressLines(spec.commandLine().getErr(), quiet));
			StoredModel model = tuned.refit(dataset);
			save(model, out);
			PrintWriter printed = spec.commandLine().getOut();
			printed.printf(Locale.ROOT, "%s on %s: %d rows, features %s%n", chosen.id(), dataset.source(), dataset.size(),
					dataset.features());
			printed.printf(Locale.ROOT, "parameters   %s (%s, %d evaluations, %.1f s)%n",
					parameters(chosen, tuned.parameters()), tune, tuned.evaluations(), (System.nanoTime() - started) / 1e9);
			printed.printf(Locale.ROOT, "CV RMSE      %.6g (%d folds)%n", tuned.error().rmse(), data.folds);
			printed.printf(Locale.ROOT, "CV relative  mean %s, 95th percentile %s%n",
					percent(tuned.error().meanRelativeError()), percent(tuned.error().relativeError95()));
			if (bootstrap > 0) {
				printed.printf(Locale.ROOT, "bootstrap    out-of-bag RMSE %.6g (%d resamples)%n",
						CrossValidation.bootstrap(chosen, dataset, tuned.parameters(), bootstrap, data.seed), bootstrap);
			}
			printed.println("model        " + out);
			return 0;
		}
	}

	@Command(name = "select", mixinStandardHelpOptions = true,
			description = { "Model selection: every technique is cross-validated with its defaults on the same"
					+ " folds, the three best are tuned with S3, and the winner (the simpler technique when the tuned errors"
					+ " differ by less than 2 %%) is refitted on all data. A technique that cannot fit the data (e.g. with"
					+ " more terms than rows) is left out, with the reason." },
			footer = { "", EXIT_STATUS })
	static final class Select implements Callable<Integer> {
		@Mixin
		DataOptions data;

		@Mixin
		QuietOption quiet;

		@Option(names = "--out", paramLabel = "MODEL.json", description = "Store the selected model.")
		Path out;

		@Option(names = "--overwrite", description = "Replace MODEL.json if it exists.")
		boolean overwrite;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			return unlessUnusable(this::select);
		}

		private Integer select() {
			if (out != null) {
				// before the selection, which may take minutes
				QpnCommand.requireWritableFile(out, overwrite, data.data);
			}
			Dataset dataset = data.read();
			ProgressLines progress = new ProgressLines(spec.commandLine().getErr(), quiet);
			ModelSelection.Outcome outcome = ModelSelection.select(dataset,
					Folds.of(dataset.size(), data.folds, data.seed), progress.selection("select"));
			PrintWriter printed = spec.commandLine().getOut();
			printSelection(outcome, printed);
			if (out != null) {
				save(outcome.selected().refit(dataset), out);
				printed.println("model    " + out);
			}
			return 0;
		}
	}

	/** The selection as a table of techniques with their errors, the winner marked, and the reasons for those left out. */
	static void printSelection(ModelSelection.Outcome outcome, PrintWriter printed) {
		printed.printf(Locale.ROOT, "%-8s %14s %14s %12s%n", "technique", "CV RMSE", "tuned RMSE", "mean rel.");
		for (Tuned candidate : outcome.untuned()) {
			Tuned after = outcome.tuned().get(candidate.technique().id());
			printed.printf(Locale.ROOT, "%-8s %14.6g %14s %12s%s%n", candidate.technique().id(), candidate.error().rmse(),
					after == null ? "-" : String.format(Locale.ROOT, "%.6g", after.error().rmse()),
					percent(outcome.best(candidate).error().meanRelativeError()),
					after == outcome.selected() ? "  <- selected" : "");
		}
		outcome.leftOut().forEach((id, reason) -> printed.printf(Locale.ROOT, "%-8s left out: %s%n", id, reason));
		Tuned selected = outcome.selected();
		printed.println("selected " + selected.technique().id() + (selected.technique().parameters().isEmpty() ? ""
				: " with " + parameters(selected.technique(), selected.parameters())));
	}

	@Command(name = "predict", mixinStandardHelpOptions = true,
			description = "Predicts the target for every row of a data file; rows outside the training ranges are flagged.",
			footer = { "", EXIT_STATUS })
	static final class Predict implements Callable<Integer> {
		@Mixin
		ModelAndData input;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			StoredModel stored = input.model();
			Dataset dataset = input.data(stored, false);
			PrintWriter printed = spec.commandLine().getOut();
			printed.println(String.join(",", stored.features()) + ",predicted " + stored.target() + ",extrapolated");
			for (double[] row : dataset.x()) {
				StoredModel.Prediction prediction = input.predict(stored, row);
				StringBuilder line = new StringBuilder();
				for (double value : row) {
					line.append(plain(value)).append(',');
				}
				line.append(plain(prediction.value())).append(',')
						.append(String.join(" ", prediction.outsideTrainingRange()));
				printed.println(line);
			}
			return 0;
		}

		/**
		 * @return e.g. {@code 67108864} or {@code 0.00012}: the shortest decimal that reads back as the
		 *         value, without the exponent Java writes from 10⁷ on, which spreadsheets and people misread
		 */
		static String plain(double value) {
			return Double.isFinite(value) ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
					: String.valueOf(value);
		}
	}

	@Command(name = "evaluate", mixinStandardHelpOptions = true,
			description = "Relative error |(measured - predicted) / measured| of a stored model on test data, its mean and 95th percentile.",
			footer = { "", EXIT_STATUS })
	static final class Evaluate implements Callable<Integer> {
		@Mixin
		ModelAndData input;

		@Option(names = "--json", description = "Print one JSON object.")
		boolean json;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			StoredModel stored = input.model();
			Dataset dataset = input.data(stored, true);
			double[] errors = new double[dataset.size()];
			int used = 0;
			int extrapolated = 0;
			for (int row = 0; row < dataset.size(); row++) {
				StoredModel.Prediction prediction = input.predict(stored, dataset.x()[row]);
				extrapolated += prediction.extrapolated() ? 1 : 0;
				if (dataset.y()[row] != 0) {
					errors[used++] = Math.abs((dataset.y()[row] - prediction.value()) / dataset.y()[row]);
				}
			}
			if (used == 0) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, input.data + ": every measured " + stored.target()
						+ " is 0, so no relative error is defined");
			}
			double[] sorted = Arrays.copyOf(errors, used);
			Arrays.sort(sorted);
			double mean = Arrays.stream(sorted).average().orElseThrow();
			double p95 = sorted[Math.max(0, (int) Math.ceil(0.95 * used) - 1)];
			PrintWriter printed = spec.commandLine().getOut();
			if (json) {
				ObjectNode result = JsonNodeFactory.instance.objectNode();
				result.put("rows", dataset.size());
				result.put("meanRelativeErrorPercent", 100 * mean);
				result.put("p95RelativeErrorPercent", 100 * p95);
				result.put("extrapolatedRows", extrapolated);
				printed.println(result);
			} else {
				printed.printf(Locale.ROOT, "mean relative error: %.2f %%%n", 100 * mean);
				printed.printf(Locale.ROOT, "95th percentile relative error: %.2f %%%n", 100 * p95);
				printed.printf(Locale.ROOT, "rows: %d (%d outside the training ranges)%n", dataset.size(), extrapolated);
			}
			return 0;
		}
	}

	@Command(name = "bench", mixinStandardHelpOptions = true,
			description = { "Fit and prediction time per technique (MARS also with the most terms S3 tries), and S3's wall"
					+ " time over MARS with and without interactions, on a synthetic data set shaped like file-system"
					+ " benchmark measurements of I/O delay (default 1,120 rows, 6 features: concurrency, read and write size, read and write sequentiality, read ratio)." },
			footer = { "", EXIT_STATUS })
	static final class Bench implements Callable<Integer> {
		private static final int REPEATS = 5;
		/** lm-ia needs as many rows as the six features have terms (21) and one for the intercept. */
		private static final int MIN_ROWS = 22;
		/** Enough for any timing; it keeps a mistyped count from exhausting memory. */
		private static final int MAX_ROWS = 1_000_000;

		@Option(names = "--rows", defaultValue = "1120", description = "Rows (default ${DEFAULT-VALUE}).")
		int rows;

		@Option(names = "--seed", defaultValue = "1", description = "Seed of the data and the folds (default ${DEFAULT-VALUE}).")
		long seed;

		@Mixin
		QuietOption quiet;

		@Spec
		CommandSpec spec;

		/** A fit to time: a technique with the parameters it is fitted with. */
		private record Timed(String label, Technique technique, Map<String, Double> parameters) {
		}

		@Override
		public Integer call() {
			if (rows < MIN_ROWS || rows > MAX_ROWS) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, String.format(Locale.ROOT,
						"--rows must be between %d and %,d, got %,d", MIN_ROWS, MAX_ROWS, rows));
			}
			Dataset data = syntheticStorageData(rows, seed);
			PrintWriter printed = spec.commandLine().getOut();
			printed.printf(Locale.ROOT, "data: %d rows x %d features (synthetic, seed %d), %d cores%n", data.size(),
					data.featureCount(), seed, Runtime.getRuntime().availableProcessors());
			printed.printf(Locale.ROOT, "%-20s %12s %16s%n", "technique", "fit (ms)", "predict all (ms)");
			for (Timed timed : fitsToTime()) {
				Technique technique = timed.technique();
				technique.fit(data, timed.parameters());
				double fitMillis = Double.POSITIVE_INFINITY;
				double predictMillis = Double.POSITIVE_INFINITY;
				for (int repeat = 0; repeat < REPEATS; repeat++) {
					long started = System.nanoTime();
					var model = technique.fit(data, timed.parameters());
					long fitted = System.nanoTime();
					double checksum = 0;
					for (double[] row : data.x()) {
						checksum += model.predict(row);
					}
					long predicted = System.nanoTime();
					if (Double.isNaN(checksum)) {
						throw new IllegalStateException(technique.id() + " predicted NaN");
					}
					fitMillis = Math.min(fitMillis, (fitted - started) / 1e6);
					predictMillis = Math.min(predictMillis, (predicted - fitted) / 1e6);
				}
				printed.printf(Locale.ROOT, "%-20s %12.2f %16.3f%n", timed.label(), fitMillis, predictMillis);
			}
			Folds folds = Folds.of(data.size(), 10, seed);
			for (String id : List.of("mars", "mars-ia")) {
				Technique mars = Techniques.byId(id);
				long started = System.nanoTime();
				Optimizer.Result result = S3Search.defaults().minimise(mars.parameters(),
						CrossValidation.objective(mars, data, folds),
						new ProgressLines(spec.commandLine().getErr(), quiet).search("S3 on " + id));
				printed.printf(Locale.ROOT,
						"S3 over %s (zeta 4, eta 5, theta 10, 10 folds): %.1f s, %d evaluations, CV RMSE %.6g at %s%n", id,
						(System.nanoTime() - started) / 1e9, result.evaluations(), result.bestValue(),
						parameters(mars, result.best()));
			}
			return 0;
		}

		/** Every technique with its defaults, and MARS with as many terms as S3 tries at most, its slowest fits. */
		private static List<Timed> fitsToTime() {
			List<Timed> fits = new ArrayList<>();
			for (Technique technique : Techniques.all()) {
				fits.add(new Timed(technique.id(), technique, technique.defaults()));
			}
			for (String id : List.of("mars", "mars-ia")) {
				Technique mars = Techniques.byId(id);
				Map<String, Double> mostTerms = new LinkedHashMap<>();
				mars.parameters().forEach(parameter -> mostTerms.put(parameter.name(),
						parameter.name().startsWith("maxTerms") ? parameter.upper() : parameter.lower()));
				fits.add(new Timed(id + " (most terms)", mars, mostTerms));
			}
			return fits;
		}

		/**
		 * I/O delay in ms with the shape of the dissertation's observations: rising with concurrency and
		 * request sizes, lower for sequential access and read-heavy mixes, with a knee where the cache stops
		 * absorbing writes, plus 3 % noise.
		 */
		static Dataset syntheticStorageData(int rows, long seed) {
			java.util.Random random = new java.util.Random(seed);
			double[][] x = new double[rows][];
			double[] y = new double[rows];
			for (int row = 0; row < rows; row++) {
				double concurrency = 1 + random.nextInt(100);
				double readSize = 4 << random.nextInt(6);
				double writeSize = 4 << random.nextInt(6);
				double readSequential = random.nextInt(2);
				double writeSequential = random.nextInt(2);
				double readRatio = random.nextInt(11) / 10.0;
				double service = readRatio * (0.2 + readSize / 400 * (1 - 0.6 * readSequential))
						+ (1 - readRatio) * (0.4 + writeSize / 150 * (1 - 0.4 * writeSequential));
				double knee = Math.max(0, concurrency * (1 - readRatio) - 30) * 0.05;
				y[row] = (service * (1 + concurrency / 8) + knee) * (1 + 0.03 * random.nextGaussian());
				x[row] = new double[] { concurrency, readSize, writeSize, readSequential, writeSequential, readRatio };
			}
			return new Dataset("synthetic FFSB-shaped data", List.of("concurrency", "meanReadSize", "meanWriteSize",
					"readPattern", "writePattern", "readRatio"), "delay", x, y);
		}
	}

	/** A stored model and the data to apply it to. */
	static final class ModelAndData {
		@Option(names = "--model", paramLabel = "MODEL.json", required = true, description = "A stored model.")
		Path model;

		@Option(names = "--data", paramLabel = "FILE.csv", required = true, description = "Rows with the model's features.")
		Path data;

		StoredModel model() {
			try {
				return StoredModel.load(model);
			} catch (DataFormatException invalid) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, invalid.getMessage());
			}
		}

		Dataset data(StoredModel stored, boolean withTarget) {
			try {
				return DataFiles.readForModel(data, stored.target(), stored.features(), withTarget);
			} catch (DataFormatException invalid) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, invalid.getMessage());
			}
		}

		/** The model's prediction; a model whose stored structure cannot predict the row is named. */
		StoredModel.Prediction predict(StoredModel stored, double[] row) {
			try {
				return stored.predict(row);
			} catch (RegressionInputException unusable) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, model + ": " + unusable.getMessage());
			}
		}
	}
}
