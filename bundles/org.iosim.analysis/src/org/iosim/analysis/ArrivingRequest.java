package org.iosim.analysis;

import java.util.Objects;

import org.iosim.pcm.io.IoType;

/**
 * One I/O request as it arrives at the storage resource: the dynamic information it carries (001,
 * Fig. 8.4), drawn from the stochastic expressions of the {@link org.iosim.pcm.io.ArrivingRequest} that
 * issued it.
 *
 * @param type          read or write
 * @param size          bytes transferred, finite and not negative
 * @param sequentiality probability that the access is sequential, in [0, 1]
 * @param fileSet       name of the file set accessed; requests naming the same file set access
 *                      the same data
 * @param fileSetSize   bytes in the file set, finite and not negative
 * @param synchronous   a write the caller waits for until it is on stable storage (O_SYNC or a
 *                      flush after it); never a read
 */
public record ArrivingRequest(IoType type, double size, double sequentiality, String fileSet, double fileSetSize,
		boolean synchronous) {

	/** A request that is not synchronous. */
	public ArrivingRequest(IoType type, double size, double sequentiality, String fileSet, double fileSetSize) {
		this(type, size, sequentiality, fileSet, fileSetSize, false);
	}

	/** @throws IllegalArgumentException if a number is out of its range */
	public ArrivingRequest {
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(fileSet, "fileSet");
		if (!(size >= 0) || Double.isInfinite(size)) {
			throw new IllegalArgumentException("request size must be finite and not negative but is " + size);
		}
		if (!(sequentiality >= 0 && sequentiality <= 1)) {
			throw new IllegalArgumentException("sequentiality must lie in [0, 1] but is " + sequentiality);
		}
		if (!(fileSetSize >= 0) || Double.isInfinite(fileSetSize)) {
			throw new IllegalArgumentException(
					"size of file set '" + fileSet + "' must be finite and not negative but is " + fileSetSize);
		}
		if (synchronous && type == IoType.READ) {
			throw new IllegalArgumentException("only a write can be synchronous");
		}
	}
}
