package org.iosim.des.statistics;

import java.util.concurrent.ConcurrentHashMap;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Quantiles of Student's t distribution, each computed once per JVM: the inverse distribution function
 * is solved numerically, which cost more than a small replication's simulation when every replication's
 * confidence interval solved it again (a sweep runs millions of them with a few distinct degrees of
 * freedom).
 */
public final class StudentT {

	/** Degrees of freedom beyond which quantiles are not kept (a run has at most a few thousand batches). */
	private static final int KEPT_DEGREES_OF_FREEDOM = 100_000;

	/**
	 * By probability, then degrees of freedom. Two maps with boxed keys rather than one keyed by a record,
	 * whose equals and hashCode are linked at their first call: 13 ms, a twentieth of a small net's run.
	 */
	private static final ConcurrentHashMap<Double, ConcurrentHashMap<Integer, Double>> QUANTILES =
			new ConcurrentHashMap<>();

	private StudentT() {
	}

	/**
	 * @return the {@code probability}-quantile of the t distribution with these degrees of freedom, exactly
	 *         as {@link TDistribution#inverseCumulativeProbability} gives it
	 */
	public static double quantile(int degreesOfFreedom, double probability) {
		if (degreesOfFreedom > KEPT_DEGREES_OF_FREEDOM) {
			return solve(degreesOfFreedom, probability);
		}
		return QUANTILES.computeIfAbsent(probability, any -> new ConcurrentHashMap<>())
				.computeIfAbsent(degreesOfFreedom, any -> solve(degreesOfFreedom, probability));
	}

	private static double solve(int degreesOfFreedom, double probability) {
		// no random generator: only the inverse distribution function is used
		return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(probability);
	}
}
