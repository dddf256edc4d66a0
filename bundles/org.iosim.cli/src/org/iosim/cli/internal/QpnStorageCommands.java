package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.iosim.files.FileProblems;
import org.iosim.cli.Main;
import org.iosim.files.TimeLeft;
import org.iosim.qpn.Net;
import org.iosim.qpn.storage.CalibratedStorage;
import org.iosim.qpn.storage.CalibratedStorage.ClassModel;
import org.iosim.qpn.storage.CalibratedStorage.RaidRouting;
import org.iosim.qpn.storage.MeasuredData;
import org.iosim.qpn.storage.SchedulerCalibration;
import org.iosim.qpn.storage.SchedulerModel;
import org.iosim.qpn.storage.SchedulerWorkload;
import org.iosim.qpn.storage.StorageCalibration;
import org.iosim.qpn.storage.StorageClass;
import org.iosim.qpn.storage.StorageFiles;
import org.iosim.qpn.storage.StorageNets;
import org.iosim.qpn.storage.StorageTemplate;
import org.iosim.qpn.storage.StorageWorkload;
import org.iosim.qpn.storage.TemplateCalibrations;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** The storage templates of 001 §7.4 on the command line: calibrating one, and instantiating it as a net. */
final class QpnStorageCommands {

	private QpnStorageCommands() {
	}

	/** The storage part of {@code iosim qpn calibrate}: what it needs beyond the data and the output file. */
	record StorageOptions(Double readThreshold, Double writeThreshold, double[] raidProbability, double variation,
			Integer servers) {
	}

	/**
	 * Calibrates a storage template from DATA, single-class configurations only (reads at read ratio 1,
	 * writes at 0: the hardware templates are homogeneous, 001 §7.4); prints the fit per class.
	 */
	static int calibrate(StorageTemplate template, Path data, Path out, boolean overwrite, StorageOptions options,
			PrintWriter stdout, PrintWriter err) {
		RaidRouting routing = routing(options.raidProbability());
		if (!(options.variation() > 0 && options.variation() <= 10)) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--variation must be in (0, 10]");
		}
		for (Double threshold : new Double[] { options.readThreshold(), options.writeThreshold() }) {
			if (threshold != null && !(threshold > 0 && Double.isFinite(threshold))) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--read-threshold and --write-threshold must be positive"
						+ " numbers of bytes");
			}
		}
		if (options.servers() != null && (options.servers() < 1 || options.servers() > CalibratedStorage.MAX_SERVERS)) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--servers must be 1 to " + CalibratedStorage.MAX_SERVERS);
		}
		IosimCommand.requireExisting(data);
		QpnCommand.requireWritableFile(out, overwrite, data);
		TemplateCalibrations.StorageTemplate calibrated;
		try {
			calibrated = TemplateCalibrations.storage(data, new StorageCalibration.Settings(template,
					options.readThreshold(), options.writeThreshold(), routing, options.variation(), options.servers()));
		} catch (TemplateCalibrations.UnusableInputException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		}
		StorageCalibration.Result result = calibrated.result();
		QpnCommand.writeFile(out, overwrite, staging -> java.nio.file.Files.writeString(staging, calibrated.text()));
		CalibratedStorage storage = result.storage();
		if (calibrated.mixedLeftOut() > 0) {
			err.printf(Locale.ROOT, "note: %d mixed read/write rows left out: the %s template is calibrated from single-class"
					+ " configurations (Noorshams 2015, sect. 7.4)%n", calibrated.mixedLeftOut(), template.label());
		}
		stdout.printf(Locale.ROOT, "%s template calibrated from %d configurations; %d cache server%s, read threshold %s,"
				+ " write threshold %s%n", template.label(), result.rows().size(), storage.cacheServers(),
				storage.cacheServers() == 1 ? "" : "s", bytes(storage.readThreshold()), bytes(storage.writeThreshold()));
		stdout.println("class  case      rows  R²      mean error  mean service time (s; s = request size, f = file set size, bytes)");
		for (Map.Entry<StorageClass, ClassModel> entry : storage.classes().entrySet()) {
			StorageClass storageClass = entry.getKey();
			List<StorageCalibration.RowFit> fits = result.rows().stream()
					.filter(fit -> fit.row().storageClass() == storageClass).toList();
			line(stdout, storageClass, "cached", entry.getValue().cached(),
					fits.stream().filter(fit -> !fit.uncached()).toList());
			if (entry.getValue().uncached() != null) {
				line(stdout, storageClass, storageClass == StorageClass.RANDOM_READ ? "RAID" : "uncached",
						entry.getValue().uncached(), fits.stream().filter(StorageCalibration.RowFit::uncached).toList());
			}
		}
		double overall = result.rows().stream().mapToDouble(StorageCalibration.RowFit::relativeError).average().orElse(0);
		stdout.printf(Locale.ROOT, "mean relative calibration error %.1f %%; calibrated template in %s%n", 100 * overall,
				out);
		return 0;
	}

	/** The scheduler part of {@code iosim qpn calibrate}. */
	record SchedulerOptions(Path storage, double[] alphaRange, double[] betaRange, int precision, long seed,
			int multiVmAlgorithm, boolean quiet) {
	}

	/** Calibrates the heterogeneous-workload model from DATA ({@link MeasuredData#schedulerRows}). */
	static int calibrateScheduler(Path data, Path out, boolean overwrite, SchedulerOptions options, PrintWriter stdout,
			PrintWriter err) {
		if (options.storage() == null) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--template scheduler needs --storage, a calibrated storage"
					+ " template (from --template cache or cache-raid) whose service times it schedules");
		}
		if (options.multiVmAlgorithm() != 4 && options.multiVmAlgorithm() != 5) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--multi-vm must be 4 or 5");
		}
		IosimCommand.requireExisting(data, options.storage());
		Path weightFile = TemplateCalibrations.weightModelFile(out);
		String storageName;
		try {
			storageName = TemplateCalibrations.storageNameFor(out, options.storage());
		} catch (IllegalArgumentException elsewhere) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--storage must be in OUT's folder or below it, since the"
					+ " model names it relative to itself");
		}
		QpnCommand.requireWritableFile(out, overwrite, data, options.storage());
		QpnCommand.requireWritableFile(weightFile, overwrite, data, options.storage());
		long started = System.nanoTime();
		SchedulerCalibration.Result result;
		try {
			result = TemplateCalibrations.scheduler(data, options.storage(), storage -> new SchedulerCalibration.Settings(
					storage, options.alphaRange(), options.betaRange(), options.precision(), options.seed(),
					new SchedulerModel.MultiVm(options.multiVmAlgorithm(), 0, 0.3, 2)), (stage, done, total) -> {
						if (!options.quiet()) {
							double elapsed = (System.nanoTime() - started) / 1e9;
							err.printf(Locale.ROOT, "  %s: %d of %d configurations, %s elapsed%n", stage, done, total,
									TimeLeft.clock(elapsed));
							err.flush();
						}
					});
		} catch (TemplateCalibrations.UnusableInputException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		}
		QpnCommand.writeFile(weightFile, overwrite, staging -> result.model().weightModel().save(staging));
		String text = StorageFiles.writeScheduler(result.model(), storageName, weightFile.getFileName().toString(), result);
		QpnCommand.writeFile(out, overwrite, staging -> java.nio.file.Files.writeString(staging, text));
		SchedulerModel model = result.model();
		stdout.printf(Locale.ROOT, "scheduler calibrated from %d single-VM configurations%s%n", result.fits().size(),
				Double.isNaN(result.multiVmError()) ? "" : " and the multi-VM ones");
		stdout.printf(Locale.ROOT, "service-time correction (eq. 7.10): reads 1 - (%.4g %+.4g ln s), writes 1 - (%.4g %+.4g ln s)%n",
				model.correction().readConstant(), model.correction().readPerLogSize(),
				model.correction().writeConstant(), model.correction().writePerLogSize());
		stdout.printf(Locale.ROOT, "weight model: %s of %s%n", model.weightModel().technique(),
				String.join(", ", model.weightModel().features()));
		stdout.printf(Locale.ROOT, "mean relative error on the single-VM configurations %.1f %%%s%n",
				100 * result.modelError(), Double.isNaN(result.multiVmError()) ? ""
						: String.format(Locale.ROOT, ", multi-VM %.1f %% (Algorithm %d, descent %.2f)",
								100 * result.multiVmError(), model.multiVm().algorithm(), model.multiVm().descent()));
		stdout.printf(Locale.ROOT, "calibrated model in %s (weight model in %s)%n", out, weightFile);
		return 0;
	}

	private static void line(PrintWriter out, StorageClass storageClass, String part,
			org.iosim.qpn.storage.ServiceTimeModel model, List<StorageCalibration.RowFit> fits) {
		out.printf(Locale.ROOT, "%-6s %-9s %4d  %-6.4f  %9.1f %%  %s%n", storageClass.label(), part, fits.size(),
				model.rSquared(), 100 * fits.stream().mapToDouble(StorageCalibration.RowFit::relativeError).average()
						.orElse(Double.NaN), model.formula());
	}

	private static String bytes(double value) {
		return Double.isInfinite(value) ? "none" : String.format(Locale.ROOT, "%.0f bytes", value);
	}

	/** P (the same at every load) or P1,THREADS,P2 (P1 up to THREADS threads, P2 beyond). */
	private static RaidRouting routing(double[] values) {
		try {
			if (values.length == 1) {
				return RaidRouting.constant(values[0]);
			}
			if (values.length == 3 && values[1] == Math.rint(values[1])) {
				return new RaidRouting(values[0], (int) values[1], values[2]);
			}
		} catch (IllegalArgumentException invalid) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--raid-probability: " + invalid.getMessage());
		}
		throw new IosimCommand.UserError(Main.EXIT_USAGE, "--raid-probability must be P or P1,THREADS,P2");
	}

	@Command(name = "instantiate", mixinStandardHelpOptions = true,
			description = { "Writes the net of a calibrated template for one workload, as a QPME .qpe (or IOSim .qpn)"
					+ " file to simulate with 'iosim qpn simulate', open in QPME, or use as an embedded analysis model.",
					"A storage template (from 'iosim qpn calibrate --template cache or cache-raid') takes --threads per"
							+ " class (rr, rs, wr, ws: random and sequential reads and writes); a scheduler model (from"
							+ " --template scheduler) takes --vm READS,WRITES once per VM, and its weights come from its"
							+ " weight model (several VMs: its multi-VM algorithm)." },
			footer = { "", QpnCommand.EXIT_STATUS })
	static final class Instantiate implements Callable<Integer> {
		@Parameters(index = "0", paramLabel = "MODEL", description = "The calibrated template or scheduler model (.json).")
		Path modelFile;

		@Option(names = "--threads", split = ",", paramLabel = "CLASS=N",
				description = "Storage template: threads per class, e.g. rr=8,ws=2.")
		Map<String, Integer> threads;

		@Option(names = "--vm", paramLabel = "READS,WRITES", description = "Scheduler model: a VM's read and write"
				+ " threads; once per VM.")
		List<String> vms;

		@Option(names = "--read-size", defaultValue = "4096", paramLabel = "BYTES",
				description = "Read request size (default ${DEFAULT-VALUE}).")
		double readSize;

		@Option(names = "--write-size", defaultValue = "4096", paramLabel = "BYTES",
				description = "Write request size (default ${DEFAULT-VALUE}).")
		double writeSize;

		@Option(names = "--file-set", required = true, paramLabel = "BYTES", description = "File set size.")
		double fileSet;

		@Option(names = "--out", required = true, paramLabel = "NET", description = "The net to write (.qpe or .qpn).")
		Path out;

		@Option(names = "--overwrite", description = "Replace NET if it exists.")
		boolean overwrite;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			requireBytes("--read-size", readSize);
			requireBytes("--write-size", writeSize);
			requireBytes("--file-set", fileSet);
			IosimCommand.requireExisting(modelFile);
			Net net;
			try {
				net = switch (StorageFiles.readModel(modelFile)) {
				case SchedulerModel scheduler -> schedulerNet(scheduler);
				case CalibratedStorage storage -> storageNet(storage);
				};
			} catch (StorageFiles.StorageFileException unusable) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
			} catch (IllegalArgumentException unusable) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, modelFile + ": " + unusable.getMessage());
			}
			QpnCommand.writeNet(out, overwrite, net);
			spec.commandLine().getOut().printf(Locale.ROOT, "%s: %s%n", out, net.getName());
			return 0;
		}

		/** The largest size an argument may give, as measurement plans bound their file sets: 1 PiB. */
		private static final double MAX_BYTES = 0x1p50;

		/** A size is the argument's problem, named before the model file is read. */
		private static void requireBytes(String option, double bytes) {
			if (!(bytes >= 1 && bytes <= MAX_BYTES)) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, String.format(Locale.ROOT,
						"%s must be a number of bytes from 1 to %.0f (1 PiB), got %.6g", option, MAX_BYTES, bytes));
			}
		}

		private Net storageNet(CalibratedStorage storage) {
			if (threads == null || vms != null) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "a storage template takes --threads (not --vm)");
			}
			Map<StorageClass, Integer> perClass = new EnumMap<>(StorageClass.class);
			for (Map.Entry<String, Integer> entry : threads.entrySet()) {
				StorageClass storageClass = StorageClass.byLabel(entry.getKey()).orElseThrow(() -> new IosimCommand.UserError(
						Main.EXIT_USAGE, "--threads: unknown class '" + FileProblems.excerpt(entry.getKey()) + "' (expected rr, rs, wr or ws)"));
				perClass.put(storageClass, entry.getValue());
			}
			return StorageNets.instantiate(storage, new StorageWorkload(perClass, readSize, writeSize, fileSet));
		}

		private Net schedulerNet(SchedulerModel model) {
			if (vms == null || threads != null) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "a scheduler model takes --vm READS,WRITES (not --threads)");
			}
			List<SchedulerWorkload.Vm> perVm = new ArrayList<>();
			for (String vm : vms) {
				String[] counts = vm.split(",");
				try {
					if (counts.length != 2) {
						throw new NumberFormatException();
					}
					perVm.add(new SchedulerWorkload.Vm(Integer.parseInt(counts[0].trim()), Integer.parseInt(counts[1].trim())));
				} catch (NumberFormatException notCounts) {
					throw new IosimCommand.UserError(Main.EXIT_USAGE, "--vm must be READS,WRITES (two whole numbers), not '"
							+ FileProblems.excerpt(vm) + "'");
				}
			}
			return model.net(new SchedulerWorkload(perVm, readSize, writeSize, fileSet));
		}
	}
}
