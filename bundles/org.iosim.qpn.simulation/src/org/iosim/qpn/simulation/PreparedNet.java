package org.iosim.qpn.simulation;

import java.util.Map;
import java.util.OptionalInt;

import org.iosim.qpn.Net;
import org.iosim.qpn.simulation.internal.CompiledNet;
import org.iosim.qpn.simulation.internal.NetRun;

/**
 * A net checked and compiled once, to be run many times with other initial populations: what an
 * analysis model solving the same storage net for many workload states needs. Safe to run from
 * several threads at once.
 */
public final class PreparedNet {

	private final CompiledNet compiled;

	private PreparedNet(CompiledNet compiled) {
		this.compiled = compiled;
	}

	/**
	 * @param configuration as in {@link QpnSimulator#simulate(Net, String, QpnRunSettings, QpnSimulator.Progress)}
	 * @throws UnsupportedNetException naming the element when the net cannot be simulated
	 */
	public static PreparedNet of(Net net, String configuration) {
		return new PreparedNet(CompiledNet.compile(net, configuration));
	}

	/** @return the index of a colour of a place (by their names), by which populations are set */
	public OptionalInt colourOfPlace(String place, String colour) {
		return compiled.slotOf(place, colour);
	}

	/**
	 * One run with the net's initial populations, except those given.
	 *
	 * @param populations initial tokens by {@link #colourOfPlace} index
	 */
	public QpnResult run(QpnRunSettings settings, Map<Integer, Integer> populations) {
		return new NetRun(compiled.withInitialPopulations(populations), settings).run(QpnSimulator.Progress.NONE);
	}
}
