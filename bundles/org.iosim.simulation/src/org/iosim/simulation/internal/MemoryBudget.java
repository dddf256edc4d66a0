package org.iosim.simulation.internal;

import java.util.Locale;

/**
 * How many simulated users fit in memory at once. Each user in the system holds a process, its
 * frames and an event: about 200 bytes with the web-shop example at a population of 1,000,000;
 * twice that leaves room for deeper behaviours. Users may take half the heap, shared by the
 * replications that run at the same time; beyond that a run would grow until the JVM gives up,
 * so it is refused (closed workloads) or stopped (open workloads) with a message instead.
 */
final class MemoryBudget {

	static final long BYTES_PER_USER = 400;

	private MemoryBudget() {
	}

	static long usersPerReplication(int replications) {
		int atOnce = Math.max(1, Math.min(replications, Runtime.getRuntime().availableProcessors()));
		return Runtime.getRuntime().maxMemory() / 2 / BYTES_PER_USER / atOnce;
	}

	/** e.g. {@code 6.0 GB}. */
	static String bytes(double bytes) {
		String[] units = { "bytes", "kB", "MB", "GB", "TB", "PB", "EB" };
		int unit = 0;
		while (bytes >= 1000 && unit < units.length - 1) {
			bytes /= 1000;
			unit++;
		}
		return unit == 0 ? String.format(Locale.ROOT, "%.0f bytes", bytes) : String.format(Locale.ROOT, "%.1f %s", bytes, units[unit]);
	}

	/** What to tell a user whose workload does not fit. */
	static String advice() {
		return "this JVM may use " + bytes(Runtime.getRuntime().maxMemory())
				+ " and gives simulated users half of it; give Java more memory, e.g. IOSIM_JAVA_OPTS=-Xmx16g";
	}
}
