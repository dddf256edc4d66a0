package org.iosim.analysis;

import java.util.Objects;

import org.iosim.pcm.io.ConcurrencyCounting;
import org.iosim.pcm.io.FileSetSizePolicy;

/**
 * Choices where 001's definition of the workload state is silent, as a virtualized storage of the
 * I/O configuration makes them.
 *
 * @param concurrencyCounting whether {@link WorkloadInput#CONCURRENCY} counts the arriving request
 * @param fileSetSizePolicy   where {@link WorkloadInput#FILE_SET_SIZE} comes from
 */
public record WorkloadOptions(ConcurrencyCounting concurrencyCounting, FileSetSizePolicy fileSetSizePolicy) {

	/**
	 * The defaults: {@link ConcurrencyCounting#INCLUDING_ARRIVING} and
	 * {@link FileSetSizePolicy#REQUEST}.
	 */
	public static final WorkloadOptions DEFAULTS =
			new WorkloadOptions(ConcurrencyCounting.INCLUDING_ARRIVING, FileSetSizePolicy.REQUEST);

	public WorkloadOptions {
		Objects.requireNonNull(concurrencyCounting, "concurrencyCounting");
		Objects.requireNonNull(fileSetSizePolicy, "fileSetSizePolicy");
	}

	/** @return e.g. {@code concurrency counts the arriving request, file set size of the request} */
	public String describe() {
		return (concurrencyCounting == ConcurrencyCounting.INCLUDING_ARRIVING
				? "concurrency counts the arriving request" : "concurrency counts only requests already in service")
				+ ", " + (fileSetSizePolicy == FileSetSizePolicy.REQUEST ? "file set size of the request"
						: "file set size of all file sets in the status list");
	}

	/** @return these options with the given concurrency counting */
	public WorkloadOptions withConcurrencyCounting(ConcurrencyCounting counting) {
		return new WorkloadOptions(counting, fileSetSizePolicy);
	}

	/** @return these options with the given file set size policy */
	public WorkloadOptions withFileSetSizePolicy(FileSetSizePolicy policy) {
		return new WorkloadOptions(concurrencyCounting, policy);
	}
}
