package org.iosim.des.events;

import java.util.Arrays;

/**
 * What IOSim's heap-based {@link FutureEventList}s share: times and sequence numbers in two parallel
 * primitive arrays, the numbering of events, and their order. Each heap keeps its payloads in a third
 * array of their own type and sifts all three arrays in one loop of its own: a sift shared over both
 * payload types would need a call per step or a second pass over the path, which made the QPN
 * simulator 3–7 % slower on QPME's example nets.
 */
abstract sealed class PrimitiveEventHeap implements FutureEventList permits ObjectEventHeap, LongEventHeap {

	static final int INITIAL_CAPACITY = 64;

	double[] times = new double[INITIAL_CAPACITY];
	long[] sequences = new long[INITIAL_CAPACITY];
	int size;
	private long nextSequence;

	@Override
	public final int size() {
		return size;
	}

	@Override
	public final boolean isEmpty() {
		return size == 0;
	}

	@Override
	public final double firstTime() {
		return times[0];
	}

	@Override
	public final long firstSequence() {
		return sequences[0];
	}

	/**
	 * @return the next sequence number, which the next event added takes unless it is given to one added
	 *         later in its place ({@link ObjectEventHeap#replaceFirst(double, long, Object)})
	 */
	public final long reserveSequence() {
		return nextSequence++;
	}

	/** Doubles the room for times and sequence numbers; @return the new capacity, which the payloads must follow */
	final int grow() {
		int capacity = times.length * 2;
		times = Arrays.copyOf(times, capacity);
		sequences = Arrays.copyOf(sequences, capacity);
		return capacity;
	}

	/**
	 * The earlier of the children at {@code left} and {@code left + 1}, or {@code left} if it is the last
	 * entry: chosen by a select rather than a jump, since a processor guesses which child wins no better
	 * than chance; equal times leave it to the sequence numbers.
	 */
	final int earlierChild(int left) {
		int right = left + 1;
		if (right >= size) {
			return left;
		}
		double leftTime = times[left];
		double rightTime = times[right];
		boolean rightFirst = rightTime < leftTime;
		if (rightTime == leftTime) {
			rightFirst = sequences[right] < sequences[left];
		}
		return rightFirst ? right : left;
	}

	static boolean precedes(double time, long sequence, double otherTime, long otherSequence) {
		return time < otherTime || (time == otherTime && sequence < otherSequence);
	}
}
