package org.iosim.sweep;

import java.io.Serializable;
import java.util.List;

import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.QuantilePoint;

/**
 * What one task measured, in plain figures that serialize (Java serialization, JSON), so that a task
 * can run anywhere and its result come back. Figures that do not exist are {@code NaN}.
 *
 * @param point        the point's index
 * @param replication  the replication's index
 * @param seed         the seed it ran with
 * @param simulatedTime its simulated time at the end
 */
public record ReplicationResult(int point, int replication, long seed, double simulatedTime, List<Scenario> scenarios,
		List<Resource> resources, List<Passive> passiveResources, List<Io> io) implements Serializable {

	private static final long serialVersionUID = 1L;

	public ReplicationResult {
		scenarios = List.copyOf(scenarios);
		resources = List.copyOf(resources);
		passiveResources = List.copyOf(passiveResources);
		io = List.copyOf(io);
	}

	/**
	 * @param count           measured scenario runs
	 * @param p75ResponseTime the 75th percentile of response time, the figure of a typical user's
	 *                        experience that outliers do not sway
	 * @param throughput      completed runs per time unit
	 */
	public record Scenario(String id, String name, long count, double meanResponseTime, double p75ResponseTime,
			double throughput) implements Serializable {
		private static final long serialVersionUID = 1L;
	}

	/**
	 * @param servers      -1 for a delay resource (infinitely many)
	 * @param utilization  fraction of busy servers
	 * @param meanWaiting  mean requests waiting for a server, not in service
	 * @param meanInSystem mean requests at the resource, waiting or in service
	 */
	public record Resource(String id, String container, String type, int servers, double utilization,
			double throughput, double meanWaiting, double meanInSystem, double meanResponseTime) implements Serializable {
		private static final long serialVersionUID = 1L;
	}

	/** @param utilization time-averaged fraction of the capacity held */
	public record Passive(String id, String owner, String name, int capacity, double utilization,
			double meanWaitingTime, long acquisitions) implements Serializable {
		private static final long serialVersionUID = 1L;
	}

	/**
	 * Delays of one request type at a virtualized storage, over all its file sets ({@code fileSet}
	 * null, as every point file before file sets has it) or of one file set, as {@code simulate}
	 * reports them: a file server's synchronous writes apart from its metadata writes, say.
	 */
	public record Io(String storage, String type, String fileSet, long count, double meanDelay, double meanConcurrency)
			implements Serializable {
		private static final long serialVersionUID = 2L;
	}

	public static ReplicationResult of(SweepTask task, SimulationResult result) {
		return new ReplicationResult(task.point(), task.replication(), task.seed(), result.simulatedTime(),
				result.scenarios().stream().map(s -> new Scenario(s.id(), s.name(), s.responseTime().count(),
						s.responseTime().mean(), quantile(s.distribution(), 0.75), s.throughput())).toList(),
				result.resources().stream().map(r -> new Resource(r.id(), r.container(), r.type(),
						r.hasInfiniteServers() ? -1 : r.servers(), r.hasInfiniteServers() ? Double.NaN : r.utilization(),
						r.throughput(), r.meanWaiting(), r.meanInSystem(), r.meanResponseTime())).toList(),
				result.passiveResources().stream().map(p -> new Passive(p.id(), p.owner(), p.name(), p.capacity(),
						p.utilization(), p.meanWaitingTime(), p.acquisitions())).toList(),
				result.io().stream().map(io -> new Io(io.storage(), io.type(), io.fileSet(), io.count(), io.delay().mean(),
						io.meanConcurrency())).toList());
	}

	private static double quantile(List<QuantilePoint> distribution, double probability) {
		return distribution.stream().filter(point -> Math.abs(point.probability() - probability) < 1e-9)
				.mapToDouble(QuantilePoint::value).findFirst().orElse(Double.NaN);
	}
}
