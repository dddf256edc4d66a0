package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

import org.iosim.cli.Main;
import org.iosim.measure.PlanException;
import org.iosim.measure.Volume;

import picocli.CommandLine.Option;

/** The options of the commands that measure a real application: where, on which volume, how often. */
final class ApplicationOptions {

	@Option(names = "--folder", paramLabel = "DIR", required = true, description = "A folder on the disk to measure,"
			+ " where the application keeps its files.")
	Path folder;

	@Option(names = "--volume", paramLabel = "FILE", description = "Run the application on this QoS-limited volume (as"
			+ " for 'iosim measure --volume'; needs root).")
	Path volumeFile;

	@Option(names = "--repeats", paramLabel = "R", defaultValue = "3", description = "Runs of each client count (or"
			+ " pair), all in a shuffled order (default ${DEFAULT-VALUE}).")
	int repeats;

	@Option(names = "--seconds", paramLabel = "S", defaultValue = "30", description = "Length of a run (default ${DEFAULT-VALUE}).")
	int seconds;

	@Option(names = "--seed", defaultValue = "1", description = "Seed of the run order (default ${DEFAULT-VALUE}).")
	long seed;

	@Option(names = "--overwrite", description = "Replace the file of --out if it exists.")
	boolean overwrite;

	// Stricter than a storage measurement's 0.5: an application's own CPU work is part of what is
	// measured, and a quarter of a CPU used by others cost pgbench at 2,000 IOPS a sixth of its throughput.
	@Option(names = "--max-other-load", paramLabel = "CPUS", defaultValue = "0.1", description = "CPUs other processes"
			+ " may use during a run (on average) before it is run again, up to 4 attempts (default ${DEFAULT-VALUE}).")
	double maxOtherLoad;

	/** The client counts of the commands that measure one application. */
	static final class ClientCounts {
		@Option(names = "--clients", split = ",", paramLabel = "N", defaultValue = "1,2,4,8,16",
				description = "Client counts (default ${DEFAULT-VALUE}).")
		List<Integer> clients = new ArrayList<>();
	}

	/** The options of the commands that run a private PostgreSQL cluster. */
	static final class DatabaseOptions {
		@Option(names = "--scale", defaultValue = "10", description = "pgbench's scale (default ${DEFAULT-VALUE}).")
		int scale;

		@Option(names = "--port", defaultValue = "54329", description = "The server's port (default ${DEFAULT-VALUE}).")
		int port;
	}

	/**
	 * Says that other processes disturbed a run: a warning when it is kept anyway, a note when it is run again.
	 *
	 * @param run names the run after "the run", e.g. "with 4 clients"
	 */
	void disturbed(PrintWriter err, String run, double otherLoad, int attempt, boolean kept) {
		if (kept) {
			err.printf(Locale.ROOT, "warning: the run %s: other processes used %.2f CPUs during each of its"
					+ " %d attempts; the last one is kept%n", run, otherLoad, attempt);
		} else {
			err.printf(Locale.ROOT, "  the run %s was disturbed: other processes used %.2f CPUs (at most"
					+ " %.2g allowed); running it again%n", run, otherLoad, maxOtherLoad);
		}
		err.flush();
	}

	/** Says that pgbench's tables are being loaded. */
	static void loading(PrintWriter err, int scale, Volume volume) {
		err.printf(Locale.ROOT, "  loading pgbench's tables at scale %d%s%n", scale,
				volume == null ? "" : " on the volume " + volume);
		err.flush();
	}

	/** Says that the database is being warmed up. */
	static void warmingUp(PrintWriter err, int clients, int seconds) {
		err.printf(Locale.ROOT, "  warming up: %d clients for %d s, not recorded%n", clients, seconds);
		err.flush();
	}

	/** @return the volume the file states, or null for the plain device */
	Volume volume() {
		try {
			return volumeFile == null ? null : Volume.load(volumeFile);
		} catch (PlanException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		}
	}

	/** Runs grouped by their client count, in increasing order: the rows of the commands' tables. */
	static <R> TreeMap<Integer, List<R>> byClients(List<R> runs, ToIntFunction<R> clients) {
		TreeMap<Integer, List<R>> grouped = new TreeMap<>();
		runs.forEach(run -> grouped.computeIfAbsent(clients.applyAsInt(run), count -> new ArrayList<>()).add(run));
		return grouped;
	}

	/** One figure of each run, sorted: for the median and the range a table row shows. */
	static <R> double[] sorted(List<R> runs, ToDoubleFunction<R> figure) {
		return runs.stream().mapToDouble(figure).sorted().toArray();
	}

	/** A load for a CSV cell: empty when unknown. */
	static String load(double otherLoad) {
		return Double.isNaN(otherLoad) ? "" : String.format(Locale.ROOT, "%.3f", otherLoad);
	}

	/** The median of sorted values, for the tables of medians and ranges. */
	static double median(double[] sorted) {
		int middle = sorted.length / 2;
		return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}
}
