package org.iosim.characterization;

/**
 * The blocks a request accesses, as 001 gives them to its access pattern recognition (Eq. 5.10): a
 * request starting where another ends continues it.
 *
 * @param start first block, at least 0
 * @param end   the end block, at least {@code start}; in the thesis' example the block after the last
 *              one accessed, so that a request of 8 blocks from 0 is (0, 8) and continues at 8
 */
public record BlockRange(long start, long end) {

	/** @throws IllegalArgumentException unless 0 ≤ start ≤ end */
	public BlockRange {
		if (start < 0 || end < start) {
			throw new IllegalArgumentException("a block range needs 0 <= start <= end but is (" + start + ", " + end
					+ ")");
		}
	}
}
