package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import org.iosim.calibration.Calibration;
import org.iosim.calibration.CalibrationException;
import org.iosim.calibration.CalibrationFolder;
import org.iosim.cli.Main;
import org.iosim.files.FileProblems;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.pcm.io.IoType;
import org.iosim.report.OutputFolderException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "calibrate", mixinStandardHelpOptions = true,
		description = { "Turns storage measurements ('iosim measure') into an I/O analysis model: for reads and for writes,"
				+ " every regression technique is cross-validated on one fold partition, the three best are tuned with S3,"
				+ " and the simpler one wins when the errors differ by less than 2 %%. Writes into DIR the analysis model"
				+ " definition NAME.json (use it with --models DIR), the stored models under models/, the data as CSV and"
				+ " calibration.html: measured vs predicted, error distribution, error by parameter, chosen parameters,"
				+ " test configurations outside the training ranges." },
		footer = { "", "Exit status: 0 done, 1 the measurements cannot be calibrated or DIR cannot be written (the message"
				+ " says why), 2 usage error." })
final class CalibrateCommand implements Callable<Integer> {

	@Parameters(paramLabel = "DB", description = "A measurement database written by 'iosim measure'.")
	Path database;

	@Option(names = "--out", paramLabel = "DIR", required = true, description = "Output folder (written completely or not at all).")
	Path out;

	@Option(names = "--overwrite", description = "Replace DIR if it exists and is not empty.")
	boolean overwrite;

	@Option(names = "--name", defaultValue = "calibrated-storage",
			description = "The analysis model's name (default ${DEFAULT-VALUE}); a storage selects it with modelReference.")
	String name;

	@Option(names = "--system", paramLabel = "NAME", description = "The systemUnderStudy feature of the model (default: its name).")
	String system;

	@Option(names = "--io", paramLabel = "MODE", description = "Calibrate from the buffered or the direct runs (needed when the"
			+ " database holds both: a model learns one I/O mode).")
	String ioMode;

	@Option(names = "--plan", paramLabel = "NAME", split = ",", description = "Learn only from these plans (default: every plan"
			+ " but the test plans).")
	List<String> plans = new ArrayList<>();

	@Option(names = "--test", paramLabel = "PLAN", split = ",", description = "Plans whose configurations only test the models"
			+ " (their error is in the report).")
	List<String> testPlans = new ArrayList<>();

	@Option(names = "--folds", defaultValue = "10", description = "Cross-validation folds (default ${DEFAULT-VALUE}).")
	int folds;

	@Option(names = "--seed", defaultValue = "1", description = "Seed of the fold partition (default ${DEFAULT-VALUE}).")
	long seed;

	@Mixin
	RegressionCommand.QuietOption quiet;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		if (folds < 2) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--folds must be at least 2, got " + folds);
		}
		if (ioMode != null && !ioMode.equals("buffered") && !ioMode.equals("direct")) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--io must be buffered or direct, not '" + FileProblems.excerpt(ioMode) + "'");
		}
		IosimCommand.requireUsableOutputFolder(out, overwrite, database);
		List<MeasuredDelay> rows;
		try (MeasurementDatabase opened = MeasurementDatabase.open(database, false)) {
			rows = MeasuredDelay.of(opened.runs());
		} catch (MeasurementException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		}
		rows = selected(rows);
		RegressionCommand.ProgressLines progress = new RegressionCommand.ProgressLines(spec.commandLine().getErr(), quiet);
		Calibration.Result result;
		try {
			result = Calibration.calibrate(rows, new Calibration.Settings(name, folds, seed, testPlans),
					type -> progress.selection("calibrate " + (type == IoType.READ ? "reads" : "writes")));
		} catch (CalibrationException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, database + ": " + unusable.getMessage());
		}
		Path written;
		String systemUnderStudy = system != null ? system : name;
		try {
			written = CalibrationFolder.write(result, systemUnderStudy, out, overwrite);
		} catch (OutputFolderException refused) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, refused.getMessage());
		} catch (IOException failed) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot write " + out + ": " + FileProblems.reason(failed));
		}
		print(result, written, systemUnderStudy);
		return 0;
	}

	/** The rows of the chosen plans and I/O mode. */
	private List<MeasuredDelay> selected(List<MeasuredDelay> rows) {
		Set<String> known = new TreeSet<>();
		rows.forEach(row -> known.add(row.plan()));
		for (String plan : concat(plans, testPlans)) {
			if (!known.contains(plan)) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, database + ": no plan '" + plan + "' (it holds "
						+ (known.isEmpty() ? "no measurements" : String.join(", ", known)) + ")");
			}
		}
		List<MeasuredDelay> chosen = rows.stream()
				.filter(row -> plans.isEmpty() || plans.contains(row.plan()) || testPlans.contains(row.plan())).toList();
		Set<Boolean> modes = new TreeSet<>();
		chosen.forEach(row -> modes.add(row.workload().direct()));
		if (ioMode == null && modes.size() > 1) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, database + " holds buffered and direct runs; choose the I/O"
					+ " mode of the application to model with --io buffered or --io direct");
		}
		boolean direct = "direct".equals(ioMode);
		return ioMode == null ? chosen : chosen.stream().filter(row -> row.workload().direct() == direct).toList();
	}

	private static List<String> concat(List<String> first, List<String> second) {
		List<String> both = new ArrayList<>(first);
		both.addAll(second);
		return both;
	}

	/** The error a perfect model would have on the noisy measurements, when they were repeated. */
	private static String noiseFloor(double floor) {
		return Double.isNaN(floor) ? "" : " (noise floor " + RegressionCommand.percent(floor) + ")";
	}

	private void print(Calibration.Result result, Path written, String systemUnderStudy) {
		PrintWriter printed = spec.commandLine().getOut();
		for (Calibration.TypeModel model : result.models()) {
			String types = model.type() == IoType.READ ? "reads " : "writes";
			printed.printf(Locale.ROOT, "%s  %-7s %s; %d configurations, held-out mean relative error %s%s%s%n", types,
					model.selection().selected().technique().id(),
					RegressionCommand.parameters(model.selection().selected().technique(),
							model.selection().selected().parameters()),
					model.training().size(), RegressionCommand.percent(model.heldOutError()),
					noiseFloor(model.heldOutNoiseFloor()),
					model.testError().map(error -> String.format(Locale.ROOT, ", test %s on %d%s", RegressionCommand.percent(error),
							model.test().size(), noiseFloor(model.testNoiseFloor().orElseThrow()))).orElse(""));
		}
		printed.println("written  " + written);
		printed.printf(Locale.ROOT, "report   %s%n", written.resolve(CalibrationFolder.REPORT));
		printed.printf(Locale.ROOT, "use it   --models %s, with a storage whose <features> ask for modelReference=\"%s\""
				+ " (or systemUnderStudy=\"%s\")%n", written, result.settings().name(), systemUnderStudy);
	}
}
