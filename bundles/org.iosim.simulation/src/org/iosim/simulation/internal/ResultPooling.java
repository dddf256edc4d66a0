package org.iosim.simulation.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.iosim.analysis.EmbeddedIoModel.SubModelResource;
import org.iosim.des.statistics.ConfidenceInterval;
import org.iosim.des.statistics.Quantiles;
import org.iosim.des.statistics.StudentT;
import org.iosim.des.statistics.TimeSeries;
import org.iosim.des.statistics.TimeWeightedSeries;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.CallKind;
import org.iosim.engine.SimulationResult.CallResult;
import org.iosim.engine.SimulationResult.IoResult;
import org.iosim.engine.SimulationResult.PassiveResourceResult;
import org.iosim.engine.SimulationResult.PopulationWindow;
import org.iosim.engine.SimulationResult.QuantilePoint;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ResponseTime;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.engine.SimulationResult.StopReason;
import org.iosim.engine.SimulationResult.TimeWindow;
import org.iosim.engine.SimulationResult.UtilizationWindow;
import org.iosim.simulation.engine.ResourceStatistics;

/**
 * Turns finished replications into one {@link SimulationResult}. Confidence intervals of means come
 * from batch means, pooled over replications.
 */
public final class ResultPooling {

	private static final double LEVEL = 0.95;
	/** The standard normal quantile of the pooled interval (made once: a distribution object seeds a generator). */
	private static final double NORMAL_QUANTILE = new NormalDistribution(null, 0, 1)
			.inverseCumulativeProbability(0.5 + LEVEL / 2);
	/** The distribution a scenario reports: its 1st to 99th percentiles. */
	private static final double[] PERCENTILES = IntStream.rangeClosed(1, 99)
			.mapToDouble(percent -> percent / 100.0).toArray();

	private ResultPooling() {
	}

	public static StopReason run(Replication replication, ProgressMonitor monitor) {
		return replication.run(monitor);
	}

	public static SimulationResult pool(String modelName, SimulationConfig config, List<Replication> replications,
			StopReason stopReason, double wallClockSeconds) {
		long events = 0;
		double simulatedTime = 0;
		for (Replication replication : replications) {
			events += replication.simulator().eventCount();
			simulatedTime = Math.max(simulatedTime, replication.simulator().now());
		}
		Replication first = replications.get(0);
		List<ScenarioResult> scenarios = new ArrayList<>();
		for (int i = 0; i < first.scenarios.size(); i++) {
			int index = i;
			List<Measurement> measured = replications.stream().map(r -> r.scenarios.get(index)).toList();
			Measurement sample = measured.get(0);
			double throughput = average(replications, r -> throughput(r.scenarios.get(index), r));
			Quantiles pooled = merged(measured);
			scenarios.add(new ScenarioResult(sample.id, sample.name, responseTime(measured, pooled), throughput,
					completeWindows(sample.overTime, first.simulator().now()), distribution(pooled), population(sample, first)));
		}
		List<CallResult> calls = new ArrayList<>();
		for (int i = 0; i < first.calls.size(); i++) {
			int index = i;
			List<Measurement> measured = replications.stream().map(r -> r.calls.get(index)).toList();
			Measurement sample = measured.get(0);
			CallKind kind = first.entryLevelCalls.contains(first.calls.get(index)) ? CallKind.ENTRY_LEVEL : CallKind.EXTERNAL;
			calls.add(new CallResult(kind, sample.id, sample.caller, sample.name, responseTime(measured)));
		}
		List<ResourceResult> resources = new ArrayList<>();
		for (int i = 0; i < first.resources.size(); i++) {
			int index = i;
			Replication.Resource resource = first.resources.get(index);
			Function<Replication, ResourceStatistics> statistics = r -> r.resources.get(index).resource().statistics();
			resources.add(new ResourceResult(resource.id(), resource.container(), resource.type(),
					resource.schedulingPolicy(), resource.resource().servers(),
					average(replications, r -> statistics.apply(r).utilization()),
					average(replications, r -> statistics.apply(r).meanWaiting()),
					average(replications, r -> statistics.apply(r).meanJobsInSystem()),
					average(replications, r -> statistics.apply(r).throughput()),
					average(replications, r -> statistics.apply(r).meanServiceTime()),
					average(replications, r -> statistics.apply(r).meanResidenceTime()),
					utilization(resource.resource().statistics().busyServersOverTime(), resource.resource().servers(), first)));
		}
		resources.addAll(subModelResources(replications));
		List<PassiveResourceResult> passives = new ArrayList<>();
		for (int i = 0; i < first.passiveResources.size(); i++) {
			int index = i;
			Replication.Passive passive = first.passiveResources.get(index);
			long grants = replications.stream().mapToLong(r -> r.passiveResources.get(index).resource().grants()).sum();
			passives.add(new PassiveResourceResult(passive.id(), passive.owner(), passive.resource().name(),
					passive.resource().capacity(),
					average(replications, r -> r.passiveResources.get(index).resource().utilization()),
					average(replications, r -> r.passiveResources.get(index).resource().meanWaitingTime()), grants));
		}
		return new SimulationResult(modelName, config.seed(), replications.size(), events, stopReason, simulatedTime,
				wallClockSeconds, scenarios, calls, resources, passives, io(replications));
	}

	/**
	 * The resources inside embedded analysis models (e.g. a SAN's adapters and disks), named by their
	 * storage: its name is their container. Their requests waiting and in system are counted as the
	 * architecture's resources count theirs; throughput, service and response time follow from what the
	 * sub-model counts (uses, utilization, requests in system) and the measured time, by the utilization
	 * law and Little's law. Every replication's sub-model lists the same resources in the same order.
	 */
	private static List<ResourceResult> subModelResources(List<Replication> replications) {
		List<ResourceResult> results = new ArrayList<>();
		Replication first = replications.get(0);
		for (int s = 0; s < first.storages.size(); s++) {
			int storage = s;
			List<List<SubModelResource>> measured = replications.stream()
					.map(r -> r.storages.get(storage).subModelResources()).toList();
			String name = first.storages.get(storage).name;
			for (int i = 0; i < measured.get(0).size(); i++) {
				double throughput = 0;
				double utilization = 0;
				double waiting = 0;
				double inSystem = 0;
				for (int r = 0; r < replications.size(); r++) {
					SubModelResource resource = measured.get(r).get(i);
					double observed = replications.get(r).storages.get(storage).measuredTime();
					throughput += observed > 0 ? resource.served() / observed : 0;
					utilization += resource.utilization();
					waiting += resource.waiting();
					inSystem += resource.inSystem();
				}
				int n = replications.size();
				throughput /= n;
				utilization /= n;
				waiting /= n;
				inSystem /= n;
				SubModelResource sample = measured.get(0).get(i);
				results.add(new ResourceResult(name + "/" + sample.name(), name, sample.name() + " (" + sample.type() + ")",
						sample.policy(), sample.servers(), utilization, waiting, inSystem, throughput,
						throughput > 0 ? utilization * sample.servers() / throughput : 0,
						throughput > 0 ? inSystem / throughput : 0));
			}
		}
		return results;
	}

	private static List<IoResult> io(List<Replication> replications) {
		List<IoResult> results = new ArrayList<>();
		Replication first = replications.get(0);
		for (int s = 0; s < first.storages.size(); s++) {
			int storage = s;
			VirtualizedStorageScheduler scheduler = first.storages.get(storage);
			double meanConcurrency = average(replications, r -> r.storages.get(storage).meanConcurrency());
			java.util.Set<String> keys = new java.util.TreeSet<>();
			replications.forEach(r -> keys.addAll(r.storages.get(storage).traffic.keySet()));
			for (String key : keys) {
				List<Measurement> delays = new ArrayList<>();
				VirtualizedStorageScheduler.Traffic sample = null;
				double throughput = 0;
				for (Replication replication : replications) {
					VirtualizedStorageScheduler.Traffic traffic = replication.storages.get(storage).traffic.get(key);
					if (traffic == null) {
						continue;
					}
					sample = traffic;
					delays.add(traffic.delays);
					double observed = replication.simulator().now() - traffic.delays.startedAt;
					throughput += observed > 0 ? traffic.bytes / observed : 0;
				}
				ResponseTime delay = responseTime(delays);
				if (delay.count() == 0 && sample.fileSet != null) {
					continue;
				}
				results.add(new IoResult(scheduler.name, sample.type.name().toLowerCase(java.util.Locale.ROOT),
						sample.fileSet, delay, delay.count(), throughput / replications.size(), meanConcurrency));
			}
		}
		return results;
	}

	private static double throughput(Measurement scenario, Replication replication) {
		double observed = replication.simulator().now() - scenario.startedAt;
		return observed > 0 ? scenario.tally.count() / observed : Double.NaN;
	}

	private static double average(List<Replication> replications, ToDoubleFunction<Replication> value) {
		double sum = 0;
		for (Replication replication : replications) {
			sum += value.applyAsDouble(replication);
		}
		return sum / replications.size();
	}

	private static ResponseTime responseTime(List<Measurement> measured) {
		return responseTime(measured, merged(measured));
	}

	/** @param pooled the replications' quantile sketches merged, which a scenario's distribution also uses */
	private static ResponseTime responseTime(List<Measurement> measured, Quantiles pooled) {
		long count = 0;
		double sum = 0;
		double min = Double.POSITIVE_INFINITY;
		double max = Double.NEGATIVE_INFINITY;
		for (Measurement measurement : measured) {
			count += measurement.tally.count();
			sum += measurement.tally.sum();
			if (measurement.tally.count() > 0) {
				min = Math.min(min, measurement.tally.min());
				max = Math.max(max, measurement.tally.max());
			}
		}
		if (count == 0) {
			return new ResponseTime(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
					Double.NaN, Double.NaN, Double.NaN);
		}
		double mean = sum / count;
		double squares = 0;
		for (Measurement measurement : measured) {
			double n = measurement.tally.count();
			if (n > 0) {
				double delta = measurement.tally.mean() - mean;
				squares += measurement.tally.variance() * Math.max(0, n - 1) + n * delta * delta;
			}
		}
		double standardDeviation = count > 1 ? Math.sqrt(squares / (count - 1)) : Double.NaN;
		double[] quantiles = pooled.quantiles(0.5, 0.9, 0.95, 0.99);
		return new ResponseTime(count, mean, halfWidth(measured), standardDeviation, min, max, quantiles[0],
				quantiles[1], quantiles[2], quantiles[3]);
	}

	/**
	 * Half-width of the 95 % interval of the pooled mean. Each replication's batch means estimate the
	 * variance of its own mean, (h_i / t_i)^2; for replications of about equal size the pooled mean is
	 * close to their average, whose variance is the sum over R^2. It is the statistic the confidence
	 * stop rule checks per replication.
	 */
	private static double halfWidth(List<Measurement> measured) {
		double variance = 0;
		int replications = measured.size();
		for (Measurement measurement : measured) {
			ConfidenceInterval interval = measurement.batches.confidenceInterval(LEVEL);
			int batches = measurement.batches.completedBatches();
			if (!Double.isFinite(interval.halfWidth()) || batches < 2) {
				return Double.NaN;
			}
			double t = StudentT.quantile(batches - 1, 0.5 + LEVEL / 2);
			double standardError = interval.halfWidth() / t;
			variance += standardError * standardError / ((double) replications * replications);
		}
		if (replications == 1) {
			return measured.get(0).batches.halfWidth(LEVEL);
		}
		return NORMAL_QUANTILE * Math.sqrt(variance);
	}

	private static Quantiles merged(List<Measurement> measured) {
		Quantiles all = new Quantiles();
		measured.forEach(measurement -> all.merge(measurement.quantiles));
		return all;
	}

	private static List<QuantilePoint> distribution(Quantiles all) {
		List<QuantilePoint> points = new ArrayList<>();
		if (all.count() == 0) {
			return points;
		}
		double[] values = all.quantiles(PERCENTILES);
		for (int i = 0; i < PERCENTILES.length; i++) {
			points.add(new QuantilePoint(PERCENTILES[i], values[i]));
		}
		return points;
	}

	/** The users of a closed workload that follows a load profile, per window, up to the replication's end. */
	private static List<PopulationWindow> population(Measurement scenario, Replication replication) {
		return windows(scenario.population, replication,
				(series, window) -> new PopulationWindow(series.windowStart(window), series.windowEnd(window),
						series.mean(window)));
	}

	/** A resource's busy servers per window, as a fraction of its servers, up to the replication's end. */
	private static List<UtilizationWindow> utilization(TimeWeightedSeries busyServers, int servers,
			Replication replication) {
		return windows(busyServers, replication, (series, window) -> new UtilizationWindow(series.windowStart(window),
				series.windowEnd(window), series.mean(window) / servers));
	}

	/** Every window of a series that may be absent (then none), brought up to the replication's end. */
	private static <W> List<W> windows(TimeWeightedSeries series, Replication replication,
			BiFunction<TimeWeightedSeries, Integer, W> window) {
		if (series == null) {
			return List.of();
		}
		series.extendTo(replication.simulator().now());
		List<W> windows = new ArrayList<>();
		for (int index = 0; index < series.windowCount(); index++) {
			windows.add(window.apply(series, index));
		}
		return windows;
	}

	/**
	 * The windows holding observations that the run covered whole. The window the run ended in is
	 * left out rather than reported as a full one: its completions are those of a fraction of a
	 * window, cut off by the stop condition (a maximum number of measurements stops at a completion,
	 * not at a window's end), so its mean is biased and its count short, which showed as a dip at the
	 * end of every chart. A run that ends exactly at a window's end keeps that window.
	 */
	private static List<TimeWindow> completeWindows(TimeSeries series, double end) {
		List<TimeWindow> windows = new ArrayList<>();
		for (int window = 0; window < series.windowCount(); window++) {
			double start = series.windowStart(window);
			double windowEnd = start + series.windowLength();
			if (series.count(window) > 0 && windowEnd <= end) {
				windows.add(new TimeWindow(start, windowEnd, series.count(window), series.mean(window)));
			}
		}
		return windows;
	}
}
