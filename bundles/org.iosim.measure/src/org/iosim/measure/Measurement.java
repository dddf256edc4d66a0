package org.iosim.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Runs a plan into a database: the runs not yet recorded, in the plan's order, each recorded as it
 * finishes. Interrupted at any point, the next call with the same plan and database goes on where
 * it stopped.
 */
public final class Measurement {

	/** What a measurement reports while it runs. */
	public interface Listener {
		/** Before the first run: how many runs the plan has and how many were recorded before. */
		default void starting(MeasurementPlan plan, int runs, int alreadyFinished, String generator) {
		}

		/** After each run recorded. */
		default void finished(PlannedRun run, RunResult result, int done, int total, double elapsedSeconds) {
		}
	}

	/** How a measurement ended. */
	public record Outcome(int planned, int measuredNow, int recordedBefore) {
	}

	private Measurement() {
	}

	/**
	 * @param scratch the folder the workloads keep their file sets in (created if missing; the file
	 *                sets are removed at the end)
	 * @throws MeasurementException  if a run failed; the runs recorded before stay recorded
	 * @throws InterruptedException  if cancelled; likewise
	 */
	public static Outcome run(MeasurementPlan plan, MeasurementDatabase database, WorkloadRunner runner, Path scratch,
			Listener listener) throws MeasurementException, InterruptedException {
		List<PlannedRun> runs = plan.runs();
		String generator = runner.describe();
		long planId = database.plan(plan, runs.size(), generator, runner.volume());
		Set<Long> finished = database.finished(planId);
		int recordedBefore = finished.size();
		listener.starting(plan, runs.size(), recordedBefore, generator);
		if (recordedBefore == runs.size()) {
			return new Outcome(runs.size(), 0, recordedBefore);
		}
		Path absoluteScratch = scratch.toAbsolutePath().normalize();
		Path firstCreated = null; // the outermost folder this run creates, if any; only those are removed
		for (Path folder = absoluteScratch; folder != null && !Files.exists(folder); folder = folder.getParent()) {
			firstCreated = folder;
		}
		requireSpaceFor(plan, runs, absoluteScratch, firstCreated == null ? absoluteScratch : firstCreated.getParent());
		try {
			Files.createDirectories(scratch);
		} catch (IOException failed) {
			throw new MeasurementException("cannot create the folder for the file sets " + scratch + ": " + failed.getMessage());
		}
		long started = System.nanoTime();
		int measured = 0;
		try {
			for (PlannedRun run : runs) {
				if (finished.contains(MeasurementDatabase.key(run.configuration(), run.repetition()))) {
					continue;
				}
				if (Thread.interrupted()) {
					throw new InterruptedException();
				}
				RunResult result = runner.run(run, scratch, plan.warmupSeconds(), plan.runSeconds());
				database.record(planId, run, result);
				measured++;
				listener.finished(run, result, recordedBefore + measured, runs.size(), (System.nanoTime() - started) / 1e9);
			}
		} finally {
			runner.removeFileSets(scratch);
			if (firstCreated != null) {
				removeCreatedIfEmpty(absoluteScratch, firstCreated);
			}
		}
		return new Outcome(runs.size(), measured, recordedBefore);
	}

	/**
	 * Refuses a plan whose largest file set does not fit on the scratch folder's file system, before
	 * fio is asked to lay it out (the file sets of the other sizes are laid out too, but each is removed
	 * only at the end, so the largest alone is the least that must fit).
	 */
	private static void requireSpaceFor(MeasurementPlan plan, List<PlannedRun> runs, Path scratch, Path existing)
			throws MeasurementException {
		long largest = runs.stream().mapToLong(run -> run.workload().fileSetSize()).max().orElse(0);
		long free;
		try {
			free = Files.getFileStore(existing).getUsableSpace();
		} catch (IOException unknown) {
			return; // fio reports a full disk itself
		}
		if (largest > free) {
			throw new MeasurementException(String.format(Locale.ROOT, "plan '%s' needs a %s file set, but the file system"
					+ " of %s has only %.1f GiB free; choose smaller file sets or another --scratch folder", plan.name(),
					StorageWorkload.bytes(largest), scratch, free / (double) (1L << 30)));
		}
	}

	/**
	 * The folders made for the file sets go too, from {@code scratch} up to {@code firstCreated}, unless
	 * something else lives in them; a folder the user made stays.
	 */
	private static void removeCreatedIfEmpty(Path scratch, Path firstCreated) {
		for (Path folder = scratch; folder != null && folder.startsWith(firstCreated); folder = folder.getParent()) {
			try (var rest = Files.list(folder)) {
				if (rest.findAny().isPresent()) {
					return;
				}
				Files.delete(folder);
			} catch (IOException inUse) {
				return; // an empty folder left behind harms nothing
			}
		}
	}
}
