package org.iosim.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import org.apache.commons.math3.distribution.TDistribution;
import org.iosim.pcm.io.IoType;

/**
 * Runs a plan into a database: the runs not yet recorded, in the plan's order, each recorded as it
 * finishes. Interrupted at any point, the next call with the same plan and database goes on where
 * it stopped.
 */
public final class Measurement {

	/** Attempts at a run until it completes a request of each type its workload issues. */
	static final int ATTEMPTS_TO_MEASURE_EACH_TYPE = 3;

	/** What a measurement reports while it runs. */
	public interface Listener {
		/** Before the first run: how many runs the plan has and how many were recorded before. */
		default void starting(MeasurementPlan plan, int runs, int alreadyFinished, String generator) {
		}

		/** After each run recorded. */
		default void finished(PlannedRun run, RunResult result, int done, int total, double elapsedSeconds) {
		}

		/** Before another round of repetitions, for the configurations not yet known to the precision. */
		default void repeating(int configurations, double precision) {
		}

		/**
		 * A run that other processes disturbed: they used {@code cpus} CPUs on average while it ran.
		 *
		 * @param kept whether the run is kept anyway (its last attempt), else it runs again
		 */
		default void disturbed(PlannedRun run, double cpus, int attempt, boolean kept) {
		}

		/**
		 * A run that completed no request of a type its workload issues (its window was too short for the
		 * device's pace, or the device stalled): it runs again, as its attempt {@code attempt} + 1.
		 */
		default void nothingMeasured(PlannedRun run, IoType type, int attempt) {
		}

		/**
		 * Before the plan starts, when a volume was asked for: it is applied and the runs work under its
		 * limits, or it is not and the plain device is measured.
		 */
		default void volume(VolumeUse use) {
		}
	}

	/**
	 * A volume asked for, and how its limits are set or why they are not.
	 *
	 * @param throttle how the limits are set (e.g. "cgroup v1 blkio at /sys/fs/cgroup/blkio"), or null
	 *                 when the volume is not applied
	 * @param reason   why the volume is not applied, or null when it is
	 */
	public record VolumeUse(Volume volume, String throttle, String reason) {

		/** @return whether the runs work under the volume's limits, else on the plain device */
		public boolean applied() {
			return throttle != null;
		}

		/**
		 * e.g. "volume gp-500 (500 write IOPS), set with cgroup v2 io.max at /sys/fs/cgroup", or "the
		 * volume gp-500 is not applied: ...; measuring the plain device"
		 */
		@Override
		public String toString() {
			return applied() ? "volume " + volume + ", set with " + throttle
					: "the volume " + volume.name() + " is not applied: " + reason + "; measuring the plain device";
		}
	}

	/** How a measurement ended. */
	public record Outcome(int planned, int measuredNow, int recordedBefore) {
	}

	private Measurement() {
	}

	/**
	 * Runs a plan with fio as {@link #run(MeasurementPlan, MeasurementDatabase, WorkloadRunner, Path, Listener)}
	 * does, on a QoS-limited volume when one is given: its limits are set with this machine's block
	 * throttling for the disk under {@code scratch} and removed at the end. Where block throttling is
	 * unavailable (not root, no controller) the plain device is measured, so that a measurement asked
	 * for on a laptop still runs; the listener hears which it is before the plan starts, and the
	 * database records the plan's volume only when it was applied.
	 *
	 * @param volume the volume to measure on, or null for the plain device
	 * @throws MeasurementException if the volume's group cannot be made (e.g. the scratch folder is on
	 *                              no disk), or as the other {@code run}
	 */
	public static Outcome run(MeasurementPlan plan, MeasurementDatabase database, FioRunner runner, Path scratch,
			Volume volume, Listener listener) throws MeasurementException, InterruptedException {
		BlockThrottle.Group group = null;
		FioRunner limited = runner;
		if (volume != null) {
			BlockThrottle.Availability throttling = BlockThrottle.detect();
			if (throttling.throttle().isPresent()) {
				group = throttling.throttle().get().create(volume, scratch);
				limited = runner.within(group);
				listener.volume(new VolumeUse(volume, throttling.throttle().get().describe(), null));
			} else {
				listener.volume(new VolumeUse(volume, null, throttling.reason()));
			}
		}
		try (BlockThrottle.Group removedAtTheEnd = group) {
			return run(plan, database, limited, scratch, listener);
		}
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
		if (recordedBefore >= runs.size() && (!plan.isAdaptive() || widerThanPrecision(plan, database).isEmpty())) {
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
				RunResult result = undisturbed(plan, run, runner, scratch, database, planId, listener);
				measured++;
				listener.finished(run, result, recordedBefore + measured, runs.size(), (System.nanoTime() - started) / 1e9);
			}
			int order = runs.size();
			for (Map<Integer, Integer> wanted = adaptiveRounds(plan, database); !wanted.isEmpty();
					wanted = adaptiveRounds(plan, database)) {
				listener.repeating(wanted.size(), plan.precision());
				for (Map.Entry<Integer, Integer> next : wanted.entrySet()) {
					if (Thread.interrupted()) {
						throw new InterruptedException();
					}
					PlannedRun run = plan.extraRun(next.getKey(), next.getValue(), order++);
					RunResult result = undisturbed(plan, run, runner, scratch, database, planId, listener);
					measured++;
					listener.finished(run, result, recordedBefore + measured, Math.max(order, recordedBefore + measured),
							(System.nanoTime() - started) / 1e9);
				}
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
	 * Runs and records one run, again while other processes use more CPU than the plan allows, and again
	 * while it completes no request of a type its workload issues: such a run has no latency of that type
	 * to record, and recorded without it, its configuration would silently drop out of the calibration.
	 *
	 * @throws MeasurementException if no attempt completed a request of that type
	 */
	private static RunResult undisturbed(MeasurementPlan plan, PlannedRun run, WorkloadRunner runner, Path scratch,
			MeasurementDatabase database, long planId, Listener listener) throws MeasurementException, InterruptedException {
		for (int attempt = 1;; attempt++) {
			OtherProcesses.Undisturbed<RunResult> kept = OtherProcesses.undisturbed(plan.maxOtherLoad(),
					() -> runner.run(run, scratch, plan.warmupSeconds(), plan.runSeconds()),
					(otherLoad, disturbedAttempt, last) -> listener.disturbed(run, otherLoad, disturbedAttempt, last));
			IoType unmeasured = unmeasuredType(run.workload(), kept.result());
			if (unmeasured == null) {
				database.record(planId, run, kept.result(), kept.otherLoad());
				return kept.result();
			}
			if (attempt == ATTEMPTS_TO_MEASURE_EACH_TYPE) {
				throw new MeasurementException(String.format(Locale.ROOT, "run %d (%s) completed no %s in %d attempts of"
						+ " %s s each; a longer 'duration' in the plan gives the device time to complete some",
						run.order() + 1, run.workload(), RunResult.word(unmeasured), attempt,
						plan.runSeconds()));
			}
			listener.nothingMeasured(run, unmeasured, attempt);
		}
	}

	/** @return a type the workload issues of which the run completed no request, or null */
	private static IoType unmeasuredType(StorageWorkload workload, RunResult result) {
		for (IoType type : IoType.VALUES) {
			if (workload.issues(type) && result.of(type).filter(latencies -> latencies.requests() > 0).isEmpty()) {
				return type;
			}
		}
		return null;
	}

	private static Map<Integer, Integer> adaptiveRounds(MeasurementPlan plan, MeasurementDatabase database)
			throws MeasurementException {
		return plan.isAdaptive() ? widerThanPrecision(plan, database) : Map.of();
	}

	/**
	 * The configurations whose mean latency is not yet known to the plan's precision: for reads or
	 * for writes, the 95 % confidence interval of the mean over the repetitions (Student's t) is
	 * wider than the precision times the mean, and fewer than the most repetitions ran.
	 *
	 * @return configuration to the repetition it runs next, in configuration order
	 */
	static Map<Integer, Integer> widerThanPrecision(MeasurementPlan plan, MeasurementDatabase database)
			throws MeasurementException {
		Map<Integer, List<MeasurementDatabase.Run>> byConfiguration = new TreeMap<>();
		for (MeasurementDatabase.Run run : database.runs()) {
			if (run.plan().equals(plan.name())) {
				byConfiguration.computeIfAbsent(run.configuration(), configuration -> new ArrayList<>()).add(run);
			}
		}
		Map<Integer, Integer> wanted = new LinkedHashMap<>();
		byConfiguration.forEach((configuration, runs) -> {
			if (runs.size() < plan.repetitions() || runs.size() >= plan.maxRepetitions()) {
				return;
			}
			for (IoType type : IoType.VALUES) {
				double[] means = runs.stream().map(run -> type == IoType.READ ? run.reads() : run.writes())
						.filter(Optional::isPresent).mapToDouble(latencies -> latencies.get().mean()).toArray();
				if (means.length >= 2 && halfWidth(means) > plan.precision() * mean(means)) {
					wanted.put(configuration, runs.stream().mapToInt(MeasurementDatabase.Run::repetition).max().orElse(0) + 1);
				}
			}
		});
		return wanted;
	}

	/** The half-width of the 95 % confidence interval of the mean of {@code values} (Student's t), at least two. */
	static double halfWidth(double[] values) {
		return new TDistribution(values.length - 1).inverseCumulativeProbability(0.975) * standardError(values);
	}

	/** The standard error of the mean of {@code values}: their sample standard deviation over √n, at least two. */
	static double standardError(double[] values) {
		double mean = mean(values);
		double squares = 0;
		for (double value : values) {
			squares += (value - mean) * (value - mean);
		}
		return Math.sqrt(squares / (values.length - 1)) / Math.sqrt(values.length);
	}

	private static double mean(double[] values) {
		double sum = 0;
		for (double value : values) {
			sum += value;
		}
		return sum / values.length;
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
