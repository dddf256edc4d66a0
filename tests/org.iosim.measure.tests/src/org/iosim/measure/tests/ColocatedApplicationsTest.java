package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.iosim.measure.BlockThrottle;
import org.iosim.measure.ColocatedApplications;
import org.iosim.measure.ColocatedApplications.Pair;
import org.iosim.measure.ColocatedApplications.Vcpus;
import org.iosim.measure.Cpus;
import org.iosim.measure.Dbench;
import org.iosim.measure.Pgbench;
import org.iosim.measure.PostgresCluster;
import org.iosim.measure.Volume;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL with pgbench and a file server (dbench -s) at the same time on one volume that caps
 * writes, and each alone on it (as root with PostgreSQL, dbench and block throttling; the real run is
 * skipped elsewhere). Both applications' synchronous writes are what the cap limits, so each takes
 * a share of the other's.
 */
class ColocatedApplicationsTest {

	/** A port no other test uses; the socket lives in the cluster's folder, so only the port can clash. */
	private static final int PORT = 54_733;

	@TempDir
	Path folder;

	@Test
	void twoApplicationsOnOneCappedVolumeShareItsWrites() throws Exception {
		assumeTrue(PostgresCluster.programs().isPresent(), "PostgreSQL is not installed (apt-get install postgresql)");
		assumeTrue(Dbench.installed(), "dbench is not installed (apt-get install dbench)");
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		assumeTrue(throttling.throttle().isPresent(), "no block throttling here: " + throttling.reason());
		assumeTrue("root".equals(System.getProperty("user.name")), "the test makes a cluster owned by postgres, as root");
		Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path colocated = folder.resolve("colocated");
		Volume volume = new Volume("test-colocated", 0, 500, 0, 0);
		Path groups = hierarchy(throttling.throttle().get()).resolve("iosim");
		String ours = volume.name() + "-" + ProcessHandle.current().pid() + "-";
		List<Path> groupsWhileMeasuring = new ArrayList<>();
		// each application on a vCPU of its own where this machine has two; on one CPU, the kernel places them
		boolean pinned = Files.isExecutable(Path.of("/usr/bin/taskset"))
				&& Runtime.getRuntime().availableProcessors() >= 2;
		Vcpus vcpus = pinned ? new Vcpus(1, 1) : null;
		List<Cpus> pinnedTo = new ArrayList<>();
		Map<String, Set<String>> placements = new ConcurrentHashMap<>();
		Thread watcher = Thread.ofPlatform().daemon().start(() -> watchPlacements(placements));

		List<ColocatedApplications.Measured> runs;
		try {
			runs = new ColocatedApplications(colocated, PORT, volume, vcpus, 2,
					List.of(new Pair(2, 1), new Pair(2, 0), new Pair(0, 1)), 1, 6, 1, Double.POSITIVE_INFINITY)
					.run(new ColocatedApplications.Listener() {
						@Override
						public void pinned(Cpus database, Cpus fileServer) {
							pinnedTo.addAll(List.of(database, fileServer));
						}

						@Override
						public void measuring(int runs) {
							groupsWhileMeasuring.addAll(groupsNamed(groups, ours));
						}
					});
		} finally {
			watcher.interrupt();
		}

		Map<String, ColocatedApplications.Measured> byPair = runs.stream().collect(Collectors.toMap(
				run -> run.pair().toString(), Function.identity()));
		assertEquals(3, byPair.size(), runs.toString());
		Pgbench.Run together = byPair.get("2+1").pgbench().orElseThrow();
		Dbench.Run dbenchTogether = byPair.get("2+1").dbench().orElseThrow();
		Pgbench.Run alone = byPair.get("2+0").pgbench().orElseThrow();
		Dbench.Run dbenchAlone = byPair.get("0+1").dbench().orElseThrow();
		assertTrue(byPair.get("2+0").dbench().isEmpty() && byPair.get("0+1").pgbench().isEmpty(), runs.toString());
		assertTrue(together.transactionsPerSecond() > 0 && dbenchTogether.megabytesPerSecond() > 0, runs.toString());
		assertTrue(dbenchAlone.megabytesPerSecond() > 0, runs.toString());
		// dbench's synchronous writes take a share of the 500 writes a second pgbench's commits had alone
		assertTrue(together.transactionsPerSecond() < 0.9 * alone.transactionsPerSecond(), together + " vs " + alone);

		if (pinned) {
			assertEquals(Cpus.split(1, 1), pinnedTo);
			// every process of an application ran only on its machine's vCPU: the server's backends and
			// background processes and pgbench's clients on the first, dbench's clients on the second
			String database = pinnedTo.get(0).list(), fileServer = pinnedTo.get(1).list();
			assertEquals(Set.of(database), placements.get("postgres"), placements.toString());
			assertEquals(Set.of(database), placements.get("pgbench"), placements.toString());
			assertEquals(Set.of(fileServer), placements.get("dbench"), placements.toString());
		}
		assertEquals(1, groupsWhileMeasuring.size(), "one group holds both applications: " + groupsWhileMeasuring);
		assertFalse(Files.exists(groupsWhileMeasuring.get(0)), "the volume's group goes at the end");
		try (var left = Files.list(colocated)) {
			assertEquals(0, left.count(), "the cluster and dbench's files are removed at the end");
		}
	}

	@Test
	void pairsAreReadAsPgbenchPlusDbenchClients() {
		assertEquals(new Pair(4, 1), Pair.parse("4+1"));
		assertEquals(new Pair(0, 2), Pair.parse(" 0 + 2 "));
		assertEquals("8+0", Pair.parse("8+0").toString());
		IllegalArgumentException noPlus = assertThrows(IllegalArgumentException.class, () -> Pair.parse("4x1"));
		assertTrue(noPlus.getMessage().contains("'4x1'"), noPlus.getMessage());
		IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class, () -> Pair.parse("9".repeat(500)));
		assertTrue(tooLong.getMessage().length() < 150, "a long text is not repeated whole: " + tooLong.getMessage());
		IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> Pair.parse("0+0"));
		assertTrue(none.getMessage().startsWith("0+0"), none.getMessage());
		IllegalArgumentException many = assertThrows(IllegalArgumentException.class, () -> Pair.parse("4+1001"));
		assertTrue(many.getMessage().startsWith("4+1001"), many.getMessage());
	}

	/**
	 * Records, until interrupted, the CPUs each of this JVM's descendant programs may run on, by
	 * program: "postgres", "pgbench" or "dbench" to the Cpus_allowed_list values seen. A program asked
	 * for its help is left out.
	 */
	private static void watchPlacements(Map<String, Set<String>> placements) {
		while (!Thread.currentThread().isInterrupted()) {
			ProcessHandle.current().descendants().forEach(process -> {
				ProcessHandle.Info info = process.info();
				String program = info.command().map(command -> Path.of(command).getFileName().toString())
						.orElse("");
				// the run first asks dbench for its help, unpinned, to see that it is installed: not an application
				boolean probe = info.arguments().map(arguments -> List.of(arguments).contains("--help"))
						.orElse(false);
				if (List.of("postgres", "pgbench", "dbench").contains(program) && !probe) {
					allowedCpus(process.pid()).ifPresent(allowed -> placements
							.computeIfAbsent(program, any -> ConcurrentHashMap.newKeySet()).add(allowed));
				}
			});
			try {
				Thread.sleep(50);
			} catch (InterruptedException stop) {
				return;
			}
		}
	}

	/** @return the process's Cpus_allowed_list, e.g. "0-1"; empty if it has ended */
	private static Optional<String> allowedCpus(long pid) {
		try {
			return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
					.filter(line -> line.startsWith("Cpus_allowed_list:"))
					.map(line -> line.substring("Cpus_allowed_list:".length()).strip()).findFirst();
		} catch (IOException | UncheckedIOException ended) {
			return Optional.empty();
		}
	}

	/** The hierarchy a throttle makes its groups in, from its description ("cgroup v1 blkio at /sys/..."). */
	private static Path hierarchy(BlockThrottle throttle) {
		String description = throttle.describe();
		return Path.of(description.substring(description.indexOf(" at ") + 4));
	}

	private static List<Path> groupsNamed(Path groups, String prefix) {
		try (var entries = Files.list(groups)) {
			return entries.filter(group -> group.getFileName().toString().startsWith(prefix)).toList();
		} catch (IOException none) {
			return List.of();
		}
	}
}
