package org.iosim.measure;

import java.nio.file.Path;

/** Runs one storage workload and measures it: {@link FioRunner} on a real machine. */
public interface WorkloadRunner {

	/**
	 * @param run         the run
	 * @param directory   where the workload keeps its file set (the file system under test)
	 * @param warmup      seconds of work before measuring
	 * @param duration    seconds measured
	 * @throws MeasurementException if the run failed; the message says why
	 * @throws InterruptedException if the measurement was cancelled (the run is stopped)
	 */
	RunResult run(PlannedRun run, Path directory, double warmup, double duration)
			throws MeasurementException, InterruptedException;

	/**
	 * Removes the files the runs laid out in {@code directory} (their file sets), once a measurement
	 * ends; a runner that lays out no files has nothing to do. A file left behind wastes space but
	 * harms no result.
	 */
	default void removeFileSets(Path directory) {
	}

	/**
	 * @return the volume whose limits the runs work under, as {@link Volume#toString()} describes it,
	 *         or null for the plain device
	 */
	default String volume() {
		return null;
	}

	/** @return what runs the workloads, e.g. "fio-3.33", for the database and the progress lines */
	String describe() throws MeasurementException;
}
