package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.files.TimeLeft;
import org.iosim.measure.Dbench;
import org.iosim.measure.MeasurementException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "dbench", mixinStandardHelpOptions = true,
		description = { "Measures a real file server load: dbench -s (the NetBench load, every file opened O_SYNC) in DIR,"
				+ " optionally on a QoS-limited volume, at each client count REPEATS times in a shuffled order. Prints each"
				+ " run, then per client count the median throughput with its range and the median mean latency of writes"
				+ " (WriteX) and of all operations." },
		footer = { "", "Needs dbench (apt-get install dbench) and, for --volume, root.",
				"Exit status: 0 measured, 1 dbench or the volume failed, 2 usage error." })
final class DbenchCommand implements Callable<Integer> {

	@Mixin
	ApplicationOptions application;

	@Mixin
	ApplicationOptions.ClientCounts counts;

	@Option(names = "--out", paramLabel = "FILE", description = "Also write every run to this CSV file: its throughput,"
			+ " the count and mean latency of each operation kind, and the CPUs other processes used.")
	Path out;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		PrintWriter err = spec.commandLine().getErr();
		Dbench dbench;
		try {
			dbench = new Dbench(application.folder, application.volume(), counts.clients, application.repeats,
					application.seconds, application.seed, application.maxOtherLoad);
		} catch (IllegalArgumentException wrong) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, wrong.getMessage());
		}
		if (out != null) {
			QpnCommand.requireWritableFile(out, application.overwrite);
		}
		if (!Dbench.installed()) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "dbench is not installed (apt-get install dbench)");
		}
		long started = System.nanoTime();
		List<Dbench.Run> runs;
		try (CleanUpOnSignal signal = new CleanUpOnSignal()) {
			runs = dbench.run(new Dbench.Listener() {
				@Override
				public void finished(Dbench.Run run, int done, int total) {
					double elapsed = (System.nanoTime() - started) / 1e9;
					err.printf(Locale.ROOT, "  run %d of %d: %d clients: %.2f MB/s, writes %.2f ms; %s%n", done, total,
							run.clients(), run.megabytesPerSecond(), run.writes().meanLatency() * 1e3,
							TimeLeft.elapsedAndLeft(elapsed, done, total - done));
					err.flush();
				}

				@Override
				public void disturbed(int clients, double otherLoad, int attempt, boolean kept) {
					application.disturbed(err, "with " + clients + " clients", otherLoad, attempt, kept);
				}
			});
		} catch (MeasurementException failed) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, failed.getMessage());
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "interrupted");
		}
		TextTable table = new TextTable().number("clients").number("MB/s (median)").number("MB/s (min-max)")
				.number("write ms (median)").number("runs");
		ApplicationOptions.byClients(runs, Dbench.Run::clients).forEach((count, of) -> {
			double[] throughput = ApplicationOptions.sorted(of, Dbench.Run::megabytesPerSecond);
			double[] writes = ApplicationOptions.sorted(of, run -> run.writes().meanLatency());
			table.row(Integer.toString(count), String.format(Locale.ROOT, "%.2f", ApplicationOptions.median(throughput)),
					String.format(Locale.ROOT, "%.2f-%.2f", throughput[0], throughput[throughput.length - 1]),
					String.format(Locale.ROOT, "%.2f", ApplicationOptions.median(writes) * 1e3), Integer.toString(of.size()));
		});
		table.print(spec.commandLine().getOut());
		if (out != null) {
			IosimCommand.writeWhole(out, staging -> Files.writeString(staging, csv(runs)));
			spec.commandLine().getOut().println("runs written to " + out);
		}
		return 0;
	}

	/** One row per run and operation kind, so that a run's operations stay together and any kind fits. */
	private static String csv(List<Dbench.Run> runs) {
		StringBuilder text = new StringBuilder(
				"clients,repetition,megabytesPerSecond,maxLatencySeconds,otherCpus,operation,count,meanLatencySeconds\n");
		for (Dbench.Run run : runs) {
			run.operations().forEach((kind, operation) -> text.append(String.format(Locale.ROOT,
					"%d,%d,%.3f,%.6f,%s,%s,%d,%.6f%n", run.clients(), run.repetition(), run.megabytesPerSecond(),
					run.maxLatency(), ApplicationOptions.load(run.otherLoad()), kind, operation.count(),
					operation.meanLatency())));
		}
		return text.toString();
	}
}
