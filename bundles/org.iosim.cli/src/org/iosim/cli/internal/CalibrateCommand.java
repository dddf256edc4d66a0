package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.analysis.regression.ModelSelection;
import org.iosim.calibration.Calibration;
import org.iosim.calibration.CalibrationCancelledException;
import org.iosim.calibration.CalibrationException;
import org.iosim.calibration.CalibrationFolder;
import org.iosim.calibration.CalibrationRun;
import org.iosim.cli.Main;
import org.iosim.files.FileProblems;
import org.iosim.pcm.io.IoType;

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
		CalibrationRun.IoMode mode = ioMode == null ? null : CalibrationRun.IoMode.ofLabel(ioMode);
		if (ioMode != null && mode == null) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--io must be buffered or direct, not '" + FileProblems.excerpt(ioMode) + "'");
		}
		RegressionCommand.ProgressLines progress = new RegressionCommand.ProgressLines(spec.commandLine().getErr(), quiet);
		CalibrationRun.Outcome outcome;
		try {
			outcome = CalibrationRun.run(new CalibrationRun.Request(database, out, overwrite, name, system, mode, plans,
					testPlans, folds, seed), new CalibrationRun.Listener() {
						@Override
						public ModelSelection.Listener selecting(String step, int number, int total) {
							return progress.selection(step);
						}
					});
		} catch (CalibrationException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		} catch (CalibrationCancelledException cancelled) {
			// this listener never asks to stop: a command ends with its process
			throw new IllegalStateException(cancelled);
		}
		print(outcome.result(), outcome.folder(), system != null ? system : name);
		return 0;
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
