package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.files.FileProblems;
import org.iosim.files.TimeLeft;
import org.iosim.measure.FioRunner;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.Measurement;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlanException;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.measure.Volume;
import org.iosim.pcm.io.IoType;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "measure", mixinStandardHelpOptions = true,
		description = { "Measures this machine's storage: runs a plan (a design of experiments over request size, read"
				+ " ratio, access pattern, file set size, concurrency, queue depth, buffered or direct I/O, threads that"
				+ " mix reads and writes or separate read and write threads, and synchronous writes) with fio, optionally on"
				+ " a QoS-limited volume (--volume), and"
				+ " records every run in a database. An interrupted measurement (Ctrl-C, kill -9, power loss) goes on where"
				+ " it stopped when started again with the same plan and database.",
				"With --export, writes the measured mean delays per configuration and request type as CSV, with the"
						+ " analysis models' input names as columns (the input of 'iosim regression' and 'iosim calibrate')." },
		footer = { "", "Exit status: 0 done, 1 the plan, fio or the database failed (the message says why; runs"
				+ " recorded so far are kept), 2 usage error." })
final class MeasureCommand implements Callable<Integer> {

	@Parameters(arity = "0..1", paramLabel = "PLAN", description = "A measurement plan (JSON, see docs/measurement.md).")
	Path plan;

	@Option(names = "--out", paramLabel = "DB", description = "The measurement database (SQLite; default: PLAN's name"
			+ " with .db, in the current folder). Created if missing; a plan measured into it before resumes.")
	Path database;

	@Option(names = "--scratch", paramLabel = "DIR", description = "Folder on the storage to measure, where fio lays out"
			+ " its file sets (default: DB's name with .files beside it); file sets are removed at the end.")
	Path scratch;

	@Option(names = "--fio", paramLabel = "PATH", defaultValue = "fio", description = "The fio program (default: fio on the PATH).")
	String fio;

	@Option(names = "--volume", paramLabel = "FILE", description = "Measure on a QoS-limited volume: a JSON file of limits"
			+ " ({\"name\": …, \"readIops\": …, \"writeIops\": …, \"readBps\": …, \"writeBps\": …}) that fio's runs work"
			+ " under, set with the kernel's block throttling (needs root; without it the plain device is measured, with a"
			+ " warning).")
	Path volumeFile;

	@Option(names = "--export", paramLabel = "CSV", description = "Write the measured delays as CSV (after measuring, if a PLAN is given).")
	Path export;

	@Option(names = "--overwrite", description = "Replace the --export CSV if it exists.")
	boolean overwrite;

	@Mixin
	RegressionCommand.QuietOption quiet;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		if (plan == null && (database == null || export == null)) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE,
					"give a PLAN to measure, or --out DB with --export CSV to export what a database holds");
		}
		Path db = database != null ? database : Path.of(stem(plan.getFileName().toString()) + ".db");
		if (export != null) {
			// before measuring, which takes minutes to hours
			QpnCommand.requireWritableFile(export, overwrite, java.util.stream.Stream.of(plan, db, volumeFile)
					.filter(java.util.Objects::nonNull).toArray(Path[]::new));
		}
		try {
			// a plan that cannot run is refused before a database is made for it
			MeasurementPlan loaded = plan == null ? null : MeasurementPlan.load(plan);
			Volume volume = volumeFile == null ? null : Volume.load(volumeFile);
			try (MeasurementDatabase opened = MeasurementDatabase.open(db, plan != null)) {
				if (loaded != null) {
					measure(loaded, opened, volume);
				}
				if (export != null) {
					List<MeasuredDelay> rows = MeasuredDelay.of(opened.runs());
					MeasuredDelay.writeCsv(rows, export);
					spec.commandLine().getOut().printf(Locale.ROOT,
							"exported %d rows (configurations x request types) to %s%s%s%n", rows.size(), export,
							MeasuredDelay.separateThreads(rows) ? ", with the column " + MeasuredDelay.READ_THREADS
									+ " for the separate read and write threads" : "",
							MeasuredDelay.growingFiles(rows) ? ", with the column " + MeasuredDelay.GROWING_FILES
									+ " for the writes that grew their files" : "");
				}
			}
			return 0;
		} catch (PlanException | MeasurementException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		} catch (IOException failed) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot write " + export + ": " + FileProblems.reason(failed));
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "measurement interrupted; the runs recorded so far are kept");
		}
	}

	private void measure(MeasurementPlan loaded, MeasurementDatabase opened, Volume volume)
			throws MeasurementException, InterruptedException {
		Path folder = scratch != null ? scratch
				: opened.file().toAbsolutePath().resolveSibling(stem(opened.file().getFileName().toString()) + ".files");
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		FioRunner runner = new FioRunner(fio);
		int[] keptDisturbed = new int[1];
		Measurement.Outcome outcome = Measurement.run(loaded, opened, runner, folder, volume, new Measurement.Listener() {
			@Override
			public void volume(Measurement.VolumeUse use) {
				if (use.applied()) {
					out.println(use);
				} else {
					err.println("warning: " + use);
				}
			}

			@Override
			public void starting(MeasurementPlan plan, int runs, int alreadyFinished, String generator) {
				out.printf(Locale.ROOT, "plan '%s': %d runs (%d configurations, %s design, %d repetition%s, %s s warm-up +"
						+ " %s s each) with %s in %s%n", plan.name(), runs, runs / plan.repetitions(), plan.design().id(),
						plan.repetitions(), plan.repetitions() == 1 ? "" : "s", RegressionCommand.compact(plan.warmupSeconds()),
						RegressionCommand.compact(plan.runSeconds()), generator, folder);
				if (alreadyFinished > 0) {
					out.printf(Locale.ROOT, "resuming: %d of %d runs were recorded before%n", alreadyFinished, runs);
				}
				if (alreadyFinished < runs && !quiet.quiet) {
					err.printf(Locale.ROOT, "  %d runs to go, about %s%n", runs - alreadyFinished,
							TimeLeft.clock(plan.plannedSeconds(runs - alreadyFinished)));
				}
			}

			private int measuredNow;

			@Override
			public void disturbed(PlannedRun run, double cpus, int attempt, boolean kept) {
				if (kept) {
					keptDisturbed[0]++;
					err.printf(Locale.ROOT, "warning: run %d (%s): other processes used %.2f CPUs during each of its %d"
							+ " attempts; the last one is kept%n", run.order() + 1, run.workload(), cpus, attempt);
				} else if (!quiet.quiet) {
					err.printf(Locale.ROOT, "  run %d disturbed: other processes used %.2f CPUs (the plan allows %.2g);"
							+ " running it again%n", run.order() + 1, cpus, loaded.maxOtherLoad());
				}
			}

			@Override
			public void nothingMeasured(PlannedRun run, IoType type, int attempt) {
				if (!quiet.quiet) {
					err.printf(Locale.ROOT, "  run %d completed no %s; running it again%n", run.order() + 1,
							RunResult.word(type));
				}
			}

			@Override
			public void repeating(int configurations, double precision) {
				if (!quiet.quiet) {
					err.printf(Locale.ROOT, "  %d configuration%s not yet known to ±%.3g %% (95 %% confidence): another run"
							+ " each%n", configurations, configurations == 1 ? "" : "s", 100 * precision);
				}
			}

			@Override
			public void finished(PlannedRun run, RunResult result, int done, int total, double elapsed) {
				measuredNow++;
				if (!quiet.quiet) {
					err.printf(Locale.ROOT, "  run %d of %d: %s: %s; %d done, %d left, %s%n",
							run.order() + 1, total, run.workload(), latencies(result), done, total - done,
							TimeLeft.elapsedAndLeft(elapsed, measuredNow, total - done));
				}
			}
		});
		out.printf(Locale.ROOT, "measured %d runs now (%d recorded before) into %s%n", outcome.measuredNow(),
				outcome.recordedBefore(), opened.file());
		if (keptDisturbed[0] > 0) {
			err.printf(Locale.ROOT, "warning: %d run%s kept although other processes used more than %.2g CPUs during them"
					+ " (the database's other_load); measure when the machine is otherwise idle%n", keptDisturbed[0],
					keptDisturbed[0] == 1 ? " was" : "s were", loaded.maxOtherLoad());
		}
	}

	private static String latencies(RunResult result) {
		StringBuilder text = new StringBuilder();
		for (IoType type : List.of(IoType.READ, IoType.WRITE)) {
			Latencies figures = result.of(type).orElse(null);
			if (figures != null) {
				text.append(text.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%s %.3f ms (%.0f/s)",
						RunResult.word(type), figures.mean() * 1e3, figures.requestsPerSecond()));
			}
		}
		return text.isEmpty() ? "no requests completed" : text.toString();
	}

	private static String stem(String name) {
		int dot = name.lastIndexOf('.');
		return dot > 0 ? name.substring(0, dot) : name;
	}
}
