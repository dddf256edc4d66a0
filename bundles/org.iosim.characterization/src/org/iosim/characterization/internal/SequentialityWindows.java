package org.iosim.characterization.internal;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The access pattern recognition of 001 (Algorithm 1, Eqs. 5.11 and 5.12) over a stream of
 * requests: the requests are cut into consecutive windows of a fixed length, and in each window
 * every request not yet counted looks for the earliest later one, not yet counted and in the same
 * file, that starts where it ends; such a pair counts as two sequential requests. The ratio is the
 * sequential requests of all windows over all requests.
 * <p>
 * A window costs O(w log w) time for w requests (a sort, then one binary search a request), so a
 * stream of n requests costs O(n log w), and the memory is that of one window.
 */
public final class SequentialityWindows {

	/** The window's requests are stored in arrays grown up to the window length, so short traces stay small. */
	private static final int INITIAL_CAPACITY = 64;

	private final int windowLength;
	private long[] starts = new long[INITIAL_CAPACITY];
	private long[] ends = new long[INITIAL_CAPACITY];
	private int[] files = new int[INITIAL_CAPACITY];
	private int buffered;
	private long requests;
	private long sequentialInClosedWindows;

	/** @param windowLength requests per window, at least 1 */
	public SequentialityWindows(int windowLength) {
		if (windowLength < 1) {
			throw new IllegalArgumentException("window length must be at least 1 but is " + windowLength);
		}
		this.windowLength = windowLength;
	}

	/**
	 * Adds the next request of the stream.
	 *
	 * @param file  the request's file; requests in different files never continue each other
	 * @param start its first block or byte
	 * @param end   the block or byte after it, in the same unit as {@code start}
	 */
	public void add(int file, long start, long end) {
		if (buffered == starts.length) {
			int capacity = (int) Math.min(windowLength, 2L * buffered);
			starts = Arrays.copyOf(starts, capacity);
			ends = Arrays.copyOf(ends, capacity);
			files = Arrays.copyOf(files, capacity);
		}
		starts[buffered] = start;
		ends[buffered] = end;
		files[buffered] = file;
		buffered++;
		requests++;
		if (buffered == windowLength) {
			sequentialInClosedWindows += sequentialInWindow();
			buffered = 0;
		}
	}

	/** @return the requests added so far */
	public long requests() {
		return requests;
	}

	/**
	 * @return the sequential requests over all requests added, the last window counted as far as it
	 *         goes; 0 without requests
	 */
	public double ratio() {
		return requests == 0 ? 0 : (sequentialInClosedWindows + sequentialInWindow()) / (double) requests;
	}

	/** @return the sequential requests of the buffered window by Algorithm 1: twice its pairs */
	private int sequentialInWindow() {
		int count = buffered;
		Integer[] byFileAndStart = new Integer[count];
		for (int i = 0; i < count; i++) {
			byFileAndStart[i] = i;
		}
		// among requests with the same file and start, the earlier comes first, so the earliest match is found first
		Arrays.sort(byFileAndStart, Comparator.<Integer>comparingInt(i -> files[i]).thenComparingLong(i -> starts[i])
				.thenComparingInt(i -> i));
		boolean[] counted = new boolean[count];
		// for each run of equal file and start (keyed by its first position in the sorted order): the
		// position from which to look for a match; before it lie only requests counted or already passed
		int[] nextCandidate = new int[count];
		int sequential = 0;
		for (int i = 0; i < count; i++) {
			if (counted[i]) {
				continue;
			}
			int run = firstWithFileAndStart(byFileAndStart, count, files[i], ends[i]);
			if (run < 0) {
				continue;
			}
			int candidate = Math.max(run, nextCandidate[run]);
			while (candidate < count && sameFileAndStart(byFileAndStart[candidate], byFileAndStart[run])
					&& (byFileAndStart[candidate] <= i || counted[byFileAndStart[candidate]])) {
				candidate++;
			}
			nextCandidate[run] = candidate;
			if (candidate < count && sameFileAndStart(byFileAndStart[candidate], byFileAndStart[run])) {
				counted[i] = true;
				counted[byFileAndStart[candidate]] = true;
				nextCandidate[run] = candidate + 1;
				sequential += 2;
			}
		}
		return sequential;
	}

	private boolean sameFileAndStart(int request, int other) {
		return files[request] == files[other] && starts[request] == starts[other];
	}

	/** @return the first position in the sorted order of a request with this file and start, or -1 */
	private int firstWithFileAndStart(Integer[] byFileAndStart, int count, int file, long start) {
		int low = 0;
		int high = count;
		while (low < high) {
			int middle = (low + high) >>> 1;
			int request = byFileAndStart[middle];
			if (files[request] < file || (files[request] == file && starts[request] < start)) {
				low = middle + 1;
			} else {
				high = middle;
			}
		}
		return low < count && files[byFileAndStart[low]] == file && starts[byFileAndStart[low]] == start ? low : -1;
	}
}
