package org.iosim.qpn.simulation;

import org.iosim.qpn.Net;
import org.iosim.qpn.simulation.internal.CompiledNet;
import org.iosim.qpn.simulation.internal.NetRun;

/**
 * Simulates a queueing Petri net with SimQPN's semantics (see {@code NetRun}): one seeded run, the
 * method of batch means after the warm-up, stopping at the run length or, under RELPRC and ABSPRC,
 * as soon as every mean the net's statistics settings check is precise enough.
 */
public final class QpnSimulator {

	/** Told how far a run has come, about once a second. */
	@FunctionalInterface
	public interface Progress {
		Progress NONE = (simulatedTime, runLength, events) -> {
		};

		void at(double simulatedTime, double runLength, long events);
	}

	private QpnSimulator() {
	}

	/**
	 * @param configuration the name of the simulator configuration whose statistics settings (which
	 *                      places are measured in detail, required precision) apply; {@code null}
	 *                      for none, so that only the run length stops the run
	 * @throws UnsupportedNetException naming the element when the net cannot be simulated, or when it
	 *                                 turns out at run time to cycle through immediate transitions or to
	 *                                 grow without bound
	 */
	public static QpnResult simulate(Net net, String configuration, QpnRunSettings settings, Progress progress) {
		return new NetRun(CompiledNet.compile(net, configuration), settings).run(progress);
	}

	/** Checks that the net can be simulated, without running it. */
	public static void check(Net net, String configuration) {
		CompiledNet.compile(net, configuration);
	}
}
