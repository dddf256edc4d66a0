package org.iosim.characterization;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.iosim.characterization.internal.MergedTrace;

/**
 * Opens and characterizes trace files. Several files are one workload on one clock (the logs of the
 * jobs of one fio run, the blkparse outputs of one tracing session): their requests are merged in
 * time order into one sequence.
 */
public final class Traces {

	/** fio's log names: {@code NAME_KIND.N.log}, or {@code NAME_KIND.log} with per_job_logs=0. */
	private static final Pattern FIO_LOG_NAME = Pattern.compile("(.*)_(lat|clat|slat|bw|iops)((?:\\.\\d+)?)\\.log");

	private Traces() {
	}

	/**
	 * Reads trace files and characterizes their workload.
	 *
	 * @param files   the files, at least one
	 * @param format  their format, or null to tell it from each file's first line
	 * @param options the parameters of the characterization
	 * @throws TraceFormatException if a file cannot be read, holds a bad line, the files are of
	 *                              different formats or duplicate each other, or none holds a read
	 *                              or write request
	 */
	public static WorkloadCharacteristics characterize(List<Path> files, TraceFormat format,
			CharacterizationOptions options) throws IOException {
		try (TraceReader trace = open(files, format)) {
			Characterizer characterizer = new Characterizer(options);
			for (IoRecord request = trace.next(); request != null; request = trace.next()) {
				characterizer.accept(request);
			}
			if (characterizer.requests() == 0) {
				throw new TraceFormatException(files.size() == 1 ? files.get(0) + " holds no read or write request"
						: "none of " + names(files) + " holds a read or write request");
			}
			return characterizer.result();
		}
	}

	/**
	 * @param files  the files, at least one
	 * @param format their format, or null to tell it from each file's first line
	 * @return their requests as one sequence in time order
	 * @throws TraceFormatException if a file cannot be opened, the files are of different formats, a
	 *                              fio log is not a latency log, or a job's total and completion
	 *                              latency logs are both given (they log the same requests)
	 */
	public static TraceReader open(List<Path> files, TraceFormat format) throws IOException {
		if (files.isEmpty()) {
			throw new IllegalArgumentException("no trace files");
		}
		Set<Path> distinct = new HashSet<>();
		for (Path file : files) {
			if (!distinct.add(file.toAbsolutePath().normalize())) {
				throw new TraceFormatException(file + " is given twice; its requests would count twice");
			}
		}
		TraceFormat common = format != null ? format : commonFormat(files);
		if (common == TraceFormat.FIO) {
			checkFioLogNames(files);
		}
		List<TraceReader> readers = new ArrayList<>();
		try {
			for (Path file : files) {
				readers.add(common.open(file));
			}
		} catch (IOException unopened) {
			try {
				new MergedTrace(readers).close();
			} catch (IOException alsoFailed) {
				unopened.addSuppressed(alsoFailed);
			}
			throw unopened;
		}
		return readers.size() == 1 ? readers.get(0) : new MergedTrace(readers);
	}

	/** @return the format of the files that have a first line; fio if none has */
	private static TraceFormat commonFormat(List<Path> files) throws IOException {
		TraceFormat common = null;
		Path example = null;
		for (Path file : files) {
			Optional<TraceFormat> detected = TraceFormat.detect(file);
			if (detected.isEmpty()) {
				continue;
			}
			if (common != null && detected.get() != common) {
				throw new TraceFormatException(example + " is " + describe(common) + " but " + file + " "
						+ describe(detected.get()) + "; their clocks differ, so characterize them apart");
			}
			common = detected.get();
			example = file;
		}
		// files without a line hold no requests, in either format
		return Objects.requireNonNullElse(common, TraceFormat.FIO);
	}

	private static String describe(TraceFormat format) {
		return format == TraceFormat.FIO ? "a fio log" : "blkparse output";
	}

	private static void checkFioLogNames(List<Path> files) throws TraceFormatException {
		Map<String, Path> latencyLogOfJob = new HashMap<>();
		for (Path file : files) {
			Matcher name = FIO_LOG_NAME.matcher(String.valueOf(file.getFileName()));
			if (!name.matches()) {
				continue;
			}
			String kind = name.group(2);
			if (!kind.equals("lat") && !kind.equals("clat")) {
				throw new TraceFormatException(file + " is a fio " + kind + " log, whose values are not the latencies"
						+ " of I/Os; give the _lat logs that write_lat_log=NAME writes as NAME_lat.N.log");
			}
			Path other = latencyLogOfJob.putIfAbsent(file.resolveSibling(name.group(1)) + name.group(3), file);
			if (other != null) {
				throw new TraceFormatException(other + " and " + file + " log the same I/Os of one job; give one"
						+ " of them");
			}
		}
	}

	private static String names(List<Path> files) {
		return files.size() <= 3 ? String.join(", ", files.stream().map(Path::toString).toList())
				: files.get(0) + ", " + files.get(1) + " and " + (files.size() - 2) + " more";
	}
}
