package org.iosim.qpn.simulation.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.OptionalDouble;

import org.iosim.des.bench.BareEventLoop;
import org.iosim.qpn.Net;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;

/**
 * Events per second of the QPN simulator on a net, against a bare priority-queue loop processing as
 * many events (the least a heap-based simulation can do), and the heap after a run and after one
 * ten times longer, to show that memory does not grow with the run length. Rounds of the simulator
 * and the bare loop alternate; the best of each counts, as other load on the machine only slows
 * runs down.
 */
public final class QpnBenchmark {

	private static final int ROUNDS = 3;
	/** The long run's simulated time unless one is given, at the least. */
	public static final double DEFAULT_RUN_LENGTH = 1_000_000;
	/**
	 * The events the long run fires at the least unless its length is given: a net whose events are
	 * sparse in time (ISPASS 2003 fires 128,000 in the default run length, in a few milliseconds) is then
	 * timed over a second or more, not over the JIT's warm-up.
	 */
	public static final long DEFAULT_EVENTS = 20_000_000;

	/**
	 * @param events            events of the long run (service completions and transition firings)
	 * @param simulatedTime     simulated time of the long run
	 * @param heapAfterShortRun bytes in use after a run a tenth as long (after a garbage collection)
	 * @param heapAfterLongRun  bytes in use after the long run
	 */
	public record Figures(long events, double simulatedTime, double eventsPerSecond, double bareEventsPerSecond,
			long heapAfterShortRun, long heapAfterLongRun) {

		public double shareOfBareLoop() {
			return eventsPerSecond / bareEventsPerSecond;
		}
	}

	/** Told of each step, so that a long benchmark shows it is alive. */
	@FunctionalInterface
	public interface Steps {
		void step(String what);
	}

	private QpnBenchmark() {
	}

	/**
	 * Runs the net for {@code runLength} time units (ABSOLUTE, no warm-up) in the rounds described above;
	 * without one, for {@link #longRunLength the length} the run that warms up the JIT asks for.
	 */
	public static Figures run(Net net, OptionalDouble givenRunLength, long seed, Steps steps) {
		steps.step("warming up the JIT");
		double warmUpLength = givenRunLength.orElse(DEFAULT_RUN_LENGTH) / 10;
		long warmUpEvents = simulate(net, warmUpLength, seed).events();
		double runLength = givenRunLength.isPresent() ? givenRunLength.getAsDouble()
				: longRunLength(warmUpLength, warmUpEvents);
		MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
		steps.step("a run a tenth as long, for the heap");
		simulate(net, runLength / 10, seed);
		long heapAfterShortRun = usedHeap(memory);
		double best = 0;
		double bestBare = 0;
		QpnResult result = null;
		for (int round = 1; round <= ROUNDS; round++) {
			steps.step("round " + round + " of " + ROUNDS + ": simulator");
			result = simulate(net, runLength, seed);
			best = Math.max(best, result.events() / result.wallClockSeconds());
			steps.step("round " + round + " of " + ROUNDS + ": bare loop");
			bestBare = Math.max(bestBare, BareEventLoop.run(result.events(), seed).eventsPerSecond());
		}
		steps.step("heap after the long runs");
		long heapAfterLongRun = usedHeap(memory);
		return new Figures(result.events(), result.simulatedTime(), best, bestBare, heapAfterShortRun, heapAfterLongRun);
	}

	/**
	 * The long run's length when none is given: {@link #DEFAULT_RUN_LENGTH}, or longer if a run of
	 * {@code pilotLength} firing {@code pilotEvents} says that it would fire fewer than
	 * {@link #DEFAULT_EVENTS}.
	 */
	public static double longRunLength(double pilotLength, long pilotEvents) {
		if (pilotEvents <= 0) {
			return DEFAULT_RUN_LENGTH;
		}
		return Math.max(DEFAULT_RUN_LENGTH, pilotLength * ((double) DEFAULT_EVENTS / pilotEvents));
	}

	private static QpnResult simulate(Net net, double runLength, long seed) {
		return QpnSimulator.simulate(net, null, new QpnRunSettings(seed, StoppingRule.ABSOLUTE, runLength, 0, 0),
				QpnSimulator.Progress.NONE);
	}

	private static long usedHeap(MemoryMXBean memory) {
		System.gc();
		return memory.getHeapMemoryUsage().getUsed();
	}
}
