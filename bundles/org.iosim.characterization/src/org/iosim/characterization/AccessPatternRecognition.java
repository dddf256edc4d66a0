package org.iosim.characterization;

import java.util.List;
import java.util.SplittableRandom;

import org.iosim.analysis.AccessPattern;
import org.iosim.analysis.StatusList;
import org.iosim.characterization.internal.SequentialityWindows;

/**
 * The access pattern recognition of 001 (Sect. 5.3.4): the proportion of (interleaved) sequential
 * requests in a sequence, and the pattern it implies.
 * <p>
 * Algorithm 1 walks the sequence; each request not yet counted looks for the earliest later one not
 * yet counted that starts where it ends, and both count as sequential. The requests between them,
 * from other clients for instance, do not matter, so interleaved sequential streams are recognised.
 * Two decisions differ from the pseudocode or go beyond it:
 * <ul>
 * <li>The pseudocode divides by the number of requests after subtracting each counted pair from it
 * (so (0,8), (8,16), (50,58), (100,108) would give 2/2 = 1). Here the divisor is the number of
 * requests in the sequence: 2/4 = 0.5.</li>
 * <li>Requests are counted in pairs, as in the thesis: a run of k consecutive requests counts
 * 2⌊k/2⌋ of them, so a run of three gives 2/3 and a run of four 4/4. The ratios therefore compare
 * with the thesis' measurements.</li>
 * </ul>
 * Windows (Eq. 5.11) keep requests that are far apart in the sequence from continuing each other:
 * here a window is a fixed number of consecutive requests, not one of ω equal parts of the whole
 * sequence, so the reach of a match and the memory needed do not grow with the trace. The ratio is
 * the sequential requests of all windows over all requests, which is Eq. 5.12's mean of the windows'
 * ratios when the windows are equally long, and does not let a short last window weigh as much as
 * a full one.
 */
public final class AccessPatternRecognition {

	private AccessPatternRecognition() {
	}

	/**
	 * Algorithm 1 on one window holding the whole sequence.
	 *
	 * @param requests the sequence in the order observed
	 * @return the proportion of sequential requests, in [0, 1]; 0 for an empty sequence
	 */
	public static double sequentialRatio(List<BlockRange> requests) {
		return windowedRatio(requests, Math.max(1, requests.size()));
	}

	/**
	 * Algorithm 1 on consecutive windows of the sequence (Eqs. 5.11 and 5.12, windows of a fixed
	 * length).
	 *
	 * @param requests     the sequence in the order observed
	 * @param windowLength requests per window, at least 1; the last window holds the rest
	 * @return the proportion of sequential requests, in [0, 1]; 0 for an empty sequence
	 */
	public static double windowedRatio(List<BlockRange> requests, int windowLength) {
		SequentialityWindows windows = new SequentialityWindows(windowLength);
		for (BlockRange request : requests) {
			windows.add(0, request.start(), request.end());
		}
		return windows.ratio();
	}

	/** Requests of the chance level's random sequence at most: eight default windows, enough for two digits. */
	private static final long CHANCE_REQUESTS = 8 * 1024;

	/**
	 * The ratio Algorithm 1 finds in requests that are not sequential at all: requests of one size at
	 * uniformly random offsets, aligned to that size, within an extent of this many bytes, as many
	 * as given (at most {@value #CHANCE_REQUESTS}), in windows of this length. Over a small extent,
	 * random requests often start where another one of the same window ends, and Algorithm 1
	 * counts them: a random fio job over 4 MiB in 4 KiB requests reaches about 0.5 with windows of
	 * 1,024. A measured ratio near this level shows nothing sequential.
	 *
	 * @return the ratio of such a random sequence, the same for the same arguments; 0 without
	 *         requests or without a size
	 */
	public static double chanceRatio(long requests, double requestSize, double extent, int windowLength) {
		if (requests <= 0 || !(requestSize > 0) || !(extent >= 0)) {
			return 0;
		}
		long slots = Math.max(1, (long) Math.min(extent / requestSize, Long.MAX_VALUE / 2));
		SplittableRandom random = new SplittableRandom(1);
		SequentialityWindows windows = new SequentialityWindows(windowLength);
		for (long request = Math.min(requests, CHANCE_REQUESTS); request > 0; request--) {
			long slot = random.nextLong(slots);
			windows.add(0, slot, slot + 1);
		}
		return windows.ratio();
	}

	/**
	 * @param ratio a proportion of sequential requests, in [0, 1]
	 * @return {@link AccessPattern#SEQUENTIAL} iff it reaches {@link StatusList#SEQUENTIAL_THRESHOLD} (Eq. 5.13)
	 */
	public static AccessPattern pattern(double ratio) {
		return ratio >= StatusList.SEQUENTIAL_THRESHOLD ? AccessPattern.SEQUENTIAL : AccessPattern.RANDOM;
	}
}
