package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunOutcome;
import org.iosim.run.RunPipeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results that look broken because nothing in the model takes time come with the reason. */
class DegenerateResultsTest {

	@TempDir
	Path folder;

	@Test
	void modelWhereNothingTakesTimeSaysWhyThroughputIsUndefined() throws Exception {
		Path model = shopWith(folder.resolve("model"), "0", "0");

		List<String> warnings = new ArrayList<>();
		RunOutcome outcome = run(model, warnings);

		assertEquals(0, outcome.result().simulatedTime());
		assertTrue(Double.isNaN(outcome.result().scenarios().get(0).throughput()));
		assertEquals(List.of("the simulated time did not advance (it is 0 at the end): no resource demand, think"
				+ " time, delay or inter-arrival time of the model set takes any time (e.g. all demands and think"
				+ " times are 0), so every response time is 0 and throughputs and utilizations, being figures per time"
				+ " unit, are undefined (NaN)"), warnings);
	}

	@Test
	void modelWhoseDemandsAreAllZeroSaysWhyResponseTimesAreZero() throws Exception {
		Path model = shopWith(folder.resolve("model"), "0", "Exp(0.2)");

		List<String> warnings = new ArrayList<>();
		RunOutcome outcome = run(model, warnings);

		assertTrue(outcome.result().simulatedTime() > 0);
		assertEquals(0, outcome.result().scenarios().get(0).responseTime().mean());
		assertEquals(List.of("every response time is 0: no resource demand or delay on the usage scenarios' paths"
				+ " takes any time (e.g. all demands are 0); only think times let the simulated time advance"), warnings);
	}

	/**
	 * The shop's users arriving as an open workload: at 60 per second its database CPU (0.0224 of CPU
	 * time per run, so at most 44.7 runs per second) is saturated, the web server not (0.6); at 10 per
	 * second the database CPU is busy 22 %.
	 */
	@Test
	void saturatingOpenWorkloadSaysTheResponseTimesMeasureTheRunLength() throws Exception {
		List<String> warnings = new ArrayList<>();
		run(openShop(folder.resolve("saturated"), "Exp(60)"), warnings);

		assertEquals(1, warnings.size(), warnings.toString());
		assertTrue(warnings.get(0).startsWith("saturated: database server CPU (100.0 %) busy all the time under an open"
				+ " workload: users arrive faster than the system serves them, so the queue grows for as long as the run"
				+ " lasts"), warnings.get(0));

		List<String> stable = new ArrayList<>();
		run(openShop(folder.resolve("stable"), "Exp(10)"), stable);
		assertEquals(List.of(), stable);
	}

	private static Path openShop(Path model, String interArrivalTime) throws Exception {
		Runs.copyFiles(Runs.shop(), model);
		Path usage = model.resolve("shop.usagemodel");
		Files.writeString(usage, Files.readString(usage).replaceAll(
				"(?s)<workload_UsageScenario xsi:type=\"usagemodel:ClosedWorkload\".*?</workload_UsageScenario>",
				"<workload_UsageScenario xsi:type=\"usagemodel:OpenWorkload\"><interArrivalTime_OpenWorkload"
						+ " specification=\"" + interArrivalTime + "\"/></workload_UsageScenario>"));
		return model;
	}

	@Test
	void ordinaryModelHasNoSuchWarning() throws Exception {
		List<String> warnings = new ArrayList<>();
		run(Runs.copyFiles(Runs.shop(), folder.resolve("model")), warnings);

		assertEquals(List.of(), warnings);
	}

	private RunOutcome run(Path model, List<String> warnings) throws Exception {
		RunConfiguration configuration = RunConfiguration.of(List.of(model.resolve("shop.allocation"),
				model.resolve("shop.usagemodel"))).withSimulation(Runs.brief())
				.withOutputFolder(folder.resolve(model.getFileName() + "-out"), false);
		return new RunPipeline(configuration).warnings(warning -> warnings.add(warning.message()))
				.run(PipelineMonitor.NONE, List.of());
	}

	/** The example shop with every resource demand and the think time replaced. */
	private static Path shopWith(Path model, String demand, String thinkTime) throws Exception {
		Runs.copyFiles(Runs.shop(), model);
		Path repository = model.resolve("shop.repository");
		Files.writeString(repository, Files.readString(repository).replaceAll(
				"(<specification_ParametericResourceDemand specification=\")[^\"]*\"", "$1" + demand + "\""));
		Path usage = model.resolve("shop.usagemodel");
		Files.writeString(usage, Files.readString(usage).replaceAll(
				"(<thinkTime_ClosedWorkload specification=\")[^\"]*\"", "$1" + thinkTime + "\""));
		return model;
	}
}
