package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.iosim.measure.BlockThrottle;
import org.iosim.measure.Cpus;
import org.iosim.measure.Pgbench;
import org.iosim.measure.PostgresCluster;
import org.iosim.measure.Volume;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real PostgreSQL: a private cluster made, started on a volume that caps writes, loaded and
 * measured with pgbench, and stopped, by the test (as root with PostgreSQL installed and block
 * throttling available; skipped elsewhere). On such a volume the database is disk bound: every
 * commit waits for a WAL flush, and the flushes are what the cap limits.
 */
class PgbenchTest {

	/** A port no other test uses; the socket lives in the cluster's folder, so only the port can clash. */
	private static final int PORT = 54_731;

	@TempDir
	Path folder;

	@Test
	void aCappedVolumeBoundsTheCommitsOfARealDatabase() throws Exception {
		assumeTrue(PostgresCluster.programs().isPresent(), "PostgreSQL is not installed (apt-get install postgresql)");
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		assumeTrue(throttling.throttle().isPresent(), "no block throttling here: " + throttling.reason());
		assumeTrue("root".equals(System.getProperty("user.name")), "the test makes a cluster owned by postgres, as root");
		Path cluster = folder.resolve("cluster");
		Files.createDirectories(cluster);
		Files.setPosixFilePermissions(folder, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
		Volume volume = new Volume("test-pgbench", 0, 500, 0, 0);

		Pgbench.Run one;
		Pgbench.Run four;
		Path group;
		try (BlockThrottle.Group limited = throttling.throttle().get().create(volume, cluster)) {
			group = limited.folder();
			try (PostgresCluster server = PostgresCluster.start(cluster, PORT, limited, Cpus.ALL)) {
				Pgbench pgbench = new Pgbench(server);
				pgbench.initialize(4);
				one = pgbench.run(1, 4);
				four = pgbench.run(4, 4);
				assertEquals("on", server.sql("SHOW fsync"), "default durability");
				assertEquals("on", server.sql("SHOW synchronous_commit"));
			}
		}
		assertFalse(Files.exists(group), "the volume's group goes once the server stopped");

		for (Pgbench.Run run : new Pgbench.Run[] { one, four }) {
			assertTrue(run.transactions() > 50, "transactions done: " + run);
			// a WAL flush is at least one device write, and the cap allows 500 a second
			assertTrue(run.walFlushes() / run.seconds() <= 500 * 1.05, "flushes a second: " + run);
			assertTrue(run.transactionsPerSecond() < 500 * 1.05 * 4, "commits wait for flushes: " + run);
		}
		// one client: each commit flushes the WAL once; several share flushes (group commit)
		assertEquals(1, one.flushesPerTransaction(), 0.25, "one client: " + one);
		assertTrue(four.flushesPerTransaction() < one.flushesPerTransaction(), "four clients share flushes: " + four);
		assertTrue(four.transactionsPerSecond() > one.transactionsPerSecond(), one + " vs " + four);
		// Little's law for the closed clients: N = X × R
		assertEquals(1, one.transactionsPerSecond() * one.meanLatency(), 0.1, one.toString());
		assertEquals(4, four.transactionsPerSecond() * four.meanLatency(), 0.4, four.toString());
	}
}
