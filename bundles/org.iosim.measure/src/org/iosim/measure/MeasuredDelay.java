package org.iosim.measure;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.iosim.analysis.WorkloadInput;
import org.iosim.files.WholeFiles;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.pcm.io.IoType;

/**
 * The measured mean delay of one request type in one configuration, averaged over its repetitions:
 * a row of the data the analysis models learn from.
 *
 * @param plan          the plan's name
 * @param configuration the configuration's index in its plan
 * @param workload      the configuration
 * @param type          the request type
 * @param delays        the mean delay (seconds) of each repetition
 */
public record MeasuredDelay(String plan, int configuration, StorageWorkload workload, IoType type, List<Double> delays) {

	/** The workload inputs in the columns of the exported table, in this order, followed by {@value #TARGET}. */
	public static final List<WorkloadInput> COLUMNS = List.of(WorkloadInput.CONCURRENCY, WorkloadInput.TYPE,
			WorkloadInput.REQUEST_SIZE, WorkloadInput.MEAN_READ_SIZE, WorkloadInput.MEAN_WRITE_SIZE,
			WorkloadInput.READ_PATTERN, WorkloadInput.WRITE_PATTERN, WorkloadInput.READ_RATIO, WorkloadInput.FILE_SET_SIZE,
			WorkloadInput.READ_SEQUENTIALITY, WorkloadInput.WRITE_SEQUENTIALITY);

	/** The column of the measured mean delay in seconds. */
	public static final String TARGET = "delay";

	/**
	 * The column, before {@value #TARGET}, of the requests in flight that read threads issue when the
	 * rows hold separate read and write threads (see {@link #readThreads()}); left out otherwise.
	 */
	public static final String READ_THREADS = "readThreads";
	/** The export's column that marks rows whose writes grew their files (1) or overwrote laid-out ones (0). */
	public static final String GROWING_FILES = "growingFiles";

	public MeasuredDelay {
		delays = List.copyOf(delays);
	}

	/** @return the mean over the repetitions */
	public double meanDelay() {
		return delays.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
	}

	/**
	 * @return the half-width of the 95 % confidence interval of {@link #meanDelay} over the repetitions
	 *         (Student's t), NaN with one repetition
	 */
	public double halfWidth95() {
		return delays.size() < 2 ? Double.NaN : Measurement.halfWidth(delayArray());
	}

	/**
	 * The noise floor of this row: the mean relative error that even a perfect model, one predicting
	 * the true mean delay, has against this measured mean, which carries the repetitions' noise. For
	 * normal noise |x̄ − μ| has the mean √(2/π) σ/√n, so the floor is that over x̄. A model whose error
	 * is near the floor is limited by the measurements, not by itself.
	 *
	 * @return the expected relative error of a perfect model, NaN with one repetition
	 */
	public double noiseFloor() {
		return delays.size() < 2 ? Double.NaN
				: Math.sqrt(2 / Math.PI) * Measurement.standardError(delayArray()) / meanDelay();
	}

	/** @return the mean {@link #noiseFloor} of the rows that have repetitions, NaN when none has */
	public static double noiseFloor(List<MeasuredDelay> rows) {
		return rows.stream().mapToDouble(MeasuredDelay::noiseFloor).filter(floor -> !Double.isNaN(floor)).average()
				.orElse(Double.NaN);
	}

	private double[] delayArray() {
		return delays.stream().mapToDouble(Double::doubleValue).toArray();
	}

	/** @return the largest relative deviation of a repetition from the mean: how far one run can be trusted */
	public double spread() {
		double mean = meanDelay();
		return delays.stream().mapToDouble(delay -> Math.abs(delay - mean) / mean).max().orElse(0);
	}

	/** @return the analysis model inputs of this row, in {@link #COLUMNS} order */
	public double[] inputs() {
		return inputs(COLUMNS);
	}

	private double[] inputs(List<WorkloadInput> columns) {
		Map<WorkloadInput, Double> inputs = workload.inputs(type);
		return columns.stream().mapToDouble(inputs::get).toArray();
	}

	/** @return the input columns of an export of these rows: {@link #COLUMNS}, and {@code synchronous} when a row measured synchronous writes */
	public static List<WorkloadInput> columns(List<MeasuredDelay> rows) {
		boolean synchronous = rows.stream().anyMatch(row -> row.workload().sync() != StorageWorkload.Sync.NONE);
		if (!synchronous) {
			return COLUMNS;
		}
		List<WorkloadInput> columns = new ArrayList<>(COLUMNS);
		columns.add(WorkloadInput.SYNCHRONOUS);
		return List.copyOf(columns);
	}

	/**
	 * @return the requests in flight of the threads that only read, in the unit of the concurrency
	 *         column (threads × queue depth), so those of the write threads are concurrency − readThreads:
	 *         the read threads' with separate threads, all when the configuration only reads, none when
	 *         it only writes; -1 when every thread mixes reads and writes, so that no thread only reads
	 */
	public int readThreads() {
		return workload.readOnlyThreads().isPresent() ? workload.readOnlyThreads().getAsInt() * workload.queueDepth() : -1;
	}

	/** @return whether any row measured separate read and write threads, so an export has the {@value #READ_THREADS} column */
	public static boolean separateThreads(List<MeasuredDelay> rows) {
		return rows.stream().anyMatch(row -> row.workload().threads() == StorageWorkload.Threads.SEPARATE);
	}

	/** @return whether any row's writes grew their files, so an export has the {@value #GROWING_FILES} column */
	public static boolean growingFiles(List<MeasuredDelay> rows) {
		return rows.stream().anyMatch(row -> row.workload().files() == StorageWorkload.Files.GROWING);
	}

	/** Groups runs by plan, configuration and request type. */
	public static List<MeasuredDelay> of(List<MeasurementDatabase.Run> runs) {
		record Key(String plan, int configuration, IoType type) {
		}
		Map<Key, List<Double>> delays = new LinkedHashMap<>();
		Map<Key, StorageWorkload> workloads = new LinkedHashMap<>();
		for (MeasurementDatabase.Run run : runs) {
			for (IoType type : List.of(IoType.READ, IoType.WRITE)) {
				Latencies latencies = (type == IoType.READ ? run.reads() : run.writes()).orElse(null);
				if (latencies != null) {
					Key key = new Key(run.plan(), run.configuration(), type);
					delays.computeIfAbsent(key, unused -> new ArrayList<>()).add(latencies.mean());
					workloads.put(key, run.workload());
				}
			}
		}
		List<MeasuredDelay> rows = new ArrayList<>();
		delays.forEach((key, values) -> rows.add(
				new MeasuredDelay(key.plan(), key.configuration(), workloads.get(key), key.type(), values)));
		return rows;
	}

	/**
	 * Writes rows as CSV with the workload input names as columns and {@value #TARGET} last, the
	 * format {@code iosim regression fit/select} read; rows of synchronous writes add the column
	 * {@code synchronous} after the workload inputs. Rows of separate read and write threads add the
	 * column {@value #READ_THREADS} before {@value #TARGET}, with a number in every row; without them
	 * the file is what it was before separate threads existed, so that regression models fitted on all
	 * its columns take workload inputs only, as analysis models need. Rows of writes that grew their
	 * files add the column {@value #GROWING_FILES} the same way. The file appears complete or not at all.
	 */
	public static void writeCsv(List<MeasuredDelay> rows, Path file) throws IOException {
		boolean readThreads = separateThreads(rows);
		boolean growing = growingFiles(rows);
		List<WorkloadInput> columns = columns(rows);
		WholeFiles.write(file, temporary -> {
			try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
				out.write(String.join(",", columns.stream().map(WorkloadInput::inputName).toList())
						+ (readThreads ? "," + READ_THREADS : "") + (growing ? "," + GROWING_FILES : "") + "," + TARGET
						+ "\n");
				for (MeasuredDelay row : rows) {
					StringBuilder line = new StringBuilder();
					for (double value : row.inputs(columns)) {
						line.append(number(value)).append(',');
					}
					if (readThreads) {
						line.append(row.readThreads()).append(',');
					}
					if (growing) {
						line.append(row.workload().files() == StorageWorkload.Files.GROWING ? 1 : 0).append(',');
					}
					out.write(line.append(String.format(Locale.ROOT, "%.9g", row.meanDelay())).append('\n').toString());
				}
			}
		});
	}

	private static String number(double value) {
		return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
				: String.format(Locale.ROOT, "%s", value);
	}
}
