package org.iosim.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Throughput and response time of one usage scenario against the load a sweep varies (a closed
 * population or an open arrival rate), with the other parameters fixed, and what the curve says
 * about saturation.
 * <p>
 * <b>Saturation point</b>: the load after which throughput stops rising. The initial gain is the
 * throughput per unit of load at the smallest load (from zero load, where throughput is 0); the
 * saturation point is the first load whose step to the next load gains less than
 * {@value #KNEE_FRACTION} of the initial gain per unit of load. When no step falls below it, the
 * sweep did not reach saturation ({@code NaN}).
 * <p>
 * <b>Asymptotic bounds</b> (closed workloads): with D the demand of one run (the response time at
 * the smallest load), Z the think time (by the response-time law, N/X − R at the smallest load) and
 * D_max the largest demand per server of any resource per run (its utilization divided by the
 * throughput, at the largest throughput), throughput is at most min(N/(D+Z), 1/D_max) and the
 * response time at least max(D, N·D_max − Z); the bounds cross at N* = (D+Z)/D_max.
 *
 * @param load          the load parameter's name
 * @param scenario      the scenario whose curve it is, or {@code all scenarios}
 * @param fixed         the other parameters' values, by name
 * @param points        the points' indices, by ascending load
 * @param loads         the loads, ascending
 * @param saturation    the saturation point, or {@code NaN}
 * @param boundKnee     N*, or {@code NaN} for an open workload or missing data
 * @param bottlenecks   the resource that saturates first (first) and further findings
 */
public record LoadCurve(String load, String scenario, Map<String, String> fixed, List<Integer> points,
		List<Double> loads, List<Estimate> throughput, List<Estimate> responseTime, List<Estimate> p75ResponseTime,
		boolean closed, double saturation, double demand, double thinkTime, double maxDemand, double boundKnee,
		List<LoadFigures> figures, List<Bottleneck> bottlenecks) {

	/** The fraction of the initial throughput gain per unit of load below which a step counts as flat. */
	public static final double KNEE_FRACTION = 0.5;

	/**
	 * The multiprogramming figures of a point where a passive resource admits the tasks that may run:
	 * the multiprogramming level n (units held), the eligible set m (waiting for a unit), the
	 * eligible wait m·T/u(n) (T the demand of a run on the busiest resource, u(n) its busy servers;
	 * which is m/X), and the running time n/u(n) of a task needing one time unit of the busiest
	 * processing resource ({@code NaN} without one).
	 */
	public record LoadFigures(int point, String passiveResource, double multiprogrammingLevel, double eligible,
			double eligibleWait, double runningTime) {
	}

	/**
	 * @param kind     {@code CPU}, {@code storage}, {@code passive resource}, {@code I/O} or the resource type
	 * @param resource the resource's name as the report shows it
	 * @param reason   why, in words with the figures
	 */
	public record Bottleneck(String kind, String resource, String reason) {
	}

	/** The resource utilization a rule counts as saturated. */
	static final double SATURATED = 0.9;
	/** Utilization of the resources behind an admission limit below which the limit is the true bottleneck. */
	static final double LIGHTLY_USED = 0.7;

	/**
	 * Builds the curves of a sweep, one per combination of the parameters other than the load, from
	 * its points handed over one by one, as they are written out,
	 * keeping only each point's place on its curve; at the end it asks for the few points whose whole
	 * figures the analysis needs (each curve's smallest and largest load and highest throughput), so
	 * that a sweep's points need not all be in memory at once.
	 */
	public static final class Collector {

		private final SweepDefinition definition;
		private final int loadIndex;
		private final String scenarioReference;
		private final Map<List<String>, List<CurvePoint>> groups = new LinkedHashMap<>();
		/** Each point's names are strings of their own as read; a curve keeps one of each. */
		private final Map<String, String> names = new HashMap<>();

		public Collector(SweepDefinition definition) {
			this.definition = definition;
			this.loadIndex = loadParameter(definition.parameters());
			String load = loadIndex < 0 ? "" : definition.parameters().get(loadIndex);
			this.scenarioReference = load.contains(".") ? load.substring(0, load.lastIndexOf('.')) : null;
		}

		public void add(PointSummary summary) {
			if (loadIndex < 0) {
				return;
			}
			List<String> key = new ArrayList<>(summary.point().values());
			key.remove(loadIndex);
			PointSummary.ScenarioFigures scenario = scenario(summary, scenarioReference);
			List<LoadFigures> figures = multiprogramming(summary, total(summary)).stream()
					.map(f -> new LoadFigures(f.point(), names.computeIfAbsent(f.passiveResource(), n -> n),
							f.multiprogrammingLevel(), f.eligible(), f.eligibleWait(), f.runningTime()))
					.toList();
			groups.computeIfAbsent(key, k -> new ArrayList<>()).add(new CurvePoint(summary.point().index(),
					Double.parseDouble(summary.point().values().get(loadIndex)),
					names.computeIfAbsent(scenario.name(), n -> n), scenario.throughput(), scenario.responseTime(),
					scenario.p75ResponseTime(), figures));
		}

		/** @param summaries every point's figures by index, of which a few are asked for, in ascending order */
		public List<LoadCurve> curves(List<PointSummary> summaries) {
			if (loadIndex < 0) {
				return List.of();
			}
			String load = definition.parameters().get(loadIndex);
			List<List<CurvePoint>> sortedGroups = new ArrayList<>();
			TreeMap<Integer, PointSummary> needed = new TreeMap<>();
			for (List<CurvePoint> group : groups.values()) {
				List<CurvePoint> sorted = new ArrayList<>(group);
				sorted.sort(Comparator.comparingDouble(CurvePoint::load));
				sortedGroups.add(sorted);
				needed.put(sorted.get(0).point(), null);
				needed.put(sorted.get(sorted.size() - 1).point(), null);
				needed.put(sorted.get(indexOfMax(sorted.stream().map(CurvePoint::throughput).toList())).point(), null);
			}
			needed.replaceAll((point, none) -> summaries.get(point));
			List<LoadCurve> curves = new ArrayList<>();
			for (List<CurvePoint> sorted : sortedGroups) {
				Map<String, String> fixed = new LinkedHashMap<>();
				List<String> values = definition.points().get(sorted.get(0).point()).values();
				for (int i = 0; i < definition.parameters().size(); i++) {
					if (i != loadIndex) {
						fixed.put(definition.parameters().get(i), values.get(i));
					}
				}
				curves.add(curve(load, fixed, sorted, needed));
			}
			return curves;
		}
	}

	/** What a curve keeps of each of its points. */
	private record CurvePoint(int point, double load, String scenario, Estimate throughput, Estimate responseTime,
			Estimate p75ResponseTime, List<LoadFigures> figures) {
	}

	/** @return the index of the first numeric population or arrival-rate parameter, or -1 */
	static int loadParameter(List<String> parameters) {
		for (int i = 0; i < parameters.size(); i++) {
			String name = parameters.get(i);
			if (name.equals("population") || name.endsWith(".population") || name.equals("arrivalRate")
					|| name.endsWith(".arrivalRate")) {
				return i;
			}
		}
		return -1;
	}

	/** @param summaries the whole figures of the curve's smallest and largest load and highest throughput */
	private static LoadCurve curve(String load, Map<String, String> fixed, List<CurvePoint> sorted,
			Map<Integer, PointSummary> summaries) {
		boolean closed = load.endsWith("population");
		List<Double> loads = sorted.stream().map(CurvePoint::load).toList();
		List<Estimate> throughput = sorted.stream().map(CurvePoint::throughput).toList();
		List<Estimate> response = sorted.stream().map(CurvePoint::responseTime).toList();
		List<Estimate> p75 = sorted.stream().map(CurvePoint::p75ResponseTime).toList();
		String scenarioName = sorted.get(sorted.size() - 1).scenario();
		double saturation = knee(loads, throughput);
		double demand = response.get(0).mean();
		double thinkTime = closed ? Math.max(0, loads.get(0) / throughput.get(0).mean() - demand) : Double.NaN;
		PointSummary busiest = summaries.get(sorted.get(indexOfMax(throughput)).point());
		double xBusiest = total(busiest);
		double maxDemand = demands(busiest, xBusiest).stream().mapToDouble(Demand::perServer).max().orElse(Double.NaN);
		double boundKnee = closed && maxDemand > 0 ? (demand + thinkTime) / maxDemand : Double.NaN;
		List<LoadFigures> figures = new ArrayList<>();
		sorted.forEach(point -> figures.addAll(point.figures()));
		PointSummary lowest = summaries.get(sorted.get(0).point());
		PointSummary top = summaries.get(sorted.get(sorted.size() - 1).point());
		List<Bottleneck> bottlenecks = bottlenecks(lowest, top, loads.get(loads.size() - 1), load, saturation);
		return new LoadCurve(load, scenarioName, fixed, sorted.stream().map(CurvePoint::point).toList(), loads,
				throughput, response, p75, closed, saturation, demand, thinkTime, maxDemand, boundKnee, figures,
				bottlenecks);
	}

	private static PointSummary.ScenarioFigures scenario(PointSummary summary, String reference) {
		List<PointSummary.ScenarioFigures> scenarios = summary.scenarios();
		if (reference != null) {
			for (PointSummary.ScenarioFigures scenario : scenarios) {
				if (reference.equals(scenario.id()) || reference.equals(scenario.name())) {
					return scenario;
				}
			}
		}
		if (scenarios.size() == 1) {
			return scenarios.get(0);
		}
		double x = scenarios.stream().mapToDouble(s -> s.throughput().mean()).sum();
		double r = scenarios.stream().mapToDouble(s -> s.throughput().mean() * s.responseTime().mean()).sum() / x;
		double p = scenarios.stream().mapToDouble(s -> s.throughput().mean() * s.p75ResponseTime().mean()).sum() / x;
		int n = scenarios.get(0).throughput().replications();
		return new PointSummary.ScenarioFigures("", "all scenarios", new Estimate(r, Double.NaN, Double.NaN, n),
				new Estimate(p, Double.NaN, Double.NaN, n), new Estimate(x, Double.NaN, Double.NaN, n));
	}

	/** @return the saturation point by the criterion of the class comment, or NaN */
	static double knee(List<Double> loads, List<Estimate> throughput) {
		if (loads.isEmpty() || !(loads.get(0) > 0)) {
			return Double.NaN;
		}
		double initialGain = throughput.get(0).mean() / loads.get(0);
		for (int i = 0; i + 1 < loads.size(); i++) {
			double gain = (throughput.get(i + 1).mean() - throughput.get(i).mean()) / (loads.get(i + 1) - loads.get(i));
			if (gain < KNEE_FRACTION * initialGain) {
				return loads.get(i);
			}
		}
		return Double.NaN;
	}

	private static int indexOfMax(List<Estimate> values) {
		int best = 0;
		for (int i = 1; i < values.size(); i++) {
			if (values.get(i).mean() > values.get(best).mean()) {
				best = i;
			}
		}
		return best;
	}

	private static double total(PointSummary summary) {
		return summary.scenarios().stream().mapToDouble(s -> s.throughput().mean()).sum();
	}

	/** A resource's demand per run of all scenarios, per server (its utilization over the throughput). */
	record Demand(String kind, String resource, double utilization, double perServer) {
	}

	private static List<Demand> demands(PointSummary summary, double throughput) {
		List<Demand> demands = new ArrayList<>();
		for (PointSummary.ResourceFigures resource : summary.resources()) {
			double u = resource.utilization().mean();
			if (resource.servers() > 0 && !Double.isNaN(u)) {
				demands.add(new Demand(kind(resource.type()), resource.container() + " " + resource.type(), u,
						u / throughput));
			}
		}
		for (PointSummary.PassiveFigures passive : summary.passiveResources()) {
			double u = passive.utilization().mean();
			demands.add(new Demand("passive resource", passive.owner() + "." + passive.name(), u, u / throughput));
		}
		return demands;
	}

	private static String kind(String type) {
		String upper = type.toUpperCase(Locale.ROOT);
		return upper.equals("CPU") ? "CPU" : upper.contains("HDD") || upper.contains("DISK") ? "storage" : type;
	}

	private static List<LoadFigures> multiprogramming(PointSummary summary, double throughput) {
		List<LoadFigures> figures = new ArrayList<>();
		PointSummary.ResourceFigures busiest = summary.resources().stream()
				.filter(r -> r.servers() > 0 && !Double.isNaN(r.utilization().mean()))
				.max(Comparator.comparingDouble(r -> r.utilization().mean())).orElse(null);
		for (PointSummary.PassiveFigures passive : summary.passiveResources()) {
			double n = passive.held().mean();
			double m = passive.waiting().mean();
			double runningTime = Double.NaN;
			double eligibleWait = m / throughput;
			if (busiest != null) {
				double busyServers = busiest.utilization().mean() * busiest.servers();
				double demandPerRun = busyServers / throughput;
				eligibleWait = m * demandPerRun / busyServers;
				runningTime = n / busyServers;
			}
			figures.add(new LoadFigures(summary.point().index(), passive.owner() + "." + passive.name(), n, m,
					eligibleWait, runningTime));
		}
		return figures;
	}

	/**
	 * The rules: the resource with the largest demand per server saturates first (it alone limits
	 * throughput to 1/D_max); for an admission limit (a passive resource), it is the true bottleneck
	 * only when the resources behind it stay lightly used; a virtualized storage whose delay grows
	 * with the load and takes a large share of the response time makes the system I/O-bound.
	 */
	private static List<Bottleneck> bottlenecks(PointSummary lowest, PointSummary top, double topLoad, String load,
			double saturation) {
		List<Bottleneck> findings = new ArrayList<>();
		double x = total(top);
		List<Demand> demands = new ArrayList<>(demands(top, x));
		demands.sort(Comparator.comparingDouble(Demand::perServer).reversed());
		String at = " at " + load + " = " + plain(topLoad);
		if (!demands.isEmpty()) {
			Demand first = demands.get(0);
			// demands are in the model's time unit, the second
			String next = demands.size() > 1 ? "; next: " + demands.get(1).resource() + " with "
					+ number(demands.get(1).perServer()) + " s" : "";
			String state = first.utilization() >= SATURATED ? " and is saturated" : " (not yet saturated)";
			String advice = switch (first.kind()) {
			case "CPU" -> " CPU-bound: a faster processor or more cores raise the ceiling.";
			case "storage" -> " Storage-bound: a faster disk or spreading the I/O over more disks raises the ceiling.";
			case "passive resource" -> admission(top, first);
			default -> "";
			};
			findings.add(new Bottleneck(first.kind(), first.resource(), first.resource() + " saturates first: it is busy "
					+ percent(first.utilization()) + at + state + "; a run needs " + number(first.perServer())
					+ " s of it per server, the most of any resource" + next + ", so throughput cannot exceed "
					+ number(1 / first.perServer()) + " per s." + advice
					+ (Double.isNaN(saturation) ? " The sweep did not reach the saturation point." : "")));
		}
		for (PointSummary.IoFigures io : top.io().stream().filter(io -> io.fileSet() == null).toList()) {
			PointSummary.IoFigures low = lowest.io().stream().filter(l -> l.fileSet() == null
					&& l.storage().equals(io.storage()) && l.type().equals(io.type())).findFirst().orElse(null);
			if (low == null || !(low.delay().mean() > 0)) {
				continue;
			}
			double growth = io.delay().mean() / low.delay().mean();
			if (growth >= 2) {
				findings.add(new Bottleneck("I/O", io.storage(), "I/O-bound: the " + io.type() + " delay of "
						+ io.storage() + " grows from " + number(low.delay().mean()) + " s to " + number(io.delay().mean()) + " s"
						+ at + " (" + number(growth) + " times) with " + number(io.concurrency().mean())
						+ " requests at the storage on average: its contention grows with the load."));
			}
		}
		return findings;
	}

	private static String admission(PointSummary top, Demand limit) {
		PointSummary.ResourceFigures behind = top.resources().stream()
				.filter(r -> r.servers() > 0 && !Double.isNaN(r.utilization().mean()))
				.max(Comparator.comparingDouble(r -> r.utilization().mean())).orElse(null);
		if (behind == null || behind.utilization().mean() < LIGHTLY_USED) {
			return " Memory-like admission limit: tasks wait to be admitted while "
					+ (behind == null ? "no processing resource limits them"
							: "the busiest processing resource, " + behind.container() + " " + behind.type()
									+ ", is only " + percent(behind.utilization().mean()) + " busy")
					+ ", so the limit is the true bottleneck: raising its capacity raises the throughput.";
		}
		return " The admission limit is reached, but " + behind.container() + " " + behind.type() + " behind it is "
				+ percent(behind.utilization().mean()) + " busy too: raising the limit alone gains little.";
	}

	static String number(double value) {
		return String.format(Locale.ROOT, "%.4g", value);
	}

	static String plain(double value) {
		return value == Math.rint(value) ? Long.toString((long) value) : number(value);
	}

	private static String percent(double fraction) {
		return String.format(Locale.ROOT, "%.0f %%", 100 * fraction);
	}
}
