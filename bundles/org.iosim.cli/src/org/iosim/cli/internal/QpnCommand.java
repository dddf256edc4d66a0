package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

import org.iosim.des.RunBudget;
import org.iosim.files.FileProblems;
import org.iosim.files.TimeLeft;
import org.iosim.files.WholeFiles;
import org.iosim.cli.Main;
import org.iosim.qpn.Net;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.NetFiles;
import org.iosim.qpn.qpe.QpeWriter;
import org.iosim.qpn.qpe.QpnModelFile;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.SimulatableNets;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.iosim.qpn.simulation.bench.QpnBenchmark;
import org.iosim.qpn.simulation.calibration.RequestWeights;
import org.iosim.qpn.storage.MeasuredData;
import org.iosim.qpn.storage.SchedulerNetCalibration;
import org.iosim.qpn.storage.StorageTemplate;
import org.iosim.report.OutputFolderException;
import org.iosim.qpn.report.QpnResultWriter;


import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "qpn", mixinStandardHelpOptions = true,
		description = { "Queueing Petri nets in QPME's .qpe format (or IOSim's own .qpn files): validate them, simulate"
				+ " them with SimQPN's semantics, convert between the two formats, and measure the simulator's speed." })
final class QpnCommand implements Runnable {

	/** Each replication keeps its own state; a mistyped count must not exhaust memory. */
	static final int MAX_REPLICATIONS = 1000;

	/**
	 * A net's times are in its own unit (QPME's files do not name one; IOSim's storage nets use seconds),
	 * so the tables name it "tu" and say so.
	 */
	static final String TIME_UNIT_NOTE = "(tu: the net's time unit, that of its service and think times)";

	static final String EXIT_STATUS = "Exit status: 0 done, 1 the net cannot be read or simulated (the message names the"
			+ " file and the element), 2 usage error.";

	@Spec
	CommandSpec spec;

	@Override
	public void run() {
		throw new IosimCommand.UserError(Main.EXIT_USAGE, "say what to do with a net: "
				+ String.join(", ", spec.subcommands().keySet()));
	}

	/**
	 * Reads a net and checks it as {@code validate} does ({@link SimulatableNets}), so that
	 * {@code validate} and {@code simulate} accept the same nets. Warnings are printed; errors end the
	 * command with their messages.
	 */
	static SimulatableNets.Read read(Path file, String configurationName, PrintWriter err) {
		IosimCommand.requireExisting(file);
		SimulatableNets.Read read;
		try {
			read = SimulatableNets.read(file, configurationName);
		} catch (SimulatableNets.NetRefusedException refused) {
			throw refused(refused);
		} catch (IllegalArgumentException noSuchConfiguration) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, noSuchConfiguration.getMessage());
		}
		printWarnings(read.warnings(), err);
		return read;
	}

	/** The net cannot be simulated: the command ends with the message, which names the file. */
	static IosimCommand.UserError refused(SimulatableNets.NetRefusedException refused) {
		return new IosimCommand.UserError(Main.EXIT_INVALID, refused.getMessage());
	}

	/** Prints the warnings; errors end the command with their messages. */
	static void report(QpeReadResult read, PrintWriter err) {
		printWarnings(read.warnings(), err);
		if (read.hasErrors()) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, read.errorLines());
		}
	}

	private static void printWarnings(List<QpnDiagnostic> warnings, PrintWriter err) {
		warnings.forEach(warning -> err.println("warning: " + warning.message()));
	}

	/**
	 * Writes a file a command produces, complete or not at all, refusing to replace one unless asked;
	 * a problem ends the command with a message naming the file.
	 */
	static void writeFile(Path file, boolean overwrite, WholeFiles.Content content) {
		requireWritableFile(file, overwrite);
		IosimCommand.writeWhole(file, content);
	}

	/**
	 * Checks, before the work, that a command may write {@code file}: it is not one of the inputs,
	 * it is new or --overwrite allows replacing it, and its folder can be written.
	 */
	static void requireWritableFile(Path file, boolean overwrite, Path... inputs) {
		IosimCommand.requireApartFromInputs(file, inputs);
		if (Files.exists(file) && !overwrite && !Files.isDirectory(file)) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, file + " exists; add --overwrite to replace it");
		}
		IosimCommand.requireWritableOutputFile(file, inputs);
	}

	/** What a net holds at its top level, e.g. "6 places, 5 transitions, 5 colours, 2 probes". */
	static String describe(Net net) {
		return String.format(Locale.ROOT, "%d places, %d transitions, %d colours", net.getPlaces().size(),
				net.getTransitions().size(), net.getColours().size())
				+ (net.getProbes().isEmpty() ? "" : ", " + net.getProbes().size() + " probe"
						+ (net.getProbes().size() == 1 ? "" : "s"));
	}

	/** Writes a net as IOSim's .qpn file if the name ends so, else as QPME's .qpe; as {@link #writeFile}. */
	static void writeNet(Path file, boolean overwrite, Net net) {
		boolean modelFile = NetFiles.isModelFile(file.toAbsolutePath().normalize());
		writeFile(file, overwrite, staging -> {
			if (modelFile) {
				new QpnModelFile().write(net, staging);
			} else {
				new QpeWriter().write(net, staging);
			}
		});
	}

	/** Reads a .qpn (IOSim's XMI) or any other file as a .qpe, without checking the net. */
	static QpeReadResult readFile(Path file) {
		IosimCommand.requireExisting(file);
		return NetFiles.read(file);
	}

	/** The seed of 'simulate' unless --seed says otherwise, and the seed of validate's dry run. */
	static final String DEFAULT_SEED = "1";

	@Command(name = "validate", mixinStandardHelpOptions = true,
			description = { "Checks that a .qpe net reads and can be simulated, without simulating it: the file, the"
					+ " net's rules and what the simulator supports, compiled as 'simulate' compiles it; then a dry run"
					+ " of the configuration's first " + RunBudget.FIRST_LOOK + " events (seed " + DEFAULT_SEED + ", as"
					+ " 'simulate' by default), which finds what a run finds in its first moments: immediate"
					+ " transitions firing without end before time passes, a run length beyond the events a run may"
					+ " fire. 'simulate' refuses such nets with the same messages." },
			footer = { "", EXIT_STATUS })
	static final class Validate implements Callable<Integer> {
		@Parameters(paramLabel = "NET.qpe", description = "The net.")
		Path file;

		@Option(names = "--config", paramLabel = "NAME", description = "Simulator configuration (default: the net's first).")
		String configurationName;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			PrintWriter err = spec.commandLine().getErr();
			SimulatableNets.Read read = read(file, configurationName, err);
			Net net = read.net();
			if (read.configuration().isPresent()) {
				try {
					QpnSimulator.dryRun(net, read.configuration().get().getName(),
							read.settings(Long.parseLong(DEFAULT_SEED), null));
				} catch (SimulatableNets.NetRefusedException refused) {
					throw refused(refused);
				} catch (UnsupportedNetException unsupported) {
					throw new IosimCommand.UserError(Main.EXIT_INVALID, file.getFileName() + ": " + unsupported.getMessage());
				}
			} else {
				err.println("warning: " + file + ": the net has no simulator configuration, so 'qpn simulate' cannot run"
						+ " it (an analysis model of kind 'qpn' gives 'runLength' instead); the net was checked, no run of it");
			}
			spec.commandLine().getOut().printf(Locale.ROOT, "%s: valid (%s)%n", file, describe(net));
			return 0;
		}
	}

	@Command(name = "simulate", mixinStandardHelpOptions = true,
			description = { "Simulates a .qpe net with the run length, warm-up and stopping rule of one of its simulator"
					+ " configurations, and writes DIR/results.json: per place and colour the residence time (for a"
					+ " queueing place, in its queue) with its 95 %% confidence interval from batch means, throughput,"
					+ " mean population and, for queues, utilization; a queueing place's depository is reported beside"
					+ " its queue; residence-time percentiles where a place's statsLevel is 4 or more. Also"
					+ " DIR/places.csv and a self-contained DIR/report.html." },
			footer = { "", EXIT_STATUS })
	static final class Simulate implements Callable<Integer> {
		@Parameters(paramLabel = "NET.qpe", description = "The net.")
		Path file;

		@Option(names = "--config", paramLabel = "NAME", description = "Simulator configuration (default: the net's first).")
		String configurationName;

		@Option(names = "--seed", defaultValue = DEFAULT_SEED, description = "Seed of the run (default ${DEFAULT-VALUE}).")
		long seed;

		@Option(names = "--run-length", paramLabel = "TIME", description = "Simulated time to run at most, instead of the"
				+ " configuration's total run length; the warm-up is then at most a tenth of it, and the stopping rule"
				+ " is checked at least a hundred times.")
		Double runLength;

		@Option(names = "--max-measurements", paramLabel = "N", description = "End a run also once N tokens were"
				+ " measured leaving places after the warm-up (each replication's own count).")
		Long maxMeasurements;

		@Option(names = "--replications", paramLabel = "R", defaultValue = "1", description = "Independent replications,"
				+ " in parallel, each with its own random stream; with two or more, confidence intervals come from the"
				+ " replication means (default ${DEFAULT-VALUE}).")
		int replications;

		@Option(names = "--out", paramLabel = "DIR", required = true, description = "Output folder (written completely or"
				+ " not at all).")
		Path out;

		@Option(names = "--overwrite", description = "Replace DIR if it exists and is not empty.")
		boolean overwrite;

		@Mixin
		RegressionCommand.QuietOption quiet;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			PrintWriter err = spec.commandLine().getErr();
			if (replications < 1 || replications > MAX_REPLICATIONS) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--replications must be between 1 and " + MAX_REPLICATIONS
						+ ", got " + replications);
			}
			IosimCommand.requireUsableOutputFolder(out, overwrite, file);
			SimulatableNets.Read read = read(file, configurationName, err);
			Net net = read.net();
			SimulatorConfiguration configuration;
			QpnRunSettings settings;
			try {
				configuration = read.requireConfiguration();
				settings = read.settings(seed, runLength);
			} catch (SimulatableNets.NetRefusedException refused) {
				throw refused(refused);
			}
			if (maxMeasurements != null) {
				if (maxMeasurements < 1) {
					throw new IosimCommand.UserError(Main.EXIT_USAGE, "--max-measurements must be at least 1, got "
							+ maxMeasurements);
				}
				settings = settings.withMaxMeasurements(maxMeasurements);
			}
			long started = System.nanoTime();
			QpnSimulator.Progress progress = quiet.quiet ? QpnSimulator.Progress.NONE
					: (simulatedTime, length, events) -> {
						double elapsed = (System.nanoTime() - started) / 1e9;
						double done = simulatedTime / length;
						err.printf(Locale.ROOT, "  %s: simulated %.3g of at most %.3g time units (%.0f %%), %,d events,"
								+ " %s elapsed, at most %s left%n", net.getName(), simulatedTime, length, 100 * done,
								events, TimeLeft.clock(elapsed), TimeLeft.clock(TimeLeft.seconds(elapsed, done, 1 - done)));
						err.flush();
					};
			QpnResult result;
			try {
				result = QpnSimulator.simulate(net, configuration.getName(), settings, replications, progress);
			} catch (UnsupportedNetException unsupported) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, file.getFileName() + ": " + unsupported.getMessage());
			}
			Path written;
			try {
				written = QpnResultWriter.write(result, configuration.getName(), out, overwrite);
			} catch (OutputFolderException refused) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, refused.getMessage());
			} catch (IOException failed) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot write " + out + ": " + FileProblems.reason(failed));
			}
			print(result, written);
			return 0;
		}

		private void print(QpnResult result, Path written) {
			PrintWriter printed = spec.commandLine().getOut();
			printed.printf(Locale.ROOT, "%s: %s after %.6g time units%s, %,d events in %.1f s%n", result.net(),
					result.stopReason(), result.simulatedTime(),
					result.replications() > 1 ? " (" + result.replications() + " replications)" : "", result.events(),
					result.wallClockSeconds());
			boolean percentiles = result.places().stream().anyMatch(place -> place.residenceTime().hasPercentiles());
			TextTable table = new TextTable().text("place").text("colour").number("residence time (tu)")
					.number("± 95 % (tu)");
			if (percentiles) {
				table.number("p95 (tu)");
			}
			table.number("throughput (1/tu)").number("population").number("utilization").number("busy servers");
			for (PlaceResult place : result.places()) {
				if (place.part() == Part.DEPOSITORY) {
					continue;
				}
				List<String> cells = new ArrayList<>(List.of(place.place(), place.colour(),
						number(place.residenceTime().mean()), number(place.residenceTime().ci95())));
				if (percentiles) {
					cells.add(place.residenceTime().hasPercentiles() ? number(place.residenceTime().p95()) : "");
				}
				// an infinite-server queue has no share of busy servers, only their mean number
				cells.addAll(List.of(number(place.throughput()), number(place.population()),
						Double.isNaN(place.shareOfBusyServers()) ? "" : number(place.shareOfBusyServers()),
						Double.isNaN(place.meanBusyServers()) ? "" : number(place.meanBusyServers())));
				table.row(cells.toArray(String[]::new));
			}
			table.print(printed);
			if (!result.probes().isEmpty()) {
				TextTable probes = new TextTable().text("probe").text("colour").number("residence time (tu)")
						.number("± 95 % (tu)").number("throughput (1/tu)");
				for (QpnResult.ProbeResult probe : result.probes()) {
					probes.row(probe.probe(), probe.colour(), number(probe.residenceTime().mean()),
							number(probe.residenceTime().ci95()), number(probe.throughput()));
				}
				printed.println();
				probes.print(printed);
			}
			printed.println(TIME_UNIT_NOTE);
			printed.println("results  " + written + " (" + QpnResultWriter.RESULTS_JSON + ", " + QpnResultWriter.PLACES_CSV
					+ ", " + QpnResultWriter.REPORT_HTML + ")");
		}
	}

	@Command(name = "convert", mixinStandardHelpOptions = true,
			description = { "Converts a net between QPME's .qpe format and IOSim's own .qpn file (XMI of the QPN"
					+ " metamodel), by the files' extensions: OUT ending in .qpn is written as IOSim's file, any other as"
					+ " .qpe. Every element keeps its id; nothing is lost either way." },
			footer = { "", "Exit status: 0 done, 1 the net cannot be read or OUT cannot be written (the message says why),"
					+ " 2 usage error." })
	static final class Convert implements Callable<Integer> {
		@Parameters(paramLabel = "IN", description = "The net: .qpe or .qpn.")
		Path input;

		@Option(names = "--out", paramLabel = "OUT", required = true, description = "The file to write.")
		Path output;

		@Option(names = "--overwrite", description = "Replace OUT if it exists.")
		boolean overwrite;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			QpeReadResult read = readFile(input);
			report(read, spec.commandLine().getErr());
			requireWritableFile(output, overwrite, input);
			Net net = read.net();
			writeNet(output, overwrite, net);
			spec.commandLine().getOut().printf(Locale.ROOT, "%s: %s written to %s%n", input, describe(net), output);
			return 0;
		}
	}

	@Command(name = "calibrate", mixinStandardHelpOptions = true,
			description = { "Calibrates a storage template or a scheduler net to measurements.",
					"--template cache or cache-raid: the storage hardware templates of Noorshams 2015 (sect. 7.4),"
							+ " calibrated from the measurement export of 'iosim measure' (columns concurrency, type,"
							+ " requestSize, readPattern, writePattern, readRatio, fileSetSize, delay; reads at readRatio 1"
							+ " and writes at 0). Each class's (rr, rs, wr, ws) service time is found per row by exact MVA"
							+ " of the template (with t threads at one queue: response time / t), fitted to the request"
							+ " size and, above the file-set threshold, to ln(file set), and insignificant terms are pruned."
							+ " Writes OUT (JSON) for 'iosim qpn instantiate' and the 'qpn' analysis model's 'storage'.",
					"--template scheduler --storage JSON: the heterogeneous-workload model of Noorshams 2015 (sect. 7.5) on that"
							+ " calibrated storage, from mixed measurements (the export of 'iosim measure', or a row per VM"
							+ " with configuration, vm, readThreads, writeThreads, readSize, writeSize, fileSetSize,"
							+ " readResponseTime, writeResponseTime): Algorithm 3 per single-VM configuration, the"
							+ " service-time correction of eq. 7.10, a MARS model of the relative weight tuned by S3, and"
							+ " the descent of Algorithm 4 for several VMs (or Algorithm 5 with --multi-vm 5). Writes OUT"
							+ " (JSON) and the weight model beside it (OUT's name with -weights.json).",
					"--template NET (.qpe or .qpn): the read and write weights of a scheduler net (the mode weights"
							+ " alpha and beta of one transition) to measured mean response times, one configuration per"
							+ " row of DATA (Algorithm 3 of Noorshams 2015, keeping the best weights tried): DATA has the"
							+ " columns readThreads, writeThreads, readResponseTime and writeResponseTime; the threads"
							+ " become the populations of the read and write colours in PLACE, where requests cycle without"
							+ " think time, and a colour's response time is its tokens divided by their throughput out of"
							+ " PLACE. Writes OUT (CSV): per row the threads, the best alpha and beta, their relative weight"
							+ " and mean relative error, the predicted response times, and the weights the algorithm as"
							+ " printed would return." },
			footer = { "", EXIT_STATUS })
	static final class Calibrate implements Callable<Integer> {
		@Option(names = "--template", paramLabel = "TEMPLATE", required = true, description = "cache, cache-raid,"
				+ " scheduler, or a scheduler net (.qpe or .qpn).")
		Path template;

		@Option(names = "--data", paramLabel = "CSV", required = true, description = "Measured configurations.")
		Path data;

		@Option(names = "--out", paramLabel = "OUT", required = true, description = "Where to write the calibrated"
				+ " template (JSON) or the weights (CSV).")
		Path out;

		@Option(names = "--overwrite", description = "Replace OUT if it exists.")
		boolean overwrite;

		@Option(names = "--place", description = "Where read and write requests cycle from.")
		String place;

		@Option(names = "--read", paramLabel = "COLOUR", description = "The reads' colour.")
		String readColour;

		@Option(names = "--write", paramLabel = "COLOUR", description = "The writes' colour.")
		String writeColour;

		@Option(names = "--transition", description = "The scheduler transition.")
		String transitionName;

		@Option(names = "--read-mode", paramLabel = "MODE", description = "Its mode whose weight is alpha.")
		String readMode;

		@Option(names = "--write-mode", paramLabel = "MODE", description = "Its mode whose weight is beta.")
		String writeMode;

		@Option(names = "--alpha", split = ",", defaultValue = "1,10", paramLabel = "MIN,MAX",
				description = "Range of alpha (default ${DEFAULT-VALUE}).")
		double[] alphaRange;

		@Option(names = "--beta", split = ",", defaultValue = "1,10", paramLabel = "MIN,MAX",
				description = "Range of beta (default ${DEFAULT-VALUE}).")
		double[] betaRange;

		@Option(names = "--precision", defaultValue = "2", description = "Digits of the weights: beta = 10^precision"
				+ " (default ${DEFAULT-VALUE}).")
		int precision;

		@Option(names = "--acceptable-error", defaultValue = "0.01", description = "Scheduler net: mean relative error"
				+ " at which the search may stop (default ${DEFAULT-VALUE}).")
		double acceptableError;

		@Option(names = "--seed", defaultValue = "1", description = "Seed of every simulation (default ${DEFAULT-VALUE}).")
		long seed;

		@Option(names = "--read-threshold", paramLabel = "BYTES", description = "Storage templates: file set size above"
				+ " which reads are uncached (default: chosen from the data).")
		Double readThreshold;

		@Option(names = "--write-threshold", paramLabel = "BYTES", description = "Storage templates: file set size above"
				+ " which random writes are uncached (default: chosen from the data).")
		Double writeThreshold;

		@Option(names = "--raid-probability", split = ",", defaultValue = "0.4832,30,0.9991", paramLabel = "P|P1,T,P2",
				description = "Storage templates: probability p1 that an uncached random read goes on to the RAID; P1 up"
						+ " to T threads, P2 beyond (default ${DEFAULT-VALUE}, the DS8700's in Noorshams 2015, sect. 7.4.3.1).")
		double[] raidProbability;

		@Option(names = "--variation", defaultValue = "1", paramLabel = "CV", description = "Storage templates:"
				+ " coefficient of variation of the service times; 1 exponential, else gamma (default ${DEFAULT-VALUE}).")
		double variation;

		@Option(names = "--storage", paramLabel = "JSON", description = "Scheduler template: the calibrated storage"
				+ " template whose service times it schedules.")
		Path storageFile;

		@Option(names = "--multi-vm", defaultValue = "4", paramLabel = "4|5", description = "Scheduler template: the"
				+ " algorithm giving several VMs their weights (default ${DEFAULT-VALUE}).")
		int multiVm;

		@Option(names = "--servers", paramLabel = "M", description = "Storage templates: servers of the cache queue"
				+ " (default: chosen from the data among 1, 2, 4, ... 256; Noorshams 2015 has 1).")
		Integer servers;

		@Mixin
		RegressionCommand.QuietOption quiet;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			if (template.toString().equals("scheduler") && !Files.exists(template)) {
				return QpnStorageCommands.calibrateScheduler(data, out, overwrite, new QpnStorageCommands.SchedulerOptions(
						storageFile, alphaRange, betaRange, precision, seed, multiVm, quiet.quiet),
						spec.commandLine().getOut(), spec.commandLine().getErr());
			}
			Optional<StorageTemplate> storage = StorageTemplate.byLabel(template.toString());
			if (storage.isPresent() && !Files.exists(template)) {
				return QpnStorageCommands.calibrate(storage.get(), data, out, overwrite, new QpnStorageCommands.StorageOptions(
						readThreshold, writeThreshold, raidProbability, variation, servers), spec.commandLine().getOut(),
						spec.commandLine().getErr());
			}
			List<String> missing = new ArrayList<>();
			String[][] required = { { "--place", place }, { "--read", readColour }, { "--write", writeColour },
					{ "--transition", transitionName }, { "--read-mode", readMode }, { "--write-mode", writeMode } };
			for (String[] option : required) {
				if (option[1] == null) {
					missing.add(option[0]);
				}
			}
			if (!missing.isEmpty()) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "a scheduler net needs " + String.join(", ", missing)
						+ " (or --template cache or cache-raid for a storage template)");
			}
			if (alphaRange.length != 2 || betaRange.length != 2 || !(alphaRange[0] > 0 && alphaRange[1] >= alphaRange[0])
					|| !(betaRange[0] > 0 && betaRange[1] >= betaRange[0])) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--alpha and --beta must each be MIN,MAX with 0 < MIN <= MAX");
			}
			if (precision < 0 || precision > 6 || !(acceptableError >= 0)) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE,
						"--precision must be 0 to 6 and --acceptable-error at least 0");
			}
			PrintWriter err = spec.commandLine().getErr();
			SimulatableNets.Read net = read(template, null, err);
			SchedulerNetCalibration calibration;
			try {
				calibration = SchedulerNetCalibration.of(net.net(), net.requireConfiguration().getName(),
						net.settings(seed, null), new SchedulerNetCalibration.Roles(place, readColour, writeColour,
								transitionName, readMode, writeMode));
			} catch (SimulatableNets.NetRefusedException refused) {
				throw refused(refused);
			} catch (IllegalArgumentException notInNet) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, template + ": " + notInNet.getMessage());
			}
			IosimCommand.requireExisting(data);
			requireWritableFile(out, overwrite, data, template);
			List<SchedulerNetCalibration.Configuration> configurations;
			try {
				configurations = MeasuredData.schedulerNetConfigurations(data);
			} catch (MeasuredData.UnusableDataException unusable) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
			}
			long started = System.nanoTime();
			List<SchedulerNetCalibration.Calibrated> calibrated;
			try {
				calibrated = calibration.calibrateAll(configurations, new SchedulerNetCalibration.Search(alphaRange,
						betaRange, precision, acceptableError), (done, total, latest) -> {
							if (!quiet.quiet) {
								RequestWeights.Step best = latest.result().best();
								double elapsed = (System.nanoTime() - started) / 1e9;
								err.printf(Locale.ROOT, "  row %d of %d: alpha %d, beta %d, error %.1f %%, %s%n", done,
										total, best.alpha(), best.beta(), 100 * best.error(),
										TimeLeft.elapsedAndLeft(elapsed, done, total - done));
								err.flush();
							}
						});
			} catch (IllegalArgumentException unusable) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, data + ": " + unusable.getMessage());
			}
			String csv = SchedulerNetCalibration.weightsCsv(calibrated);
			writeFile(out, overwrite, staging -> Files.writeString(staging, csv));
			spec.commandLine().getOut().printf(Locale.ROOT, "%d configurations calibrated; weights in %s%n",
					configurations.size(), out);
			return 0;
		}
	}

	@Command(name = "bench", mixinStandardHelpOptions = true,
			description = { "Events per second of the QPN simulator on a net (e.g. examples/qpn/closed-network.qpe, the"
					+ " network SimQPN is compared on), against a bare priority-queue loop processing as many events,"
					+ " and the heap after a run and after one ten times longer. Events are service completions and"
					+ " transition firings.",
					"When SimQPN has been built (benchmarks/simqpn/build-simqpn.sh), also IOSim's 'qpn simulate' and"
							+ " SimQPN's console alternating on the net's first configuration: the whole command's time"
							+ " and the simulation's events per second of each, and the ratios." },
			footer = { "", EXIT_STATUS })
	static final class Bench implements Callable<Integer> {
		@Parameters(paramLabel = "NET.qpe", description = "The net.")
		Path file;

		@Option(names = "--run-length", paramLabel = "TIME", description = "Simulated time of the long run (default:"
				+ " 1000000, or as long as it takes to fire 20 million events if that is longer, so that a net whose"
				+ " events are sparse is timed over seconds, not over the JIT's warm-up).")
		Double runLength;

		@Option(names = "--seed", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
		long seed;

		@Mixin
		SimQpnRunsOption simQpn;

		@Mixin
		RegressionCommand.QuietOption quiet;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			if (runLength != null && !(runLength > 0 && runLength < Double.POSITIVE_INFINITY)) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--run-length must be positive, got " + runLength);
			}
			int simQpnRuns = simQpn.runs();
			Path net = file;
			PrintWriter err = spec.commandLine().getErr();
			SimulatableNets.Read readNet = read(net, null, err);
			Net read = readNet.net();
			QpnBenchmark.Figures figures;
			try {
				figures = QpnBenchmark.run(read, runLength == null ? OptionalDouble.empty() : OptionalDouble.of(runLength),
						seed, step -> {
					if (!quiet.quiet) {
						err.println("  " + step);
						err.flush();
					}
				});
			} catch (UnsupportedNetException unsupported) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, net.getFileName() + ": " + unsupported.getMessage());
			}
			PrintWriter printed = spec.commandLine().getOut();
			printed.printf(Locale.ROOT, "net: %s, %.6g time units, %,d events, %d cores%n", net, figures.simulatedTime(),
					figures.events(), Runtime.getRuntime().availableProcessors());
			printed.printf(Locale.ROOT, "simulator  %.2f M events/s (best of 3)%n", figures.eventsPerSecond() / 1e6);
			printed.printf(Locale.ROOT, "bare loop  %.2f M events/s: the simulator runs at %.0f %% of it%n",
					figures.bareEventsPerSecond() / 1e6, 100 * figures.shareOfBareLoop());
			printed.printf(Locale.ROOT, "heap       %.1f MB after a run a tenth as long, %.1f MB after the long run%n",
					figures.heapAfterShortRun() / 1e6, figures.heapAfterLongRun() / 1e6);
			if (simQpnRuns > 0) {
				Optional<SimQpnComparison> found = SimQpnComparison.find();
				if (found.isEmpty()) {
					printed.println(SimQpnComparison.notAvailable());
				} else if (readNet.configuration().isEmpty()) {
					printed.println("SimQPN: no comparison, since the net has no simulator configuration");
				} else {
					compare(found.get(), readNet.configuration().get().getName(), simQpnRuns, printed, err);
				}
			}
			return 0;
		}

		/**
		 * One counting run of SimQPN for its events per unit of simulated time, then IOSim's whole command and
		 * SimQPN's alternating, each best run and the median reported, and the simulations' events per second
		 * in those runs: the configuration's own run length and stopping rule, for both.
		 */
		private void compare(SimQpnComparison simQpn, String configuration, int runs, PrintWriter printed,
				PrintWriter err) {
			double[] iosimWall = new double[runs];
			double[] iosimRate = new double[runs];
			double[] iosimOutside = new double[runs];
			double[] iosimShareOutside = new double[runs];
			double[] simQpnWall = new double[runs];
			double[] simQpnRate = new double[runs];
			try {
				progress(err, "SimQPN: counting its events (configuration '" + configuration + "')");
				double eventsPerTimeUnit = simQpn.simQpn(file, configuration, true).eventsPerTimeUnit();
				for (int run = 0; run < runs; run++) {
					progress(err, "IOSim and SimQPN: run " + (run + 1) + " of " + runs);
					SimQpnComparison.IosimRun iosim = simQpn.iosim(file, configuration);
					iosimWall[run] = iosim.wallSeconds();
					iosimRate[run] = iosim.eventsPerSecond();
					iosimOutside[run] = iosim.outsideSimulationSeconds();
					iosimShareOutside[run] = iosim.outsideSimulationSeconds() / iosim.wallSeconds();
					SimQpnComparison.Run timed = simQpn.simQpn(file, configuration, false);
					simQpnWall[run] = timed.wallSeconds();
					simQpnRate[run] = timed.eventsPerSecond(eventsPerTimeUnit);
				}
			} catch (IOException failed) {
				printed.println("SimQPN: no comparison: " + failed.getMessage());
				return;
			}
			Arrays.sort(iosimWall);
			Arrays.sort(iosimRate);
			Arrays.sort(iosimOutside);
			Arrays.sort(iosimShareOutside);
			Arrays.sort(simQpnWall);
			Arrays.sort(simQpnRate);
			double bestRate = simQpnRate[runs - 1];
			printed.printf(Locale.ROOT, "SimQPN (QPME %s), configuration '%s', %d alternating runs each:%n", simQpn.build(),
					configuration, runs);
			printed.printf(Locale.ROOT, "  whole command  IOSim %.2f s, SimQPN %.2f s (best; medians %.2f and %.2f s):"
					+ " IOSim %s as fast%n", iosimWall[0], simQpnWall[0], ApplicationOptions.median(iosimWall),
					ApplicationOptions.median(simQpnWall), SimQpnComparison.ratio(simQpnWall[0], iosimWall[0]));
			double bestIosimRate = iosimRate[runs - 1];
			printed.printf(Locale.ROOT, "  simulation     IOSim %.2f M events/s, SimQPN %.2f M events/s (best, in those runs):"
					+ " IOSim %s as fast%n", bestIosimRate / 1e6, bestRate / 1e6, SimQpnComparison.ratio(bestIosimRate, bestRate));
			printed.printf(Locale.ROOT, "  IOSim outside the simulation (start-up, reading the net, writing results): %.2f s,"
					+ " %.0f %% of its whole command (medians)%n", ApplicationOptions.median(iosimOutside),
					100 * ApplicationOptions.median(iosimShareOutside));
		}

		private void progress(PrintWriter err, String step) {
			if (!quiet.quiet) {
				err.println("  " + step);
				err.flush();
			}
		}
	}

	private static String number(double value) {
		return Double.isNaN(value) ? TextTable.NONE : Double.isInfinite(value) ? "∞" : String.format(Locale.ROOT, "%.4g", value);
	}
}
