package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.measure.BlockThrottle;
import org.iosim.measure.Dbench;
import org.iosim.measure.Volume;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real file server load: dbench -s on a volume that caps writes (where dbench is installed and
 * block throttling available; skipped elsewhere). Every write is O_SYNC, so each waits for at
 * least one device write, which the cap spaces out.
 */
class DbenchTest {

	@TempDir
	Path folder;

	@Test
	void synchronousFileServerWritesWaitForTheCappedDevice() throws Exception {
		assumeTrue(Dbench.installed(), "dbench is not installed (apt-get install dbench)");
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		assumeTrue(throttling.throttle().isPresent(), "no block throttling here: " + throttling.reason());
		Path files = folder.resolve("files");

		List<Dbench.Run> runs = new Dbench(files, new Volume("test-dbench", 0, 500, 0, 0), List.of(1, 2), 1, 4, 1,
				Double.POSITIVE_INFINITY)
				.run((run, done, total) -> {
				});

		assertEquals(List.of(1, 2), runs.stream().map(Dbench.Run::clients).sorted().toList());
		for (Dbench.Run run : runs) {
			assertTrue(run.megabytesPerSecond() > 0, run.toString());
			Dbench.Operation writes = run.operations().get("WriteX");
			assertTrue(writes != null && writes.count() > 0, run.toString());
			// at 500 device writes a second, a synchronous write cannot complete in less than their spacing
			assertTrue(writes.meanLatency() >= 1.0 / 500 && writes.meanLatency() < 1, run.toString());
			assertTrue(run.operations().containsKey("NTCreateX"), "the file server creates files: " + run);
		}
		try (var left = Files.list(files)) {
			assertEquals(0, left.count(), "dbench's files are removed at the end");
		}
	}
}
