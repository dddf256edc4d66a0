package org.iosim.report.internal;

import org.iosim.report.svg.Markup;
import static org.iosim.report.svg.Markup.escape;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.iosim.report.IoConfigurationUse;
import org.iosim.report.ReportOptions;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.CallResult;
import org.iosim.engine.SimulationResult.IoResult;
import org.iosim.engine.SimulationResult.PassiveResourceResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ResponseTime;
import org.iosim.engine.SimulationResult.ScenarioResult;

/**
 * Writes report.html: one file that opens anywhere, offline, without scripts. Charts are inline SVG.
 * Every text that comes from the model is escaped, in the charts too, since a model file can name a
 * scenario anything, markup included. The same results give the same bytes.
 */
public final class HtmlReport {

	/** The report's style sheet, shared by every HTML report IOSim writes. */
	public static final String STYLE = """
			body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
			  color: #1f2933; max-width: 78rem; margin: 2rem auto; padding: 0 1.5rem; line-height: 1.45; }
			h1 { font-size: 1.7rem; margin-bottom: 1rem; }
			h2 { font-size: 1.3rem; margin-top: 2.5rem; padding-bottom: .3rem; border-bottom: 2px solid #d9e2ec; }
			h3 { font-size: 1.1rem; margin-top: 2rem; overflow-wrap: anywhere; }
			dl.summary { display: grid; grid-template-columns: max-content auto; gap: .3rem 1.5rem; }
			dl.summary dt { font-weight: 600; color: #52606d; }
			dl.summary dd { margin: 0; }
			table { border-collapse: collapse; margin: .75rem 0; font-size: .92rem; }
			th, td { padding: .4rem .8rem; border-bottom: 1px solid #e4e7eb; text-align: left; vertical-align: top; }
			th { background: #f0f4f8; font-weight: 600; }
			.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
			.charts { display: flex; flex-wrap: wrap; gap: 1rem; }
			figure { margin: .5rem 0; }
			svg.chart { max-width: 100%; height: auto; border: 1px solid #e4e7eb; }
			.note { color: #7b8794; }
			""";

	/**
	 * Units in the column headers: results are in the model's time unit, the second for Palladio's
	 * models and IOSim's analysis models, as on the charts' axes.
	 */
	private static final String SECONDS = " (s)";
	private static final String PER_SECOND = " (1/s)";

	private final SimulationResult result;
	/** Which I/O configuration the run applied; null when the writer was not told */
	private final IoConfigurationUse ioConfiguration;
	private final ReportOptions options;
	private final StringBuilder html = new StringBuilder(64 * 1024);

	private HtmlReport(SimulationResult result, IoConfigurationUse ioConfiguration, ReportOptions options) {
		this.result = result;
		this.ioConfiguration = ioConfiguration;
		this.options = options;
	}

	public static void write(SimulationResult result, IoConfigurationUse ioConfiguration, ReportOptions options,
			Path file) throws IOException {
		String page = new HtmlReport(result, ioConfiguration, options).render();
		Files.writeString(file, page, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
	}

	private String render() {
		html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
				.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
				.append("<title>IOSim results: ").append(escape(result.modelName())).append("</title>\n")
				.append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n")
				.append("<h1>Simulation results: ").append(escape(result.modelName())).append("</h1>\n");
		summary();
		scenarios();
		calls();
		resources();
		passiveResources();
		io();
		html.append("</body>\n</html>\n");
		return html.toString();
	}

	private void summary() {
		html.append("<dl class=\"summary\">\n");
		term("Model", result.modelName());
		if (ioConfiguration != null) {
			term("I/O configuration", ioConfiguration.describe());
		}
		term("Seed", Long.toString(result.seed()));
		term("Replications", DisplayFormat.count(result.replications()));
		term("Stop reason", result.stopReason().label());
		term("Events", DisplayFormat.count(result.events()));
		term("Simulated time", DisplayFormat.number(result.simulatedTime()) + " s");
		term("Wall-clock time", DisplayFormat.number(result.wallClockSeconds()) + " s");
		html.append("</dl>\n");
	}

	private void term(String term, String description) {
		html.append("<dt>").append(escape(term)).append("</dt><dd>").append(escape(description)).append("</dd>\n");
	}

	private void scenarios() {
		html.append("<h2>Usage scenarios</h2>\n");
		if (result.scenarios().isEmpty()) {
			note("The model has no usage scenarios.");
			return;
		}
		for (ScenarioResult scenario : result.scenarios()) {
			html.append("<h3>").append(escape(scenario.name())).append("</h3>\n");
			ResponseTime responseTime = scenario.responseTime();
			table(List.of(number("Runs"), number("Mean ± 95 % CI" + SECONDS), number("Std dev" + SECONDS),
					number("Min" + SECONDS), number("p50" + SECONDS), number("p90" + SECONDS), number("p95" + SECONDS),
					number("p99" + SECONDS), number("Max" + SECONDS), number("Throughput" + PER_SECOND)),
					List.of(cells(DisplayFormat.count(responseTime.count()),
							DisplayFormat.meanWithConfidence(responseTime.mean(), responseTime.ci95()),
							DisplayFormat.number(responseTime.standardDeviation()),
							DisplayFormat.number(responseTime.min()), DisplayFormat.number(responseTime.p50()),
							DisplayFormat.number(responseTime.p90()), DisplayFormat.number(responseTime.p95()),
							DisplayFormat.number(responseTime.p99()), DisplayFormat.number(responseTime.max()),
							DisplayFormat.number(scenario.throughput()))));
			html.append("<div class=\"charts\">\n");
			String distribution = "Response-time distribution of " + scenario.name();
			figure(Charts.responseTimeDistribution(scenario, distribution, options.chartWidth(),
					options.chartHeight()), distribution);
			String overTime = "Mean response time over simulated time of " + scenario.name();
			figure(Charts.responseTimeOverTime(scenario, overTime, options.chartWidth(), options.chartHeight()),
					overTime);
			// too few windows for a rate over time (a short run) is no missing measurement: no chart, no note
			Charts.throughputOverTime(scenario, "Throughput over simulated time of " + scenario.name(),
					options.chartWidth(), options.chartHeight()).ifPresent(svg -> figure(Optional.of(svg), ""));
			// a closed workload that follows a load profile: the population behind that throughput
			Charts.populationOverTime(scenario, "Population over simulated time of " + scenario.name(),
					options.chartWidth(), options.chartHeight()).ifPresent(svg -> figure(Optional.of(svg), ""));
			html.append("</div>\n");
		}
	}

	private void calls() {
		html.append("<h2>Calls</h2>\n");
		if (result.calls().isEmpty()) {
			note("No calls were measured.");
			return;
		}
		List<List<String>> rows = new ArrayList<>();
		for (CallResult call : result.calls()) {
			ResponseTime responseTime = call.responseTime();
			rows.add(cells(JsonResultWriter.kindLabel(call.kind()), call.caller(), call.callee(),
					DisplayFormat.count(responseTime.count()),
					DisplayFormat.meanWithConfidence(responseTime.mean(), responseTime.ci95()),
					DisplayFormat.number(responseTime.p50()), DisplayFormat.number(responseTime.p95()),
					DisplayFormat.number(responseTime.p99())));
		}
		table(List.of(text("Kind"), text("Caller"), text("Callee"), number("Calls"),
				number("Mean ± 95 % CI" + SECONDS), number("p50" + SECONDS), number("p95" + SECONDS),
				number("p99" + SECONDS)), rows);
	}

	private void resources() {
		html.append("<h2>Resources</h2>\n");
		if (result.resources().isEmpty()) {
			note("The model has no active resources.");
			return;
		}
		List<List<String>> rows = new ArrayList<>();
		for (ResourceResult resource : result.resources()) {
			rows.add(cells(resource.container(), resource.type(), resource.schedulingPolicy(),
					resource.hasInfiniteServers() ? "∞" : Integer.toString(resource.servers()),
					resource.hasInfiniteServers() ? "–" : DisplayFormat.percent(resource.utilization()),
					DisplayFormat.number(resource.meanWaiting()), DisplayFormat.number(resource.meanInSystem()),
					DisplayFormat.number(resource.throughput()),
					DisplayFormat.number(resource.meanServiceTime()), DisplayFormat.number(resource.meanResponseTime())));
		}
		table(List.of(text("Container"), text("Type"), text("Scheduling"), number("Servers"),
				number("Utilization"), number("Mean waiting"), number("Mean in system"),
				number("Throughput" + PER_SECOND), number("Mean service time" + SECONDS),
				number("Mean response time" + SECONDS)), rows);
		note("Mean waiting: requests waiting for a server, not in service. Mean in system: requests at the"
				+ " resource, waiting or in service (throughput × mean response time). Both count alike for the"
				+ " resources of embedded analysis models.");
		String utilization = "Utilization per resource";
		figure(Charts.utilization(result.resources(), utilization, options.chartWidth(), options.chartHeight()),
				utilization);
		// results of runs before IOSim followed it, and models of delay resources only, have no series: no chart, no note
		Charts.utilizationOverTime(result.resources(), "Utilization over simulated time of the busiest resources",
				options.chartWidth(), options.chartHeight()).ifPresent(svg -> figure(Optional.of(svg), ""));
	}

	private void passiveResources() {
		html.append("<h2>Passive resources</h2>\n");
		if (result.passiveResources().isEmpty()) {
			note("The model has no passive resources.");
			return;
		}
		List<List<String>> rows = new ArrayList<>();
		for (PassiveResourceResult passive : result.passiveResources()) {
			rows.add(cells(passive.owner(), passive.name(), Integer.toString(passive.capacity()),
					DisplayFormat.percent(passive.utilization()), DisplayFormat.number(passive.meanWaitingTime()),
					DisplayFormat.count(passive.acquisitions())));
		}
		table(List.of(text("Owner"), text("Name"), number("Capacity"), number("Utilization"),
				number("Mean waiting time" + SECONDS), number("Acquisitions")), rows);
	}

	private void io() {
		if (result.io().isEmpty()) {
			return;
		}
		html.append("<h2>I/O at virtualized storage</h2>\n");
		List<List<String>> rows = new ArrayList<>();
		for (IoResult io : result.io()) {
			rows.add(cells(io.storage(), io.type(), io.fileSet() == null ? "all" : io.fileSet(),
					DisplayFormat.count(io.count()),
					DisplayFormat.number(io.delay().mean()) + " ± " + DisplayFormat.number(io.delay().ci95()),
					DisplayFormat.number(io.delay().p95()), DisplayFormat.number(io.throughputBytesPerSecond()),
					DisplayFormat.number(io.meanConcurrency())));
		}
		table(List.of(text("Storage"), text("Type"), text("File set"), number("Requests"),
				number("Mean delay ± 95 % CI" + SECONDS), number("p95" + SECONDS), number("Throughput (bytes/s)"),
				number("Mean concurrency")), rows);
	}

	private record Column(String title, boolean numeric) {
	}

	private static Column text(String title) {
		return new Column(title, false);
	}

	private static Column number(String title) {
		return new Column(title, true);
	}

	/** Accepts null cells, which model elements without a name produce. */
	private static List<String> cells(String... values) {
		return Arrays.asList(values);
	}

	private void table(List<Column> columns, List<List<String>> rows) {
		html.append("<table>\n<thead><tr>");
		for (Column column : columns) {
			html.append(column.numeric() ? "<th class=\"num\">" : "<th>").append(escape(column.title()))
					.append("</th>");
		}
		html.append("</tr></thead>\n<tbody>\n");
		for (List<String> row : rows) {
			html.append("<tr>");
			for (int i = 0; i < row.size(); i++) {
				html.append(columns.get(i).numeric() ? "<td class=\"num\">" : "<td>").append(escape(row.get(i)))
						.append("</td>");
			}
			html.append("</tr>\n");
		}
		html.append("</tbody>\n</table>\n");
	}

	private void figure(Optional<String> svgChart, String description) {
		if (svgChart.isEmpty()) {
			note("No measurements for the chart \"" + description + "\".");
			return;
		}
		html.append("<figure>\n").append(svgChart.get()).append("</figure>\n");
	}

	private void note(String text) {
		html.append("<p class=\"note\">").append(escape(text)).append("</p>\n");
	}
}
