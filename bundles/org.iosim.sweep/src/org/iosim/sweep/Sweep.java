package org.iosim.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.iosim.engine.RunCancelledException;
import org.iosim.run.RunFailure;
import org.iosim.sweep.internal.FinishedPoints;
import org.iosim.sweep.internal.SweepFolder;
import org.iosim.sweep.internal.SweepWriter;

/**
 * Runs a sweep into its folder: checks the points' models before simulating any (so a bad value
 * stops the sweep at once; see {@link SweepDefinition#pointsToCheck()}), skips the points an earlier
 * run of the same sweep finished, runs the rest on an engine, writes finished points to the folder as
 * they come (see {@link SweepDefinition#pointsPerFile()}), and finally pools and analyses all points,
 * reading them back from the folder, and writes {@code sweep.json}, {@code points.csv}, {@code resources.csv} and
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
	 * @return the result, whose points are read back from the folder as they are asked for
	 * @throws RunFailure            if a point is invalid, a task fails, or the folder holds another sweep
	 * @throws RunCancelledException if the monitor cancelled; finished points stay in the folder
	 */
	public static SweepResult run(SweepPlan plan, Path folder, SweepTaskRunner runner, SweepEngine engine,
			SweepMonitor monitor) throws RunFailure, RunCancelledException {
		SweepDefinition definition = plan.definition();
		for (int point : definition.pointsToCheck()) {
			runner.check(point);
		}
		SweepFolder sweepFolder = SweepFolder.open(folder, definition);
		BitSet finished = sweepFolder.finishedPoints(definition);
		int skipped = finished.cardinality();
		List<SweepTask> remaining = plan.tasks().stream().filter(task -> !finished.get(task.point())).toList();
		int total = definition.points().size();
		if (skipped > 0) {
			monitor.resuming(skipped, total);
		}
		PointFiles files = new PointFiles(definition, sweepFolder);
		engine.run(plan, remaining, monitor, result -> {
			if (files.add(result)) {
				monitor.pointFinished(files.done, total - skipped - files.done, skipped);
			}
		});
		if (files.unwritable != null) {
			throw new RunFailure(RunFailure.Kind.INVALID, "cannot write finished points into " + folder + ": "
					+ files.unwritable.getMessage());
		}
		try {
			return SweepWriter.write(definition, new FinishedPoints(definition, sweepFolder), folder);
		} catch (FinishedPoints.Unreadable unreadable) {
			throw unreadable.failure();
		} catch (IOException failed) {
			throw new RunFailure(RunFailure.Kind.INVALID, "cannot write the results into " + folder + ": "
					+ failed.getMessage());
		}
	}

	/**
	 * Collects replications as they finish, in any order, and writes each file of finished points
	 * once its last point has all its replications; only the points of unwritten files are in memory.
	 */
	private static final class PointFiles {

		private final SweepDefinition definition;
		private final SweepFolder folder;
		/** The files not yet written, by index. */
		private final Map<Integer, FileInProgress> collecting = new HashMap<>();
		private int done;
		private IOException unwritable;

		/** A file's replications collected so far, per point of the file by replication, and how many are missing. */
		private static final class FileInProgress {
			final ReplicationResult[][] replications;
			int missing;

			FileInProgress(int points, int replicationsPerPoint) {
				replications = new ReplicationResult[points][replicationsPerPoint];
				missing = points * replicationsPerPoint;
			}
		}

		PointFiles(SweepDefinition definition, SweepFolder folder) {
			this.definition = definition;
			this.folder = folder;
		}

		/** @return whether the replication was its point's last */
		boolean add(ReplicationResult result) {
			int file = definition.fileOf(result.point());
			FileInProgress inProgress = collecting.computeIfAbsent(file,
					f -> new FileInProgress(definition.pointsIn(f), definition.replications()));
			ReplicationResult[] ofPoint = inProgress.replications[result.point() - definition.firstPointOf(file)];
			ofPoint[result.replication()] = result;
			if (--inProgress.missing == 0) {
				collecting.remove(file);
				try {
					folder.writePoints(definition, file, Arrays.stream(inProgress.replications).map(List::of).toList());
				} catch (IOException failed) {
					unwritable = failed;
				}
			}
			boolean pointDone = Arrays.stream(ofPoint).allMatch(Objects::nonNull);
			if (pointDone) {
				done++;
			}
			return pointDone;
		}
	}
}
