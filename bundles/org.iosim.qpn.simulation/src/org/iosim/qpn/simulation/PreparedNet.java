package org.iosim.qpn.simulation;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import org.iosim.des.SimulationClock;
import org.iosim.qpn.Net;
import org.iosim.qpn.StoppingRule;
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

	/** @return the queues an embedded net reports ({@link Embedded#queues}), with nothing measured yet */
	public List<QueueFigures> idleQueues() {
		return compiled.idleQueues();
	}

	/** A net running on another simulation's clock, taking requests as tokens. */
	public static final class Embedded {
		private final NetRun run;

		private Embedded(NetRun run) {
			this.run = run;
		}

		/**
		 * A request enters the net as a token of {@code entry} (a {@link PreparedNet#colourOfPlace} index) and is
		 * followed through it (see {@code NetRun#embed}); when its token reaches the exit place, it
		 * leaves the net and {@code finished} runs on the clock.
		 *
		 * @throws UnsupportedNetException when the net turns out never to let time pass, or to grow
		 *                                 without bound
		 */
		public void submit(int entry, Runnable finished) {
			run.submit(entry, finished);
		}

		/** Measuring begins again now (e.g. the other simulation's warm-up is over); until then, from the start. */
		public void restartMeasuring() {
			run.restartMeasuring();
		}

		/** @return each queue with a number of servers, with what was measured since measuring began */
		public List<QueueFigures> queues() {
			return run.queueFigures();
		}
	}

	/**
	 * A queue of an embedded net over the measured time.
	 *
	 * @param strategy    its scheduling strategy, e.g. {@code FCFS}
	 * @param completions services completed
	 * @param utilization mean share of busy servers
	 * @param population  mean tokens waiting or in service (over all colours and places it serves)
	 */
	public record QueueFigures(String queue, String strategy, int servers, long completions, double utilization,
			double population) {
	}

	/**
	 * The net on another simulation's clock, from its now on: its initial tokens (with those given)
	 * start there, and requests enter by {@link Embedded#submit}.
	 *
	 * @param exitPlace the ordinary place where requests leave the net
	 * @param clock     the other simulation's clock, on which the net schedules its events
	 * @throws IllegalArgumentException if the exit place is not an ordinary place of the net
	 */
	public Embedded embed(long seed, Map<Integer, Integer> populations, String exitPlace, SimulationClock clock) {
		int exit = compiled.ordinaryPlaceIndex(exitPlace).orElseThrow(() -> new IllegalArgumentException(
				"the net has no ordinary place '" + exitPlace + "' for requests to leave by"));
		NetRun run = new NetRun(compiled.withInitialPopulations(populations),
				new QpnRunSettings(seed, StoppingRule.ABSOLUTE, Double.MAX_VALUE, 0, 0));
		run.embed(clock, exit);
		return new Embedded(run);
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
