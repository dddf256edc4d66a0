package org.iosim.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.iosim.analysis.AccessPattern;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.pcm.io.IoType;
import org.iosim.analysis.StatusList;
import org.iosim.analysis.WorkloadOptions;
import org.iosim.pcm.io.ConcurrencyCounting;
import org.iosim.pcm.io.FileSetSizePolicy;
import org.iosim.analysis.WorkloadState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Steps II and III of the virtualized-storage scheduler, with the reference cases S1–S4 of SPEC.md. */
class StatusListTest {

	private static final double KIB = 1024;

	private static ArrivingRequest read(double size, double sequentiality) {
		return new ArrivingRequest(IoType.READ, size, sequentiality, "files", 1e9);
	}

	private static ArrivingRequest write(double size, double sequentiality) {
		return new ArrivingRequest(IoType.WRITE, size, sequentiality, "files", 1e9);
	}

	private static WorkloadState arriveAll(StatusList list, ArrivingRequest... requests) {
		WorkloadState state = null;
		for (ArrivingRequest request : requests) {
			state = list.arrive(request, 0);
		}
		return state;
	}

	@Test
	void s1MemoryLengthIsMeanDelayTimesArrivalRate() {
		assertEquals(50, StatusList.memoryLength(0.010, 5000));
	}

	@ParameterizedTest
	@CsvSource({ "0.001, 2499, 2", "0.001, 2500, 3", "0.0001, 100, 1", "0, 5000, 1", "0.5, 0, 1", "2, 3, 6" })
	void memoryLengthRoundsToNearestAndIsAtLeastOne(double meanDelay, double arrivalRate, int expected) {
		assertEquals(expected, StatusList.memoryLength(meanDelay, arrivalRate));
	}

	@Test
	void memoryLengthRejectsInvalidInputsWithAMessage() {
		IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
				() -> StatusList.memoryLength(-0.01, 5000));
		assertEquals("mean I/O delay must be finite and not negative but is -0.01", negative.getMessage());
		IllegalArgumentException notANumber = assertThrows(IllegalArgumentException.class,
				() -> StatusList.memoryLength(0.01, Double.NaN));
		assertEquals("I/O arrival rate must be finite and not negative but is NaN", notANumber.getMessage());
		assertThrows(IllegalArgumentException.class, () -> StatusList.memoryLength(Double.POSITIVE_INFINITY, 1));
		IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class,
				() -> StatusList.memoryLength(1e6, 1e6));
		assertTrue(tooLarge.getMessage().contains("exceeds"), tooLarge.getMessage());
		assertThrows(IllegalArgumentException.class, () -> new StatusList(0));
	}

	@Test
	void s2MixedReadsAndWrites() {
		StatusList list = new StatusList(4);
		WorkloadState state = arriveAll(list, read(128 * KIB, 1.0), write(16 * KIB, 0.0), write(128 * KIB, 1.0),
				read(128 * KIB, 0.9));
		assertEquals(128 * KIB, state.meanReadSize());
		assertEquals(72 * KIB, state.meanWriteSize());
		assertEquals(0.95, state.readSequentiality(), 1e-15);
		assertEquals(AccessPattern.SEQUENTIAL, state.readPattern());
		assertEquals(0.5, state.writeSequentiality());
		assertEquals(AccessPattern.SEQUENTIAL, state.writePattern(), "a mean of exactly 0.5 is sequential");
		assertEquals(0.5, state.readRatio());
		assertEquals(IoType.READ, state.type());
		assertEquals(128 * KIB, state.requestSize());
		assertEquals(4, list.size());
	}

	@Test
	void s3OnlyReads() {
		WorkloadState state = arriveAll(new StatusList(50), read(4 * KIB, 0.2), read(8 * KIB, 0.4));
		assertEquals(6 * KIB, state.meanReadSize());
		assertEquals(0, state.meanWriteSize());
		assertEquals(0.3, state.readSequentiality(), 1e-15);
		assertEquals(AccessPattern.RANDOM, state.readPattern());
		assertEquals(0, state.writeSequentiality());
		assertEquals(AccessPattern.RANDOM, state.writePattern(), "no writes: random");
		assertEquals(1.0, state.readRatio());
	}

	@Test
	void s4OldestRequestLeavesWhenListIsFull() {
		StatusList list = new StatusList(3);
		ArrivingRequest a = write(1000, 1.0);
		ArrivingRequest b = read(2000, 0.0);
		ArrivingRequest c = read(4000, 0.0);
		ArrivingRequest d = read(6000, 1.0);
		WorkloadState withA = arriveAll(list, a, b, c);
		assertEquals(1000, withA.meanWriteSize());
		assertEquals(3000, withA.meanReadSize());
		assertEquals(2.0 / 3, withA.readRatio());

		WorkloadState withoutA = list.arrive(d, 0);
		assertEquals(3, list.size());
		assertEquals(4000, withoutA.meanReadSize(), "list {B, C, D}");
		assertEquals(0, withoutA.meanWriteSize(), "A has left");
		assertEquals(AccessPattern.RANDOM, withoutA.writePattern());
		assertEquals(1.0, withoutA.readRatio());
		assertEquals(1.0 / 3, withoutA.readSequentiality(), 1e-15);
	}

	@Test
	void warmUpUsesTheRequestsThereAre() {
		StatusList list = new StatusList(50);
		WorkloadState first = list.arrive(write(8 * KIB, 0.8), 0);
		assertEquals(1, list.size());
		assertEquals(8 * KIB, first.meanWriteSize());
		assertEquals(0, first.readRatio());
		assertEquals(AccessPattern.SEQUENTIAL, first.writePattern());
		WorkloadState second = list.arrive(read(4 * KIB, 0.0), 0);
		assertEquals(0.5, second.readRatio());
		assertEquals(IoType.READ, second.type());
	}

	@Test
	void concurrencyCountsTheArrivingRequestByDefault() {
		StatusList list = new StatusList(10);
		assertEquals(ConcurrencyCounting.INCLUDING_ARRIVING, list.options().concurrencyCounting());
		assertEquals(1, list.arrive(read(1, 0), 0).concurrency());
		assertEquals(4, list.arrive(read(1, 0), 3).concurrency());
	}

	@Test
	void concurrencyMayExcludeTheArrivingRequest() {
		StatusList list = new StatusList(10,
				WorkloadOptions.DEFAULTS.withConcurrencyCounting(ConcurrencyCounting.EXCLUDING_ARRIVING));
		assertEquals(0, list.arrive(read(1, 0), 0).concurrency());
		assertEquals(3, list.arrive(read(1, 0), 3).concurrency());
		assertThrows(IllegalArgumentException.class, () -> list.arrive(read(1, 0), -1));
	}

	@Test
	void fileSetSizeIsTheRequestsOwnByDefault() {
		StatusList list = new StatusList(3);
		list.arrive(new ArrivingRequest(IoType.READ, 1, 0, "a", 100), 0);
		assertEquals(50, list.arrive(new ArrivingRequest(IoType.READ, 1, 0, "b", 50), 0).fileSetSize());
	}

	@Test
	void unionCountsEachFileSetInTheListOnce() {
		StatusList list = new StatusList(3, WorkloadOptions.DEFAULTS.withFileSetSizePolicy(FileSetSizePolicy.UNION_OF_LIST));
		assertEquals(100, list.arrive(new ArrivingRequest(IoType.READ, 1, 0, "a", 100), 0).fileSetSize());
		assertEquals(150, list.arrive(new ArrivingRequest(IoType.WRITE, 1, 0, "b", 50), 0).fileSetSize());
		assertEquals(150, list.arrive(new ArrivingRequest(IoType.READ, 1, 0, "a", 100), 0).fileSetSize(), "a once");
		assertEquals(160, list.arrive(new ArrivingRequest(IoType.READ, 1, 0, "c", 10), 0).fileSetSize(), "{b, a, c}");
		assertEquals(110, list.arrive(new ArrivingRequest(IoType.READ, 1, 0, "c", 10), 0).fileSetSize(), "{a, c, c}");
		assertEquals(10, list.arrive(new ArrivingRequest(IoType.READ, 1, 0, "c", 10), 0).fileSetSize(), "{c, c, c}");
		assertEquals(30, list.arrive(new ArrivingRequest(IoType.READ, 1, 0, "c", 30), 0).fileSetSize(),
				"the latest declared size of a file set counts");
	}

	@Test
	void invalidRequestsAreRejected() {
		assertThrows(IllegalArgumentException.class, () -> new ArrivingRequest(IoType.READ, -1, 0, "a", 1));
		assertThrows(IllegalArgumentException.class, () -> new ArrivingRequest(IoType.READ, 1, 1.5, "a", 1));
		assertThrows(IllegalArgumentException.class, () -> new ArrivingRequest(IoType.READ, 1, 0, "a", Double.NaN));
		assertThrows(NullPointerException.class, () -> new ArrivingRequest(null, 1, 0, "a", 1));
	}

	/**
	 * Running sums updated a million times must agree with summing the list afresh in exact
	 * arithmetic, and a mean sequentiality of exactly 0.5 must still be sequential at the end.
	 */
	@Test
	void runningSumsStayExactOverAMillionArrivals() {
		int memoryLength = 50;
		StatusList list = new StatusList(memoryLength,
				WorkloadOptions.DEFAULTS.withFileSetSizePolicy(FileSetSizePolicy.UNION_OF_LIST));
		ArrayDeque<ArrivingRequest> window = new ArrayDeque<>();
		SplittableRandom random = new SplittableRandom(20150101);
		double[] sequentialities = { 0.1, 0.2, 0.3, 0.7, 0.9, 1.0 / 3 };
		List<String> fileSets = List.of("mail", "logs", "db", "tmp", "home");
		double[] fileSetSizes = { 1.1e9, 2.3e8, 7.77e10, 1.5e6, 3.3e9 };
		int checks = 0;
		for (int arrival = 1; arrival <= 1_000_000; arrival++) {
			int fileSet = random.nextInt(fileSets.size());
			ArrivingRequest request = new ArrivingRequest(random.nextBoolean() ? IoType.READ : IoType.WRITE,
					random.nextDouble(512, 1 << 20), random.nextBoolean() ? random.nextDouble()
							: sequentialities[random.nextInt(sequentialities.length)],
					fileSets.get(fileSet), fileSetSizes[fileSet]);
			WorkloadState state = list.arrive(request, 0);
			window.addLast(request);
			if (window.size() > memoryLength) {
				window.removeFirst();
			}
			if (arrival % 9973 == 0) {
				assertMatchesRescan(window, state);
				checks++;
			}
		}
		assertEquals(100, checks);

		ArrivingRequest[] balanced = new ArrivingRequest[memoryLength];
		for (int i = 0; i < 24; i++) {
			balanced[i] = new ArrivingRequest(IoType.READ, 4096, i % 2 == 0 ? 0.1 : 0.9, "mail", 1.1e9);
		}
		for (int i = 24; i < memoryLength; i++) {
			balanced[i] = new ArrivingRequest(IoType.WRITE, 8192, i % 2 == 0 ? 0.0 : 1.0, "db", 7.77e10);
		}
		WorkloadState state = arriveAll(list, balanced);
		assertEquals(AccessPattern.SEQUENTIAL, state.readPattern(), "reads: mean of 0.1 and 0.9");
		assertEquals(0.5, state.readSequentiality());
		assertEquals(AccessPattern.SEQUENTIAL, state.writePattern(), "writes: mean of 0 and 1");
		assertEquals(0.5, state.writeSequentiality());
		assertEquals(4096, state.meanReadSize());
		assertEquals(8192, state.meanWriteSize());
		assertEquals(24.0 / 50, state.readRatio());
		assertEquals(1.1e9 + 7.77e10, state.fileSetSize());
	}

	private static void assertMatchesRescan(ArrayDeque<ArrivingRequest> window, WorkloadState state) {
		BigDecimal readSizes = BigDecimal.ZERO;
		BigDecimal writeSizes = BigDecimal.ZERO;
		BigDecimal readSequentialities = BigDecimal.ZERO;
		BigDecimal writeSequentialities = BigDecimal.ZERO;
		Map<String, Double> fileSets = new HashMap<>();
		int reads = 0;
		for (ArrivingRequest request : window) {
			if (request.type() == IoType.READ) {
				reads++;
				readSizes = readSizes.add(new BigDecimal(request.size()));
				readSequentialities = readSequentialities.add(new BigDecimal(request.sequentiality()));
			} else {
				writeSizes = writeSizes.add(new BigDecimal(request.size()));
				writeSequentialities = writeSequentialities.add(new BigDecimal(request.sequentiality()));
			}
			fileSets.put(request.fileSet(), request.fileSetSize());
		}
		int writes = window.size() - reads;
		assertClose(mean(readSizes, reads), state.meanReadSize());
		assertClose(mean(writeSizes, writes), state.meanWriteSize());
		double readSequentiality = mean(readSequentialities, reads);
		double writeSequentiality = mean(writeSequentialities, writes);
		assertClose(readSequentiality, state.readSequentiality());
		assertClose(writeSequentiality, state.writeSequentiality());
		assertEquals(reads > 0 && readSequentiality >= 0.5 ? AccessPattern.SEQUENTIAL : AccessPattern.RANDOM,
				state.readPattern());
		assertEquals(writes > 0 && writeSequentiality >= 0.5 ? AccessPattern.SEQUENTIAL : AccessPattern.RANDOM,
				state.writePattern());
		assertEquals((double) reads / window.size(), state.readRatio());
		BigDecimal union = BigDecimal.ZERO;
		for (double size : fileSets.values()) {
			union = union.add(new BigDecimal(size));
		}
		assertClose(union.doubleValue(), state.fileSetSize());
	}

	private static double mean(BigDecimal sum, int count) {
		return count == 0 ? 0 : sum.divide(BigDecimal.valueOf(count), MathContext.DECIMAL128).doubleValue();
	}

	/** Within the two roundings of the mean (the sum, then the division). */
	private static void assertClose(double exact, double actual) {
		assertEquals(exact, actual, 2 * Math.ulp(exact));
	}
}
