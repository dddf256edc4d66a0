package org.iosim.sweep.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep on a real Spark standalone cluster: a master and a worker, each a JVM of its own started from
 * the classpath folder the build makes ({@code target/spark-lib}, what {@code ./iosim} uses), and the
 * sweep's driver a third JVM started as a user starts it. The worker runs the tasks in executor JVMs
 * of their own, which get the IOSim jars from the driver, so this covers what local mode does not:
 * the jars sent with the job and the tasks and their figures crossing process boundaries. Runs after
 * {@code package}, when the classpath folder is complete.
 */
class StandaloneClusterIT {

	private static final long START_SECONDS = 120;

	@TempDir
	Path folder;

	private final List<Process> daemons = new ArrayList<>();

	@AfterEach
	void stopCluster() throws InterruptedException {
		for (Process daemon : daemons.reversed()) {
			// the worker stops its executors when it is asked to stop; anything left is stopped too
			List<ProcessHandle> children = daemon.descendants().toList();
			daemon.destroy();
			if (!daemon.waitFor(30, TimeUnit.SECONDS)) {
				daemon.destroyForcibly();
			}
			children.forEach(ProcessHandle::destroyForcibly);
		}
	}

	@Test
	void aSweepOnAStandaloneClusterWritesWhatTheLocalEngineWrites() throws Exception {
		Path lib = Path.of(System.getProperty("iosim.spark.lib", "target/spark-lib")).toAbsolutePath();
		assertTrue(Files.isDirectory(lib), "no classpath folder at " + lib + "; it is made by 'package'");
		int masterPort = freePort();
		String master = "spark://127.0.0.1:" + masterPort;

		// The worker starts executors with the launcher of a Spark installation: its jars/ folder is the
		// classpath folder (beside it in target/, so the temporary folder holds no link to outside), and
		// the Scala version it would otherwise look up in a Spark build.
		Path sparkHome = Files.createDirectories(lib.resolveSibling("spark-home"));
		Files.deleteIfExists(sparkHome.resolve("jars"));
		Files.createSymbolicLink(sparkHome.resolve("jars"), lib);
		Path masterLog = folder.resolve("master.log");
		daemons.add(start(lib, masterLog, Map.of(), "-Dspark.master.rest.enabled=false",
				"org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", String.valueOf(masterPort),
				"--webui-port", "0"));
		awaitLine(masterLog, "I have been elected leader", masterLog);
		Path workerLog = folder.resolve("worker.log");
		Path work = Files.createDirectories(folder.resolve("work"));
		daemons.add(start(lib, workerLog,
				Map.of("SPARK_HOME", sparkHome.toString(), "SPARK_SCALA_VERSION", "2.13", "JAVA_HOME",
						System.getProperty("java.home")),
				"org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "2", "--memory", "2g",
				"--webui-port", "0", "--work-dir", work.toString(), master));
		awaitLine(masterLog, "Registering worker", workerLog);

		Path clusterOut = folder.resolve("cluster");
		Path driverLog = folder.resolve("driver.log");
		Process driver = start(lib, driverLog, Map.of(), "org.iosim.cli.Main", "sweep", SweepFolders.example().toString(),
				"--io", SweepFolders.example().resolve("shop-virtualized.ioconfig").toString(), "--vary",
				"population=30,90", "--replications", "2", "--max-measurements", "500", "--warmup", "100", "--seed",
				"11", "--engine", "spark", "--master", master, "--out", clusterOut.toString());
		if (!driver.waitFor(START_SECONDS + 300, TimeUnit.SECONDS)) {
			driver.destroyForcibly();
			fail("the sweep on the cluster did not end\n" + logs(driverLog, masterLog, workerLog));
		}
		assertEquals(0, driver.exitValue(), logs(driverLog, masterLog, workerLog));

		SweepFolders.Run local = SweepFolders.iosim("sweep", SweepFolders.example().toString(), "--io",
				SweepFolders.example().resolve("shop-virtualized.ioconfig").toString(), "--vary", "population=30,90",
				"--replications", "2", "--max-measurements", "500", "--warmup", "100", "--seed", "11", "--threads", "2",
				"--out", folder.resolve("local").toString());
		assertEquals(0, local.exitCode(), local.toString());
		SweepFolders.assertSameFiles(folder.resolve("local"), clusterOut);

		// the tasks ran in the worker's executors, not in the driver
		String executorLogs = executorLogs(work);
		assertTrue(executorLogs.contains("Finished task"), "no task ran on an executor\n" + executorLogs);
		assertTrue(executorLogs.contains("org.iosim.sweep.spark-"), "the engine's jar was not sent to the executors\n"
				+ executorLogs);
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	/** A JVM on the classpath folder, its output to {@code log}. */
	private static Process start(Path lib, Path log, Map<String, String> environment, String... arguments)
			throws IOException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"--enable-native-access=ALL-UNNAMED"));
		if (Runtime.version().feature() >= 23) {
			command.add("--sun-misc-unsafe-memory-access=allow"); // Spark's off-heap memory access
		}
		command.addAll(List.of("-cp", lib + "/*"));
		command.addAll(List.of(arguments));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		builder.environment().putAll(environment);
		return builder.start();
	}

	private static void awaitLine(Path log, String line, Path failureLog) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
		while (System.nanoTime() < deadline) {
			if (Files.exists(log) && Files.readString(log).contains(line)) {
				return;
			}
			Thread.sleep(200);
		}
		fail("no '" + line + "' in " + log.getFileName() + " within " + START_SECONDS + " s\n" + logs(log, failureLog));
	}

	private static String executorLogs(Path work) throws IOException {
		StringBuilder text = new StringBuilder();
		try (Stream<Path> files = Files.walk(work)) {
			for (Path file : files.filter(f -> f.getFileName().toString().equals("stderr")).toList()) {
				text.append(Files.readString(file));
			}
		}
		return text.toString();
	}

	private static String logs(Path... logs) throws IOException {
		StringBuilder text = new StringBuilder();
		for (Path log : logs) {
			if (Files.exists(log)) {
				List<String> lines = Files.readAllLines(log);
				text.append("--- ").append(log.getFileName()).append('\n')
						.append(String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()))).append('\n');
			}
		}
		return text.toString();
	}
}
