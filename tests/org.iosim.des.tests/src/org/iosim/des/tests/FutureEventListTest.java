package org.iosim.des.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.iosim.des.events.FutureEventList;
import org.iosim.des.events.LongEventHeap;
import org.iosim.des.events.ObjectEventHeap;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of a future event list, run against every implementation: events leave by time and
 * events due at the same time in the order they were added, whatever additions and removals came
 * before, checked against a sorted map keyed by time and sequence number. Times are drawn from few
 * values, so that ties are common, and from seeded streams, so that a failure can be repeated.
 */
class FutureEventListTest {

	/** An implementation under test, its payload standing for an int so that payloads can be compared. */
	private interface Tested {

		FutureEventList list();

		long add(double time, int payload);

		int firstPayload();

		long replaceFirst(double time, int payload);

		void replaceFirst(double time, long reservedSequence, int payload);

		long reserveSequence();

		void removeIf(LongPredicate sequenceMatches);
	}

	private record Key(double time, long sequence) {
	}

	private static final Comparator<Key> BY_TIME_THEN_SEQUENCE = Comparator.comparingDouble(Key::time)
			.thenComparingLong(Key::sequence);

	static Stream<Named<Supplier<Tested>>> implementations() {
		return Stream.of(Named.of("ObjectEventHeap", FutureEventListTest::objectHeap),
				Named.of("LongEventHeap", FutureEventListTest::longHeap));
	}

	private static Tested objectHeap() {
		ObjectEventHeap<Integer> heap = new ObjectEventHeap<>();
		return new Tested() {
			@Override
			public FutureEventList list() {
				return heap;
			}

			@Override
			public long add(double time, int payload) {
				return heap.add(time, payload);
			}

			@Override
			public int firstPayload() {
				return heap.firstPayload();
			}

			@Override
			public long replaceFirst(double time, int payload) {
				return heap.replaceFirst(time, payload);
			}

			@Override
			public void replaceFirst(double time, long reservedSequence, int payload) {
				heap.replaceFirst(time, reservedSequence, payload);
			}

			@Override
			public long reserveSequence() {
				return heap.reserveSequence();
			}

			@Override
			public void removeIf(LongPredicate sequenceMatches) {
				heap.removeIf(sequenceMatches);
			}
		};
	}

	/** The payload uses both halves of the long, as a packed queue and token do. */
	private static Tested longHeap() {
		LongEventHeap heap = new LongEventHeap();
		return new Tested() {
			@Override
			public FutureEventList list() {
				return heap;
			}

			@Override
			public long add(double time, int payload) {
				return heap.add(time, packed(payload));
			}

			@Override
			public int firstPayload() {
				long packed = heap.firstPayload();
				assertEquals((int) packed, (int) (packed >>> 32), "halves of the payload");
				return (int) packed;
			}

			@Override
			public long replaceFirst(double time, int payload) {
				return heap.replaceFirst(time, packed(payload));
			}

			@Override
			public void replaceFirst(double time, long reservedSequence, int payload) {
				heap.replaceFirst(time, reservedSequence, packed(payload));
			}

			@Override
			public long reserveSequence() {
				return heap.reserveSequence();
			}

			@Override
			public void removeIf(LongPredicate sequenceMatches) {
				heap.removeIf(sequenceMatches);
			}
		};
	}

	private static long packed(int payload) {
		return (long) payload << 32 | payload & 0xFFFFFFFFL;
	}

	@ParameterizedTest
	@MethodSource("implementations")
	void randomAdditionsAndRemovalsLeaveInTheOrderOfASortedReference(Supplier<Tested> implementation) {
		Tested tested = implementation.get();
		TreeMap<Key, Integer> reference = new TreeMap<>(BY_TIME_THEN_SEQUENCE);
		SplittableRandom random = new SplittableRandom(20_261_129);
		long nextSequence = 0;
		for (int step = 0; step < 50_000; step++) {
			// more additions than removals in the first half, so that the list grows well past its first
			// capacity, and the other way round in the second, so that it empties again
			boolean adding = reference.isEmpty() || random.nextInt(100) < (step < 25_000 ? 60 : 40);
			if (adding) {
				double time = random.nextInt(200) / 4.0;
				long sequence = tested.add(time, step);
				assertEquals(nextSequence++, sequence, "sequence numbers count up from 0");
				reference.put(new Key(time, sequence), step);
			} else {
				tested.list().removeFirst();
				reference.pollFirstEntry();
			}
			assertSameFirst(reference, tested);
		}
		drainAndCompare(reference, tested);
	}

	@ParameterizedTest
	@MethodSource("implementations")
	void eventsDueAtTheSameTimeLeaveInTheOrderTheyWereAdded(Supplier<Tested> implementation) {
		Tested tested = implementation.get();
		List<Integer> dueFirst = new ArrayList<>();
		List<Integer> dueLater = new ArrayList<>();
		for (int payload = 0; payload < 300; payload++) {
			boolean later = payload % 3 == 0;
			tested.add(later ? 2 : 1, payload);
			(later ? dueLater : dueFirst).add(payload);
		}
		List<Integer> expected = new ArrayList<>(dueFirst);
		expected.addAll(dueLater);
		List<Integer> left = new ArrayList<>();
		while (!tested.list().isEmpty()) {
			left.add(tested.firstPayload());
			tested.list().removeFirst();
		}
		assertEquals(expected, left);
	}

	@ParameterizedTest
	@MethodSource("implementations")
	void replacingTheFirstEventIsRemovingItAndAddingTheOther(Supplier<Tested> implementation) {
		Tested replaced = implementation.get();
		Tested removedAndAdded = implementation.get();
		SplittableRandom random = new SplittableRandom(7);
		for (int payload = 0; payload < 500; payload++) {
			double time = random.nextInt(100) / 2.0;
			replaced.add(time, payload);
			removedAndAdded.add(time, payload);
		}
		for (int payload = 500; payload < 20_000; payload++) {
			// mostly as in a simulation, where the successor is due no earlier than the event it replaces
			// and often at once, but now and then earlier
			double time = replaced.list().firstTime() + (random.nextInt(22) - 2) / 2.0;
			if (random.nextInt(4) == 0) {
				long added = replaced.add(time, payload);
				assertEquals(added, removedAndAdded.add(time, payload));
			} else {
				long sequence = replaced.replaceFirst(time, payload);
				removedAndAdded.list().removeFirst();
				assertEquals(removedAndAdded.add(time, payload), sequence);
			}
			assertEquals(removedAndAdded.list().size(), replaced.list().size());
			assertEquals(removedAndAdded.list().firstSequence(), replaced.list().firstSequence());
		}
		while (!replaced.list().isEmpty()) {
			assertEquals(removedAndAdded.list().firstTime(), replaced.list().firstTime());
			assertEquals(removedAndAdded.list().firstSequence(), replaced.list().firstSequence());
			assertEquals(removedAndAdded.firstPayload(), replaced.firstPayload());
			replaced.list().removeFirst();
			removedAndAdded.list().removeFirst();
		}
		assertTrue(removedAndAdded.list().isEmpty());
	}

	@ParameterizedTest
	@MethodSource("implementations")
	void removingMatchingSequenceNumbersKeepsTheOthersInOrder(Supplier<Tested> implementation) {
		Tested tested = implementation.get();
		TreeMap<Key, Integer> reference = new TreeMap<>(BY_TIME_THEN_SEQUENCE);
		SplittableRandom random = new SplittableRandom(42);
		int payload = 0;
		for (int round = 0; round < 20; round++) {
			int additions = 1 + random.nextInt(700);
			for (int i = 0; i < additions; i++, payload++) {
				double time = random.nextInt(300) / 8.0;
				reference.put(new Key(time, tested.add(time, payload)), payload);
			}
			for (int removals = random.nextInt(additions); removals > 0; removals--) {
				tested.list().removeFirst();
				reference.pollFirstEntry();
			}
			int divisor = 2 + random.nextInt(4);
			LongPredicate matches = sequence -> sequence % divisor == 0;
			tested.removeIf(matches);
			reference.keySet().removeIf(key -> matches.test(key.sequence()));
			assertSameFirst(reference, tested);
		}
		drainAndCompare(reference, tested);
		tested.removeIf(sequence -> true);
		assertTrue(tested.list().isEmpty());
	}

	@ParameterizedTest
	@MethodSource("implementations")
	void growsFarBeyondItsFirstCapacity(Supplier<Tested> implementation) {
		Tested tested = implementation.get();
		TreeMap<Key, Integer> reference = new TreeMap<>(BY_TIME_THEN_SEQUENCE);
		// descending times make every addition climb to the top
		for (int payload = 0; payload < 100_000; payload++) {
			double time = 100_000 - payload;
			reference.put(new Key(time, tested.add(time, payload)), payload);
		}
		drainAndCompare(reference, tested);
	}

	/**
	 * The way a simulator moves its one pending event later without cancelling it: a sequence number is
	 * reserved when the event's time changes, and the event takes it, with the new time, once it comes
	 * first. The events then leave exactly as if the event had been removed and added again when the
	 * number was reserved (the reference).
	 */
	@ParameterizedTest
	@MethodSource("implementations")
	void anEventMovedLaterWithAReservedNumberLeavesAsIfAddedWhenItWasReserved(Supplier<Tested> implementation) {
		Tested heap = implementation.get();
		TreeMap<Key, Integer> reference = new TreeMap<>(BY_TIME_THEN_SEQUENCE);
		SplittableRandom random = new SplittableRandom(11);
		final int moving = -1;
		Key due = new Key(0, heap.add(0, moving));
		reference.put(due, moving);
		for (int payload = 0; payload < 30_000; payload++) {
			double now = reference.firstKey().time();
			int choice = random.nextInt(3);
			if (heap.firstPayload() == moving && heap.list().firstSequence() != due.sequence()) {
				heap.replaceFirst(due.time(), due.sequence(), moving); // the moving event comes first: it moves
			} else if (choice == 0) {
				double time = now + random.nextInt(8) / 4.0;
				reference.put(new Key(time, heap.add(time, payload)), payload);
			} else if (choice == 1) {
				// the moving event's time grows: the heap leaves it where it is, the reference moves it
				reference.remove(due);
				due = new Key(due.time() + random.nextInt(4) / 4.0, heap.reserveSequence());
				reference.put(due, moving);
			} else {
				assertSameFirst(reference, heap);
				int left = reference.pollFirstEntry().getValue();
				heap.list().removeFirst();
				if (left == moving) {
					due = new Key(now, heap.add(now, moving));
					reference.put(due, moving);
				}
			}
		}
	}

	private static void assertSameFirst(TreeMap<Key, Integer> reference, Tested tested) {
		assertEquals(reference.size(), tested.list().size());
		assertEquals(reference.isEmpty(), tested.list().isEmpty());
		if (!reference.isEmpty()) {
			Map.Entry<Key, Integer> first = reference.firstEntry();
			assertEquals(first.getKey().time(), tested.list().firstTime());
			assertEquals(first.getKey().sequence(), tested.list().firstSequence());
			assertEquals(first.getValue(), tested.firstPayload());
		}
	}

	private static void drainAndCompare(TreeMap<Key, Integer> reference, Tested tested) {
		while (!reference.isEmpty()) {
			assertSameFirst(reference, tested);
			tested.list().removeFirst();
			reference.pollFirstEntry();
		}
		assertSameFirst(reference, tested);
	}
}
