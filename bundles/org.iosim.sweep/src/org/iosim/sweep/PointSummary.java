package org.iosim.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A point's figures pooled over its replications (in replication order), per usage scenario,
 * processing resource, passive resource and virtualized storage.
 */
public record PointSummary(SweepPoint point, List<ScenarioFigures> scenarios, List<ResourceFigures> resources,
		List<PassiveFigures> passiveResources, List<IoFigures> io) {

	public record ScenarioFigures(String id, String name, Estimate responseTime, Estimate p75ResponseTime,
			Estimate throughput) {
	}

	/**
	 * @param servers      -1 for a delay resource
	 * @param meanWaiting  mean requests waiting for a server, not in service
	 * @param meanInSystem mean requests at the resource, waiting or in service
	 */
	public record ResourceFigures(String id, String container, String type, int servers, Estimate utilization,
			Estimate throughput, Estimate meanWaiting, Estimate meanInSystem, Estimate responseTime) {
	}

	/**
	 * @param held     mean units held (utilization × capacity): the multiprogramming level when the
	 *                 resource admits the tasks that may run at once
	 * @param waiting  mean number waiting for a unit (Little's law: acquisition rate × mean waiting time):
	 *                 the eligible set, ready to run but not admitted
	 */
	public record PassiveFigures(String id, String owner, String name, int capacity, Estimate utilization,
			Estimate waitingTime, Estimate held, Estimate waiting) {
	}

	/** @param fileSet null for the request type over all file sets */
	public record IoFigures(String storage, String type, String fileSet, Estimate delay, Estimate concurrency) {
	}

	/** @param replications the point's results, in replication order */
	public static PointSummary pool(SweepPoint point, List<ReplicationResult> replications) {
		ReplicationResult first = replications.get(0);
		List<ScenarioFigures> scenarios = new ArrayList<>();
		for (int i = 0; i < first.scenarios().size(); i++) {
			int s = i;
			ReplicationResult.Scenario sample = first.scenarios().get(s);
			scenarios.add(new ScenarioFigures(sample.id(), sample.name(),
					estimate(replications, r -> r.scenarios().get(s).meanResponseTime()),
					estimate(replications, r -> r.scenarios().get(s).p75ResponseTime()),
					estimate(replications, r -> r.scenarios().get(s).throughput())));
		}
		List<ResourceFigures> resources = new ArrayList<>();
		for (int i = 0; i < first.resources().size(); i++) {
			int k = i;
			ReplicationResult.Resource sample = first.resources().get(k);
			resources.add(new ResourceFigures(sample.id(), sample.container(), sample.type(), sample.servers(),
					estimate(replications, r -> r.resources().get(k).utilization()),
					estimate(replications, r -> r.resources().get(k).throughput()),
					estimate(replications, r -> r.resources().get(k).meanWaiting()),
					estimate(replications, r -> r.resources().get(k).meanInSystem()),
					estimate(replications, r -> r.resources().get(k).meanResponseTime())));
		}
		List<PassiveFigures> passives = new ArrayList<>();
		for (int i = 0; i < first.passiveResources().size(); i++) {
			int k = i;
			ReplicationResult.Passive sample = first.passiveResources().get(k);
			passives.add(new PassiveFigures(sample.id(), sample.owner(), sample.name(), sample.capacity(),
					estimate(replications, r -> r.passiveResources().get(k).utilization()),
					estimate(replications, r -> r.passiveResources().get(k).meanWaitingTime()),
					estimate(replications, r -> r.passiveResources().get(k).utilization() * sample.capacity()),
					estimate(replications, r -> acquisitionRate(r, k) * r.passiveResources().get(k).meanWaitingTime())));
		}
		List<IoFigures> io = new ArrayList<>();
		for (int i = 0; i < first.io().size(); i++) {
			int k = i;
			ReplicationResult.Io sample = first.io().get(k);
			io.add(new IoFigures(sample.storage(), sample.type(), sample.fileSet(),
					estimate(replications, r -> r.io().get(k).meanDelay()),
					estimate(replications, r -> r.io().get(k).meanConcurrency())));
		}
		return new PointSummary(point, scenarios, resources, passives, io);
	}

	/**
	 * Acquisitions per time unit, from the scenarios' throughput and the acquisitions per measured
	 * scenario run (both counted after the warm-up).
	 */
	private static double acquisitionRate(ReplicationResult replication, int passive) {
		long runs = replication.scenarios().stream().mapToLong(ReplicationResult.Scenario::count).sum();
		double throughput = replication.scenarios().stream().mapToDouble(ReplicationResult.Scenario::throughput).sum();
		long acquisitions = replication.passiveResources().get(passive).acquisitions();
		return runs == 0 ? Double.NaN : throughput * acquisitions / runs;
	}

	private static Estimate estimate(List<ReplicationResult> replications, ToDoubleFunction<ReplicationResult> value) {
		return Estimate.of(replications.stream().mapToDouble(value).toArray());
	}
}
