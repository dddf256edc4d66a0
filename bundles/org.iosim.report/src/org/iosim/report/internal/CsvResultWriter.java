package org.iosim.report.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.IoResult;
import org.iosim.engine.SimulationResult.PopulationWindow;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ResponseTime;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.engine.SimulationResult.TimeWindow;
import org.iosim.engine.SimulationResult.UtilizationWindow;

/**
 * Writes the CSV tables, one row per scenario, resource or time window, for spreadsheets and scripts.
 * A column of a time, rate, size or bandwidth names its unit
 * (docs/simulation.md, "Units"): a time ends in {@code Seconds} (for {@code Time}), a rate in
 * {@code PerSecond}, a bandwidth in {@code BytesPerSecond}; counts, utilizations and numbers of users
 * or jobs have none.
 */
public final class CsvResultWriter {

	private CsvResultWriter() {
	}

	public static void writeScenarios(SimulationResult result, Path file) throws IOException {
		CsvTable table = new CsvTable("name", "count", "meanSeconds", "ci95Seconds", "p50Seconds", "p95Seconds",
				"throughputPerSecond");
		for (ScenarioResult scenario : result.scenarios()) {
			ResponseTime responseTime = scenario.responseTime();
			table.text(scenario.name())
					.integer(responseTime.count())
					.number(responseTime.mean())
					.number(responseTime.ci95())
					.number(responseTime.p50())
					.number(responseTime.p95())
					.number(scenario.throughput())
					.endRow();
		}
		table.writeTo(file);
	}

	public static void writeIo(SimulationResult result, Path file) throws IOException {
		CsvTable table = new CsvTable("storage", "type", "fileSet", "count", "meanDelaySeconds", "ci95Seconds",
				"p50Seconds", "p95Seconds", "throughputBytesPerSecond", "meanConcurrency");
		for (IoResult io : result.io()) {
			table.text(io.storage())
					.text(io.type())
					.text(io.fileSet() == null ? "" : io.fileSet())
					.integer(io.count())
					.number(io.delay().mean())
					.number(io.delay().ci95())
					.number(io.delay().p50())
					.number(io.delay().p95())
					.number(io.throughputBytesPerSecond())
					.number(io.meanConcurrency())
					.endRow();
		}
		table.writeTo(file);
	}

	public static void writeResources(SimulationResult result, Path file) throws IOException {
		CsvTable table = new CsvTable("id", "container", "type", "schedulingPolicy", "servers", "utilization",
				"meanWaiting", "meanInSystem", "throughputPerSecond", "meanServiceSeconds", "meanResponseSeconds");
		for (ResourceResult resource : result.resources()) {
			table.text(resource.id())
					.text(resource.container())
					.text(resource.type())
					.text(resource.schedulingPolicy())
					.number(resource.hasInfiniteServers() ? Double.POSITIVE_INFINITY : resource.servers())
					.number(resource.utilization())
					.number(resource.meanWaiting())
					.number(resource.meanInSystem())
					.number(resource.throughput())
					.number(resource.meanServiceTime())
					.number(resource.meanResponseTime())
					.endRow();
		}
		table.writeTo(file);
	}

	/** One row per window of each resource whose utilization was followed over time. */
	public static void writeUtilizationOverTime(SimulationResult result, Path file) throws IOException {
		CsvTable table = new CsvTable("id", "container", "type", "windowStartSeconds", "windowEndSeconds",
				"utilization");
		for (ResourceResult resource : result.resources()) {
			for (UtilizationWindow window : resource.utilizationOverTime()) {
				table.text(resource.id())
						.text(resource.container())
						.text(resource.type())
						.number(window.start())
						.number(window.end())
						.number(window.utilization())
						.endRow();
			}
		}
		table.writeTo(file);
	}

	/** One row per window of each closed workload that follows a load profile: its mean users. */
	public static void writePopulationOverTime(SimulationResult result, Path file) throws IOException {
		CsvTable table = new CsvTable("scenario", "windowStartSeconds", "windowEndSeconds", "meanUsers");
		for (ScenarioResult scenario : result.scenarios()) {
			for (PopulationWindow window : scenario.populationOverTime()) {
				table.text(scenario.name())
						.number(window.start())
						.number(window.end())
						.number(window.meanUsers())
						.endRow();
			}
		}
		table.writeTo(file);
	}

	public static void writeResponseTimeOverTime(SimulationResult result, Path file) throws IOException {
		CsvTable table = new CsvTable("scenario", "windowStartSeconds", "windowEndSeconds", "count",
				"meanResponseSeconds");
		for (ScenarioResult scenario : result.scenarios()) {
			for (TimeWindow window : scenario.overTime()) {
				table.text(scenario.name())
						.number(window.start())
						.number(window.end())
						.integer(window.count())
						.number(window.mean())
						.endRow();
			}
		}
		table.writeTo(file);
	}
}
