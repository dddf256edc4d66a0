package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.iosim.engine.RunCancelledException;
import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunPipeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CancellationTest {

	@TempDir
	Path folder;

	@Test
	void aRunCancelledFromTheStartWritesNothing() throws Exception {
		RunConfiguration configuration = Runs.shopRun(folder.resolve("out")).withIoConfiguration(Runs.shopOnSan());
		assertThrows(RunCancelledException.class, () -> new RunPipeline(configuration).run(new Cancelling(0), List.of()));
		assertFolderEmpty();
	}

	@Test
	void aRunWithoutEndStopsWhenCancelledWhileItRuns() throws Exception {
		// No stop condition a test could wait for: 100 million measurements, in three replications.
		RunConfiguration configuration = Runs.shopRun(folder.resolve("out"))
				.withSimulation(Runs.brief().withMaxMeasurements(100_000_000).withReplications(3));
		Cancelling monitor = new Cancelling(1);

		assertThrows(RunCancelledException.class, () -> new RunPipeline(configuration).run(monitor, List.of()));
		assertTrue(monitor.reports.get() >= 1, "cancelled only after the first progress report");
		assertFolderEmpty();
	}

	private void assertFolderEmpty() throws Exception {
		try (Stream<Path> left = Files.list(folder)) {
			assertEquals(List.of(), left.toList());
		}
	}

	/** Cancels once the run has reported its progress the given number of times. */
	private static final class Cancelling implements PipelineMonitor {
		private final int reportsBeforeCancelling;
		final AtomicInteger reports = new AtomicInteger();

		Cancelling(int reportsBeforeCancelling) {
			this.reportsBeforeCancelling = reportsBeforeCancelling;
		}

		@Override
		public void progress(Progress progress) {
			reports.incrementAndGet();
		}

		@Override
		public boolean isCancelled() {
			return reports.get() >= reportsBeforeCancelling;
		}
	}
}
