package org.iosim.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * A sweep's tasks in their canonical order: point by point, replication by replication. Results
 * are pooled in this order whatever order an engine finishes them in, so they do not depend on the
 * engine.
 */
public record SweepPlan(SweepDefinition definition, List<SweepTask> tasks) {

	public SweepPlan {
		tasks = List.copyOf(tasks);
	}

	public static SweepPlan of(SweepDefinition definition) {
		List<SweepTask> tasks = new ArrayList<>();
		for (SweepPoint point : definition.points()) {
			for (int replication = 0; replication < definition.replications(); replication++) {
				tasks.add(new SweepTask(point.index(), replication, taskSeed(definition.seed(), replication)));
			}
		}
		return new SweepPlan(definition, tasks);
	}

	/**
	 * The seed of replication {@code r} of every point: replication r draws the same random numbers at
	 * each point (common random numbers), so the differences between neighbouring points come from the
	 * parameters rather than from the draws, which keeps curves smooth and knees where they belong.
	 * Replications of one point are independent: their seeds are scrambled apart (SplitMix64's finalizer).
	 */
	public static long taskSeed(long sweepSeed, int replication) {
		long z = sweepSeed + (replication + 1) * 0x9E3779B97F4A7C15L;
		z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
		z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
		return z ^ (z >>> 31);
	}
}
