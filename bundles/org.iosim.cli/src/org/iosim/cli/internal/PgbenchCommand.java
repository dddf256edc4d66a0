package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.files.TimeLeft;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.Pgbench;
import org.iosim.measure.PgbenchCampaign;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "pgbench", mixinStandardHelpOptions = true,
		description = { "Measures a real database: makes a private PostgreSQL cluster in DIR (initdb, its own port and"
				+ " socket, default durability), optionally on a QoS-limited volume, loads pgbench's tables, and runs"
				+ " pgbench at each client count REPEATS times in a shuffled order, each run after a checkpoint. Prints"
				+ " each run, then per client count the median throughput and response time with their range, and the"
				+ " WAL flushes per transaction (1 without group commit). The cluster is removed at the end." },
		footer = { "", "Needs PostgreSQL (apt-get install postgresql) and, for --volume, root.",
				"Exit status: 0 measured, 1 PostgreSQL, the volume or a run failed, 2 usage error." })
final class PgbenchCommand implements Callable<Integer> {

	@Mixin
	ApplicationOptions application;

	@Mixin
	ApplicationOptions.ClientCounts counts;

	@Mixin
	ApplicationOptions.DatabaseOptions database;

	@Option(names = "--out", paramLabel = "CSV", description = "Write every run as CSV.")
	Path out;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		PrintWriter stdout = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		PgbenchCampaign campaign;
		try {
			campaign = new PgbenchCampaign(application.folder, database.port, application.volume(), database.scale,
					counts.clients, application.repeats, application.seconds, application.seed, application.maxOtherLoad);
		} catch (IllegalArgumentException wrong) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, wrong.getMessage());
		}
		if (out != null) {
			QpnCommand.requireWritableFile(out, application.overwrite);
		}
		long started = System.nanoTime();
		List<PgbenchCampaign.Measured> runs;
		try (CleanUpOnSignal signal = new CleanUpOnSignal()) {
			runs = campaign.run(new PgbenchCampaign.Listener() {
				@Override
				public void loading(int scale) {
					ApplicationOptions.loading(err, scale, campaign.volume());
				}

				@Override
				public void warmingUp(int clients, int seconds) {
					ApplicationOptions.warmingUp(err, clients, seconds);
				}

				@Override
				public void disturbed(int clients, double otherLoad, int attempt, boolean kept) {
					application.disturbed(err, "with " + clients + " clients", otherLoad, attempt, kept);
				}

				@Override
				public void finished(Pgbench.Run run, int repetition, int done, int total) {
					double elapsed = (System.nanoTime() - started) / 1e9;
					err.printf(Locale.ROOT, "  run %d of %d: %d clients: %.1f tps, %.2f ms, %.2f WAL flushes per transaction;"
							+ " %s elapsed, about %s left%n", done, total, run.clients(), run.transactionsPerSecond(),
							run.meanLatency() * 1e3, run.flushesPerTransaction(), TimeLeft.clock(elapsed),
							TimeLeft.clock((double) (total - done) * campaign.seconds()));
					err.flush();
				}
			});
		} catch (MeasurementException failed) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, failed.getMessage());
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "interrupted");
		}
		print(stdout, runs);
		if (out != null) {
			IosimCommand.writeWhole(out, staging -> java.nio.file.Files.writeString(staging, csv(runs)));
			stdout.println("runs written to " + out);
		}
		return 0;
	}

	private static void print(PrintWriter out, List<PgbenchCampaign.Measured> runs) {
		TextTable table = new TextTable().number("clients").number("tps (median)").number("tps (min-max)")
				.number("response ms (median)").number("WAL flushes/tx").number("runs");
		List<Pgbench.Run> measured = runs.stream().map(PgbenchCampaign.Measured::run).toList();
		ApplicationOptions.byClients(measured, Pgbench.Run::clients).forEach((count, of) -> {
			double[] tps = ApplicationOptions.sorted(of, Pgbench.Run::transactionsPerSecond);
			double[] latency = ApplicationOptions.sorted(of, Pgbench.Run::meanLatency);
			double[] flushes = ApplicationOptions.sorted(of, Pgbench.Run::flushesPerTransaction);
			table.row(Integer.toString(count), String.format(Locale.ROOT, "%.1f", ApplicationOptions.median(tps)),
					String.format(Locale.ROOT, "%.1f-%.1f", tps[0], tps[tps.length - 1]),
					String.format(Locale.ROOT, "%.2f", ApplicationOptions.median(latency) * 1e3),
					String.format(Locale.ROOT, "%.2f", ApplicationOptions.median(flushes)), Integer.toString(of.size()));
		});
		table.print(out);
	}

	private static String csv(List<PgbenchCampaign.Measured> runs) {
		StringBuilder text = new StringBuilder("clients,repetition,tps,meanResponseSeconds,transactions,walFlushes,"
				+ "walWrites,walFlushSeconds,seconds,otherCpus\n");
		for (PgbenchCampaign.Measured measured : runs) {
			Pgbench.Run run = measured.run();
			text.append(String.format(Locale.ROOT, "%d,%d,%.3f,%.6f,%d,%d,%d,%.3f,%.0f,%s%n", run.clients(),
					measured.repetition(), run.transactionsPerSecond(), run.meanLatency(), run.transactions(),
					run.walFlushes(), run.walWrites(), run.walFlushSeconds(), run.seconds(),
					ApplicationOptions.load(measured.otherLoad())));
		}
		return text.toString();
	}
}
