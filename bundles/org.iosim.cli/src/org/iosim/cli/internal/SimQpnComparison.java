package org.iosim.cli.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.iosim.files.FileProblems;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * SimQPN, the QPN simulator of QPME, run beside IOSim on the same net so that the bench commands say
 * how the two compare, when {@code benchmarks/simqpn/build-simqpn.sh} has built it. SimQPN runs through
 * {@code benchmarks/simqpn/run-simqpn.sh}, which prints a {@code RESULT} line; IOSim's whole command runs
 * as a process of its own with this JVM's options, so that both are timed end to end alike.
 * <p>
 * SimQPN counts its events (transition firings and service completions) only under a Java agent that
 * slows it down, so one counting run gives the events per unit of simulated time and the timed runs
 * go without the agent.
 */
final class SimQpnComparison {

	/** The system property the launcher sets to the repository's benchmarks folder. */
	static final String BENCHMARKS_PROPERTY = "iosim.benchmarks";

	/** What one process run took; events are -1 when they were not counted. */
	record Run(double wallSeconds, double loopSeconds, double simulatedTime, long events) {

		/** @return a counting run's events per unit of simulated time */
		double eventsPerTimeUnit() throws IOException {
			if (events < 0) {
				throw new IOException("SimQPN did not count its events (its event counter needs Java 24 or newer)");
			}
			return events / simulatedTime;
		}

		/** @return the simulation loop's events per second, with the events per time unit a counting run found */
		double eventsPerSecond(double eventsPerTimeUnit) {
			return eventsPerTimeUnit * simulatedTime / loopSeconds;
		}

		/** @return the simulated time the simulation loop covered per second */
		double simulatedTimePerSecond() {
			return simulatedTime / loopSeconds;
		}
	}

	private final Path script;
	private final String build;

	private SimQpnComparison(Path script, String build) {
		this.script = script;
		this.build = build;
	}

	/**
	 * @return the comparison when SimQPN is built and the scripts are at hand; otherwise empty, with
	 *         {@link #notAvailable()} saying why
	 */
	static Optional<SimQpnComparison> find() {
		String benchmarks = System.getProperty(BENCHMARKS_PROPERTY);
		if (benchmarks == null) {
			return Optional.empty();
		}
		Path script = Path.of(benchmarks, "simqpn", "run-simqpn.sh");
		Path cache = cache();
		Path buildInfo = cache.resolve("build-info");
		if (!Files.isRegularFile(script) || !Files.isRegularFile(cache.resolve("classpath"))
				|| !Files.isRegularFile(buildInfo)) {
			return Optional.empty();
		}
		String commit;
		try {
			commit = Files.readAllLines(buildInfo).stream().filter(line -> line.startsWith("qpme-commit="))
					.map(line -> line.substring("qpme-commit=".length())).findFirst().orElse("?");
		} catch (IOException unreadable) {
			return Optional.empty();
		}
		return Optional.of(new SimQpnComparison(script, commit.substring(0, Math.min(7, commit.length()))));
	}

	/** @return why there is no comparison, for the bench commands' last line */
	static String notAvailable() {
		return System.getProperty(BENCHMARKS_PROPERTY) == null
				? "SimQPN: no comparison (run from the repository's ./iosim to compare with SimQPN)"
				: "SimQPN: not built, so no comparison; benchmarks/simqpn/README.md says how to build it from QPME's"
						+ " sources";
	}

	/** Where build-simqpn.sh puts SimQPN, as it and run-simqpn.sh choose it. */
	private static Path cache() {
		String configured = System.getenv("SIMQPN_CACHE");
		if (configured != null && !configured.isBlank()) {
			return Path.of(configured);
		}
		String xdg = System.getenv("XDG_CACHE_HOME");
		Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
		return base.resolve("iosim").resolve("simqpn");
	}

	/** @return the QPME net of the architecture engine's benchmark network, which {@code bench} runs SimQPN on */
	Path closedNetwork() {
		return Path.of(System.getProperty(BENCHMARKS_PROPERTY)).resolveSibling("examples").resolve("qpn")
				.resolve("closed-network.qpe");
	}

	/** @return the QPME commit SimQPN was built from, abbreviated */
	String build() {
		return build;
	}

	/**
	 * Runs SimQPN on the net with the configuration.
	 *
	 * @param countEvents whether to count the events (slower: use it for the count, not for the time)
	 */
	Run simQpn(Path net, String configuration, boolean countEvents) throws IOException {
		ProcessBuilder builder = new ProcessBuilder("bash", script.toString(), net.toAbsolutePath().toString(),
				configuration);
		builder.environment().put("SIMQPN_COUNT_EVENTS", countEvents ? "1" : "0");
		Path out = Files.createTempDirectory("iosim-bench-simqpn");
		builder.environment().put("SIMQPN_OUT", out.resolve("run").toString());
		try {
			String output = run(builder);
			Map<String, String> result = resultLine(output).orElseThrow(() -> new IOException(
					"SimQPN printed no RESULT line: " + FileProblems.excerpt(output.strip())));
			return new Run(number(result, "wall_s"), number(result, "sim_loop_s"), number(result, "sim_time"),
					result.containsKey("events") ? (long) number(result, "events") : -1);
		} finally {
			deleteTree(out);
		}
	}

	/**
	 * What one run of IOSim's whole command took, and, from its results.json, its simulation's events
	 * and wall-clock seconds.
	 */
	record IosimRun(double wallSeconds, double events, double simulationSeconds) {

		double eventsPerSecond() {
			return events / simulationSeconds;
		}

		/** The command's time outside the simulation: start-up, reading the net, writing the results. */
		double outsideSimulationSeconds() {
			return wallSeconds - simulationSeconds;
		}
	}

	/** Runs IOSim's {@code qpn simulate} on the net with the configuration, as a process like SimQPN's, and times it. */
	IosimRun iosim(Path net, String configuration) throws IOException {
		Path out = Files.createTempDirectory("iosim-bench-iosim");
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current().info().command().orElse("java"));
		command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.iosim.cli.Main", "qpn", "simulate",
				net.toAbsolutePath().toString(), "--config", configuration, "--out", out.resolve("run").toString(),
				"--quiet"));
		try {
			long started = System.nanoTime();
			run(new ProcessBuilder(command));
			double wallSeconds = (System.nanoTime() - started) / 1e9;
			JsonNode results = new ObjectMapper().readTree(out.resolve("run").resolve("results.json").toFile());
			return new IosimRun(wallSeconds, results.path("events").asDouble(), results.path("wallClockSeconds").asDouble());
		} finally {
			deleteTree(out);
		}
	}

	/** @return the process's output (standard output and error together) */
	private static String run(ProcessBuilder builder) throws IOException {
		builder.redirectErrorStream(true);
		Process process = builder.start();
		byte[] output = process.getInputStream().readAllBytes();
		try {
			if (!process.waitFor(1, TimeUnit.HOURS) || process.exitValue() != 0) {
				process.destroyForcibly();
				throw new IOException(String.join(" ", builder.command().subList(0, Math.min(3, builder.command().size())))
						+ " failed: " + FileProblems.excerpt(new String(output, StandardCharsets.UTF_8).strip()));
			}
		} catch (InterruptedException interrupted) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", interrupted);
		}
		return new String(output, StandardCharsets.UTF_8);
	}

	/** @return the fields of run-simqpn.sh's {@code RESULT key=value ...} line */
	static Optional<Map<String, String>> resultLine(String output) {
		return output.lines().filter(line -> line.startsWith("RESULT ")).findFirst().map(line -> {
			Map<String, String> fields = new HashMap<>();
			for (String field : line.substring("RESULT ".length()).split(" ")) {
				int equals = field.indexOf('=');
				if (equals > 0) {
					fields.put(field.substring(0, equals), field.substring(equals + 1));
				}
			}
			return fields;
		});
	}

	private static double number(Map<String, String> result, String key) throws IOException {
		try {
			return Double.parseDouble(result.getOrDefault(key, ""));
		} catch (NumberFormatException notANumber) {
			throw new IOException("SimQPN's RESULT line has no number " + key);
		}
	}

	private static void deleteTree(Path folder) throws IOException {
		try (var files = Files.walk(folder)) {
			for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(file);
			}
		}
	}

	/** @return e.g. {@code 1.62×} */
	static String ratio(double ours, double theirs) {
		return String.format(Locale.ROOT, "%.2f×", ours / theirs);
	}
}
