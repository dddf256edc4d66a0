package org.iosim.analysis;

import org.iosim.pcm.io.IoType;

import java.util.Map;
import java.util.Objects;

/**
 * The state of the workload at a storage resource when a request arrives (001, step III): what an
 * analysis model predicts the request's delay from. {@link StatusList#arrive} computes it.
 *
 * @param concurrency        requests in service at the resource (see {@link WorkloadOptions})
 * @param type               type of the arriving request
 * @param meanReadSize       mean bytes of the reads in the status list, 0 without reads
 * @param meanWriteSize      mean bytes of the writes in the status list, 0 without writes
 * @param readPattern        sequential iff the list holds reads of mean sequentiality at least 0.5
 * @param writePattern       sequential iff the list holds writes of mean sequentiality at least 0.5
 * @param readRatio          reads in the list divided by all requests in it, in [0, 1]
 * @param fileSetSize        bytes of the file set (see {@link WorkloadOptions})
 * @param requestSize        bytes of the arriving request
 * @param readSequentiality  mean sequentiality of the reads in the list, 0 without reads
 * @param writeSequentiality mean sequentiality of the writes in the list, 0 without writes
 * @param synchronous        whether the arriving request is a synchronous write
 */
public record WorkloadState(int concurrency, IoType type, double meanReadSize, double meanWriteSize,
		AccessPattern readPattern, AccessPattern writePattern, double readRatio, double fileSetSize,
		double requestSize, double readSequentiality, double writeSequentiality, boolean synchronous) {

	/** A state whose arriving request is not synchronous. */
	public WorkloadState(int concurrency, IoType type, double meanReadSize, double meanWriteSize,
			AccessPattern readPattern, AccessPattern writePattern, double readRatio, double fileSetSize,
			double requestSize, double readSequentiality, double writeSequentiality) {
		this(concurrency, type, meanReadSize, meanWriteSize, readPattern, writePattern, readRatio, fileSetSize,
				requestSize, readSequentiality, writeSequentiality, false);
	}

	/** @throws IllegalArgumentException if a number is out of its range */
	public WorkloadState {
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(readPattern, "readPattern");
		Objects.requireNonNull(writePattern, "writePattern");
		if (concurrency < 0) {
			throw new IllegalArgumentException("concurrency must not be negative but is " + concurrency);
		}
		requireSize("meanReadSize", meanReadSize);
		requireSize("meanWriteSize", meanWriteSize);
		requireSize("fileSetSize", fileSetSize);
		requireSize("requestSize", requestSize);
		requireFraction("readRatio", readRatio);
		requireFraction("readSequentiality", readSequentiality);
		requireFraction("writeSequentiality", writeSequentiality);
		if (synchronous && type == IoType.READ) {
			throw new IllegalArgumentException("only a write can be synchronous");
		}
	}

	private static void requireSize(String name, double value) {
		if (!(value >= 0) || Double.isInfinite(value)) {
			throw new IllegalArgumentException(name + " must be finite and not negative but is " + value);
		}
	}

	private static void requireFraction(String name, double value) {
		if (!(value >= 0 && value <= 1)) {
			throw new IllegalArgumentException(name + " must lie in [0, 1] but is " + value);
		}
	}

	/**
	 * @param input an input
	 * @return its value as a number: {@link IoType#READ} 0, {@link IoType#WRITE} 1,
	 *         {@link AccessPattern#RANDOM} 0, {@link AccessPattern#SEQUENTIAL} 1
	 */
	public double value(WorkloadInput input) {
		return switch (input) {
			case CONCURRENCY -> concurrency;
			case TYPE -> type == IoType.READ ? 0 : 1;
			case MEAN_READ_SIZE -> meanReadSize;
			case MEAN_WRITE_SIZE -> meanWriteSize;
			case READ_PATTERN -> readPattern == AccessPattern.SEQUENTIAL ? 1 : 0;
			case WRITE_PATTERN -> writePattern == AccessPattern.SEQUENTIAL ? 1 : 0;
			case READ_RATIO -> readRatio;
			case FILE_SET_SIZE -> fileSetSize;
			case REQUEST_SIZE -> requestSize;
			case READ_SEQUENTIALITY -> readSequentiality;
			case WRITE_SEQUENTIALITY -> writeSequentiality;
			case SYNCHRONOUS -> synchronous ? 1 : 0;
		};
	}

	/**
	 * Builds a state from input values in their numeric encoding, e.g. a measured configuration
	 * or a point of a delay table.
	 *
	 * @param values values by input; an input not given is 0 (a read, random patterns)
	 * @return the state
	 * @throws IllegalArgumentException if {@code concurrency} is not a whole number, {@code type}
	 *                                  a pattern or {@code synchronous} is neither 0 nor 1, or a number is out of its
	 *                                  range
	 */
	public static WorkloadState of(Map<WorkloadInput, ? extends Number> values) {
		double concurrency = number(values, WorkloadInput.CONCURRENCY);
		if (concurrency != Math.rint(concurrency) || concurrency > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("concurrency must be a whole number but is " + concurrency);
		}
		return new WorkloadState((int) concurrency,
				binary(values, WorkloadInput.TYPE) ? IoType.WRITE : IoType.READ,
				number(values, WorkloadInput.MEAN_READ_SIZE),
				number(values, WorkloadInput.MEAN_WRITE_SIZE),
				pattern(values, WorkloadInput.READ_PATTERN),
				pattern(values, WorkloadInput.WRITE_PATTERN),
				number(values, WorkloadInput.READ_RATIO),
				number(values, WorkloadInput.FILE_SET_SIZE),
				number(values, WorkloadInput.REQUEST_SIZE),
				number(values, WorkloadInput.READ_SEQUENTIALITY),
				number(values, WorkloadInput.WRITE_SEQUENTIALITY),
				binary(values, WorkloadInput.SYNCHRONOUS));
	}

	private static double number(Map<WorkloadInput, ? extends Number> values, WorkloadInput input) {
		Number value = values.get(input);
		return value == null ? 0 : value.doubleValue();
	}

	private static boolean binary(Map<WorkloadInput, ? extends Number> values, WorkloadInput input) {
		double value = number(values, input);
		if (value != 0 && value != 1) {
			throw new IllegalArgumentException(input.inputName() + " must be 0 or 1 but is " + value);
		}
		return value == 1;
	}

	private static AccessPattern pattern(Map<WorkloadInput, ? extends Number> values, WorkloadInput input) {
		return binary(values, input) ? AccessPattern.SEQUENTIAL : AccessPattern.RANDOM;
	}
}
