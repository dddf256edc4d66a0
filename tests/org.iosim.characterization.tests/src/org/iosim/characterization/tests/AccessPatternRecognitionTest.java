package org.iosim.characterization.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.iosim.analysis.AccessPattern;
import org.iosim.characterization.AccessPatternRecognition;
import org.iosim.characterization.BlockRange;
import org.junit.jupiter.api.Test;

/** Algorithm 1 of 001 with its divisor corrected, and the windows of Eqs. 5.11–5.13. */
class AccessPatternRecognitionTest {

	private static List<BlockRange> ranges(long... startsAndEnds) {
		List<BlockRange> ranges = new ArrayList<>();
		for (int i = 0; i < startsAndEnds.length; i += 2) {
			ranges.add(new BlockRange(startsAndEnds[i], startsAndEnds[i + 1]));
		}
		return ranges;
	}

	@Test
	void oneConsecutivePairAmongFourRequestsIsHalfSequential() {
		// the literal pseudocode divides 2 by the decremented count 2 and would give 1.0
		assertEquals(0.5, AccessPatternRecognition.sequentialRatio(ranges(0, 8, 8, 16, 50, 58, 100, 108)));
	}

	@Test
	void runsCountInPairs() {
		assertEquals(2.0 / 3, AccessPatternRecognition.sequentialRatio(ranges(0, 8, 8, 16, 16, 24)), 1e-15);
		assertEquals(1.0, AccessPatternRecognition.sequentialRatio(ranges(0, 8, 8, 16, 16, 24, 24, 32)));
		assertEquals(4.0 / 5, AccessPatternRecognition.sequentialRatio(ranges(0, 8, 8, 16, 16, 24, 24, 32, 32, 40)),
				1e-15);
	}

	@Test
	void aRequestPairsWithTheEarliestLaterContinuation() {
		// (0,8) takes (8,16), not (8,12); then (8,12) and (16,24) find nothing: 2 of 4
		assertEquals(0.5, AccessPatternRecognition.sequentialRatio(ranges(0, 8, 8, 16, 8, 12, 16, 24)));
		// had (0,8) taken (8,12), (8,16) would have paired with (16,24): all 4
	}

	@Test
	void onlyLaterRequestsContinueAnEarlierOne() {
		assertEquals(0, AccessPatternRecognition.sequentialRatio(ranges(8, 16, 0, 8)));
	}

	@Test
	void interleavedSequentialStreamsAreSequential() {
		// two clients, each reading consecutive blocks, their requests alternating
		List<BlockRange> interleaved = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			interleaved.add(new BlockRange(8L * i, 8L * i + 8));
			interleaved.add(new BlockRange(100_000 + 16L * i, 100_000 + 16L * i + 16));
		}
		assertEquals(1.0, AccessPatternRecognition.sequentialRatio(interleaved));
		assertEquals(AccessPattern.SEQUENTIAL,
				AccessPatternRecognition.pattern(AccessPatternRecognition.windowedRatio(interleaved, 10)));
	}

	@Test
	void randomRequestsOnALargeSpaceAreRandom() {
		SplittableRandom random = new SplittableRandom(7);
		List<BlockRange> requests = new ArrayList<>();
		for (int i = 0; i < 5000; i++) {
			long start = 8 * random.nextLong(1 << 20);
			requests.add(new BlockRange(start, start + 8));
		}
		double ratio = AccessPatternRecognition.windowedRatio(requests, 1024);
		assertEquals(0, ratio, 0.01);
		assertEquals(AccessPattern.RANDOM, AccessPatternRecognition.pattern(ratio));
	}

	@Test
	void randomRequestsOnASmallExtentMeetTheirSuccessorsByChanceAsTheChanceLevelSays() {
		// what a purely random fio job over 4 MiB in 4 KiB reads gives: Algorithm 1 pairs requests that
		// happen to continue one another in the same window, far from 0
		SplittableRandom random = new SplittableRandom(3);
		List<BlockRange> requests = new ArrayList<>();
		for (int i = 0; i < 4096; i++) {
			long slot = random.nextLong(1024);
			requests.add(new BlockRange(4096 * slot, 4096 * slot + 4096));
		}
		double ratio = AccessPatternRecognition.windowedRatio(requests, 1024);
		assertTrue(ratio > 0.3, "Algorithm 1 counts chance successors: " + ratio);
		double chance = AccessPatternRecognition.chanceRatio(4096, 4096, 4 << 20, 1024);
		assertEquals(ratio, chance, 0.03, "the chance level of random requests over the same extent");
		assertEquals(chance, AccessPatternRecognition.chanceRatio(4096, 4096, 4 << 20, 1024), "the same every time");
		// over 64 times the extent, chance pairs are rare
		assertTrue(AccessPatternRecognition.chanceRatio(4096, 4096, 256 << 20, 1024) < 0.05);
		assertEquals(0, AccessPatternRecognition.chanceRatio(0, 4096, 4 << 20, 1024), "no requests");
		assertEquals(0, AccessPatternRecognition.chanceRatio(100, 4096, 4096, 1024), "one place: none continues another");
	}

	@Test
	void windowsKeepDistantRequestsApart() {
		List<BlockRange> requests = ranges(0, 8, 50, 58, 8, 16, 100, 108);
		assertEquals(0.5, AccessPatternRecognition.windowedRatio(requests, 4));
		// windows [(0,8),(50,58)] and [(8,16),(100,108)]: the pair is split
		assertEquals(0, AccessPatternRecognition.windowedRatio(requests, 2));
	}

	@Test
	void windowsWeighByTheirRequests() {
		// a full window of 4 sequential requests and a last window of 1: 4 of 5, not the mean (1 + 0) / 2
		assertEquals(0.8, AccessPatternRecognition.windowedRatio(ranges(0, 8, 8, 16, 16, 24, 24, 32, 500, 508), 4),
				1e-15);
	}

	@Test
	void sameResultAsTheQuadraticPseudocodeOnRandomSequences() {
		SplittableRandom random = new SplittableRandom(11);
		for (int trial = 0; trial < 200; trial++) {
			List<BlockRange> requests = new ArrayList<>();
			int count = 1 + random.nextInt(60);
			for (int i = 0; i < count; i++) {
				long start = random.nextInt(12);
				requests.add(new BlockRange(start, start + random.nextInt(4)));
			}
			assertEquals(pseudocodeWithCorrectedDivisor(requests), AccessPatternRecognition.sequentialRatio(requests),
					requests.toString());
		}
	}

	/** Algorithm 1 as printed, nested loops and removals, dividing by the original number of requests. */
	private static double pseudocodeWithCorrectedDivisor(List<BlockRange> sequence) {
		List<BlockRange> remaining = new ArrayList<>(sequence);
		int sequential = 0;
		for (int i = 0; i < remaining.size(); i++) {
			for (int j = i + 1; j < remaining.size(); j++) {
				if (remaining.get(i).end() == remaining.get(j).start()) {
					sequential += 2;
					remaining.remove(j);
					remaining.remove(i);
					i--;
					break;
				}
			}
		}
		return sequential / (double) sequence.size();
	}

	@Test
	void thresholdIsInclusive() {
		assertEquals(AccessPattern.SEQUENTIAL, AccessPatternRecognition.pattern(0.5));
		assertEquals(AccessPattern.RANDOM, AccessPatternRecognition.pattern(0.4999));
		assertEquals(0, AccessPatternRecognition.sequentialRatio(List.of()));
	}

	@Test
	void invalidInputsAreRefused() {
		assertThrows(IllegalArgumentException.class, () -> new BlockRange(8, 0));
		assertThrows(IllegalArgumentException.class, () -> new BlockRange(-1, 0));
		IllegalArgumentException window = assertThrows(IllegalArgumentException.class,
				() -> AccessPatternRecognition.windowedRatio(ranges(0, 8), 0));
		assertEquals("window length must be at least 1 but is 0", window.getMessage());
	}
}
