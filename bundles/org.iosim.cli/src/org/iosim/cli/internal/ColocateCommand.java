package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.iosim.cli.Main;
import org.iosim.files.TimeLeft;
import org.iosim.measure.ColocatedApplications;
import org.iosim.measure.ColocatedApplications.Pair;
import org.iosim.measure.ColocatedApplications.Vcpus;
import org.iosim.measure.Cpus;
import org.iosim.measure.Dbench;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.Pgbench;
import org.iosim.measure.PostgresCluster;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "colocate", mixinStandardHelpOptions = true,
		description = { "Measures two applications at the same time on one QoS-limited volume, as two virtual machines"
				+ " on one throttled volume: PostgreSQL with pgbench (a private cluster in DIR/postgres, loaded and warmed"
				+ " up once) and a file server, dbench -s (in DIR/dbench). Runs each pair of client counts REPEATS times in"
				+ " a shuffled order, each run from a checkpoint: dbench starts, and pgbench runs once dbench's warm-up is"
				+ " over. A pair with 0 clients on one side runs the other application alone. Prints each run, then per"
				+ " pair the median pgbench throughput and dbench throughput with their ranges and dbench's median write"
				+ " latency. The cluster and dbench's files are removed at the end." },
		footer = { "", "Needs PostgreSQL (apt-get install postgresql), dbench (apt-get install dbench) and, for --volume,"
				+ " root.", "Exit status: 0 measured, 1 PostgreSQL, dbench, the volume or a run failed, 2 usage error." })
final class ColocateCommand implements Callable<Integer> {

	@Mixin
	ApplicationOptions application;

	@Mixin
	ApplicationOptions.DatabaseOptions database;

	@Option(names = "--pairs", split = ",", paramLabel = "P+D", defaultValue = "4+1,4+0,0+1",
			converter = PairConverter.class, description = "Pairs of client counts: pgbench clients + dbench clients;"
					+ " 0 on one side runs the other application alone (default ${DEFAULT-VALUE}).")
	List<Pair> pairs = new ArrayList<>();

	@Option(names = "--vcpus", paramLabel = "D+F", converter = VcpusConverter.class, description = "Give each"
			+ " application a virtual machine with vCPUs of its own, as a hypervisor does: PostgreSQL and pgbench"
			+ " run on the first D CPUs, dbench on the next F (taskset). Without it, both run on all CPUs and the"
			+ " kernel places their processes.")
	Vcpus vcpus;

	@Option(names = "--out", paramLabel = "CSV", description = "Also write every run to this CSV file: its pair,"
			+ " pgbench's throughput, mean response time and WAL flushes per transaction, dbench's throughput and"
			+ " mean write latency, and the CPUs other processes used (cells of an application left out are empty).")
	Path out;

	@Spec
	CommandSpec spec;

	/** Reads one item of --pairs; a wrong one is a usage error that names it. */
	static final class PairConverter implements ITypeConverter<Pair> {
		@Override
		public Pair convert(String text) {
			try {
				return Pair.parse(text);
			} catch (IllegalArgumentException wrong) {
				throw new TypeConversionException(wrong.getMessage());
			}
		}
	}

	/** Reads --vcpus; a wrong one is a usage error that names it. */
	static final class VcpusConverter implements ITypeConverter<Vcpus> {
		@Override
		public Vcpus convert(String text) {
			try {
				return Vcpus.parse(text);
			} catch (IllegalArgumentException wrong) {
				throw new TypeConversionException(wrong.getMessage());
			}
		}
	}

	@Override
	public Integer call() {
		PrintWriter err = spec.commandLine().getErr();
		ColocatedApplications campaign;
		try {
			campaign = new ColocatedApplications(application.folder, database.port, application.volume(), vcpus,
					database.scale, pairs, application.repeats, application.seconds, application.seed,
					application.maxOtherLoad);
		} catch (IllegalArgumentException wrong) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, wrong.getMessage());
		}
		if (out != null) {
			QpnCommand.requireWritableFile(out, application.overwrite);
		}
		if (PostgresCluster.programs().isEmpty()) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID,
					"PostgreSQL is not installed (Debian and Ubuntu: apt-get install postgresql)");
		}
		if (!Dbench.installed()) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "dbench is not installed (apt-get install dbench)");
		}
		List<ColocatedApplications.Measured> runs;
		try (CleanUpOnSignal signal = new CleanUpOnSignal()) {
			runs = campaign.run(new ColocatedApplications.Listener() {
				private long measuringSince;

				@Override
				public void pinned(Cpus database, Cpus fileServer) {
					err.printf("  virtual machines: PostgreSQL and pgbench on %s, dbench on %s%n", database,
							fileServer);
					err.flush();
				}

				@Override
				public void loading(int scale) {
					ApplicationOptions.loading(err, scale, campaign.volume());
				}

				@Override
				public void warmingUp(int clients, int seconds) {
					ApplicationOptions.warmingUp(err, clients, seconds);
				}

				@Override
				public void measuring(int runs) {
					measuringSince = System.nanoTime();
				}

				@Override
				public void disturbed(Pair pair, double otherLoad, int attempt, boolean kept) {
					application.disturbed(err, pair + " (pgbench + dbench clients)", otherLoad, attempt, kept);
				}

				@Override
				public void finished(ColocatedApplications.Measured run, int done, int total) {
					double elapsed = (System.nanoTime() - measuringSince) / 1e9;
					List<String> figures = new ArrayList<>();
					run.pgbench().ifPresent(pgbench -> figures.add(String.format(Locale.ROOT, "pgbench %.1f tps, %.2f ms,"
							+ " %.2f WAL flushes per transaction", pgbench.transactionsPerSecond(),
							pgbench.meanLatency() * 1e3, pgbench.flushesPerTransaction())));
					run.dbench().ifPresent(dbench -> figures.add(String.format(Locale.ROOT, "dbench %.2f MB/s, writes"
							+ " %.2f ms", dbench.megabytesPerSecond(), dbench.writes().meanLatency() * 1e3)));
					err.printf(Locale.ROOT, "  run %d of %d: %s: %s; %s%n", done, total, run.pair(),
							String.join("; ", figures), TimeLeft.elapsedAndLeft(elapsed, done, total - done));
					err.flush();
				}
			});
		} catch (MeasurementException failed) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, failed.getMessage());
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "interrupted");
		}
		print(spec.commandLine().getOut(), campaign.pairs(), runs);
		if (out != null) {
			IosimCommand.writeWhole(out, staging -> Files.writeString(staging, csv(runs, application.seconds)));
			spec.commandLine().getOut().println("runs written to " + out);
		}
		return 0;
	}

	/** One row per pair, in the order given, so that a pair and the same clients alone can stand together. */
	private static void print(PrintWriter out, List<Pair> pairs, List<ColocatedApplications.Measured> runs) {
		Map<Pair, List<ColocatedApplications.Measured>> byPair = new LinkedHashMap<>();
		pairs.forEach(pair -> byPair.put(pair, new ArrayList<>()));
		runs.forEach(run -> byPair.get(run.pair()).add(run));
		TextTable table = new TextTable().text("pgbench+dbench").number("tps (median)").number("tps (min-max)")
				.number("MB/s (median)").number("MB/s (min-max)").number("write ms (median)").number("runs");
		byPair.forEach((pair, of) -> {
			List<Pgbench.Run> pgbench = figures(of, ColocatedApplications.Measured::pgbench);
			List<Dbench.Run> dbench = figures(of, ColocatedApplications.Measured::dbench);
			table.row(pair.toString(), median(pgbench, Pgbench.Run::transactionsPerSecond, "%.1f"),
					range(pgbench, Pgbench.Run::transactionsPerSecond, "%.1f"),
					median(dbench, Dbench.Run::megabytesPerSecond, "%.2f"),
					range(dbench, Dbench.Run::megabytesPerSecond, "%.2f"),
					median(dbench, run -> run.writes().meanLatency() * 1e3, "%.2f"), Integer.toString(of.size()));
		});
		table.print(out);
	}

	private static <R> List<R> figures(List<ColocatedApplications.Measured> runs,
			Function<ColocatedApplications.Measured, Optional<R>> application) {
		return runs.stream().map(application).flatMap(Optional::stream).toList();
	}

	/** @return the median, or null (shown as a dash) for an application the pair leaves out */
	private static <R> String median(List<R> runs, ToDoubleFunction<R> figure, String format) {
		return runs.isEmpty() ? null
				: String.format(Locale.ROOT, format, ApplicationOptions.median(ApplicationOptions.sorted(runs, figure)));
	}

	private static <R> String range(List<R> runs, ToDoubleFunction<R> figure, String format) {
		if (runs.isEmpty()) {
			return null;
		}
		double[] sorted = ApplicationOptions.sorted(runs, figure);
		return String.format(Locale.ROOT, format + "-" + format, sorted[0], sorted[sorted.length - 1]);
	}

	/** @param seconds the runs' length: pgbench's; dbench measured {@value ColocatedApplications#DBENCH_EXTRA_SECONDS} s more */
	private static String csv(List<ColocatedApplications.Measured> runs, int seconds) {
		StringBuilder text = new StringBuilder("pgbenchClients,dbenchClients,repetition,tps,meanResponseSeconds,"
				+ "walFlushesPerTransaction,dbenchMegabytesPerSecond,dbenchWriteSeconds,dbenchWritesPerSecond,otherCpus\n");
		double dbenchSeconds = seconds + ColocatedApplications.DBENCH_EXTRA_SECONDS;
		for (ColocatedApplications.Measured run : runs) {
			String pgbench = run.pgbench().map(measured -> String.format(Locale.ROOT, "%.3f,%.6f,%.4f",
					measured.transactionsPerSecond(), measured.meanLatency(), measured.flushesPerTransaction()))
					.orElse(",,");
			String dbench = run.dbench().map(measured -> String.format(Locale.ROOT, "%.3f,%.6f,%.2f",
					measured.megabytesPerSecond(), measured.writes().meanLatency(), measured.writes().count() / dbenchSeconds))
					.orElse(",,");
			text.append(String.format(Locale.ROOT, "%d,%d,%d,%s,%s,%s%n", run.pair().pgbenchClients(),
					run.pair().dbenchClients(), run.repetition(), pgbench, dbench, ApplicationOptions.load(run.otherLoad())));
		}
		return text.toString();
	}
}
