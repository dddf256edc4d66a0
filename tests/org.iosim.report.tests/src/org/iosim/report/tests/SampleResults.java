package org.iosim.report.tests;

import java.util.ArrayList;
import java.util.List;

import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.CallKind;
import org.iosim.engine.SimulationResult.CallResult;
import org.iosim.engine.SimulationResult.PassiveResourceResult;
import org.iosim.engine.SimulationResult.QuantilePoint;
import org.iosim.engine.SimulationResult.IoResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ResponseTime;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.engine.SimulationResult.StopReason;
import org.iosim.engine.SimulationResult.TimeWindow;

/** A hand-made result whose names try to break HTML and CSV, with figures that are easy to check. */
final class SampleResults {

	static final String HOSTILE_NAME = "<script>alert(\"x\")</script> & co";
	static final String COMMA_QUOTE_NAME = "Browse, \"fast\" path";

	private SampleResults() {
	}

	static SimulationResult sample(double wallClockSeconds) {
		return withResources(wallClockSeconds, resources());
	}

	/** The sample with another list of resources, e.g. one that fails while being written. */
	static SimulationResult withResources(double wallClockSeconds, List<ResourceResult> resources) {
		return new SimulationResult("Media Store", 42, 2, 1_234_567, StopReason.MAX_MEASUREMENTS, 3600.5,
				wallClockSeconds, List.of(checkout(), browse()), calls(), resources, passiveResources(), io());
	}

	/** Reads on a storage with a name that needs escaping, overall and for one file set, and writes. */
	static List<IoResult> io() {
		ResponseTime reads = new ResponseTime(800, 0.004, 0.0002, 0.001, 0.002, 0.012, 0.0038, 0.006, 0.007, 0.01);
		ResponseTime writes = new ResponseTime(200, 0.006, Double.NaN, 0.002, 0.003, 0.02, 0.0055, 0.009, 0.01, 0.015);
		return List.of(new IoResult("<b>array</b>", "read", null, reads, 800, 1.6e6, 3.5),
				new IoResult("<b>array</b>", "read", "mail", reads, 800, 1.6e6, 3.5),
				new IoResult("<b>array</b>", "write", null, writes, 200, 4.0e5, 3.5));
	}

	static ScenarioResult checkout() {
		ResponseTime responseTime = new ResponseTime(1000, 0.25, 0.0125, 0.1, 0.01, 1.5, 0.2, 0.4, 0.5, 0.9);
		List<TimeWindow> overTime = List.of(new TimeWindow(0, 100, 400, 0.24), new TimeWindow(100, 200, 0, Double.NaN),
				new TimeWindow(200, 300, 600, 0.26));
		return new ScenarioResult("_checkout", HOSTILE_NAME, responseTime, 2.5, overTime, exponentialQuantiles(0.25));
	}

	/** Its confidence interval is unknown: NaN must come out as JSON null and an empty CSV field. */
	static ScenarioResult browse() {
		ResponseTime responseTime = new ResponseTime(3, 1.75, Double.NaN, 0.5, 1.25, 2.5, 1.5, 2.25, 2.5, 2.5);
		List<TimeWindow> overTime = List.of(new TimeWindow(0, 150, 1, 1.25), new TimeWindow(150, 300, 2, 2.0));
		return new ScenarioResult("_browse", COMMA_QUOTE_NAME, responseTime, 0.5, overTime,
				exponentialQuantiles(1.75));
	}

	static List<CallResult> calls() {
		return List.of(
				new CallResult(CallKind.ENTRY_LEVEL, "_call1", HOSTILE_NAME, "WebGUI.checkout",
						new ResponseTime(1000, 0.24, 0.012, 0.1, 0.01, 1.4, 0.19, 0.39, 0.49, 0.88)),
				new CallResult(CallKind.EXTERNAL, "_call2", "WebGUI", "MediaDB.store",
						new ResponseTime(2000, 0.05, 0.001, 0.02, 0.002, 0.3, 0.04, 0.08, 0.1, 0.2)));
	}

	static List<ResourceResult> resources() {
		// waiting + busy servers (utilization × servers) = in system = throughput × response time
		return List.of(new ResourceResult("_cpu", "AppServer", "CPU", "ProcessorSharing", 4, 0.625, 0.5, 3, 10, 0.25, 0.3),
				new ResourceResult("_hdd", "DB, \"primary\"", "HDD", "FCFS", 1, 0.875, 3.125, 4, 5, 0.175, 0.8),
				new ResourceResult("_lan", "LAN 1", "LAN", "FCFS", 1, 0.125, 0, 0.125, 20, 0.00625, 0.00625));
	}

	static List<PassiveResourceResult> passiveResources() {
		return List.of(new PassiveResourceResult("_pool", "MediaDB", "ConnectionPool", 8, 0.5, 0.02, 3000));
	}

	/** Quantiles 1 % to 99 % of an exponential distribution with the given mean. */
	private static List<QuantilePoint> exponentialQuantiles(double mean) {
		List<QuantilePoint> points = new ArrayList<>();
		for (int percent = 1; percent <= 99; percent++) {
			double probability = percent / 100.0;
			points.add(new QuantilePoint(probability, -mean * Math.log(1 - probability)));
		}
		return points;
	}
}
