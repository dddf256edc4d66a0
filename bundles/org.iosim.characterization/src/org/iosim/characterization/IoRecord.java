package org.iosim.characterization;

import java.util.Objects;

import org.iosim.pcm.io.IoType;

/**
 * One read or write request of a measured trace. A trace may know when a request was issued, when
 * it completed, or both; each time is in seconds on the trace's own clock (fio: since the job
 * started, blkparse: since tracing started).
 *
 * @param issued    when the request was issued, NaN if the trace does not say
 * @param completed when it completed, not before {@code issued}; NaN if the trace does not say
 * @param type      read or write
 * @param offset    first byte accessed, counted from the start of {@code file}
 * @param length    bytes accessed, at least 1
 * @param client    who issued the request (a thread, process or fio job), null if unknown
 * @param file      the file or device whose bytes {@code offset} counts; requests in different
 *                  files never continue each other. Null if the trace has a single address space.
 */
public record IoRecord(double issued, double completed, IoType type, long offset, long length, String client,
		String file) {

	/** @throws IllegalArgumentException if both times are unknown, a time is infinite or a number is out of its range */
	public IoRecord {
		Objects.requireNonNull(type, "type");
		if (Double.isInfinite(issued) || Double.isInfinite(completed)) {
			throw new IllegalArgumentException("times must be finite, or NaN if unknown, but are " + issued + " and "
					+ completed);
		}
		if (Double.isNaN(issued) && Double.isNaN(completed)) {
			throw new IllegalArgumentException("a request needs its issue or its completion time");
		}
		if (completed < issued) {
			throw new IllegalArgumentException("completion " + completed + " precedes issue " + issued);
		}
		if (offset < 0) {
			throw new IllegalArgumentException("offset must not be negative but is " + offset);
		}
		if (length < 1) {
			throw new IllegalArgumentException("length must be at least 1 but is " + length);
		}
		if (offset > Long.MAX_VALUE - length) {
			throw new IllegalArgumentException("offset " + offset + " + length " + length + " exceeds "
					+ Long.MAX_VALUE);
		}
	}

	/** @return the first byte after the request: {@code offset + length} */
	public long end() {
		return offset + length;
	}

	/** @return when the trace first saw the request: its issue, else its completion */
	public double time() {
		return Double.isNaN(issued) ? completed : issued;
	}

	/** @return whether the trace gives both the issue and the completion time */
	public boolean timed() {
		return !Double.isNaN(issued) && !Double.isNaN(completed);
	}
}
