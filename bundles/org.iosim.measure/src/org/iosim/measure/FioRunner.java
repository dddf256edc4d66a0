package org.iosim.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.iosim.measure.internal.FioReport;

/**
 * Runs storage workloads with fio (flexible I/O tester): {@code concurrency} threads, each a closed
 * loop without think time over its own slice of one shared file (the file set), every thread mixing
 * reads and writes or separate read and write threads, with fio's JSON report as the measurement.
 * Latencies are fio's total latency (submission to completion) with percentiles. Buffered runs that
 * write end with an fsync outside the measured period, so dirty pages of one run do not slow the
 * next.
 */
public final class FioRunner implements WorkloadRunner {

	/** Time a run may take beyond its warm-up and duration, e.g. to lay out a large file set, before it is stopped. */
	private static final long GRACE_SECONDS = 900;

	/** How the file sets are named: the prefix, then their size in bytes. */
	private static final String FILE_SET_PREFIX = "iosim-fileset-";
	/** How the growing files are named: the prefix, then the thread's number. */
	private static final String GROWING_PREFIX = "iosim-growing.";
	/** Loops of a growing-files job: more than any run's duration allows, so the run time ends it. */
	private static final long GROWING_LOOPS = 1_000_000_000L;
	/** Suffix of the marker beside a file set that is written in full (removed with the file sets). */
	private static final String LAID_OUT = ".laid-out";

	private final String executable;
	/** The volume group the runs work in, or null for the plain device. */
	private final BlockThrottle.Group volume;
	/**
	 * The files this runner had fio write (file sets, their markers, the growing files' names), which
	 * are all {@link #removeFileSets} removes: a file of the user's that only looks like one stays.
	 */
	private final Set<Path> written = ConcurrentHashMap.newKeySet();

	/** @param executable the fio program, a path or a name looked up on the PATH */
	public FioRunner(String executable) {
		this(executable, null);
	}

	private FioRunner(String executable, BlockThrottle.Group volume) {
		this.executable = executable;
		this.volume = volume;
	}

	/** @return a runner whose runs work under the volume's limits (the file sets are laid out without them) */
	public FioRunner within(BlockThrottle.Group group) {
		return new FioRunner(executable, group);
	}

	@Override
	public String volume() {
		return volume == null ? null : volume.volume().toString();
	}

	@Override
	public String describe() throws MeasurementException {
		try {
			Process process = new ProcessBuilder(executable, "--version").redirectErrorStream(true).start();
			String version = new String(process.getInputStream().readNBytes(200), StandardCharsets.UTF_8).strip();
			if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0 || !version.startsWith("fio-")) {
				process.destroyForcibly();
				throw new MeasurementException("'" + executable + "' is not a working fio (its --version said '"
						+ version.lines().findFirst().orElse("") + "')");
			}
			return version;
		} catch (IOException missing) {
			throw new MeasurementException("fio not found as '" + executable
					+ "': install it (Debian and Ubuntu: apt-get install fio) or give its path with --fio");
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new MeasurementException("interrupted while asking fio for its version");
		}
	}

	@Override
	public RunResult run(PlannedRun run, Path directory, double warmup, double duration)
			throws MeasurementException, InterruptedException {
		if (directory.toString().contains(":")) {
			throw new MeasurementException(directory + ": fio cannot work in a folder whose path contains ':'");
		}
		Path report = directory.resolve(".fio-report.json");
		Path errors = directory.resolve(".fio-errors.txt");
		List<String> command = new ArrayList<>();
		command.addAll(Programs.diesWithThisProcess());
		if (run.workload().files() == StorageWorkload.Files.EXISTING) {
			layOut(command, directory, run.workload());
		} else {
			// fio numbers a run's threads from 0 in the names it gives their files
			for (int thread = 0; thread < run.workload().concurrency(); thread++) {
				written.add(directory.toAbsolutePath().resolve(GROWING_PREFIX + thread));
			}
		}
		List<String> fio = new ArrayList<>(List.of(executable));
		fio.addAll(arguments(run, directory, warmup, duration));
		command.addAll(volume == null ? fio : volume.wrap(fio));
		long started = System.nanoTime();
		Process process;
		try {
			process = new ProcessBuilder(command).directory(directory.toFile()).redirectOutput(report.toFile())
					.redirectError(errors.toFile()).start();
		} catch (IOException failed) {
			throw new MeasurementException("cannot start fio as '" + executable + "': " + failed.getMessage());
		}
		try {
			if (!process.waitFor((long) Math.ceil(warmup + duration) + GRACE_SECONDS, TimeUnit.SECONDS)) {
				throw new MeasurementException(String.format(Locale.ROOT,
						"fio did not finish run %d (%s) within %d s of its planned time; stopped", run.order() + 1,
						run.workload(), GRACE_SECONDS));
			}
		} finally {
			if (process.isAlive()) {
				process.destroy();
				if (!process.waitFor(5, TimeUnit.SECONDS)) {
					process.destroyForcibly();
				}
			}
		}
		double elapsed = (System.nanoTime() - started) / 1e9;
		try {
			String output = Files.readString(report, StandardCharsets.UTF_8);
			if (process.exitValue() != 0) {
				throw new MeasurementException(String.format(Locale.ROOT, "fio failed on run %d (%s), exit status %d: %s",
						run.order() + 1, run.workload(), process.exitValue(), firstLine(Files.readString(errors))));
			}
			return FioReport.parse(output, elapsed);
		} catch (IOException unreadable) {
			throw new MeasurementException("cannot read fio's report " + report + ": " + unreadable.getMessage());
		} catch (IllegalArgumentException unexpected) {
			throw new MeasurementException(String.format(Locale.ROOT, "fio's report of run %d (%s) is not what %s writes: %s",
					run.order() + 1, run.workload(), executable, unexpected.getMessage()));
		} finally {
			try {
				Files.deleteIfExists(report);
				Files.deleteIfExists(errors);
			} catch (IOException ignored) {
				// a leftover report in the scratch folder harms nothing and is overwritten by the next run
			}
		}
	}

	/**
	 * Writes the file set in full once, before its first run, and marks it so. Left to the runs, fio lays
	 * out a file only for a job that reads it and finds it short: a write job that runs first, as with
	 * separate read and write threads, extends the file without writing it, and reads of the unwritten
	 * parts then take no device time at all (well under a microsecond with direct I/O).
	 *
	 * @param prefix the command's prefix (the parent-death guard), without fio
	 */
	private void layOut(List<String> prefix, Path directory, StorageWorkload workload)
			throws MeasurementException, InterruptedException {
		Path fileSet = directory.toAbsolutePath().resolve(FILE_SET_PREFIX + workload.fileSetSize());
		Path marker = directory.toAbsolutePath().resolve(FILE_SET_PREFIX + workload.fileSetSize() + LAID_OUT);
		// a file set with its marker was laid out by IOSim, in this measurement or a killed one
		written.add(fileSet);
		written.add(marker);
		if (Files.exists(marker)) {
			return;
		}
		List<String> command = new ArrayList<>(prefix);
		command.addAll(List.of(executable, "--name=iosim-layout", "--filename=" + fileSet, "--rw=write", "--bs=1M",
				"--size=" + workload.fileSetSize(), "--ioengine=psync", "--direct=0", "--end_fsync=1",
				"--output-format=json"));
		Path errors = directory.resolve(".fio-errors.txt");
		try {
			Process process = new ProcessBuilder(command).directory(directory.toFile())
					.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(errors.toFile()).start();
			// at 20 MB/s, a slow disk, plus the usual grace
			long seconds = workload.fileSetSize() / 20_000_000 + GRACE_SECONDS;
			if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new MeasurementException(String.format(Locale.ROOT, "fio did not lay out the %,d-byte file set"
						+ " within %d s; stopped", workload.fileSetSize(), seconds));
			}
			if (process.exitValue() != 0) {
				throw new MeasurementException(String.format(Locale.ROOT, "fio failed to lay out the %,d-byte file set,"
						+ " exit status %d: %s", workload.fileSetSize(), process.exitValue(),
						firstLine(Files.readString(errors))));
			}
			Files.writeString(marker, "");
		} catch (IOException failed) {
			throw new MeasurementException("cannot lay out the file set in " + directory + ": " + failed.getMessage());
		} finally {
			try {
				Files.deleteIfExists(errors);
			} catch (IOException ignored) {
				// a leftover error file harms nothing and is overwritten by the next run
			}
		}
	}

	@Override
	public void removeFileSets(Path directory) {
		Path folder = directory.toAbsolutePath();
		for (Path file : written) {
			if (file.getParent().equals(folder)) {
				try {
					Files.deleteIfExists(file);
				} catch (IOException leftOver) {
					// a file set left behind wastes space but no result; the next measurement reuses it
				}
				written.remove(file);
			}
		}
	}


	/**
	 * The job, on the command line so nothing of it reaches a job file. Mixed threads are one job whose
	 * threads each mix reads and writes; separate threads are a read job and a write job in one group,
	 * so fio's group report holds the reads of the one and the writes of the other. Each thread works
	 * in its own slice of the file set: fio counts a job's threads from 0, so the write job starts
	 * after the read threads' slices. Over growing files, each thread writes its own file from empty
	 * without reserving space (fio would otherwise allocate it first), and removes it and starts the
	 * next when it reaches its slice: fio does that between loops, and a time-based job never ends a
	 * loop, so the job is given more loops than its run time allows.
	 *
	 * @return fio's arguments for the run, the program's name not included
	 */
	public static List<String> arguments(PlannedRun run, Path directory, double warmup, double duration) {
		StorageWorkload workload = run.workload();
		long slice = workload.fileSetSize() / workload.concurrency() / workload.requestSize() * workload.requestSize();
		boolean growing = workload.files() == StorageWorkload.Files.GROWING;
		List<String> arguments = new ArrayList<>(List.of("--output-format=json"));
		arguments.addAll(growing
				? List.of("--directory=" + directory.toAbsolutePath(), "--filename_format=" + GROWING_PREFIX + "$jobnum",
						"--size=" + slice, "--fallocate=none", "--unlink_each_loop=1", "--unlink=1",
						"--loops=" + GROWING_LOOPS)
				: List.of("--filename=" + directory.toAbsolutePath().resolve(FILE_SET_PREFIX + workload.fileSetSize()),
						"--size=" + slice, "--offset_increment=" + slice, "--time_based"));
		arguments.addAll(List.of("--thread", "--group_reporting",
				"--bs=" + workload.requestSize(), "--ioengine=" + (workload.queueDepth() > 1 ? "libaio" : "psync"),
				"--iodepth=" + workload.queueDepth(), "--direct=" + (workload.direct() ? 1 : 0),
				"--runtime=" + Math.round(duration * 1000) + "ms", "--ramp_time=" + Math.round(warmup * 1000) + "ms",
				"--lat_percentiles=1", "--percentile_list=50:95:99", "--randseed=" + run.generatorSeed(),
				// the page cache keeps what earlier runs and the warm-up brought in, as in an application's steady state
				"--invalidate=0"));
		// options after a --name belong to that job; those before it to every job
		boolean endFsync = !workload.direct() && workload.readRatio() < 1;
		if (workload.threads() == StorageWorkload.Threads.SEPARATE) {
			int readThreads = workload.readOnlyThreads().getAsInt();
			arguments.addAll(List.of("--name=iosim-reads", "--numjobs=" + readThreads,
					"--rw=" + (workload.sequential() ? "read" : "randread")));
			arguments.addAll(List.of("--name=iosim-writes", "--numjobs=" + (workload.concurrency() - readThreads),
					"--offset=" + readThreads * slice, "--rw=" + (workload.sequential() ? "write" : "randwrite")));
		} else if (growing) {
			// a write job: fio lays out the file of a job that may read, and the writes would not grow it
			arguments.addAll(List.of("--name=iosim", "--numjobs=" + workload.concurrency(), "--rw=write"));
		} else {
			arguments.addAll(List.of("--name=iosim", "--numjobs=" + workload.concurrency(),
					"--rw=" + (workload.sequential() ? "rw" : "randrw"),
					"--rwmixread=" + Math.round(workload.readRatio() * 100)));
		}
		if (endFsync) {
			arguments.add("--end_fsync=1");
		}
		switch (workload.sync()) {
		case NONE -> {
		}
		case FDATASYNC -> arguments.add("--fdatasync=1");
		case OSYNC -> arguments.add("--sync=1");
		}
		return arguments;
	}

	private static String firstLine(String text) {
		String line = text.lines().filter(candidate -> !candidate.isBlank()).findFirst().orElse("(no message)").strip();
		return line.length() <= 200 ? line : line.substring(0, 197) + "...";
	}
}
