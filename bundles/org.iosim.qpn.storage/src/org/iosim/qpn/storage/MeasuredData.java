package org.iosim.qpn.storage;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.regression.DataFiles;
import org.iosim.analysis.regression.DataFormatException;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.files.FileProblems;
import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;

/**
 * The measured configurations the calibrations of this bundle learn from, read from a CSV file: the
 * measurement export of {@code iosim measure --export} or a file written for the purpose. Every
 * problem names the file and the line (or row) and says what is wrong.
 */
public final class MeasuredData {

	/** The measurement export's columns a storage calibration reads. */
	public static final List<String> STORAGE_COLUMNS = List.of("concurrency", "type", "requestSize", "readPattern",
			"writePattern", "readRatio", "fileSetSize");

	/** Columns of a multi-VM measurement file: one row per VM of a configuration, and writeResponseTime. */
	public static final List<String> VM_COLUMNS = List.of("configuration", "vm", "readThreads", "writeThreads",
			"readSize", "writeSize", "fileSetSize", "readResponseTime");

	/** Columns of the configurations a scheduler net is calibrated on, and writeResponseTime. */
	public static final List<String> SCHEDULER_NET_COLUMNS = List.of("readThreads", "writeThreads", "readResponseTime");

	/** Data that cannot be used; the message names the file and what is wrong. */
	public static final class UnusableDataException extends Exception {
		private static final long serialVersionUID = 1L;

		UnusableDataException(String message) {
			super(message);
		}
	}

	/**
	 * A storage template's rows.
	 *
	 * @param rows          the single-class configurations: reads at read ratio 1, writes at 0
	 * @param mixedLeftOut  how many mixed read/write rows were left out, which the hardware templates
	 *                      (homogeneous, 001 §7.4) do not learn from
	 */
	public record StorageRows(List<MeasuredRow> rows, int mixedLeftOut) {
		public StorageRows {
			rows = List.copyOf(rows);
		}
	}

	private MeasuredData() {
	}

	/** The single-class configurations of a measurement export, to calibrate a storage template from. */
	public static StorageRows storageRows(Path data, StorageTemplate template) throws UnusableDataException {
		Dataset dataset = read(data, "delay", STORAGE_COLUMNS);
		List<MeasuredRow> rows = new ArrayList<>();
		int mixed = 0;
		for (int index = 0; index < dataset.size(); index++) {
			double[] x = dataset.x()[index];
			int line = index + 2;
			boolean read = x[1] == 0;
			if (x[1] != 0 && x[1] != 1) {
				throw new UnusableDataException(data + ": line " + line + ": 'type' must be 0 (read) or 1 (write), got " + x[1]);
			}
			if (x[5] != (read ? 1 : 0)) {
				mixed++;
				continue;
			}
			if (!wholeThreads(x[0])) {
				throw new UnusableDataException(data + ": line " + line
						+ ": 'concurrency' must be a whole number from 1 to 1,000,000, got " + x[0]);
			}
			boolean sequential = (read ? x[3] : x[4]) >= 0.5;
			rows.add(new MeasuredRow(StorageClass.of(read, sequential), (int) x[0], x[2], x[6], dataset.y()[index], line));
		}
		if (rows.isEmpty()) {
			throw new UnusableDataException(data + ": no single-class configuration (reads at readRatio 1 or writes at"
					+ " readRatio 0) to calibrate the " + template.label() + " template from");
		}
		return new StorageRows(rows, mixed);
	}

	/**
	 * The configurations of the heterogeneous-workload scheduler model: the measurement export of runs
	 * with separate read and write threads (one VM; a configuration's read and write rows joined) or a
	 * file with a row per VM of each configuration ({@link #VM_COLUMNS} and writeResponseTime).
	 */
	public static List<SchedulerCalibration.Row> schedulerRows(Path data) throws UnusableDataException {
		List<String> columns = header(data);
		boolean export = columns.contains("concurrency");
		if (export && !columns.contains("readThreads")) {
			throw new UnusableDataException(data + ": the export has no separate read and write threads (column"
					+ " readThreads); the scheduler model has read threads and write threads, so measure with the plan"
					+ " factor \"threads\": [\"separate\"] (examples/storage-qpn/mixed.json)");
		}
		Dataset dataset = export
				? read(data, "delay", List.of("concurrency", "type", "requestSize", "readThreads", "fileSetSize"))
				: read(data, "writeResponseTime", VM_COLUMNS);
		try {
			return export ? exportRows(dataset) : vmRows(dataset);
		} catch (IllegalArgumentException unusable) {
			throw new UnusableDataException(data + ": " + unusable.getMessage());
		}
	}

	/** The configurations a scheduler net of the user's is calibrated on ({@link SchedulerNetCalibration}). */
	public static List<SchedulerNetCalibration.Configuration> schedulerNetConfigurations(Path data)
			throws UnusableDataException {
		Dataset dataset = read(data, "writeResponseTime", SCHEDULER_NET_COLUMNS);
		List<SchedulerNetCalibration.Configuration> configurations = new ArrayList<>();
		for (int row = 0; row < dataset.size(); row++) {
			double[] x = dataset.x()[row];
			for (int column = 0; column < 2; column++) {
				if (!wholeThreads(x[column])) {
					throw new UnusableDataException(data + ": row " + (row + 1) + ": " + SCHEDULER_NET_COLUMNS.get(column)
							+ " must be a whole number from 1 to 1,000,000, got " + x[column]);
				}
			}
			configurations.add(new SchedulerNetCalibration.Configuration((int) x[0], (int) x[1],
					new ResponseTimes(x[2], dataset.y()[row])));
		}
		return configurations;
	}

	private static boolean wholeThreads(double value) {
		return value >= 1 && value <= 1_000_000 && value == Math.rint(value);
	}

	private static Dataset read(Path data, String target, List<String> features) throws UnusableDataException {
		try {
			return DataFiles.readForModel(data, target, features, true);
		} catch (RegressionInputException | DataFormatException unusable) {
			throw new UnusableDataException(unusable.getMessage());
		}
	}

	private static List<String> header(Path data) throws UnusableDataException {
		try (BufferedReader reader = Files.newBufferedReader(data)) {
			String header = reader.readLine();
			return header == null ? List.of() : List.of(header.split(","));
		} catch (IOException unreadable) {
			throw new UnusableDataException(data + ": cannot be read: " + FileProblems.reason(unreadable));
		} catch (UncheckedIOException unreadable) {
			throw new UnusableDataException(data + ": cannot be read: " + FileProblems.reason(unreadable.getCause()));
		}
	}

	/**
	 * The export's read and write rows of one configuration with separate read and write threads
	 * joined into one row; runs with mixed threads (readThreads −1) or one type only are left out.
	 */
	private static List<SchedulerCalibration.Row> exportRows(Dataset dataset) {
		Map<List<Double>, double[]> configurations = new LinkedHashMap<>();
		Map<List<Double>, Integer> lines = new HashMap<>();
		for (int index = 0; index < dataset.size(); index++) {
			double[] x = dataset.x()[index];
			if (x[1] != 0 && x[1] != 1) {
				throw new IllegalArgumentException("line " + (index + 2) + ": 'type' must be 0 (read) or 1 (write)");
			}
			if (x[3] <= 0 || x[3] >= x[0]) {
				continue; // mixed threads, or reads or writes alone: nothing to schedule between
			}
			List<Double> key = List.of(x[0], x[2], x[3], x[4]);
			configurations.computeIfAbsent(key, any -> new double[] { Double.NaN, Double.NaN })[(int) x[1]] = dataset.y()[index];
			lines.putIfAbsent(key, index + 2);
		}
		List<SchedulerCalibration.Row> rows = new ArrayList<>();
		for (Map.Entry<List<Double>, double[]> entry : configurations.entrySet()) {
			List<Double> key = entry.getKey();
			if (Double.isNaN(entry.getValue()[0]) || Double.isNaN(entry.getValue()[1])) {
				continue;
			}
			int concurrency = (int) Math.round(key.get(0));
			int reads = (int) Math.round(key.get(2));
			rows.add(new SchedulerCalibration.Row(new SchedulerWorkload(List.of(new SchedulerWorkload.Vm(reads,
					concurrency - reads)), key.get(1), key.get(1), key.get(3)), List.of(new ResponseTimes(entry.getValue()[0],
							entry.getValue()[1])), lines.get(key)));
		}
		return rows;
	}

	/** Rows of one configuration (same 'configuration' value) are its VMs, in the order of 'vm'. */
	private static List<SchedulerCalibration.Row> vmRows(Dataset dataset) {
		Map<Double, List<Integer>> byConfiguration = new LinkedHashMap<>();
		for (int index = 0; index < dataset.size(); index++) {
			byConfiguration.computeIfAbsent(dataset.x()[index][0], any -> new ArrayList<>()).add(index);
		}
		List<SchedulerCalibration.Row> rows = new ArrayList<>();
		for (List<Integer> indexes : byConfiguration.values()) {
			indexes.sort(Comparator.comparingDouble(index -> dataset.x()[index][1]));
			double[] first = dataset.x()[indexes.get(0)];
			List<SchedulerWorkload.Vm> vms = new ArrayList<>();
			List<ResponseTimes> measured = new ArrayList<>();
			for (int index : indexes) {
				double[] x = dataset.x()[index];
				if (x[4] != first[4] || x[5] != first[5] || x[6] != first[6]) {
					throw new IllegalArgumentException("line " + (index + 2) + ": the VMs of a configuration share its"
							+ " request sizes and file set");
				}
				if (x[2] != Math.rint(x[2]) || x[3] != Math.rint(x[3])) {
					throw new IllegalArgumentException("line " + (index + 2) + ": threads must be whole numbers");
				}
				vms.add(new SchedulerWorkload.Vm((int) x[2], (int) x[3]));
				measured.add(new ResponseTimes(x[7], dataset.y()[index]));
			}
			rows.add(new SchedulerCalibration.Row(new SchedulerWorkload(vms, first[4], first[5], first[6]), measured,
					indexes.get(0) + 2));
		}
		return rows;
	}
}
