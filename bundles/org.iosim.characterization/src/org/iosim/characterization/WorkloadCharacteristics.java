package org.iosim.characterization;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.iosim.analysis.AccessPattern;
import org.iosim.analysis.WorkloadInput;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The workload of a measured trace in the terms of 001 (Sect. 5.3) and of the analysis models'
 * {@link WorkloadInput}s, so that it compares with the workload state of a simulation. Times are in
 * seconds, sizes in bytes.
 *
 * @param requests           reads and writes in the trace
 * @param reads              reads, |Γ_r|
 * @param writes             writes, |Γ_w|
 * @param timedRequests      requests whose issue and completion time the trace gives; only they
 *                           count towards {@code concurrency}
 * @param clients            distinct clients named by the trace, 0 if it names none
 * @param files              distinct files (or devices) accessed
 * @param observationPeriod  T: from the earliest to the latest time in the trace
 * @param concurrency        closed workload intensity (Eqs. 5.1 and 5.4): the mean number of
 *                           requests in flight (issued, not completed) over the observation period,
 *                           exactly or at sampling points φ times a second (see
 *                           {@link CharacterizationOptions}). With one request per client at a time,
 *                           as in the thesis' closed workloads, this is its mean number of active
 *                           clients; it is what analysis models take as
 *                           {@link WorkloadInput#CONCURRENCY}. NaN if no request is timed, the period
 *                           is 0, or it holds no sampling point.
 * @param arrivalRate        open workload intensity (Eq. 5.6): requests per second over the
 *                           observation period; NaN if the period is 0
 * @param meanReadSize       mean bytes of a read (Eq. 5.7), 0 without reads
 * @param meanWriteSize      mean bytes of a write (Eq. 5.8), 0 without writes
 * @param readRatio          prop_read (Eq. 5.9): reads over requests
 * @param readSequentiality  proportion of sequential reads among the reads (Eq. 5.12, see
 *                           {@link AccessPatternRecognition}), 0 without reads
 * @param writeSequentiality proportion of sequential writes among the writes, 0 without writes
 * @param readSequentialityByChance  the read sequentiality that as many random reads of the mean
 *                           read size over the file set reach by chance
 *                           ({@link AccessPatternRecognition#chanceRatio}): beside
 *                           {@code readSequentiality}, it tells a sequential workload from a small
 *                           random one
 * @param writeSequentialityByChance as {@code readSequentialityByChance}, for the writes
 * @param fileSetSize        bytes in the file set (Eq. 5.21). A trace shows neither file sizes nor
 *                           the creation or deletion of files, so each file's size is estimated as
 *                           the extent from the lowest to the highest byte accessed in it, and the set
 *                           as constant: the sum of these extents. For a block trace the "files" are
 *                           devices and the extent spans all regions accessed.
 * @param meanFileSize       mean bytes of a file (Eq. 5.17), estimated likewise: fileSetSize / files
 * @param options            the parameters used
 */
public record WorkloadCharacteristics(long requests, long reads, long writes, long timedRequests, int clients,
		int files, double observationPeriod, double concurrency, double arrivalRate, double meanReadSize,
		double meanWriteSize, double readRatio, double readSequentiality, double writeSequentiality,
		double readSequentialityByChance, double writeSequentialityByChance, double fileSetSize,
		double meanFileSize, CharacterizationOptions options) {

	/** Name of {@link #readSequentialityByChance()} in {@link #metrics()}. */
	public static final String READ_SEQUENTIALITY_BY_CHANCE = "readSequentialityByChance";
	/** Name of {@link #writeSequentialityByChance()} in {@link #metrics()}. */
	public static final String WRITE_SEQUENTIALITY_BY_CHANCE = "writeSequentialityByChance";
	/** Name of {@link #arrivalRate()} in {@link #metrics()}. */
	public static final String ARRIVAL_RATE = "arrivalRate";
	/** Name of {@link #meanFileSize()} in {@link #metrics()}. */
	public static final String MEAN_FILE_SIZE = "meanFileSize";
	/** Name of {@link #observationPeriod()} in {@link #metrics()}. */
	public static final String OBSERVATION_PERIOD = "observationPeriod";
	/** Name of {@link #requests()} in {@link #metrics()}. */
	public static final String REQUESTS = "requests";
	/** Name of {@link #reads()} in {@link #metrics()}. */
	public static final String READS = "reads";
	/** Name of {@link #writes()} in {@link #metrics()}. */
	public static final String WRITES = "writes";
	/** Name of {@link #timedRequests()} in {@link #metrics()}. */
	public static final String TIMED_REQUESTS = "timedRequests";
	/** Name of {@link #clients()} in {@link #metrics()}. */
	public static final String CLIENTS = "clients";
	/** Name of {@link #files()} in {@link #metrics()}. */
	public static final String FILES = "files";

	/** @return sequential iff the reads' sequentiality reaches 0.5 (Eq. 5.13); random without reads */
	public AccessPattern readPattern() {
		return AccessPatternRecognition.pattern(readSequentiality);
	}

	/** @return sequential iff the writes' sequentiality reaches 0.5 (Eq. 5.13); random without writes */
	public AccessPattern writePattern() {
		return AccessPatternRecognition.pattern(writeSequentiality);
	}

	/** One metric: its name, value and the unit shown after it in text. */
	private record Metric(String name, double value, String unit) {
	}

	private List<Metric> metricList() {
		List<Metric> metrics = new ArrayList<>();
		metrics.add(new Metric(WorkloadInput.CONCURRENCY.inputName(), concurrency, "requests in flight"));
		metrics.add(new Metric(WorkloadInput.MEAN_READ_SIZE.inputName(), meanReadSize, "bytes"));
		metrics.add(new Metric(WorkloadInput.MEAN_WRITE_SIZE.inputName(), meanWriteSize, "bytes"));
		metrics.add(new Metric(WorkloadInput.READ_PATTERN.inputName(), patternValue(readPattern()),
				readPattern().name().toLowerCase(Locale.ROOT)));
		metrics.add(new Metric(WorkloadInput.WRITE_PATTERN.inputName(), patternValue(writePattern()),
				writePattern().name().toLowerCase(Locale.ROOT)));
		metrics.add(new Metric(WorkloadInput.READ_RATIO.inputName(), readRatio, ""));
		metrics.add(new Metric(WorkloadInput.FILE_SET_SIZE.inputName(), fileSetSize, "bytes"));
		metrics.add(new Metric(WorkloadInput.READ_SEQUENTIALITY.inputName(), readSequentiality, ""));
		metrics.add(new Metric(WorkloadInput.WRITE_SEQUENTIALITY.inputName(), writeSequentiality, ""));
		metrics.add(new Metric(READ_SEQUENTIALITY_BY_CHANCE, readSequentialityByChance(),
				"what random reads over the same extent reach"));
		metrics.add(new Metric(WRITE_SEQUENTIALITY_BY_CHANCE, writeSequentialityByChance(),
				"what random writes over the same extent reach"));
		metrics.add(new Metric(ARRIVAL_RATE, arrivalRate, "requests/s"));
		metrics.add(new Metric(MEAN_FILE_SIZE, meanFileSize, "bytes"));
		metrics.add(new Metric(OBSERVATION_PERIOD, observationPeriod, "s"));
		metrics.add(new Metric(REQUESTS, requests, ""));
		metrics.add(new Metric(READS, reads, ""));
		metrics.add(new Metric(WRITES, writes, ""));
		metrics.add(new Metric(TIMED_REQUESTS, timedRequests, "with issue and completion time"));
		metrics.add(new Metric(CLIENTS, clients, ""));
		metrics.add(new Metric(FILES, files, ""));
		return metrics;
	}

	/** The numeric encoding of {@link org.iosim.analysis.WorkloadState#value}: random 0, sequential 1. */
	private static double patternValue(AccessPattern pattern) {
		return pattern == AccessPattern.SEQUENTIAL ? 1 : 0;
	}

	/**
	 * @return every metric by name: the workload inputs the trace determines ({@code concurrency},
	 *         {@code meanReadSize}, {@code meanWriteSize}, {@code readPattern}, {@code writePattern},
	 *         {@code readRatio}, {@code fileSetSize}, {@code readSequentiality},
	 *         {@code writeSequentiality}; patterns random 0, sequential 1), then
	 *         {@link #READ_SEQUENTIALITY_BY_CHANCE}, {@link #WRITE_SEQUENTIALITY_BY_CHANCE}, {@link #ARRIVAL_RATE},
	 *         {@link #MEAN_FILE_SIZE}, {@link #OBSERVATION_PERIOD} and the counts; NaN where undefined
	 */
	public Map<String, Double> metrics() {
		Map<String, Double> metrics = new LinkedHashMap<>();
		for (Metric metric : metricList()) {
			metrics.put(metric.name(), metric.value());
		}
		return metrics;
	}

	/** @return one line a metric, e.g. {@code meanReadSize         4096 bytes}; "undefined" for NaN */
	public List<String> textLines() {
		List<String> lines = new ArrayList<>();
		for (Metric metric : metricList()) {
			String value = Double.isNaN(metric.value()) ? "undefined" : format(metric.value());
			lines.add(String.format(Locale.ROOT, "%-20s %s%s", metric.name(), value,
					metric.unit().isEmpty() ? "" : " " + metric.unit()).stripTrailing());
		}
		return lines;
	}

	/**
	 * @return a JSON object: {@code options} (windowLength, samplingFrequency, null for the exact time
	 *         average) and {@code metrics} as {@link #metrics()} gives them, null where undefined
	 */
	public String toJson() {
		JsonNodeFactory nodes = JsonNodeFactory.instance;
		ObjectNode json = nodes.objectNode();
		ObjectNode parameters = json.putObject("options");
		parameters.put("windowLength", options.windowLength());
		if (options.exactTimeAverage()) {
			parameters.putNull("samplingFrequency");
		} else {
			parameters.put("samplingFrequency", options.samplingFrequency());
		}
		ObjectNode values = json.putObject("metrics");
		for (Metric metric : metricList()) {
			if (Double.isNaN(metric.value())) {
				values.putNull(metric.name());
			} else if (metric.value() == Math.rint(metric.value()) && Math.abs(metric.value()) < 1e15) {
				values.put(metric.name(), (long) metric.value());
			} else {
				values.put(metric.name(), metric.value());
			}
		}
		return json.toPrettyString();
	}

	/** A whole number without decimals, any other in six significant digits, with an exponent only when huge. */
	private static String format(double value) {
		boolean huge = Math.abs(value) >= 1e15;
		if (value == Math.rint(value) && !huge) {
			return Long.toString((long) value);
		}
		BigDecimal rounded = new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros();
		return huge ? rounded.toString() : rounded.toPlainString();
	}
}
