package org.iosim.qpn.simulation.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.des.statistics.SteadyStateMean;
import org.iosim.qpn.simulation.QpnResult.Estimate;
import org.iosim.qpn.simulation.QpnResult.ProbeResult;
import org.iosim.qpn.simulation.internal.CompiledProbes.Action;
import org.iosim.qpn.simulation.internal.CompiledProbes.Spec;

/**
 * The probes of one run, with SimQPN's semantics: every token of a slot where probes act keeps one
 * start time per such probe (NaN: none), in places in arrival order next to its arrival time, in
 * queues with the token. A firing gathers, per probe, one start time from the tokens it takes (a
 * start time a token hands on, or the time a token left a start-on-exit place; if the tokens of one
 * input carry different ones, one of those tokens is drawn at random) and gives it to every token it
 * produces in a place between or at the end; a token entering the start place starts anew if the
 * firing hands it no start time, and else carries none (as in SimQPN, such a token is not measured). Ending a measurement records the time since the start, per
 * probe and colour of the token at the end place; on entry into the end place once per colour and
 * firing, on exit once per token taken.
 * <p>
 * Tokens that appear without a firing (the initial marking, requests of an embedding simulation)
 * have started their measurement when they appear, where the slot keeps start times.
 */
final class ProbeRun {

	private static final double NONE = Double.NaN;

	private final CompiledProbes compiled;
	private final UniformRandomProvider random;
	/** Per slot where probes act: the start times of its tokens, one per acting probe, oldest token first. */
	private final DoubleRing[] heldStarts;
	/** Start times of the tokens in queues: token × most probes per slot. */
	private double[] queuedStarts;
	private final int stride;
	/** The start times of the token being moved: those it was given, one per probe acting at its slot. */
	private final double[] carried;
	/** Per probe, the start time the current firing hands on, and which probes it set one for. */
	private final double[] firingStart;
	private final int[] touched;
	private int touchedCount;
	/** Start times of the tokens one input of a firing took, token by token. */
	private double[] takenStarts = new double[16];

	private final SteadyStateMean[][] residence;
	private boolean measuring;

	ProbeRun(CompiledProbes compiled, UniformRandomProvider random) {
		this.compiled = compiled;
		this.random = random;
		heldStarts = new DoubleRing[compiled.probesOfSlot.length];
		for (int slot = 0; slot < heldStarts.length; slot++) {
			if (compiled.probesOfSlot[slot] != null) {
				heldStarts[slot] = new DoubleRing();
			}
		}
		stride = compiled.mostPerSlot;
		queuedStarts = new double[256 * stride];
		carried = new double[stride];
		firingStart = new double[compiled.probes.length];
		Arrays.fill(firingStart, NONE);
		touched = new int[compiled.probes.length];
		residence = new SteadyStateMean[compiled.probes.length][];
		for (int probe = 0; probe < residence.length; probe++) {
			Spec spec = compiled.probes[probe];
			residence[probe] = new SteadyStateMean[spec.colours().length];
			for (int colour = 0; colour < spec.colours().length; colour++) {
				residence[probe][colour] = NetRun.batchMeans(spec.precisions()[colour]);
			}
		}
	}

	void startMeasuring() {
		measuring = true;
	}

	/** A token appears in the slot without a firing: where the slot keeps start times, it starts now. */
	void appear(int slot, double now) {
		Action[] actions = compiled.actionsOfSlot[slot];
		if (actions != null) {
			for (int acting = 0; acting < actions.length; acting++) {
				carried[acting] = actions[acting].keepsStartTime() ? now : NONE;
			}
		}
	}

	/** The token being moved enters the place (or depository) of the slot with the start times it carries. */
	void hold(int slot) {
		DoubleRing starts = heldStarts[slot];
		if (starts != null) {
			for (int acting = 0; acting < compiled.probesOfSlot[slot].length; acting++) {
				starts.add(carried[acting]);
			}
		}
	}

	/** The token being moved joins a queue as {@code token}. */
	void enqueue(int slot, int token) {
		int[] acting = compiled.probesOfSlot[slot];
		if (acting == null) {
			return;
		}
		if ((token + 1) * stride > queuedStarts.length) {
			queuedStarts = Arrays.copyOf(queuedStarts, Math.max(queuedStarts.length * 2, (token + 1) * stride));
		}
		System.arraycopy(carried, 0, queuedStarts, token * stride, acting.length);
	}

	/** The queue finished serving {@code token}, which is moved on with its start times. */
	void dequeue(int slot, int token) {
		int[] acting = compiled.probesOfSlot[slot];
		if (acting != null) {
			System.arraycopy(queuedStarts, token * stride, carried, 0, acting.length);
		}
	}

	/** A firing takes {@code count} tokens of the slot, the oldest first. */
	void take(int slot, int count, double now) {
		int[] acting = compiled.probesOfSlot[slot];
		if (acting == null) {
			return;
		}
		int perToken = acting.length;
		if (count * perToken > takenStarts.length) {
			takenStarts = new double[count * perToken];
		}
		DoubleRing starts = heldStarts[slot];
		for (int index = 0; index < count * perToken; index++) {
			takenStarts[index] = starts.removeFirst();
		}
		Action[] actions = compiled.actionsOfSlot[slot];
		for (int entry = 0; entry < perToken; entry++) {
			int probe = acting[entry];
			switch (actions[entry]) {
			case END_ON_EXIT, START_ON_ENTRY_END_ON_EXIT -> {
				for (int token = 0; token < count; token++) {
					record(probe, compiled.coloursOfSlot[slot][entry], now - takenStarts[token * perToken + entry]);
				}
			}
			case START_ON_EXIT, START_ON_EXIT_END_ON_ENTRY -> {
				if (Double.isNaN(firingStart[probe])) {
					handOn(probe, now);
				}
			}
			default -> handOn(probe, startTimeOf(entry, perToken, count, firingStart[probe]));
			}
		}
	}

	/**
	 * @param sofar the start time the firing hands on so far
	 * @return the start time the taken tokens hand on: theirs if they agree with each other and with
	 *         {@code sofar}, else that of one of them (those with one) drawn at random
	 */
	private double startTimeOf(int entry, int perToken, int count, double sofar) {
		double start = sofar;
		boolean conflict = false;
		int withStart = 0;
		for (int token = 0; token < count; token++) {
			double own = takenStarts[token * perToken + entry];
			if (!Double.isNaN(own)) {
				withStart++;
				if (Double.isNaN(start)) {
					start = own;
				} else if (start != own) {
					conflict = true;
				}
			}
		}
		if (!conflict) {
			return start;
		}
		int chosen = random.nextInt(withStart);
		for (int token = 0; token < count; token++) {
			double own = takenStarts[token * perToken + entry];
			if (!Double.isNaN(own) && chosen-- == 0) {
				return own;
			}
		}
		throw new IllegalStateException("no token with a start time among " + withStart);
	}

	private void handOn(int probe, double start) {
		if (Double.isNaN(firingStart[probe]) && !Double.isNaN(start)) {
			touched[touchedCount++] = probe;
		}
		firingStart[probe] = start;
	}

	/** The firing produces tokens in the slot: sets the start times they carry and ends measurements on entry. */
	void produce(int slot, double now) {
		int[] acting = compiled.probesOfSlot[slot];
		if (acting == null) {
			return;
		}
		Action[] actions = compiled.actionsOfSlot[slot];
		for (int entry = 0; entry < acting.length; entry++) {
			double start = firingStart[acting[entry]];
			carried[entry] = switch (actions[entry]) {
			case START_ON_ENTRY, START_ON_ENTRY_END_ON_EXIT -> Double.isNaN(start) ? now : NONE;
			case END_ON_ENTRY, START_ON_EXIT_END_ON_ENTRY -> {
				record(acting[entry], compiled.coloursOfSlot[slot][entry], now - start);
				yield NONE;
			}
			default -> start;
			};
		}
	}

	/** The firing is over: no start time is handed on to the next. */
	void endFiring() {
		while (touchedCount > 0) {
			firingStart[touched[--touchedCount]] = NONE;
		}
	}

	/** A measurement ended; one without a start time (NaN) is none. */
	private void record(int probe, int colour, double time) {
		if (measuring && !Double.isNaN(time)) {
			residence[probe][colour].add(time);
		}
	}

	/** Whether every probe colour the stopping rule checks is precise enough (as SimQPN, it checks probes too). */
	boolean precise(boolean relative) {
		for (int probe = 0; probe < residence.length; probe++) {
			for (int colour = 0; colour < residence[probe].length; colour++) {
				if (!NetRun.precise(residence[probe][colour], compiled.probes[probe].precisions()[colour], relative)) {
					return false;
				}
			}
		}
		return true;
	}

	List<ProbeResult> results(double measuredTime) {
		List<ProbeResult> results = new ArrayList<>();
		for (int probe = 0; probe < residence.length; probe++) {
			Spec spec = compiled.probes[probe];
			for (int colour = 0; colour < spec.colours().length; colour++) {
				SteadyStateMean times = residence[probe][colour];
				results.add(new ProbeResult(spec.name(), spec.id(), spec.colours()[colour],
						new Estimate(times.mean(), times.halfWidth(NetRun.CI_LEVEL), times.count()),
						times.count() / measuredTime));
			}
		}
		return results;
	}
}
