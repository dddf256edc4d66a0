package org.iosim.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The CPU time other processes use while a run measures: what distorts a measured latency on a
 * machine with few CPUs (a woken thread waits behind them). Read from /proc: every process's user
 * and system time, minus those of this process and its descendants (the workload it starts) and of
 * kernel threads (which do the workload's own I/O). A process that starts and ends within the run
 * is not seen; builds and services, which distort runs, live longer.
 */
public final class OtherProcesses {

	/** Linux reports process times in clock ticks of 1/100 s on every architecture it runs on. */
	private static final double TICKS_PER_SECOND = 100;
	/** {@code PF_KTHREAD} in a process's flags: a kernel thread. */
	private static final long KERNEL_THREAD = 0x00200000;
	private static final Path PROC = Path.of("/proc");
	private static final long OWN_PROCESS = ProcessHandle.current().pid();

	/** One process's state in a snapshot. */
	private record Process(long parent, long ticks, boolean kernel) {
	}

	private final Map<Long, Process> processes;
	private final long at;

	private OtherProcesses(Map<Long, Process> processes, long at) {
		this.processes = processes;
		this.at = at;
	}

	/** @return whether this machine has /proc to read (Linux) */
	public static boolean available() {
		return Files.isReadable(PROC.resolve("self").resolve("stat"));
	}

	/** @return the processes now, with their CPU times */
	public static OtherProcesses now() {
		return of(PROC, System.nanoTime());
	}

	/**
	 * @param proc    a folder laid out as /proc: a folder per process id holding its {@code stat}
	 * @param nanoTime when the snapshot is taken, on {@link System#nanoTime}'s clock
	 * @return the processes of that folder
	 */
	public static OtherProcesses of(Path proc, long nanoTime) {
		Map<Long, Process> processes = new HashMap<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc, entry -> entry.getFileName().toString()
				.chars().allMatch(Character::isDigit))) {
			for (Path entry : entries) {
				Process process = read(entry.resolve("stat"));
				if (process != null) {
					processes.put(Long.parseLong(entry.getFileName().toString()), process);
				}
			}
		} catch (IOException | SecurityException unreadable) {
			// no /proc: nothing known, so nothing counted
		}
		return new OtherProcesses(processes, nanoTime);
	}

	/** Fields after the command (which may hold spaces and parentheses): state is field 3, ppid 4, flags 9, utime 14, stime 15. */
	private static Process read(Path stat) {
		try {
			String text = Files.readString(stat);
			String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
			long parent = Long.parseLong(fields[1]);
			long flags = Long.parseLong(fields[6]);
			long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
			return new Process(parent, ticks, (flags & KERNEL_THREAD) != 0);
		} catch (IOException | RuntimeException gone) {
			return null; // ended meanwhile
		}
	}

	/** Shortest interval whose load is judged: process times advance in ticks of 10 ms. */
	public static final double SHORTEST_SECONDS = 1;

	/**
	 * @param before a snapshot taken when the run started
	 * @return the CPUs other processes used on average between {@code before} and this snapshot; NaN
	 *         when less than {@value #SHORTEST_SECONDS} s passed, too short to tell
	 */
	public double cpusSince(OtherProcesses before) {
		double seconds = (at - before.at) / 1e9;
		if (seconds < SHORTEST_SECONDS) {
			return Double.NaN;
		}
		Set<Long> ours = descendantsOf(OWN_PROCESS);
		long ticks = 0;
		for (Map.Entry<Long, Process> entry : processes.entrySet()) {
			Process process = entry.getValue();
			if (ours.contains(entry.getKey()) || process.kernel()) {
				continue;
			}
			Process earlier = before.processes.get(entry.getKey());
			ticks += earlier == null ? process.ticks() : Math.max(0, process.ticks() - earlier.ticks());
		}
		return ticks / TICKS_PER_SECOND / seconds;
	}

	private Set<Long> descendantsOf(long root) {
		Set<Long> tree = new HashSet<>(Set.of(root));
		boolean grew = true;
		while (grew) {
			grew = false;
			for (Map.Entry<Long, Process> entry : processes.entrySet()) {
				if (tree.contains(entry.getValue().parent()) && tree.add(entry.getKey())) {
					grew = true;
				}
			}
		}
		return tree;
	}

	/** Runs one attempt at a measurement. */
	@FunctionalInterface
	public interface Attempt<T> {
		T run() throws MeasurementException, InterruptedException;
	}

	/** Hears of a disturbed attempt: the CPUs other processes used, its number, whether it is kept. */
	@FunctionalInterface
	public interface Disturbance {
		void disturbed(double otherLoad, int attempt, boolean kept);
	}

	/** What a kept attempt measured, and the CPUs other processes used meanwhile (NaN if unknown). */
	public record Undisturbed<T>(T result, double otherLoad) {
	}

	/** Attempts a disturbed run may take before the last one is kept anyway. */
	public static final int ATTEMPTS = 4;

	/**
	 * Runs an attempt, again while other processes use more than {@code maxOtherLoad} CPUs during
	 * it: on a machine with few CPUs they delay the measured threads, which a latency cannot tell from
	 * the storage's. The last of {@value #ATTEMPTS} attempts is kept, its load recorded.
	 */
	public static <T> Undisturbed<T> undisturbed(double maxOtherLoad, Attempt<T> attempt, Disturbance listener)
			throws MeasurementException, InterruptedException {
		for (int number = 1;; number++) {
			OtherProcesses before = available() ? now() : null;
			T result = attempt.run();
			double otherLoad = before != null ? now().cpusSince(before) : Double.NaN;
			boolean disturbed = otherLoad > maxOtherLoad;
			if (disturbed) {
				listener.disturbed(otherLoad, number, number == ATTEMPTS);
			}
			if (!disturbed || number == ATTEMPTS) {
				return new Undisturbed<>(result, otherLoad);
			}
			if (Thread.interrupted()) {
				throw new InterruptedException();
			}
		}
	}
}
