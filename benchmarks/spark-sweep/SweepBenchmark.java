import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.iosim.engine.SimulationConfig;
import org.iosim.run.RunConfiguration;
import org.iosim.sweep.LocalSweepEngine;
import org.iosim.sweep.Sweep;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepEngine;
import org.iosim.sweep.SweepEngineProvider;
import org.iosim.sweep.SweepMonitor;
import org.iosim.sweep.SweepParameter;
import org.iosim.sweep.SweepPlan;
import org.iosim.sweep.SweepTaskRunner;

/**
 * Points per second of one sweep on the local engine and on Spark (local[1], local[2]), and the
 * speed-up of two cores over one. Prints figures only; it asserts nothing about the clock.
 *
 * Run with run.sh, or: java -cp 'CLASSPATH_FOLDER/*' SweepBenchmark.java [MODEL [POINTS [REPLICATIONS [MEASUREMENTS]]]]
 */
public final class SweepBenchmark {

	public static void main(String[] args) throws Exception {
		Path model = Path.of(args.length > 0 ? args[0] : "examples/minimal");
		int points = args.length > 1 ? Integer.parseInt(args[1]) : 4;
		int replications = args.length > 2 ? Integer.parseInt(args[2]) : 4;
		long measurements = args.length > 3 ? Long.parseLong(args[3]) : 500_000;
		SweepDefinition definition = definition(model, points, replications, measurements);
		SweepDefinition warmup = definition(model, 2, 2, measurements / 10);
		System.out.printf(Locale.ROOT, "sweep: %s, %d points x %d replications, %d measurements each; %d cores seen%n",
				model, points, replications, measurements, Runtime.getRuntime().availableProcessors());
		// the JIT compiles the simulation once, before anything is timed
		time(warmup, "local", 2);
		time(warmup, "spark", 2);
		double[] local1 = time(definition, "local", 1);
		double[] local2 = time(definition, "local", 2);
		double[] spark1 = time(definition, "spark", 1);
		double[] spark2 = time(definition, "spark", 2);
		System.out.println();
		System.out.println("engine           cores  sweep s  points/s  replications s  replications/s");
		row("local (threads)", 1, local1, points, replications);
		row("local (threads)", 2, local2, points, replications);
		row("spark local[N]", 1, spark1, points, replications);
		row("spark local[N]", 2, spark2, points, replications);
		System.out.println();
		System.out.printf(Locale.ROOT, "speed-up of replications on 2 cores: local %.2fx, spark %.2fx (target >= 1.8x)%n",
				local1[1] / local2[1], spark1[1] / spark2[1]);
		System.out.printf(Locale.ROOT, "speed-up of the whole sweep on 2 cores: local %.2fx, spark %.2fx%n",
				local1[0] / local2[0], spark1[0] / spark2[0]);
		System.out.printf(Locale.ROOT, "spark against local (whole sweep): %.2fx the time on 1 core, %.2fx on 2 cores%n",
				spark1[0] / local1[0], spark2[0] / local2[0]);
	}

	private static SweepDefinition definition(Path model, int points, int replications, long measurements) {
		RunConfiguration base = RunConfiguration.of(List.of(model))
				.withIoConfiguration(model.resolve("shop-virtualized.ioconfig"))
				.withSimulation(SimulationConfig.of(1, null, measurements, null, null, 1_000, 1, false));
		return SweepDefinition.factorial(base,
				List.of(SweepParameter.parse("population=" + 50 + ".." + 50 * points + ":50")), replications);
	}

	/**
	 * @return the seconds a whole sweep takes into a new folder (reading the model and checking every
	 *         point, done once on one thread, and Spark's start and stop included), and the seconds its
	 *         engine takes to run the replications
	 */
	private static double[] time(SweepDefinition definition, String engineName, int cores) throws Exception {
		Path out = Files.createTempDirectory("iosim-sweep-benchmark");
		try {
			SweepTaskRunner runner = new SweepTaskRunner(definition);
			SweepEngine chosen = engineName.equals("local") ? new LocalSweepEngine(runner, cores)
					: SweepEngineProvider.find(engineName).orElseThrow(
							() -> new IllegalStateException("the Spark engine is not on the classpath"))
							.create(runner, cores, null);
			long[] engineNanos = { 0 };
			SweepEngine engine = (plan, tasks, monitor, finished) -> {
				long engineStart = System.nanoTime();
				chosen.run(plan, tasks, monitor, finished);
				engineNanos[0] = System.nanoTime() - engineStart;
			};
			long start = System.nanoTime();
			Sweep.run(SweepPlan.of(definition), out.resolve("sweep"), runner, engine, SweepMonitor.NONE);
			return new double[] { (System.nanoTime() - start) / 1e9, engineNanos[0] / 1e9 };
		} finally {
			try (Stream<Path> files = Files.walk(out)) {
				for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
					Files.delete(file);
				}
			} catch (IOException ignored) {
				// a temporary folder left behind is harmless
			}
		}
	}

	private static void row(String engine, int cores, double[] seconds, int points, int replications) {
		System.out.printf(Locale.ROOT, "%-16s %5d  %7.2f  %8.3f  %14.2f  %14.3f%n", engine, cores, seconds[0],
				points / seconds[0], seconds[1], points * replications / seconds[1]);
	}
}
