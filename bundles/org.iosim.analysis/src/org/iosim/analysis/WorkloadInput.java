package org.iosim.analysis;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The quantities an analysis model may take as input: the eight workload parameters of 001
 * (Sect. 8.3.2) three that the thesis computes but drops ({@link #REQUEST_SIZE},
 * {@link #READ_SEQUENTIALITY}, {@link #WRITE_SEQUENTIALITY}), and whether the arriving request is
 * {@link #SYNCHRONOUS}. Each has the name by which
 * delay formulas, delay tables and regression data columns refer to it; names are
 * case-sensitive.
 */
public enum WorkloadInput {

	/** Requests in service at the storage resource; whether the arriving one counts is a {@link WorkloadOptions} choice. */
	CONCURRENCY("concurrency"),
	/** Type of the arriving request: 0 read, 1 write. */
	TYPE("type"),
	/** Mean size in bytes of the reads in the status list, 0 without reads. */
	MEAN_READ_SIZE("meanReadSize"),
	/** Mean size in bytes of the writes in the status list, 0 without writes. */
	MEAN_WRITE_SIZE("meanWriteSize"),
	/** 1 if the reads in the status list are sequential, 0 if random (or there are none). */
	READ_PATTERN("readPattern"),
	/** 1 if the writes in the status list are sequential, 0 if random (or there are none). */
	WRITE_PATTERN("writePattern"),
	/** Reads in the status list divided by all requests in it. */
	READ_RATIO("readRatio"),
	/** Bytes in the file set, per the {@link WorkloadOptions} file set size policy. */
	FILE_SET_SIZE("fileSetSize"),
	/** Size in bytes of the arriving request itself. */
	REQUEST_SIZE("requestSize"),
	/** Mean sequentiality of the reads in the status list, 0 without reads. */
	READ_SEQUENTIALITY("readSequentiality"),
	/** Mean sequentiality of the writes in the status list, 0 without writes. */
	WRITE_SEQUENTIALITY("writeSequentiality"),
	/**
	 * 1 if the arriving request is a synchronous write (the caller waits for stable storage:
	 * {@code O_SYNC}, or {@code fdatasync} after the write), else 0. Not one of 001's inputs: its
	 * measurements wrote through the page cache.
	 */
	SYNCHRONOUS("synchronous");

	private static final List<WorkloadInput> ALL = List.of(values());

	private final String inputName;

	WorkloadInput(String inputName) {
		this.inputName = inputName;
	}

	/** @return the name used in formulas, tables and data columns, e.g. {@code meanReadSize} */
	public String inputName() {
		return inputName;
	}

	/**
	 * @param name an input name, e.g. {@code concurrency}
	 * @return the input of that name, or empty if there is none
	 */
	public static Optional<WorkloadInput> named(String name) {
		for (WorkloadInput input : ALL) {
			if (input.inputName.equals(name)) {
				return Optional.of(input);
			}
		}
		return Optional.empty();
	}

	/** @return all input names in declaration order, for error messages and documentation */
	public static List<String> names() {
		return Arrays.stream(values()).map(WorkloadInput::inputName).toList();
	}
}
