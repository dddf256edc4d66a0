package org.iosim.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.iosim.engine.RunCancelledException;
import org.iosim.run.RunFailure;
import org.iosim.sweep.internal.SweepFolder;
import org.iosim.sweep.internal.SweepWriter;

/**
 * Runs a sweep into its folder: checks every point's model before simulating any (so a bad value
 * stops the sweep at once), skips the points an earlier run of the same sweep finished, runs the
 * rest on an engine, writes each point as soon as its replications are in, and finally pools and
 * analyses all points and writes {@code sweep.json}, {@code points.csv}, {@code resources.csv} and
 * {@code report.html}.
 */
public final class Sweep {

	public static final String SWEEP_JSON = "sweep.json";
	public static final String POINTS_CSV = "points.csv";
	public static final String RESOURCES_CSV = "resources.csv";
	public static final String REPORT_HTML = "report.html";

	private Sweep() {
	}

	/**
	 * @param runner the runner the engine uses, or one of the same definition: it checks the points
	 * @throws RunFailure            if a point is invalid, a task fails, or the folder holds another sweep
	 * @throws RunCancelledException if the monitor cancelled; finished points stay in the folder
	 */
	public static SweepResult run(SweepPlan plan, Path folder, SweepTaskRunner runner, SweepEngine engine,
			SweepMonitor monitor) throws RunFailure, RunCancelledException {
		SweepDefinition definition = plan.definition();
		for (SweepPoint point : definition.points()) {
			runner.check(point.index());
		}
		SweepFolder sweepFolder = SweepFolder.open(folder, definition);
		// Only each finished point's pooled figures stay in memory; its replications are in its file.
		Map<Integer, PointSummary> finished = new HashMap<>();
		sweepFolder.finishedPoints(definition)
				.forEach((point, replications) -> finished.put(point, pool(definition, point, replications)));
		int skipped = finished.size();
		List<SweepTask> remaining = plan.tasks().stream().filter(task -> !finished.containsKey(task.point())).toList();
		Map<Integer, List<ReplicationResult>> collecting = new HashMap<>();
		int[] done = { 0 };
		int total = definition.points().size();
		if (skipped > 0) {
			monitor.resuming(skipped, total);
		}
		IOException[] unwritable = { null };
		engine.run(plan, remaining, monitor, result -> {
			List<ReplicationResult> replications = collecting.computeIfAbsent(result.point(), p -> new ArrayList<>());
			replications.add(result);
			if (replications.size() == definition.replications()) {
				collecting.remove(result.point());
				replications.sort(Comparator.comparingInt(ReplicationResult::replication));
				try {
					sweepFolder.writePoint(result.point(), replications);
				} catch (IOException failed) {
					unwritable[0] = failed;
				}
				// sorted above for the point's file
				finished.put(result.point(), PointSummary.pool(definition.points().get(result.point()),
						replications));
				done[0]++;
				monitor.pointFinished(done[0], total - skipped - done[0], skipped);
			}
		});
		if (unwritable[0] != null) {
			throw new RunFailure(RunFailure.Kind.INVALID, "cannot write a finished point into " + folder + ": "
					+ unwritable[0].getMessage());
		}
		List<PointSummary> summaries = definition.points().stream().map(point -> finished.get(point.index())).toList();
		SweepResult result = new SweepResult(definition, summaries, LoadCurve.of(definition, summaries));
		try {
			SweepWriter.write(result, folder);
		} catch (IOException failed) {
			throw new RunFailure(RunFailure.Kind.INVALID, "cannot write the results into " + folder + ": "
					+ failed.getMessage());
		}
		return result;
	}

	/** Pools a point's replications in replication order. */
	private static PointSummary pool(SweepDefinition definition, int point, List<ReplicationResult> replications) {
		List<ReplicationResult> ordered = new ArrayList<>(replications);
		ordered.sort(Comparator.comparingInt(ReplicationResult::replication));
		return PointSummary.pool(definition.points().get(point), ordered);
	}
}
