package org.iosim.sweep.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.iosim.engine.ProgressMonitor;
import org.iosim.run.RunFailure;
import org.iosim.sweep.LoadCurve;
import org.iosim.sweep.LocalSweepEngine;
import org.iosim.sweep.Sweep;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepMonitor;
import org.iosim.sweep.SweepParameter;
import org.iosim.sweep.SweepPlan;
import org.iosim.sweep.SweepResult;
import org.iosim.sweep.SweepTask;
import org.iosim.sweep.SweepTaskRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class SweepRunTest {

	@TempDir
	Path folder;

	private SweepDefinition definition(Path model, long seed, String... parameters) {
		return SweepDefinition.factorial(Models.run(model, 2_000).withSimulation(
				Models.run(model, 2_000).simulation().withSeed(seed)),
				java.util.Arrays.stream(parameters).map(SweepParameter::parse).toList(), 3);
	}

	private static SweepResult run(SweepDefinition definition, Path out, int threads, SweepMonitor monitor)
			throws Exception {
		SweepTaskRunner runner = new SweepTaskRunner(definition);
		return Sweep.run(SweepPlan.of(definition), out, runner, new LocalSweepEngine(runner, threads), monitor);
	}

	@Test
	void sameSeedGivesIdenticalResultsWhateverTheNumberOfThreads() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		run(definition(model, 7, "population=10,40"), folder.resolve("one"), 1, SweepMonitor.NONE);
		run(definition(model, 7, "population=10,40"), folder.resolve("two"), 2, SweepMonitor.NONE);
		run(definition(model, 8, "population=10,40"), folder.resolve("other"), 2, SweepMonitor.NONE);
		for (String file : List.of(Sweep.SWEEP_JSON, Sweep.POINTS_CSV, Sweep.RESOURCES_CSV, Sweep.REPORT_HTML)) {
			assertArrayEquals(Files.readAllBytes(folder.resolve("one").resolve(file)),
					Files.readAllBytes(folder.resolve("two").resolve(file)), file);
		}
		assertNotEquals(Files.readString(folder.resolve("one").resolve(Sweep.POINTS_CSV)),
				Files.readString(folder.resolve("other").resolve(Sweep.POINTS_CSV)));
	}

	@Test
	void rerunKeepsFinishedPointsAndRunsOnlyTheMissingOne() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		Path out = folder.resolve("sweep");
		run(definition(model, 1, "population=5,10,20"), out, 2, SweepMonitor.NONE);
		byte[] complete = Files.readAllBytes(out.resolve(Sweep.SWEEP_JSON));
		// as if the sweep had been killed before its second point was written
		Files.delete(out.resolve("points").resolve("points-0000002-0000002.json"));
		Files.delete(out.resolve(Sweep.SWEEP_JSON));
		List<String> progress = new ArrayList<>();
		SweepMonitor monitor = new SweepMonitor() {
			@Override
			public void resuming(int kept, int total) {
				progress.add("resuming: " + kept + " of " + total + " kept");
			}

			@Override
			public void pointFinished(int done, int left, int skipped) {
				progress.add(done + " done, " + left + " left, " + skipped + " kept");
			}
		};
		run(definition(model, 1, "population=5,10,20"), out, 2, monitor);
		assertEquals(List.of("resuming: 2 of 3 kept", "1 done, 0 left, 2 kept"), progress);
		assertArrayEquals(complete, Files.readAllBytes(out.resolve(Sweep.SWEEP_JSON)));
	}

	/**
	 * A sweep of more than a thousand points writes files of several consecutive points, resumes a
	 * file at a time, and its report lists the first thousand points and draws ten of its curves.
	 */
	@Test
	void aSweepOfThousandsOfPointsKeepsFilesOfSeveralPoints() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		SweepDefinition definition = SweepDefinition.factorial(Models.run(model, 20),
				List.of(SweepParameter.parse("population=1..50"), SweepParameter.parse("thinkTime=1..30")), 1);
		assertEquals(2, definition.pointsPerFile());
		Path out = folder.resolve("sweep");
		SweepResult result = run(definition, out, 2, SweepMonitor.NONE);
		List<String> files;
		try (var listing = Files.list(out.resolve("points"))) {
			files = listing.map(file -> file.getFileName().toString()).sorted().toList();
		}
		assertEquals(750, files.size());
		assertEquals("points-0000001-0000002.json", files.get(0));
		assertEquals("points-0001499-0001500.json", files.get(749));
		assertEquals(1_500, result.points().size());
		assertEquals(30, result.curves().size());
		assertEquals(List.of("50", "30"), result.points().get(1_499).point().values());
		byte[] complete = Files.readAllBytes(out.resolve(Sweep.SWEEP_JSON));
		String html = Files.readString(out.resolve(Sweep.REPORT_HTML));
		assertTrue(html.contains("The first 1,000 of 1,500 points"), "the report's table is cut");
		assertTrue(html.contains("show 10 of them, spread evenly"), "ten of thirty curves drawn");
		assertEquals(1_500 + 1, Files.readAllLines(out.resolve(Sweep.POINTS_CSV)).size());

		Files.delete(out.resolve("points").resolve("points-0000003-0000004.json"));
		Files.delete(out.resolve(Sweep.SWEEP_JSON));
		List<String> progress = new ArrayList<>();
		run(definition, out, 2, new SweepMonitor() {
			@Override
			public void resuming(int kept, int total) {
				progress.add("resuming: " + kept + " of " + total + " kept");
			}

			@Override
			public void pointFinished(int done, int left, int skipped) {
				progress.add(done + " done, " + left + " left");
			}
		});
		assertEquals(List.of("resuming: 1498 of 1500 kept", "1 done, 1 left", "2 done, 0 left"), progress);
		assertArrayEquals(complete, Files.readAllBytes(out.resolve(Sweep.SWEEP_JSON)));
	}

	/** A curve of more points than a chart has pixels is drawn through some of them, and the chart says so. */
	@Test
	void aLongCurveIsDrawnThroughPointsSpreadOverIt() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		SweepDefinition definition = SweepDefinition.factorial(Models.run(model, 20),
				List.of(SweepParameter.parse("population=1..1200")), 1);
		Path out = folder.resolve("sweep");
		SweepResult result = run(definition, out, 2, SweepMonitor.NONE);
		assertEquals(1, result.curves().size());
		assertEquals(1_200, result.curves().get(0).points().size());

		String html = Files.readString(out.resolve(Sweep.REPORT_HTML));
		assertTrue(html.contains("A line of more than 500 points goes through 500 of them, spread evenly (the longest has"
				+ " 1,200)"), "the charts say they are thinned");
		String firstSeries = html.substring(html.indexOf("class=\"series\""));
		String path = firstSeries.substring(firstSeries.indexOf(" d=\"") + 4, firstSeries.indexOf('"',
				firstSeries.indexOf(" d=\"") + 4));
		assertEquals(500, path.split("[ML]").length - 1, "one vertex per drawn point");
	}

	/** A damaged file of finished points is named, and the sweep says how to run its points again. */
	@Test
	void aDamagedFileOfFinishedPointsIsNamed() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		Path out = folder.resolve("sweep");
		run(definition(model, 1, "population=5,10"), out, 2, SweepMonitor.NONE);
		Path damaged = out.resolve("points").resolve("points-0000002-0000002.json");
		Files.writeString(damaged, Files.readString(damaged).substring(0, 100));
		RunFailure refused = assertThrows(RunFailure.class,
				() -> run(definition(model, 1, "population=5,10"), out, 2, SweepMonitor.NONE));
		assertTrue(refused.getMessage().startsWith(damaged.toString()), refused.getMessage());
		assertTrue(refused.getMessage().endsWith("delete it to run its points again"), refused.getMessage());
	}

	/** A rerun of a finished sweep runs nothing, and still says that it kept every point. */
	@Test
	void rerunOfAFinishedSweepSaysEveryPointIsKept() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		Path out = folder.resolve("sweep");
		run(definition(model, 1, "population=5,10"), out, 2, SweepMonitor.NONE);
		List<String> told = new ArrayList<>();
		run(definition(model, 1, "population=5,10"), out, 2, new SweepMonitor() {
			@Override
			public void resuming(int kept, int total) {
				told.add(kept + " of " + total);
			}

			@Override
			public void pointFinished(int done, int left, int skipped) {
				told.add("ran a point");
			}
		});
		assertEquals(List.of("2 of 2"), told);
	}

	@Test
	void aFreshSweepDoesNotSayItResumes() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		List<String> told = new ArrayList<>();
		run(definition(model, 1, "population=5"), folder.resolve("sweep"), 1, new SweepMonitor() {
			@Override
			public void resuming(int kept, int total) {
				told.add(kept + " of " + total);
			}
		});
		assertEquals(List.of(), told);
	}

	@Test
	void anotherSweepInTheSameFolderIsRefusedAndNamesWhatDiffers() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		Path out = folder.resolve("sweep");
		run(definition(model, 1, "population=5,10"), out, 2, SweepMonitor.NONE);
		RunFailure refused = assertThrows(RunFailure.class,
				() -> run(definition(model, 2, "population=5,10"), out, 2, SweepMonitor.NONE));
		assertEquals(RunFailure.Kind.USAGE, refused.kind());
		assertTrue(refused.getMessage().contains("holds a different sweep (differing in: simulation)"),
				refused.getMessage());
	}

	/** A closed workload that follows a load profile takes its population from it, so a swept one is refused. */
	@Test
	void aSweptPopulationOfAWorkloadThatFollowsALoadProfileIsRefused() throws Exception {
		Path model = Models.profiledCpuAndDisk(folder);
		RunFailure refused = assertThrows(RunFailure.class,
				() -> run(definition(model, 1, "population=5,10"), folder.resolve("sweep"), 2, SweepMonitor.NONE));
		assertTrue(refused.getMessage().contains("parameter 'population' = '5': the closed workload follows a load"
				+ " profile"), refused.getMessage());
		// its think time may be swept
		SweepResult result = run(definition(model, 1, "thinkTime=1,2"), folder.resolve("think"), 2, SweepMonitor.NONE);
		assertEquals(2, result.points().size());
	}

	/**
	 * Points that differ only in workloads share a compiled model (one per CPU rate here), and each
	 * gives exactly what its own model, made and compiled alone, gives; a point whose workload cannot
	 * be simulated is reported as when compiled alone.
	 */
	@Test
	void pointsSharingACompiledModelGiveWhatTheirOwnModelsGive() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		SweepDefinition definition = definition(model, 3, "server.CPU.rate=1,2", "population=5,20",
				"thinkTime=0.5,2");
		SweepTaskRunner sharing = new SweepTaskRunner(definition);
		for (int point = 0; point < definition.points().size(); point++) {
			SweepTask task = new SweepTask(point, 1, 11);
			assertEquals(new SweepTaskRunner(definition).run(task, ProgressMonitor.NONE),
					sharing.run(task, ProgressMonitor.NONE), "point " + point);
		}

		SweepDefinition withNobody = definition(model, 3, "population=5,0");
		SweepTaskRunner runner = new SweepTaskRunner(withNobody);
		runner.check(0);
		RunFailure refused = assertThrows(RunFailure.class, () -> runner.check(1));
		assertTrue(refused.getMessage().startsWith("point 2 (population=0): ")
				&& refused.getMessage().contains("parameter 'population' = '0'"), refused.getMessage());
	}

	@Test
	void modelFileIsOnlyReadAndEveryPointChangesItsOwnCopy() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		byte[] before = Files.readAllBytes(model);
		SweepResult result = run(definition(model, 1, "server.CPU.rate=1,2", "population=30"),
				folder.resolve("sweep"), 2, SweepMonitor.NONE);
		assertArrayEquals(before, Files.readAllBytes(model));
		double slowCpu = result.points().get(0).resources().stream().filter(r -> r.type().equals("CPU")).findFirst()
				.orElseThrow().utilization().mean();
		double fastCpu = result.points().get(1).resources().stream().filter(r -> r.type().equals("CPU")).findFirst()
				.orElseThrow().utilization().mean();
		// twice the processing rate halves the demand in time, at about the same throughput
		assertEquals(0.5, fastCpu / slowCpu, 0.05);
	}

	@Test
	void standardErrorIsTheDeviationOverTheRootOfTheReplicationsAndFilesAgree() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		Path out = folder.resolve("sweep");
		SweepResult result = run(definition(model, 3, "population=20"), out, 2, SweepMonitor.NONE);
		var throughput = result.points().get(0).scenarios().get(0).throughput();
		assertEquals(3, throughput.replications());
		assertEquals(throughput.standardDeviation() / Math.sqrt(3), throughput.standardError(), 1e-12);
		assertTrue(throughput.standardDeviation() > 0);
		JsonNode json = new ObjectMapper().readTree(out.resolve(Sweep.SWEEP_JSON).toFile());
		JsonNode point = json.get("points").get(0);
		assertEquals("20", point.get("values").get("population").asText());
		assertEquals(throughput.mean(), point.get("scenarios").get(0).get("throughput").get("mean").asDouble(), 0);
		assertEquals(throughput.standardError(), point.get("scenarios").get(0).get("throughput").get("se").asDouble(),
				0);
		assertTrue(point.get("scenarios").get(0).get("p75ResponseTime").get("mean").asDouble() > 0);
		List<String> csv = Files.readAllLines(out.resolve(Sweep.POINTS_CSV));
		assertEquals("point,population,scenario,throughput_per_second,throughput_per_second_sd,throughput_per_second_se,"
				+ "response_seconds,response_seconds_sd,response_seconds_se,response_seconds_p75,response_seconds_p75_sd,"
				+ "response_seconds_p75_se,replications", csv.get(0), "each time and rate column names its unit");
		assertEquals("point,population,kind,resource,capacity,utilization,utilization_sd,utilization_se,"
				+ "throughput_per_second,throughput_per_second_sd,throughput_per_second_se,response_seconds,"
				+ "response_seconds_sd,response_seconds_se", Files.readAllLines(out.resolve(Sweep.RESOURCES_CSV)).get(0));
	}

	@Test
	void cpuIsTheBottleneckOfACpuHeavyModelAndTheReportShowsNamesAsText() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		Path out = folder.resolve("sweep");
		SweepResult result = run(definition(model, 1, "population=20..200:30"), out, 2, SweepMonitor.NONE);
		LoadCurve curve = result.curves().get(0);
		assertEquals("CPU", curve.bottlenecks().get(0).kind(), SaturationTest.describe(curve));
		assertTrue(curve.bottlenecks().get(0).reason().contains("server CPU saturates first"),
				SaturationTest.describe(curve));
		// N* = (D + Z) / D_max = (0.015 + 1) / 0.01
		assertEquals(101.5, curve.boundKnee(), 101.5 * 0.05, SaturationTest.describe(curve));
		assertFalse(Double.isNaN(curve.saturation()), SaturationTest.describe(curve));
		String html = Files.readString(out.resolve(Sweep.REPORT_HTML));
		assertTrue(html.contains("&lt;b&gt;users&lt;/b&gt; &amp; co"), "escaped scenario name");
		assertFalse(html.contains("<b>users</b>"));
		assertTrue(html.contains("<svg") && html.contains("asymptotic bound"), "charts with bounds");
	}

	/**
	 * A sweep of population by think time has a load curve per think time; the report drew two charts
	 * per curve. They are overlaid: one chart per metric, a line per think time, named in the legend.
	 */
	@Test
	void aSecondFactorsCurvesAreOverlaidInOneChartPerMetric() throws Exception {
		Path model = Models.cpuAndDisk(folder);
		Path out = folder.resolve("sweep");
		SweepResult result = run(definition(model, 1, "population=5,10,20", "thinkTime=1,2"), out, 2,
				SweepMonitor.NONE);
		assertEquals(2, result.curves().size());
		String html = Files.readString(out.resolve(Sweep.REPORT_HTML));
		List<String> charts = java.util.Arrays.stream(html.split("<svg")).skip(1).toList();
		assertEquals(2, charts.size(), "one throughput and one response-time chart");
		for (String chart : charts) {
			assertEquals(2, chart.split("<path class=\"series\"", -1).length - 1, "a line per think time");
			assertTrue(chart.contains("thinkTime=1") && chart.contains("thinkTime=2"), "a legend naming each curve");
		}
		assertTrue(charts.get(0).contains("Throughput vs population"), charts.get(0));
		assertTrue(charts.get(1).contains("Mean response time vs population"), charts.get(1));
	}
}
