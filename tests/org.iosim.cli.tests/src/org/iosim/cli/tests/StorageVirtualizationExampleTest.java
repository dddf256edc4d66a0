package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/storage-virtualization: seed 000's virtualization layer, calibrated from its Table 1, swept
 * over request type, size and clients as the example's README does, against the seed's Table 2.
 */
class StorageVirtualizationExampleTest {

	/** A row of seed 000, Table 2 (measured throughput in requests per second, 1 and 256 clients). */
	record Seed(String type, int sizeKiB, double initial, double maximum) {
	}

	/**
	 * The measured columns of seed 000, Table 2 (000_70ccdd538b493512.txt: READ rows
	 * at lines 467–508, WRITE rows at lines 510–551).
	 */
	static final List<Seed> TABLE_2 = List.of(
			new Seed("READ", 4, 6219, 47416), // L467-L471
			new Seed("READ", 16, 4707, 39518), // L474-L478
			new Seed("READ", 32, 3580, 22530), // L481-L485
			new Seed("READ", 64, 2184, 11911), // L489-L493
			new Seed("READ", 256, 656, 3053), // L496-L500
			new Seed("READ", 1024, 223, 771), // L503-L507
			new Seed("WRITE", 4, 3276, 34487), // L510-L514
			new Seed("WRITE", 16, 2286, 23700), // L517-L521
			new Seed("WRITE", 32, 1690, 15574), // L524-L528
			new Seed("WRITE", 64, 1130, 9553), // L532-L536
			new Seed("WRITE", 256, 498, 2863), // L539-L543
			new Seed("WRITE", 1024, 175, 723)); // L546-L550

	@TempDir
	Path folder;

	/** (type, size, population) → throughput per second, from a sweep's points.csv. */
	private Map<String, Double> sweep(String design, String sizes, String populations) throws IOException {
		Path out = folder.resolve(design);
		CommandLine.Run run = iosim("sweep", CommandLine.example("storage-virtualization").resolve(design).toString(),
				"--vary", "RequestGenerator.type=\"READ\",\"WRITE\"", "--vary", "RequestGenerator.sizeKiB=" + sizes,
				"--vary", "population=" + populations, "--replications", "1", "--max-measurements", "5000",
				"--seed", "7", "--out", out.toString(), "--quiet");
		assertEquals(0, run.exitCode(), run.toString());
		List<String> lines = Files.readAllLines(out.resolve("points.csv"));
		List<String> header = List.of(lines.get(0).split(","));
		Map<String, Double> throughput = new HashMap<>();
		for (String line : lines.subList(1, lines.size())) {
			String[] cells = line.split(",");
			String type = cells[header.indexOf("RequestGenerator.type")].replace("\"", "");
			throughput.put(type + " " + cells[header.indexOf("RequestGenerator.sizeKiB")] + " "
					+ cells[header.indexOf("population")], Double.parseDouble(cells[header.indexOf("throughput_per_second")]));
		}
		return throughput;
	}

	@Test
	void synchronousDesignReproducesTable2WithinTenPercentPerCell() throws IOException {
		Map<String, Double> simulated = sweep("sync", "4,16,32,64,256,1024", "1,256");
		List<Double> errors = new ArrayList<>();
		StringBuilder table = new StringBuilder();
		for (Seed seed : TABLE_2) {
			for (boolean maximum : new boolean[] { false, true }) {
				String cell = seed.type() + " " + seed.sizeKiB() + (maximum ? " maximum" : " initial");
				double measured = maximum ? seed.maximum() : seed.initial();
				double iosim = simulated.get(seed.type() + " " + seed.sizeKiB() + (maximum ? " 256" : " 1"));
				double error = iosim / measured - 1;
				errors.add(Math.abs(error));
				table.append(String.format("%s: seed %.0f, IOSim %.0f, %+.1f %%%n", cell, measured, iosim, 100 * error));
			}
		}
		for (int i = 0; i < errors.size(); i++) {
			assertTrue(errors.get(i) <= 0.10, "a cell is off by more than 10 %\n" + table);
		}
		double mean = errors.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
		assertTrue(mean <= 0.03, "mean error " + mean + " over all 24 cells\n" + table);
	}

	/** The seed's design comparison: with closed workloads, both designs reach the same throughput. */
	@Test
	void asynchronousDesignMatchesSynchronousThroughput() throws IOException {
		Map<String, Double> sync = sweep("sync", "4,1024", "1,8,256");
		Map<String, Double> async = sweep("async", "4,1024", "1,8,256");
		assertEquals(sync.keySet(), async.keySet());
		for (String point : sync.keySet()) {
			assertEquals(sync.get(point), async.get(point), 0.02 * sync.get(point), point);
		}
		// and both scale: 256 clients reach several times the one-client throughput
		assertTrue(sync.get("READ 4 256") > 5 * sync.get("READ 4 1"), sync.toString());
		assertTrue(sync.get("WRITE 1024 256") > 3 * sync.get("WRITE 1024 1"), sync.toString());
	}
}
