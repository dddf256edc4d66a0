package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationConfig;
import org.iosim.files.TimeLeft;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.sweep.LoadCurve;
import org.iosim.sweep.LocalSweepEngine;
import org.iosim.sweep.PointsFile;
import org.iosim.sweep.Sweep;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepEngine;
import org.iosim.sweep.SweepEngineProvider;
import org.iosim.sweep.SweepMonitor;
import org.iosim.sweep.SweepParameter;
import org.iosim.sweep.SweepPlan;
import org.iosim.sweep.SweepResult;
import org.iosim.sweep.SweepTaskRunner;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Simulates a model set at every point of a parameter grid, each point with R independent"
				+ " replications, and writes sweep.json, points.csv, resources.csv and report.html (throughput and"
				+ " response time against the load, with error bars, asymptotic bounds, the saturation point and the"
				+ " resource that saturates first).",
				"Parameters: population, thinkTime, arrivalRate (of the only workload of that kind), SCENARIO.population"
						+ " (SCENARIO.thinkTime, SCENARIO.arrivalRate), CONTAINER.TYPE.rate, CONTAINER.TYPE.replicas,"
						+ " COMPONENT.RESOURCE.capacity (a passive resource), COMPONENT.PARAMETER or"
						+ " ASSEMBLYCONTEXT.PARAMETER (a component parameter), io (the I/O configuration file),"
						+ " io.STORAGE.memoryLength, io.STORAGE.defaultSequentiality, io.ANALYSISMODEL.PARAMETER.",
				"Values: a list (1,5,10), a range FIRST..LAST:STEP (1..40:5), or both (1,2,5..40:5).",
				"Rerun with the same arguments to resume an interrupted sweep: finished points in --out are kept." },
		footer = { "", "Exit status: 0 swept, 1 the model is invalid or cannot be simulated, 2 usage error." })
public final class SweepCommand implements Callable<Integer> {

	static final String LOCAL_ENGINE = "local";
	static final String SPARK_ENGINE = "spark";
	/** Curves whose saturation the summary prints; a sweep of a thousand curves has them in its report. */
	private static final int PRINTED_CURVES = 10;

	@Parameters(paramLabel = "MODEL", arity = "1..*", description = "Model folder or files.")
	List<Path> model = new ArrayList<>();

	static final class Points {
		@Option(names = "--vary", paramLabel = "NAME=VALUES", required = true,
				description = "A parameter and its values; several --vary make a full factorial grid (the first"
						+ " changes slowest).")
		List<String> varied = new ArrayList<>();

		@Option(names = "--points", paramLabel = "FILE.csv", required = true,
				description = "The points to simulate instead of a grid: a CSV file whose header names the"
						+ " parameters and whose rows are the points.")
		Path pointsFile;
	}

	@ArgGroup(exclusive = true, multiplicity = "1")
	Points points;

	@Mixin
	SimulationOptions simulation;

	@Option(names = "--replications", paramLabel = "R", defaultValue = "3",
			description = "Independent replications per point, on their own random streams; SD and SE are over"
					+ " them (default ${DEFAULT-VALUE}).")
	int replications;

	@Option(names = "--threads", paramLabel = "N",
			description = "Replications simulated at once (default: the number of cores; with --engine spark,"
					+ " the cores of local[N]).")
	Integer threads;

	@Option(names = "--engine", paramLabel = "NAME", defaultValue = LOCAL_ENGINE,
			description = "Where the tasks (point, replication) run: local (this JVM's threads, default) or spark"
					+ " (Apache Spark, one Spark task per replication; local[*] unless --master says otherwise). The"
					+ " same seed gives the same files on either.")
	String engine;

	@Option(names = "--master", paramLabel = "URL",
			description = "With --engine spark: the Spark master, local[N], local[*] or spark://HOST:PORT of a"
					+ " standalone cluster, whose executors read the model on the same paths (a shared folder).")
	String master;

	@Option(names = "--out", paramLabel = "DIR", required = true,
			description = "The sweep's folder: finished points are kept there, so rerunning the same sweep resumes"
					+ " it; a folder holding another sweep is refused.")
	Path out;

	@Option(names = "--quiet", description = "No progress lines.")
	boolean quiet;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		IosimCommand.requireExisting(model.toArray(Path[]::new));
		IosimCommand.requireExisting(simulation.io, simulation.models, points.pointsFile);
		// one replication per task: the sweep makes a point's replications itself
		SimulationConfig config = simulation.config(1);
		RunConfiguration base = RunConfiguration.of(model).withModelSet(simulation.modelSet)
				.withIoConfiguration(simulation.io).withStoredModels(simulation.models).withSimulation(config);
		SweepDefinition definition = definition(base);
		PrintWriter err = spec.commandLine().getErr();
		int cores = threads != null ? threads : Runtime.getRuntime().availableProcessors();
		if (cores < 1) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--threads must be at least 1, got " + cores);
		}
		SweepTaskRunner runner = new SweepTaskRunner(definition);
		SweepEngine sweepEngine = engine(runner, cores);
		long started = System.nanoTime();
		PrintWriter console = spec.commandLine().getOut();
		SweepMonitor monitor = new SweepMonitor() {
			@Override
			public void resuming(int kept, int total) {
				// on the output, as measure says it: what the run did, not how far it has come
				console.println(resumingLine(kept, total));
			}

			private long lastLine = started - 1_000_000_000L;

			@Override
			public void pointFinished(int done, int left, int skipped) {
				long now = System.nanoTime();
				// a line a second at most, and the last: a sweep of small points finishes hundreds a second
				if (!quiet && (left == 0 || now - lastLine >= 1_000_000_000L)) {
					lastLine = now;
					err.println(progressLine(done, left, skipped, (now - started) / 1e9));
				}
			}
		};
		SweepResult result;
		try {
			result = Sweep.run(SweepPlan.of(definition), out, runner, sweepEngine, monitor);
		} catch (RunFailure failure) {
			if (points.pointsFile != null && failure.getMessage().startsWith("point ")) {
				// the points came from a file: say which, as for what is wrong with the file itself
				throw IosimCommand.failed(new RunFailure(failure.kind(), points.pointsFile + ": " + failure.getMessage(),
						failure.getCause()));
			}
			throw IosimCommand.failed(failure);
		} catch (RunCancelledException cancelled) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "the sweep was cancelled; rerun it to resume");
		}
		summary(spec.commandLine().getOut(), result);
		return 0;
	}

	/** The engine the user chose; one found on the classpath unless it is the local one. */
	private SweepEngine engine(SweepTaskRunner runner, int cores) {
		if (engine.equals(LOCAL_ENGINE)) {
			if (master != null) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--master is for --engine " + SPARK_ENGINE
						+ "; the local engine runs on this machine's threads (--threads)");
			}
			return new LocalSweepEngine(runner, cores);
		}
		SweepEngineProvider provider = SweepEngineProvider.find(engine).orElseThrow(() -> new IosimCommand.UserError(
				Main.EXIT_USAGE, engine.equals(SPARK_ENGINE)
						? "the Spark engine is not on the classpath: ./iosim adds it to a sweep with --engine spark"
								+ " (docs/sweeps.md, 'Sweeps on Spark'); elsewhere put engines/org.iosim.sweep.spark's jar and its"
								+ " dependencies (target/spark-lib) on the classpath"
						: "unknown engine '" + engine + "'; the engines are: " + String.join(", ", engines())));
		if (threads != null && master != null) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "give --threads or --master, not both: --threads N"
					+ " stands for --master local[N]");
		}
		try {
			return provider.create(runner, threads, master);
		} catch (IllegalArgumentException invalid) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, invalid.getMessage());
		}
	}

	/** @return local, spark (whether its jars are there or not), and any other engine on the classpath */
	private static List<String> engines() {
		java.util.Set<String> names = new java.util.LinkedHashSet<>(List.of(LOCAL_ENGINE, SPARK_ENGINE));
		SweepEngineProvider.available().forEach(provider -> names.add(provider.name()));
		return List.copyOf(names);
	}

	private SweepDefinition definition(RunConfiguration base) {
		try {
			if (points.pointsFile != null) {
				PointsFile file = PointsFile.read(points.pointsFile);
				return SweepDefinition.of(base, file.parameters(), file.points(), replications);
			}
			return SweepDefinition.factorial(base, points.varied.stream().map(SweepParameter::parse).toList(),
					replications);
		} catch (IllegalArgumentException invalid) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, invalid.getMessage());
		} catch (RunFailure unusable) {
			throw IosimCommand.failed(unusable);
		}
	}

	/** e.g. {@code resuming: 4 of 10 points were finished before and are skipped} */
	static String resumingLine(int kept, int total) {
		return String.format(Locale.ROOT, "resuming: %d of %d point%s %s finished before and %s skipped", kept, total,
				total == 1 ? "" : "s", kept == 1 ? "was" : "were", kept == 1 ? "is" : "are");
	}

	/**
	 * e.g. {@code  points: 4 done, 6 left, about 0:12 left}: the time left once a hundredth of the points
	 * to run are done, since on a cluster points come back a file at a time and the pace of the first
	 * point said days for a sweep of minutes.
	 */
	public static String progressLine(int done, int left, int skipped, double elapsedSeconds) {
		String line = String.format(Locale.ROOT, "  points: %d done, %d left", done, left)
				+ (skipped > 0 ? String.format(Locale.ROOT, " (%d kept from before)", skipped) : "");
		if (left == 0) {
			return line;
		}
		return 100L * done < (long) done + left ? line + ", estimating the time left"
				: line + ", about " + TimeLeft.clock(TimeLeft.seconds(elapsedSeconds, done, left)) + " left";
	}

	private void summary(PrintWriter out, SweepResult result) {
		out.printf(Locale.ROOT, "Swept %d points × %d replications into %s%n", result.points().size(),
				result.definition().replications(), out(result));
		List<LoadCurve> curves = result.curves();
		for (LoadCurve curve : curves.subList(0, Math.min(PRINTED_CURVES, curves.size()))) {
			out.printf(Locale.ROOT, "%s, %s%s: saturation point %s", curve.scenario(), curve.load(),
					curve.fixed().isEmpty() ? "" : " " + curve.fixed(),
					Double.isNaN(curve.saturation()) ? "not reached" : format(curve.saturation()));
			if (curve.closed()) {
				out.printf(Locale.ROOT, "; asymptotic-bound knee N* = %s", format(curve.boundKnee()));
			}
			out.println();
			if (!curve.bottlenecks().isEmpty()) {
				out.println("  " + curve.bottlenecks().get(0).reason());
			}
		}
		if (curves.size() > PRINTED_CURVES) {
			out.printf(Locale.ROOT, "... and %,d more curves: %s and %s have every curve%n",
					curves.size() - PRINTED_CURVES, Sweep.REPORT_HTML, Sweep.SWEEP_JSON);
		}
	}

	private String out(SweepResult result) {
		return out.resolve(Sweep.REPORT_HTML).toString();
	}

	/** Four significant digits without trailing zeros: a load of 250 prints as 250, a knee as 228.5. */
	private static String format(double value) {
		if (!Double.isFinite(value)) {
			return "–";
		}
		return new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", value)).stripTrailingZeros().toPlainString();
	}
}
