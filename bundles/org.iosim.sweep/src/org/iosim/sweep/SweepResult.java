package org.iosim.sweep;

import java.util.List;

/**
 * A finished sweep: every point's figures, in point order, and the load curves with their saturation
 * analysis (none when the sweep varies no population or arrival rate). The points are not copied: a
 * sweep's result reads them from its folder as they are asked for.
 */
public record SweepResult(SweepDefinition definition, List<PointSummary> points, List<LoadCurve> curves) {

	public SweepResult {
		points = java.util.Collections.unmodifiableList(points);
		curves = List.copyOf(curves);
	}
}
