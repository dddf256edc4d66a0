package org.iosim.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The CPUs a program and everything it starts may run on, as a hypervisor gives a virtual machine
 * vCPUs of its own: the program starts under util-linux's {@code taskset}, whose CPU affinity its
 * threads and children inherit (no root needed). Without pinning, the kernel places every process on
 * any CPU; two applications on one machine then compete for CPUs in ways two virtual machines with
 * their own vCPUs do not (examples/colocated/README.md shows a database's commits waiting for a file
 * server's process on the CPU the kernel woke them on).
 *
 * @param ids the CPU numbers, ascending; empty for all CPUs (no pinning)
 */
public record Cpus(List<Integer> ids) {

	/** No pinning: the kernel places the program's processes on any CPU this process may use. */
	public static final Cpus ALL = new Cpus(List.of());

	private static final Path TASKSET = Path.of("/usr/bin/taskset");
	private static final Path STATUS = Path.of("/proc/self/status");
	private static final String ALLOWED = "Cpus_allowed_list:";
	/** Far more CPUs than any machine IOSim measures on has; a longer list is not a CPU list. */
	private static final int MOST_CPUS = 65_536;

	public Cpus {
		ids = List.copyOf(ids);
	}

	/**
	 * Gives each of several virtual machines CPUs of its own, in order, from the CPUs this process
	 * may use: the first {@code counts[0]} to the first machine, the next {@code counts[1]} to the
	 * second, and so on.
	 *
	 * @throws MeasurementException if there are not enough CPUs, or taskset is missing
	 */
	public static List<Cpus> split(int... counts) throws MeasurementException {
		if (!Files.isExecutable(TASKSET)) {
			throw new MeasurementException("pinning virtual machines to CPUs needs taskset (apt-get install util-linux),"
					+ " which is not at " + TASKSET);
		}
		List<Integer> allowed = allowed();
		int needed = 0;
		for (int count : counts) {
			needed += count;
		}
		if (needed > allowed.size()) {
			throw new MeasurementException(String.format(Locale.ROOT, "the virtual machines need %d CPUs of their own,"
					+ " but this process may use only %d (%s)", needed, allowed.size(), new Cpus(allowed).list()));
		}
		List<Cpus> machines = new ArrayList<>();
		int next = 0;
		for (int count : counts) {
			machines.add(new Cpus(allowed.subList(next, next + count)));
			next += count;
		}
		return machines;
	}

	/** @return the CPUs this process may run on, from the kernel's {@code Cpus_allowed_list} */
	static List<Integer> allowed() throws MeasurementException {
		try {
			for (String line : Files.readAllLines(STATUS, StandardCharsets.UTF_8)) {
				if (line.startsWith(ALLOWED)) {
					return parseList(line.substring(ALLOWED.length()));
				}
			}
		} catch (IOException | IllegalArgumentException unreadable) {
			throw new MeasurementException("cannot tell which CPUs this process may use from " + STATUS + ": "
					+ unreadable.getMessage());
		}
		throw new MeasurementException(STATUS + " does not say which CPUs this process may use (not Linux?)");
	}

	/**
	 * Reads a kernel CPU list such as "0-3,8,10-11".
	 *
	 * @throws IllegalArgumentException if it is not one
	 */
	public static List<Integer> parseList(String text) {
		List<Integer> ids = new ArrayList<>();
		for (String part : text.strip().split(",")) {
			String[] range = part.split("-", -1);
			try {
				int first = Integer.parseInt(range[0].strip());
				int last = range.length == 2 ? Integer.parseInt(range[1].strip()) : first;
				if (range.length > 2 || first < 0 || last < first || last >= MOST_CPUS) {
					throw new NumberFormatException();
				}
				for (int id = first; id <= last; id++) {
					ids.add(id);
				}
			} catch (NumberFormatException wrong) {
				throw new IllegalArgumentException("'" + part.strip() + "' is not a CPU number or range such as 0-3");
			}
		}
		return ids.stream().distinct().sorted().toList();
	}

	/** @return the command pinned to these CPUs; unchanged for {@link #ALL} */
	public List<String> wrap(List<String> command) {
		if (ids.isEmpty()) {
			return command;
		}
		List<String> pinned = new ArrayList<>(List.of(TASKSET.toString(), "--cpu-list", list()));
		pinned.addAll(command);
		return pinned;
	}

	/** @return the CPUs as taskset and the kernel write them, e.g. "0,1,4" */
	public String list() {
		return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
	}

	/** e.g. "CPU 0", "CPUs 2,3", or "all CPUs" */
	@Override
	public String toString() {
		return ids.isEmpty() ? "all CPUs" : (ids.size() == 1 ? "CPU " : "CPUs ") + list();
	}
}
