package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs that could never end (issue 23 item 7) are refused by every command the same way, once their
 * pace is known (after their first 1,048,576 events, well under a second), with the limit and how to
 * change it; so are sweeps of more points than a sweep may have, whether a grid or a points file.
 */
class UnfinishableRunsTest {

	/** The events of the first look: 1,048,576, or a few more when one event fires transitions. */
	private static final String CANNOT_FINISH = "the run cannot finish: at the pace of its first 1,048,5";

	@TempDir
	Path folder;

	private static void assertNoJava(CommandLine.Run run) {
		String all = run.out() + run.err();
		assertFalse(all.contains("Exception") || all.contains("Error") || all.contains("java.") || all.contains("\tat "),
				run.toString());
	}

	/** The refusal from "the run cannot finish" on: what every front end of the engine says alike. */
	private static String refusal(CommandLine.Run run) {
		int at = run.err().indexOf("the run cannot finish");
		assertTrue(at >= 0, run.toString());
		return run.err().substring(at).strip();
	}

	@Test
	void aStopTimeNoRunCanReachIsRefusedBySimulateRunAndSweepAlike() throws IOException {
		Path shop = CommandLine.example("minimal");
		CommandLine.Run simulate = iosim("simulate", shop.toString(), "--stop-time", "1e300", "--quiet", "--out",
				folder.resolve("simulated").toString());
		assertEquals(1, simulate.exitCode(), simulate.toString());
		assertTrue(simulate.err().contains("\niosim: the simulation of model set 'shop' failed: " + CANNOT_FINISH),
				simulate.toString());
		String refusal = refusal(simulate);
		assertTrue(refusal.contains("reaching the stop time 1e+300 would take about"), refusal);
		assertTrue(refusal.contains("more than the 100,000,000,000 events a replication may fire; ask for a stop time of"
				+ " at most"), refusal);
		assertTrue(refusal.contains("raise the limit with the Java system property iosim.maxEvents"), refusal);
		assertNoJava(simulate);
		assertFalse(Files.exists(folder.resolve("simulated")), "nothing written");

		Path pipeline = Files.writeString(folder.resolve("pipeline.json"), """
				{"model": "%s", "simulation": {"stopTime": 1e300}, "out": "piped"}"""
				.formatted(shop.toString().replace("\\", "\\\\")));
		CommandLine.Run run = iosim("run", pipeline.toString(), "--quiet");
		assertEquals(1, run.exitCode(), run.toString());
		assertEquals(refusal, refusal(run), "the same seed, the same pace, the same words");
		assertFalse(Files.exists(folder.resolve("piped")), "nothing written");

		CommandLine.Run sweep = iosim("sweep", shop.toString(), "--vary", "population=10,20", "--replications", "1",
				"--stop-time", "1e300", "--quiet", "--out", folder.resolve("swept").toString());
		assertEquals(1, sweep.exitCode(), sweep.toString());
		assertTrue(refusal(sweep).startsWith(CANNOT_FINISH) && refusal(sweep).contains("stop time 1e+300"),
				sweep.toString());
		assertNoJava(sweep);
	}

	@Test
	void aStopTimeThatIsNoNumberIsAUsageError() {
		CommandLine.Run infinite = iosim("simulate", CommandLine.example("minimal").toString(), "--stop-time", "1e400",
				"--out", folder.resolve("out").toString());
		assertEquals(2, infinite.exitCode(), infinite.toString());
		assertTrue(infinite.err().contains("stop time must be a finite number, got Infinity (leave it out for none)"),
				infinite.err());
	}

	@Test
	void aQpnRunLengthNoRunCanReachIsRefusedBySimulateAndValidateAlike() throws IOException {
		String net = Files.readString(CommandLine.example("qpn").resolve("closed-network.qpe"));
		CommandLine.Run simulate = iosim("qpn", "simulate", CommandLine.example("qpn").resolve("closed-network.qpe")
				.toString(), "--config", "bench-fixed", "--run-length", "1e300", "--quiet", "--out",
				folder.resolve("out").toString());
		assertEquals(1, simulate.exitCode(), simulate.toString());
		assertTrue(simulate.err().startsWith("iosim: closed-network.qpe: net 'closed-network': " + CANNOT_FINISH),
				simulate.toString());
		assertTrue(refusal(simulate).contains("reaching the run length 1e+300 would take about"), simulate.toString());
		assertNoJava(simulate);
		assertFalse(Files.exists(folder.resolve("out")), "nothing written");

		// the same run length in the net's configuration: validate's dry run refuses it as simulate does
		assertTrue(net.contains("stopping-rule=\"FIXEDLEN\" time-before-initial-heart-beat=\"1000\""
				+ " time-between-stop-checks=\"0\" total-run-length=\"1000000\""));
		Path endless = Files.writeString(folder.resolve("closed-network.qpe"), net.replace("stopping-rule=\"FIXEDLEN\""
				+ " time-before-initial-heart-beat=\"1000\" time-between-stop-checks=\"0\" total-run-length=\"1000000\"",
				"stopping-rule=\"FIXEDLEN\" time-before-initial-heart-beat=\"1000\" time-between-stop-checks=\"0\""
						+ " total-run-length=\"1e300\""));
		CommandLine.Run validate = iosim("qpn", "validate", endless.toString(), "--config", "bench-fixed");
		CommandLine.Run simulateEndless = iosim("qpn", "simulate", endless.toString(), "--config", "bench-fixed",
				"--quiet", "--out", folder.resolve("out").toString());
		assertEquals(1, validate.exitCode(), validate.toString());
		assertEquals(1, simulateEndless.exitCode(), simulateEndless.toString());
		assertEquals(simulateEndless.err(), validate.err());
		assertTrue(validate.err().contains("reaching the run length 1e+300 would take about"), validate.toString());
	}

	@Test
	void aGridAndAPointsFileAreHeldToTheSameMostPoints() throws IOException {
		String limit = "points, more than the 1,000,000 a sweep may have; split it into several sweeps";
		// 10,000 × 10,000 points: counted, not made (the grid would not fit in memory)
		CommandLine.Run grid = sweep("--vary", "population=1..10000", "--vary", "thinkTime=1..10000");
		assertEquals(2, grid.exitCode(), grid.toString());
		assertTrue(grid.err().contains("the sweep has 10000 × 10000 " + limit), grid.toString());

		List<String> rows = new ArrayList<>(List.of("population"));
		for (int row = 1; row <= 1_100_000; row++) {
			rows.add(String.valueOf(row));
		}
		Path points = Files.write(folder.resolve("points.csv"), rows);
		CommandLine.Run file = sweep("--points", points.toString());
		assertEquals(2, file.exitCode(), file.toString());
		assertTrue(file.err().contains(points + ": line 1000002: the sweep has more than 1,000,000 " + limit),
				file.toString());

		// at the limit, a file is read (and refused for what its points are, not for their number)
		Files.write(points, rows.subList(0, 1_000_001));
		CommandLine.Run most = sweep("--points", points.toString(), "--model-set", "none");
		assertFalse(most.err().contains(limit), most.toString());
		assertNoJava(grid);
		assertNoJava(file);
	}

	private CommandLine.Run sweep(String... options) {
		List<String> args = new ArrayList<>(List.of("sweep", CommandLine.example("minimal").toString(), "--quiet",
				"--out", folder.resolve("sweep").toString()));
		args.addAll(List.of(options));
		return iosim(args.toArray(String[]::new));
	}
}
