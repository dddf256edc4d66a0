package org.iosim.report;

import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Which resources a chart of utilization over time draws, in report.html and in the workbench alike:
 * the busiest, by their mean utilization, as many as one chart keeps apart by colour. The bottleneck
 * and its runners-up are what a reader looks for; more lines would hide them.
 */
public final class BusiestResources {

	/** Lines one chart holds before their colours and legend entries run together. */
	public static final int CHARTED = 6;

	private BusiestResources() {
	}

	/**
	 * @param utilization a resource's mean utilization; resources whose utilization is not a number are
	 *                    left out
	 * @return up to {@link #CHARTED} resources, the busiest first; ties keep the given order
	 */
	public static <R> List<R> of(List<R> resources, ToDoubleFunction<R> utilization) {
		return resources.stream().filter(resource -> Double.isFinite(utilization.applyAsDouble(resource)))
				.sorted(Comparator.comparingDouble(utilization).reversed()).limit(CHARTED).toList();
	}
}
