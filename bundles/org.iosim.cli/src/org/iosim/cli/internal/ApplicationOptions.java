package org.iosim.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

	@Option(names = "--clients", split = ",", paramLabel = "N", defaultValue = "1,2,4,8,16",
			description = "Client counts (default ${DEFAULT-VALUE}).")
	List<Integer> clients = new ArrayList<>();

	@Option(names = "--repeats", paramLabel = "R", defaultValue = "3", description = "Runs per client count, all in a"
			+ " shuffled order (default ${DEFAULT-VALUE}).")
	int repeats;

	@Option(names = "--seconds", paramLabel = "S", defaultValue = "30", description = "Length of a run (default ${DEFAULT-VALUE}).")
	int seconds;

	@Option(names = "--seed", defaultValue = "1", description = "Seed of the run order (default ${DEFAULT-VALUE}).")
	long seed;

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

	/** The median of sorted values, for the tables of medians and ranges. */
	static double median(double[] sorted) {
		int middle = sorted.length / 2;
		return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}
}
