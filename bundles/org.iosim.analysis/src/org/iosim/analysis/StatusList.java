package org.iosim.analysis;

import org.iosim.pcm.io.IoType;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.iosim.pcm.io.ConcurrencyCounting;
import org.iosim.pcm.io.FileSetSizePolicy;
import org.iosim.analysis.internal.CompensatedSum;
import org.iosim.pcm.io.FixedMemoryLength;
import org.iosim.pcm.io.LittlesLawMemoryLength;
import org.iosim.pcm.io.MemoryLength;

/**
 * The status list of the virtualized-storage scheduler (001, Sect. 8.3.3, steps II and III): the
 * last n requests that arrived at one storage resource, from whichever component or VM (step I),
 * and the workload state derived from them.
 * <p>
 * An arrival costs constant time whatever n is: the list is a ring buffer and the sums behind the
 * means are updated as requests enter and leave. The sums are compensated, so the means do not
 * drift over millions of arrivals, and a mean sequentiality of exactly 0.5 stays sequential.
 * <p>
 * Warm-up: until n requests have arrived the state is computed from those that have (Eq. 8.2).
 * <p>
 * An instance belongs to one resource of one simulation run and is not thread-safe.
 */
public final class StatusList {

	/** A read or write pattern is sequential iff the mean sequentiality in the list reaches this (001, step III). */
	public static final double SEQUENTIAL_THRESHOLD = 0.5;

	private final ArrivingRequest[] ring;
	private final WorkloadOptions options;
	private int oldest;
	private int size;

	private int reads;
	private int writes;
	private final CompensatedSum readSizes = new CompensatedSum();
	private final CompensatedSum writeSizes = new CompensatedSum();
	private final CompensatedSum readSequentialities = new CompensatedSum();
	private final CompensatedSum writeSequentialities = new CompensatedSum();

	/** Maintained only under {@link FileSetSizePolicy#UNION_OF_LIST}. */
	private final Map<String, FileSetUse> fileSetsInList = new HashMap<>();
	private final CompensatedSum unionFileSetSize = new CompensatedSum();

	/** How many requests in the list access a file set, and the size the latest of them declared. */
	private static final class FileSetUse {
		int requests;
		double size;
	}

	/**
	 * A list with the {@link WorkloadOptions#DEFAULTS default options}.
	 *
	 * @param memoryLength n, the number of requests kept, at least 1
	 */
	public StatusList(int memoryLength) {
		this(memoryLength, WorkloadOptions.DEFAULTS);
	}

	/**
	 * @param memoryLength n, the number of requests kept, at least 1; see {@link #memoryLength(double, double)}
	 * @param options      how concurrency and file set size are determined
	 */
	public StatusList(int memoryLength, WorkloadOptions options) {
		if (memoryLength < 1) {
			throw new IllegalArgumentException("memory length must be at least 1 but is " + memoryLength);
		}
		this.ring = new ArrivingRequest[memoryLength];
		this.options = Objects.requireNonNull(options, "options");
	}

	/**
	 * The memory length of Eq. 8.1, n = mean I/O delay × I/O arrival rate (Little's law: the mean
	 * number of requests at the resource), in consistent time units, e.g. seconds and requests per
	 * second.
	 *
	 * @param meanDelay   mean delay of an I/O request, finite and not negative
	 * @param arrivalRate I/O requests arriving per time unit, finite and not negative
	 * @return the product rounded to the nearest integer, at least 1
	 * @throws IllegalArgumentException if an argument is negative, NaN or infinite, or the product
	 *                                  exceeds {@link Integer#MAX_VALUE}
	 */
	public static int memoryLength(double meanDelay, double arrivalRate) {
		if (!(meanDelay >= 0) || Double.isInfinite(meanDelay)) {
			throw new IllegalArgumentException("mean I/O delay must be finite and not negative but is " + meanDelay);
		}
		if (!(arrivalRate >= 0) || Double.isInfinite(arrivalRate)) {
			throw new IllegalArgumentException("I/O arrival rate must be finite and not negative but is " + arrivalRate);
		}
		double product = meanDelay * arrivalRate;
		if (product >= Integer.MAX_VALUE) {
			throw new IllegalArgumentException("memory length " + meanDelay + " × " + arrivalRate + " = " + product
					+ " exceeds the largest supported length " + Integer.MAX_VALUE);
		}
		return Math.max(1, (int) Math.round(product));
	}

	/**
	 * @param length a virtualized storage's memory length, as its I/O configuration gives it
	 * @return n: the fixed number, or the one of {@link #memoryLength(double, double) Eq. 8.1}
	 * @throws IllegalArgumentException if there is none, or Eq. 8.1 is given impossible figures
	 */
	public static int memoryLength(MemoryLength length) {
		if (length instanceof FixedMemoryLength fixed) {
			return fixed.getRequests();
		}
		if (length instanceof LittlesLawMemoryLength littlesLaw) {
			return memoryLength(littlesLaw.getMeanDelay(), littlesLaw.getArrivalRate());
		}
		throw new IllegalArgumentException("no memory length (fixed, or from Eq. 8.1 as mean delay × arrival rate)");
	}

	/** @return n, the number of requests the list keeps */
	public int memoryLength() {
		return ring.length;
	}

	/** @return the number of requests in the list: the arrivals so far, at most n */
	public int size() {
		return size;
	}

	/** @return the options the list computes the state with */
	public WorkloadOptions options() {
		return options;
	}

	/**
	 * Adds an arriving request to the list, dropping the oldest if the list is full (step II), and
	 * computes the workload state the request meets (step III).
	 *
	 * @param request           the arriving request
	 * @param requestsInService requests being served at the resource when this one arrives, not
	 *                          counting it
	 * @return the state, including the arriving request in every mean and ratio
	 */
	public WorkloadState arrive(ArrivingRequest request, int requestsInService) {
		Objects.requireNonNull(request, "request");
		if (requestsInService < 0) {
			throw new IllegalArgumentException("requests in service must not be negative but are " + requestsInService);
		}
		int concurrency = options.concurrencyCounting() == ConcurrencyCounting.INCLUDING_ARRIVING
				? Math.addExact(requestsInService, 1)
				: requestsInService;
		if (size == ring.length) {
			leave(ring[oldest]);
			ring[oldest] = request;
			oldest = (oldest + 1) % ring.length;
		} else {
			ring[(oldest + size) % ring.length] = request;
			size++;
		}
		enter(request);
		return state(request, concurrency);
	}

	private void enter(ArrivingRequest request) {
		if (request.type() == IoType.READ) {
			reads++;
			readSizes.add(request.size());
			readSequentialities.add(request.sequentiality());
		} else {
			writes++;
			writeSizes.add(request.size());
			writeSequentialities.add(request.sequentiality());
		}
		if (options.fileSetSizePolicy() == FileSetSizePolicy.UNION_OF_LIST) {
			FileSetUse use = fileSetsInList.computeIfAbsent(request.fileSet(), name -> new FileSetUse());
			if (use.requests > 0) {
				unionFileSetSize.subtract(use.size);
			}
			use.requests++;
			use.size = request.fileSetSize();
			unionFileSetSize.add(use.size);
		}
	}

	private void leave(ArrivingRequest request) {
		if (request.type() == IoType.READ) {
			reads--;
			if (reads == 0) {
				readSizes.reset();
				readSequentialities.reset();
			} else {
				readSizes.subtract(request.size());
				readSequentialities.subtract(request.sequentiality());
			}
		} else {
			writes--;
			if (writes == 0) {
				writeSizes.reset();
				writeSequentialities.reset();
			} else {
				writeSizes.subtract(request.size());
				writeSequentialities.subtract(request.sequentiality());
			}
		}
		if (options.fileSetSizePolicy() == FileSetSizePolicy.UNION_OF_LIST) {
			FileSetUse use = fileSetsInList.get(request.fileSet());
			use.requests--;
			if (use.requests == 0) {
				fileSetsInList.remove(request.fileSet());
				unionFileSetSize.subtract(use.size);
			}
		}
	}

	private WorkloadState state(ArrivingRequest request, int concurrency) {
		double readSequentiality = mean(readSequentialities, reads, 1);
		double writeSequentiality = mean(writeSequentialities, writes, 1);
		double fileSetSize = options.fileSetSizePolicy() == FileSetSizePolicy.UNION_OF_LIST
				? Math.max(0, unionFileSetSize.value())
				: request.fileSetSize();
		return new WorkloadState(concurrency, request.type(),
				mean(readSizes, reads, Double.MAX_VALUE),
				mean(writeSizes, writes, Double.MAX_VALUE),
				pattern(reads, readSequentiality),
				pattern(writes, writeSequentiality),
				(double) reads / (reads + writes),
				fileSetSize,
				request.size(),
				readSequentiality,
				writeSequentiality,
				request.synchronous());
	}

	/**
	 * @return the mean, 0 without values; kept within [0, upperBound] because the last rounding
	 *         could otherwise push a mean of values at a bound just past it
	 */
	private static double mean(CompensatedSum sum, int count, double upperBound) {
		return count == 0 ? 0 : Math.min(upperBound, Math.max(0, sum.value() / count));
	}

	private static AccessPattern pattern(int count, double meanSequentiality) {
		return count > 0 && meanSequentiality >= SEQUENTIAL_THRESHOLD ? AccessPattern.SEQUENTIAL : AccessPattern.RANDOM;
	}
}
