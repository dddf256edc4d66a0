package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.StorageWorkload;
import org.iosim.measure.StorageWorkload.Sync;
import org.iosim.measure.StorageWorkload.Threads;
import org.iosim.pcm.io.IoType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Measured synchronous writes reach the analysis models' data as the workload input 'synchronous'. */
class SynchronousExportTest {

	@TempDir
	Path folder;

	private static MeasuredDelay row(Sync sync, double delay) {
		return new MeasuredDelay("p", 0, new StorageWorkload(8192, 0, true, 16 << 20, 1, 1, false, Threads.MIXED, sync),
				IoType.WRITE, List.of(delay));
	}

	@Test
	void synchronousWritesAddAColumnThatSaysWhichRowsWaitedForTheDevice() throws Exception {
		Path csv = folder.resolve("delays.csv");
		MeasuredDelay.writeCsv(List.of(row(Sync.NONE, 1e-5), row(Sync.FDATASYNC, 4e-3), row(Sync.OSYNC, 4e-3)), csv);
		List<String> lines = Files.readAllLines(csv);
		List<String> header = List.of(lines.get(0).split(","));
		int synchronous = header.indexOf("synchronous");
		assertEquals(header.size() - 2, synchronous, "after the other inputs, before the delay: " + header);
		assertEquals(List.of("0", "1", "1"), lines.subList(1, 4).stream().map(line -> line.split(",")[synchronous]).toList());
	}

	@Test
	void withoutSynchronousWritesTheFileIsAsBefore() throws Exception {
		Path csv = folder.resolve("delays.csv");
		MeasuredDelay.writeCsv(List.of(row(Sync.NONE, 1e-5)), csv);
		assertEquals(MeasuredDelay.COLUMNS.size() + 1, Files.readAllLines(csv).get(0).split(",").length);
	}
}
