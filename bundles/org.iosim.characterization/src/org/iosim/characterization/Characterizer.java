package org.iosim.characterization;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.iosim.characterization.internal.SequentialityWindows;
import org.iosim.pcm.io.IoType;

/**
 * Characterizes a stream of requests as 001 does (Sect. 5.3), one request at a time: what is kept
 * does not grow with the number of requests, only with the number of files and clients (see
 * {@link WorkloadCharacteristics} for the metrics and their definitions).
 * <p>
 * The requests must come in the order the trace observed them. Only the access pattern depends on
 * the order, and the sampling points of the concurrency, which are counted from the first request.
 * An instance is not thread-safe.
 */
public final class Characterizer {

	private final CharacterizationOptions options;
	private final SequentialityWindows readWindows;
	private final SequentialityWindows writeWindows;
	/** By file; a null key is the address space of requests without a file. */
	private final Map<String, FileExtent> files = new HashMap<>();
	private final Set<String> clients = new HashSet<>();

	private long timedRequests;
	// doubles: exact up to 2^53 bytes, where a long could overflow on the sizes of an untrusted trace
	private double readBytes;
	private double writeBytes;
	/**
	 * Σ over timed requests of the time each is in flight: the integral of χ in Eq. 5.1, or Σ_k χ(s_k)
	 * of Eq. 5.4 when sampling, the time then counted in sampling points.
	 */
	private double timeInFlight;
	/** The time from which sampling points are counted: the first request's. */
	private double samplingOrigin = Double.NaN;
	private double earliest = Double.POSITIVE_INFINITY;
	private double latest = Double.NEGATIVE_INFINITY;

	/** The bytes of one file the requests touched, from the lowest to the highest. */
	private static final class FileExtent {
		final int id;
		long lowest = Long.MAX_VALUE;
		long highestEnd;

		FileExtent(int id) {
			this.id = id;
		}
	}

	public Characterizer(CharacterizationOptions options) {
		this.options = Objects.requireNonNull(options, "options");
		this.readWindows = new SequentialityWindows(options.windowLength());
		this.writeWindows = new SequentialityWindows(options.windowLength());
	}

	/** Adds the next request observed. */
	public void accept(IoRecord request) {
		FileExtent file = files.computeIfAbsent(request.file(), name -> new FileExtent(files.size()));
		file.lowest = Math.min(file.lowest, request.offset());
		file.highestEnd = Math.max(file.highestEnd, request.end());
		if (request.client() != null) {
			clients.add(request.client());
		}
		if (request.type() == IoType.READ) {
			readBytes += request.length();
			readWindows.add(file.id, request.offset(), request.end());
		} else {
			writeBytes += request.length();
			writeWindows.add(file.id, request.offset(), request.end());
		}
		if (Double.isNaN(samplingOrigin)) {
			samplingOrigin = request.time();
		}
		observe(request.issued());
		observe(request.completed());
		if (request.timed()) {
			timedRequests++;
			timeInFlight += duration(request.issued(), request.completed());
		}
	}

	private void observe(double time) {
		if (!Double.isNaN(time)) {
			earliest = Math.min(earliest, time);
			latest = Math.max(latest, time);
		}
	}

	/**
	 * When sampling, the sampling points lie in the middle of the intervals of length 1/φ counted from the origin:
	 * a midpoint Riemann sum of Eq. 5.1 rather than Eq. 5.4's right ends, which is exact for
	 * requests on the 1/φ grid and not thrown off by the rounding of times such as fio's
	 * milliseconds. Counting the points a request covers costs O(1) whatever φ is.
	 *
	 * @return the length of [from, to) in seconds, or when sampling its number of sampling points
	 */
	private double duration(double from, double to) {
		if (options.exactTimeAverage()) {
			return to - from;
		}
		double frequency = options.samplingFrequency();
		return Math.ceil((to - samplingOrigin) * frequency - 0.5) - Math.ceil((from - samplingOrigin) * frequency - 0.5);
	}

	/** @return the requests accepted so far */
	public long requests() {
		return readWindows.requests() + writeWindows.requests();
	}

	/**
	 * @return the characteristics of the requests accepted so far
	 * @throws IllegalStateException if there are none
	 */
	public WorkloadCharacteristics result() {
		long reads = readWindows.requests();
		long writes = writeWindows.requests();
		long requests = reads + writes;
		if (requests == 0) {
			throw new IllegalStateException("no read or write requests to characterize");
		}
		double period = latest - earliest;
		double periodDuration = duration(earliest, latest);
		double fileSetSize = 0;
		for (FileExtent file : files.values()) {
			fileSetSize += file.highestEnd - file.lowest;
		}
		double meanReadSize = reads > 0 ? readBytes / reads : 0;
		double meanWriteSize = writes > 0 ? writeBytes / writes : 0;
		int window = options.windowLength();
		return new WorkloadCharacteristics(requests, reads, writes, timedRequests, clients.size(), files.size(),
				period, timedRequests > 0 && periodDuration > 0 ? timeInFlight / periodDuration : Double.NaN,
				period > 0 ? requests / period : Double.NaN, meanReadSize, meanWriteSize, reads / (double) requests,
				readWindows.ratio(), writeWindows.ratio(),
				AccessPatternRecognition.chanceRatio(reads, meanReadSize, fileSetSize, window),
				AccessPatternRecognition.chanceRatio(writes, meanWriteSize, fileSetSize, window), fileSetSize,
				fileSetSize / files.size(), options);
	}
}
