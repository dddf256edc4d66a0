package org.iosim.pcm.validation;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.DlimCombinator;
import org.iosim.pcm.DlimFunction;
import org.iosim.pcm.DlimFunctionContainer;
import org.iosim.pcm.DlimSequence;
import org.iosim.pcm.LoadProfile;

/**
 * The clocks of a DLIM load profile, as the validator judges them and the simulation evaluates them:
 * how long a sequence runs, and which duration a trend or burst stretches over. A function in a
 * container runs on the container's clock; a function in a combinator on the clock of the function
 * that holds the combinator; the root sequence's combinators on simulated time, over its final duration.
 */
public final class DlimClocks {

	private DlimClocks() {
	}

	/**
	 * @return how long the sequence runs: its loop (its containers one after the other) repeated until
	 *         {@code terminateAfterLoops} loops or {@code terminateAfterTime} have passed, the earlier of
	 *         the two where both are set; infinite where neither is (a negative number of loops, a time
	 *         of 0 or less)
	 */
	public static double finalDuration(DlimSequence sequence) {
		double loop = 0;
		for (DlimFunctionContainer container : sequence.getContainers()) {
			loop += container.getDuration();
		}
		int loops = sequence.getTerminateAfterLoops();
		double afterTime = sequence.getTerminateAfterTime();
		if (loops < 0 && afterTime <= 0) {
			return Double.POSITIVE_INFINITY;
		} else if (loops < 0) {
			return afterTime;
		} else if (afterTime <= 0) {
			return loops * loop;
		}
		return Math.min(loops * loop, afterTime);
	}

	/**
	 * @return the container, or the root sequence, whose duration is the clock {@code function} runs
	 *         on; null where the function is no part of a load profile's sequence, or is the root
	 *         sequence itself, which runs on simulated time
	 */
	public static EObject clockOf(DlimFunction function) {
		EObject holder = function.eContainer();
		if (holder instanceof DlimFunctionContainer container) {
			return container;
		}
		if (holder instanceof DlimCombinator combinator && combinator.eContainer() instanceof DlimFunction combined) {
			return combined.eContainer() instanceof LoadProfile ? combined : clockOf(combined);
		}
		return null;
	}

	/**
	 * @return the duration of the clock {@code function} runs on, which a trend or burst stretches
	 *         over: infinite in the combinators of a root sequence that never ends; NaN where it has no clock
	 */
	public static double span(DlimFunction function) {
		EObject clock = clockOf(function);
		if (clock instanceof DlimFunctionContainer container) {
			return container.getDuration();
		}
		return clock instanceof DlimSequence root ? finalDuration(root) : Double.NaN;
	}
}
