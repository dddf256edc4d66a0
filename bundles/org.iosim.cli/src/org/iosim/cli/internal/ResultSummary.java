package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.util.Locale;

import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.run.RunOutcome;

/** The one-screen summary 'simulate' and 'run' print after a run. */
final class ResultSummary {

	private ResultSummary() {
	}

	static void print(PrintWriter out, RunOutcome outcome) {
		SimulationResult result = outcome.result();
		out.printf(Locale.ROOT, "Model set '%s': seed %d, %d replication%s%n", outcome.modelSet(), result.seed(),
				result.replications(), result.replications() == 1 ? "" : "s");
		out.printf(Locale.ROOT, "Stopped: %s, at simulated time %.6g s after %,d events (%.1f s)%n%n",
				result.stopReason().label(), result.simulatedTime(), result.events(), result.wallClockSeconds());
		// Times in seconds, the model's time unit (Palladio's delays and rates are per second).
		TextTable scenarios = new TextTable().text("usage scenario").number("mean (s)").number("±95 % (s)")
				.number("p50 (s)").number("p95 (s)").number("throughput (1/s)").number("count");
		for (ScenarioResult scenario : result.scenarios()) {
			var time = scenario.responseTime();
			scenarios.row(scenario.name(), figure(time.mean()), figure3(time.ci95()), figure(time.p50()),
					figure(time.p95()), figure(scenario.throughput()), count(time.count()));
		}
		scenarios.print(out);
		out.println();
		TextTable resources = new TextTable().text("resource").text("type").text("policy").number("servers")
				.number("utilization").number("waiting").number("in system").number("throughput (1/s)");
		for (ResourceResult resource : result.resources()) {
			resources.row(resource.container(), resource.type(), resource.schedulingPolicy(),
					resource.hasInfiniteServers() ? "∞" : Integer.toString(resource.servers()),
					resource.hasInfiniteServers() ? TextTable.NONE
							: String.format(Locale.ROOT, "%.4f", resource.utilization()),
					figure(resource.meanWaiting()), figure(resource.meanInSystem()), figure(resource.throughput()));
		}
		resources.print(out);
		if (!result.resources().isEmpty()) {
			out.println("(waiting: mean requests waiting for a server; in system: mean requests waiting or in service)");
		}
		boolean cut = scenarios.cutSomething() || resources.cutSomething();
		if (!result.io().isEmpty()) {
			out.println();
			TextTable io = new TextTable().text("storage").text("type").text("file set").number("mean delay (s)")
					.number("±95 % (s)").number("p95 (s)").number("count");
			for (SimulationResult.IoResult request : result.io()) {
				io.row(request.storage(), request.type(), request.fileSet() == null ? "all" : request.fileSet(),
						figure(request.delay().mean()), figure3(request.delay().ci95()), figure(request.delay().p95()),
						count(request.count()));
			}
			io.print(out);
			cut |= io.cutSomething();
		}
		if (cut) {
			out.println("(names longer than " + TextTable.MAX_TEXT_WIDTH + " characters are cut here; report.html and"
					+ " the CSV files have them in full)");
		}
		out.println();
		out.println("Results: " + outcome.outputFolder() + " (results.json, report.html, CSV files)");
	}

	/** Five significant digits; a figure that does not exist (no observations) shows as a dash. */
	private static String figure(double value) {
		return Double.isNaN(value) ? TextTable.NONE : String.format(Locale.ROOT, "%.5g", value);
	}

	/** Three significant digits, enough for a confidence interval's half-width. */
	private static String figure3(double value) {
		return Double.isNaN(value) ? TextTable.NONE : String.format(Locale.ROOT, "%.3g", value);
	}

	private static String count(long value) {
		return String.format(Locale.ROOT, "%,d", value);
	}
}
