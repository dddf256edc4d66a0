package org.iosim.qpn.simulation.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.des.RunBudget;
import org.iosim.des.SimulationClock;
import org.iosim.des.events.LongEventHeap;
import org.iosim.des.statistics.BatchMeans;
import org.iosim.des.statistics.FixedBatchMeans;
import org.iosim.des.statistics.Quantiles;
import org.iosim.des.statistics.SteadyStateMean;
import org.iosim.des.statistics.TimeWeighted;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Estimate;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.PreparedNet;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.iosim.qpn.simulation.internal.CompiledNet.CompiledMode;
import org.iosim.qpn.simulation.internal.CompiledNet.CompiledTransition;
import org.iosim.qpn.simulation.internal.CompiledNet.Precision;
import org.iosim.qpn.simulation.internal.CompiledNet.QueueSpec;
import org.iosim.qpn.simulation.internal.CompiledNet.Slot;

/**
 * One run of a compiled net, with SimQPN's semantics: a token arriving at a queueing place joins its
 * queue, and on service completion moves to the place's depository; immediate transitions fire
 * before time advances, the highest priority first, chosen among the enabled ones by weight and then
 * among a transition's enabled modes by firing weight. Tokens of one colour in one place are
 * indistinguishable except for their arrival times, which residence times are measured from (the
 * oldest leaves first). Probes follow their tokens' start times through places and queues
 * ({@link ProbeRun}).
 * <p>
 * All state of the run lives here, apart from the compiled net, which runs share.
 */
public final class NetRun {

	/** Firings or completions at one instant beyond which the net is taken never to let time pass. */
	private static final long MAX_FIRINGS_AT_ONE_INSTANT = 10_000_000;
	/** Tokens in queues, or in places, beyond which the population is taken to grow without bound. */
	private static final int MAX_QUEUED_TOKENS = CompiledNet.MAX_TOKENS;
	private static final long MAX_HELD_TOKENS = CompiledNet.MAX_TOKENS;
	/** Checks of the stopping rule per run at most. */
	private static final double MAX_STOP_CHECKS = 1_000_000;
	static final double CI_LEVEL = 0.95;
	/** How often, in completion events, the run looks at the wall clock for progress reports. */
	private static final int PROGRESS_EVENTS = 1 << 18;

	private final CompiledNet net;
	private final QpnRunSettings settings;
	private final UniformRandomProvider random;
	/** Per queueing slot with a service time other than exponential, its sampler; null for the others. */
	private final ServiceTime.Sampler[] samplers;
	/** Per slot, the mean of an exponential service time, NaN for another distribution (see {@link ServiceTime#exponentialMean}). */
	private final double[] exponentialMeans;
	/** Standard exponential draws of the run's stream: exponential service times and timed transitions' delays. */
	private final ZigguratSampler.Exponential standardExponential;
	private final Slot[] slots;

	// marking: tokens in a place (or a queueing place's depository) with their arrival times, and the
	// tokens of them available to transitions: all under the NORMAL departure discipline, only the
	// oldest token of the place under FIFO, the others waiting in the place's departure line
	private final int[] held;
	private long heldTokens;
	private final int[] available;
	/** For each numbered mode ({@link CompiledNet#firstMode}), its inputs holding fewer tokens than it takes. */
	private final int[] missingInputs;
	/**
	 * For each transition with numbered modes, those that can fire; both kept up to date as tokens
	 * become available or are taken.
	 */
	private final int[] enabledModes;
	private final DoubleRing[] arrivalTimes;
	private final IntRing[] departureLines;
	/** For a FIFO place: whether it offers a token to the transitions. */
	private final boolean[] offering;
	private final int[] queued;

	// tokens in queues
	private int[] tokenSlot = new int[256];
	private double[] tokenArrival = new double[256];
	private double[] tokenFinish = new double[256];
	private int[] freeTokens = new int[256];
	private int freeCount;
	private int tokensInUse;

	private final QueueState[] queues;
	// service completions and timed firings, the queue (past the queues: the transition) and the token
	// packed into one long, so that nothing is allocated per event
	private final LongEventHeap events = new LongEventHeap();
	/**
	 * Whether the completion being fired is still the first event of the list: it stays there until the
	 * completion schedules its first successor, which takes its place in one pass down the heap
	 * instead of a removal and an insertion (the order of events is the same either way).
	 */
	private boolean firedStillFirst;
	/** The probes' start times and measurements; null for a net without probes. */
	private final ProbeRun probes;

	// immediate transitions
	private final boolean[] enabled;
	private final int[] enabledList;
	private final int[] enabledPosition;
	private int enabledCount;
	private final boolean[] dirty;
	private final int[] dirtyStack;
	private int dirtyCount;
	/**
	 * A transition that passes tokens on ({@link CompiledNet#passer}) and got a token while no transition
	 * was enabled or waiting to be looked at: it is certain to be the only enabled one, so it fires
	 * without being looked at, or -1. Marking any other transition dirty first puts it on the dirty
	 * stack, where it would have been.
	 */
	private int readyAlone = -1;
	/**
	 * The slot of the token that made {@link #readyAlone} ready, whose arrival time (now) is not in the
	 * slot's arrival times, or -1. The token leaves at this instant, so its residence is 0 without a
	 * write and a read of the ring; if another transition is marked first, the token's time enters the
	 * ring then, before the run looks at the transitions.
	 */
	private int unrecordedSlot = -1;

	// timed transitions: each with one pending firing, drawn for the sum of its enabled modes' rates
	// and drawn again whenever its inputs change (exponential delays forget how long they ran)
	private final boolean[] timed;
	private final long[] pendingFiring;
	private final boolean[] timedDirty;
	private final int[] timedDirtyStack;
	private int timedDirtyCount;

	// statistics
	private final SteadyStateMean[] placeResidence;
	private final SteadyStateMean[] queueResidence;
	/** Residence-time quantiles of the slots that measure them (null for the others). */
	private final Quantiles[] placeQuantiles;
	private final Quantiles[] queueQuantiles;
	private long measurements;
	private final long[] placeDepartures;
	private final long[] queueCompletions;
	/**
	 * Not updated for a slot whose transition passes its tokens on ({@link CompiledNet#passer}): that
	 * transition is enabled while the slot holds a token, and time passes only once no immediate
	 * transition is, so the slot holds none whenever time passes. Its time average stays 0 exactly, as
	 * updates would leave it (each adds its old value times no time, or 0 times some).
	 */
	private final TimeWeighted[] placePopulation;
	private final TimeWeighted[] queuePopulation;
	private boolean measuring;
	private double measuredFrom;

	private double now;
	private long eventCount;
	// embedded in another simulation: its clock, the place where requests leave, who waits for them, and
	// which request each token carries (in places per colour in arrival order, in queues per token)
	private static final int NO_REQUEST = -1;
	private SimulationClock clock;
	private int exitPlace = -1;
	private final Map<Integer, Runnable> waitingRequests = new HashMap<>();
	private int nextRequest;
	private IntRing[] heldRequests;
	private int[] tokenRequest;
	private long nextEmbeddedSequence;
	/** The colour of each slot as a number, and the requests and colours of the tokens a firing took. */
	private final int[] colourOf;
	/** Embedded only: as many as the most tokens a mode takes. */
	private int[] takenRequests;
	private int[] takenColours;
	private int takenCount;
	private long completionsAtThisInstant;

	public NetRun(CompiledNet net, QpnRunSettings settings) {
		this.net = net;
		this.settings = settings;
		this.slots = net.slots;
		random = RandomSource.XO_RO_SHI_RO_128_PP.create(settings.seed());
		int slotCount = slots.length;
		samplers = new ServiceTime.Sampler[slotCount];
		exponentialMeans = new double[slotCount];
		standardExponential = ZigguratSampler.Exponential.of(random);
		held = new int[slotCount];
		available = new int[slotCount];
		missingInputs = net.takingInputs.clone();
		enabledModes = new int[net.transitions.length];
		for (int mode = 0; mode < missingInputs.length; mode++) {
			if (missingInputs[mode] == 0) {
				enabledModes[net.transitionOfMode[mode]]++;
			}
		}
		arrivalTimes = new DoubleRing[slotCount];
		departureLines = new IntRing[net.placeCount];
		offering = new boolean[net.placeCount];
		queued = new int[slotCount];
		placeResidence = new SteadyStateMean[slotCount];
		queueResidence = new SteadyStateMean[slotCount];
		placeQuantiles = new Quantiles[slotCount];
		queueQuantiles = new Quantiles[slotCount];
		placeDepartures = new long[slotCount];
		queueCompletions = new long[slotCount];
		placePopulation = new TimeWeighted[slotCount];
		queuePopulation = new TimeWeighted[slotCount];
		for (int slot = 0; slot < slotCount; slot++) {
			Slot spec = slots[slot];
			if (spec.queueing()) {
				ServiceTime serviceTime = spec.serviceTime();
				exponentialMeans[slot] = serviceTime.exponentialMean();
				// an exponential slot draws through its mean (serviceTime(int)), never through a sampler
				samplers[slot] = Double.isNaN(exponentialMeans[slot]) ? serviceTime.sampler(random) : null;
				queueResidence[slot] = batchMeans(spec.queuePrecision());
				queueQuantiles[slot] = spec.percentiles() ? new Quantiles() : null;
				queuePopulation[slot] = new TimeWeighted(0, 0);
			}
			arrivalTimes[slot] = new DoubleRing();
			if (spec.fifo() && departureLines[spec.placeIndex()] == null) {
				departureLines[spec.placeIndex()] = new IntRing();
			}
			placeResidence[slot] = batchMeans(spec.placePrecision());
			placeQuantiles[slot] = spec.percentiles() ? new Quantiles() : null;
			placePopulation[slot] = new TimeWeighted(0, 0);
		}
		queues = new QueueState[net.queues.length];
		for (int queue = 0; queue < queues.length; queue++) {
			queues[queue] = QueueState.of(net.queues[queue], queue, this);
		}
		int transitionCount = net.transitions.length;
		enabled = new boolean[transitionCount];
		enabledList = new int[transitionCount];
		enabledPosition = new int[transitionCount];
		dirty = new boolean[transitionCount];
		dirtyStack = new int[transitionCount];
		timed = new boolean[transitionCount];
		pendingFiring = new long[transitionCount];
		timedDirty = new boolean[transitionCount];
		timedDirtyStack = new int[transitionCount];
		for (int transition = 0; transition < transitionCount; transition++) {
			timed[transition] = net.transitions[transition].timed();
			pendingFiring[transition] = -1;
			if (timed[transition]) {
				// a timed transition without inputs (a source) is enabled from the start
				markDirty(transition);
			}
		}
		probes = net.probes == null ? null : new ProbeRun(net.probes, random);
		Map<String, Integer> colourNumbers = new HashMap<>();
		colourOf = new int[slotCount];
		for (int slot = 0; slot < slotCount; slot++) {
			colourOf[slot] = colourNumbers.computeIfAbsent(slots[slot].colour(), name -> colourNumbers.size());
		}
	}

	/** Runs to the end and reports what was measured after the warm-up. */
	public QpnResult run(QpnSimulator.Progress progress) {
		return run(progress, Long.MAX_VALUE);
	}

	/**
	 * Runs the first {@code events} events (or fewer, if the run ends before) exactly as {@link #run}
	 * would, with every check made on the way: immediate transitions that never let time pass, a
	 * population growing without bound, a run length the {@link RunBudget} refuses.
	 *
	 * @throws UnsupportedNetException as {@link #run} would within those events
	 */
	public void dryRun(long events) {
		run(QpnSimulator.Progress.NONE, events);
	}

	/** How the run budget names the net's stop conditions. */
	private static final RunBudget.Terms TERMS = new RunBudget.Terms("run length", "measured tokens", "measured token");

	/** @return the result, or null if the run reached {@code eventLimit} events before its end */
	private QpnResult run(QpnSimulator.Progress progress, long eventLimit) {
		long started = System.nanoTime();
		RunBudget budget;
		try {
			budget = RunBudget.standard(TERMS);
		} catch (IllegalArgumentException unusable) {
			throw new UnsupportedNetException(unusable.getMessage());
		}
		depositInitialMarking();
		fireImmediateTransitions();
		double warmUp = settings.warmUp();
		double runLength = settings.runLength();
		boolean checksPrecision = settings.stoppingRule() != StoppingRule.ABSOLUTE;
		// a net file may ask for checks far more often than a run can afford
		double checkInterval = Math.max(settings.timeBetweenStopChecks(), (runLength - warmUp) / MAX_STOP_CHECKS);
		double nextCheck = Double.POSITIVE_INFINITY;
		String stopReason = "run length";
		long lastProgress = System.nanoTime();
		long completions = 0;
		while (true) {
			double next = events.isEmpty() ? Double.POSITIVE_INFINITY : events.firstTime();
			if (!measuring && next >= warmUp) {
				startMeasuring(warmUp);
				if (checksPrecision) {
					nextCheck = warmUp + checkInterval;
				}
			}
			if (nextCheck <= next && nextCheck < runLength) {
				now = nextCheck;
				if (precise()) {
					stopReason = "precision reached";
					break;
				}
				nextCheck += checkInterval;
				continue;
			}
			if (next >= runLength) {
				now = runLength;
				break;
			}
			if (next == now) {
				if (++completionsAtThisInstant > MAX_FIRINGS_AT_ONE_INSTANT) {
					throw new UnsupportedNetException("net '" + net.name + "': more than " + MAX_FIRINGS_AT_ONE_INSTANT
							+ " service completions at time " + now + " without time advancing; service times of 0 in a"
							+ " cycle never let time pass");
				}
			} else {
				completionsAtThisInstant = 0;
			}
			now = next;
			long queueAndToken = events.firstPayload();
			long sequence = events.firstSequence();
			firedStillFirst = true;
			complete((int) (queueAndToken >>> 32), (int) queueAndToken, sequence);
			if (firedStillFirst) {
				firedStillFirst = false;
				events.removeFirst();
			}
			if (settings.maxMeasurements() > 0 && measurements >= settings.maxMeasurements()) {
				stopReason = "max measurements";
				break;
			}
			if (eventCount >= budget.nextLook()) {
				double precisionCheck = measuring ? nextCheck : warmUp + checkInterval;
				String unfinishable = budget.look(new RunBudget.Position(eventCount, now, runLength, measurements,
						settings.maxMeasurements() > 0 ? settings.maxMeasurements() : Long.MAX_VALUE,
						checksPrecision && reachable(precisionCheck, runLength, budget)));
				if (unfinishable != null) {
					throw new UnsupportedNetException("net '" + net.name + "': " + unfinishable);
				}
			}
			if (eventCount >= eventLimit) {
				return null;
			}
			if (++completions % PROGRESS_EVENTS == 0 && Thread.currentThread().isInterrupted()) {
				// another replication failed, or the caller gave up: this run's result would be thrown away
				throw new CancellationException("the run of net '" + net.name + "' was stopped");
			}
			if (completions % PROGRESS_EVENTS == 0 && System.nanoTime() - lastProgress > 1_000_000_000L) {
				lastProgress = System.nanoTime();
				progress.at(now, runLength, eventCount);
			}
		}
		return result(stopReason, (System.nanoTime() - started) / 1e9);
	}

	/**
	 * Whether the stopping rule's next check comes before the run length and, at the pace so far, within
	 * the run budget: only then may precision end the run early. Checks are spread over the run length
	 * (at most {@link #MAX_STOP_CHECKS}), so a run length of 1e300 puts even the first one out of reach.
	 */
	private boolean reachable(double precisionCheck, double runLength, RunBudget budget) {
		if (!(precisionCheck < runLength)) {
			return false;
		}
		return !(now > 0) || eventCount * (precisionCheck / now) <= budget.limit();
	}

	/** A completion event of a queue fired (an outdated one of a processor-sharing queue changes nothing). */
	private void complete(int queue, int token, long sequence) {
		if (queue >= queues.length) {
			fireTimed(queue - queues.length, sequence);
		} else if (queues[queue].complete(token, sequence)) {
			eventCount++;
			fireImmediateTransitions();
		}
	}

	/** A timed transition's firing came due: one of its enabled modes fires, drawn by rate. */
	private void fireTimed(int transition, long sequence) {
		if (sequence != pendingFiring[transition]) {
			return;
		}
		pendingFiring[transition] = -1;
		fire(net.transitions[transition], chooseMode(transition));
		eventCount++;
		markDirty(transition);
		fireImmediateTransitions();
	}

	// ---- embedded in another simulation ----

	/**
	 * Runs the net on another simulation's clock from now on: completions are scheduled there.
	 * Requests enter as tokens ({@link #submit}) and are followed through the net: in a queue each
	 * token is itself, in a place the oldest token of a colour leaves first, and a transition hands a
	 * taken token's request on to the first token of the same colour it produces. A request's token
	 * arriving at {@code exitPlace} (an ordinary place) leaves the net and ends the request; other
	 * tokens stay there as usual.
	 */
	public void embed(SimulationClock clock, int exitPlace) {
		this.clock = clock;
		this.exitPlace = exitPlace;
		heldRequests = new IntRing[slots.length];
		for (int slot = 0; slot < slots.length; slot++) {
			heldRequests[slot] = new IntRing();
		}
		tokenRequest = new int[tokenSlot.length];
		int mostTaken = 1;
		for (CompiledTransition transition : net.transitions) {
			for (CompiledMode mode : transition.modes()) {
				mostTaken = Math.max(mostTaken, Arrays.stream(mode.inputCounts()).sum());
			}
		}
		takenRequests = new int[mostTaken];
		takenColours = new int[mostTaken];
		now = clock.now();
		depositInitialMarking();
		fireImmediateTransitions();
	}

	/**
	 * Embedded: the queues' figures count from now on (the other simulation's warm-up is over). The
	 * residence-time statistics of a stand-alone run are not kept: nobody reads them here.
	 */
	public void restartMeasuring() {
		forgetFigures(Math.max(now, clock.now()));
	}

	/**
	 * Embedded: each queue with a number of servers (not an infinite-server one), with what was
	 * measured since measuring began, up to the clock's now.
	 */
	public List<PreparedNet.QueueFigures> queueFigures() {
		double at = Math.max(now, clock.now());
		List<PreparedNet.QueueFigures> figures = new ArrayList<>();
		for (int queue = 0; queue < queues.length; queue++) {
			QueueSpec spec = net.queues[queue];
			if (!spec.reported()) {
				continue;
			}
			long completions = 0;
			double population = 0;
			for (int slot = 0; slot < slots.length; slot++) {
				if (slots[slot].queue() == queue) {
					completions += queueCompletions[slot];
					population += queuePopulation[slot].mean(at);
				}
			}
			figures.add(new PreparedNet.QueueFigures(spec.name(), spec.strategy().name(), spec.servers(), completions,
					queues[queue].utilization(at), population));
		}
		return figures;
	}

	/** A request enters as a token of the slot; {@code finished} runs on the clock when its token reaches the exit. */
	public void submit(int slot, Runnable finished) {
		now = clock.now();
		int request = nextRequest++;
		waitingRequests.put(request, finished);
		if (probes != null) {
			probes.appear(slot, now);
		}
		deposit(slot, request);
		fireImmediateTransitions();
	}

	/** @return whether the token was a request's and left the net at the exit */
	private boolean leftAtExit(int slot, int request) {
		if (request < 0 || slots[slot].placeIndex() != exitPlace) {
			return false;
		}
		// on the other simulation's clock, after the firing under way: the request's end may start another
		clock.schedule(0, waitingRequests.remove(request));
		return true;
	}

	// ---- tokens and queues ----

	/**
	 * The initial tokens, each place's colours taking turns (the order a FIFO place lets them leave in,
	 * as in SimQPN).
	 */
	private void depositInitialMarking() {
		int[] left = new int[slots.length];
		boolean any = true;
		for (int slot = 0; slot < slots.length; slot++) {
			left[slot] = slots[slot].initialPopulation();
		}
		while (any) {
			any = false;
			for (int slot = 0; slot < slots.length; slot++) {
				if (left[slot] > 0) {
					left[slot]--;
					if (probes != null) {
						probes.appear(slot, now);
					}
					deposit(slot, NO_REQUEST);
					any = true;
				}
			}
		}
	}

	/** A token of the slot (a request's, or {@link #NO_REQUEST}) enters its place, or its queueing place's depository. */
	private void deposit(int slot, int request) {
		if (++heldTokens > MAX_HELD_TOKENS) {
			throw new UnsupportedNetException("net '" + net.name + "': more than " + MAX_HELD_TOKENS + " tokens in places at time "
					+ now + " (e.g. in '" + slots[slot].place() + "'); the population grows without bound");
		}
		held[slot]++;
		if (passedOnAlone(slot)) {
			unrecordedSlot = slot;
		} else {
			arrivalTimes[slot].add(now);
		}
		if (heldRequests != null) {
			heldRequests[slot].add(request);
		}
		if (probes != null) {
			probes.hold(slot);
		}
		if (net.passer[slot] < 0) {
			placePopulation[slot].update(now, held[slot]);
		}
		int place = slots[slot].placeIndex();
		if (departureLines[place] != null) {
			if (offering[place]) {
				departureLines[place].add(slot);
				return;
			}
			offering[place] = true;
		}
		makeAvailable(slot);
	}

	private void makeAvailable(int slot) {
		available[slot]++;
		if (passedOnAlone(slot)) {
			readyAlone = net.passer[slot];
			return;
		}
		countAvailable(slot, available[slot] - 1, available[slot]);
		// more tokens can only enable a transition
		for (int transition : net.consumers[slot]) {
			if (!enabled[transition]) {
				markDirty(transition);
			}
		}
	}

	/** The slot's available tokens went from {@code before} to {@code after}: the modes that take from it follow. */
	private void countAvailable(int slot, int before, int after) {
		int[] takers = net.modesTaking[slot];
		for (int taker = 0; taker < takers.length; taker += 2) {
			int takes = takers[taker + 1];
			if (before >= takes != after >= takes) {
				int mode = takers[taker];
				if (after >= takes) {
					if (--missingInputs[mode] == 0) {
						enabledModes[net.transitionOfMode[mode]]++;
					}
				} else if (missingInputs[mode]++ == 0) {
					enabledModes[net.transitionOfMode[mode]]--;
				}
			}
		}
	}

	/** Whether a token available in the slot now is passed on at once, by the only transition that can fire ({@link #readyAlone}). */
	private boolean passedOnAlone(int slot) {
		return net.passer[slot] >= 0 && readyAlone < 0 && dirtyCount == 0 && enabledCount == 0;
	}

	/** A token of the slot arrives: at its queue for a queueing place, else in the place. */
	private void arrive(int slot, int request) {
		if (heldRequests != null && leftAtExit(slot, request)) {
			return;
		}
		int queue = slots[slot].queue();
		if (queue < 0) {
			deposit(slot, request);
			return;
		}
		int token = newToken(slot);
		if (tokenRequest != null) {
			tokenRequest[token] = request;
		}
		if (probes != null) {
			probes.enqueue(slot, token);
		}
		queued[slot]++;
		queuePopulation[slot].update(now, queued[slot]);
		queues[queue].arrive(token);
	}

	private void take(int slot, int count) {
		heldTokens -= count;
		held[slot] -= count;
		available[slot] -= count;
		// a passer's slot has no other taker, so no numbered mode to count
		if (net.passer[slot] < 0) {
			placePopulation[slot].update(now, held[slot]);
			countAvailable(slot, available[slot] + count, available[slot]);
		}
		DoubleRing times = arrivalTimes[slot];
		for (int token = 0; token < count; token++) {
			if (heldRequests != null) {
				takenRequests[takenCount] = heldRequests[slot].removeFirst();
				takenColours[takenCount++] = colourOf[slot];
			}
			double arrived;
			if (slot == unrecordedSlot) {
				unrecordedSlot = -1;
				arrived = now;
			} else {
				arrived = times.removeFirst();
			}
			if (measuring) {
				placeResidence[slot].add(now - arrived);
				if (placeQuantiles[slot] != null) {
					placeQuantiles[slot].add(now - arrived);
				}
				placeDepartures[slot]++;
				measurements++;
			}
		}
		if (probes != null) {
			probes.take(slot, count, now);
		}
		// fewer tokens can only disable a transition (and change a timed one's rate)
		for (int transition : net.consumers[slot]) {
			if (enabled[transition] || timed[transition]) {
				markDirty(transition);
			}
		}
		int place = slots[slot].placeIndex();
		IntRing line = departureLines[place];
		if (line != null) {
			if (line.isEmpty()) {
				offering[place] = false;
			} else {
				makeAvailable(line.removeFirst());
			}
		}
	}

	/** A queue finished serving the token: it leaves for the depository. */
	void served(int token) {
		int slot = tokenSlot[token];
		if (measuring) {
			queueResidence[slot].add(now - tokenArrival[token]);
			if (queueQuantiles[slot] != null) {
				queueQuantiles[slot].add(now - tokenArrival[token]);
			}
		}
		queueCompletions[slot]++;
		queued[slot]--;
		queuePopulation[slot].update(now, queued[slot]);
		if (probes != null) {
			probes.dequeue(slot, token);
		}
		releaseToken(token);
		deposit(slot, tokenRequest == null ? NO_REQUEST : tokenRequest[token]);
	}

	private int newToken(int slot) {
		int token;
		if (freeCount > 0) {
			token = freeTokens[--freeCount];
		} else {
			token = tokensInUse;
			if (token >= MAX_QUEUED_TOKENS) {
				throw new UnsupportedNetException("net '" + net.name + "': more than " + MAX_QUEUED_TOKENS
						+ " tokens in queues at time " + now + "; the population grows without bound (is a queue"
						+ " overloaded?)");
			}
			if (token == tokenSlot.length) {
				int capacity = (int) Math.min((long) token * 2, MAX_QUEUED_TOKENS);
				tokenSlot = Arrays.copyOf(tokenSlot, capacity);
				tokenArrival = Arrays.copyOf(tokenArrival, capacity);
				tokenFinish = Arrays.copyOf(tokenFinish, capacity);
				freeTokens = Arrays.copyOf(freeTokens, capacity);
				if (tokenRequest != null) {
					tokenRequest = Arrays.copyOf(tokenRequest, capacity);
				}
			}
		}
		tokensInUse = Math.max(tokensInUse, token + 1);
		tokenSlot[token] = slot;
		tokenArrival[token] = now;
		return token;
	}

	private void releaseToken(int token) {
		freeTokens[freeCount++] = token;
	}

	double now() {
		return now;
	}

	double serviceTime(int token) {
		int slot = tokenSlot[token];
		double exponentialMean = exponentialMeans[slot];
		return exponentialMean == exponentialMean ? exponentialMean * standardExponential.sample() : samplers[slot].next();
	}

	int priority(int token) {
		return slots[tokenSlot[token]].priority();
	}

	double finish(int token) {
		return tokenFinish[token];
	}

	void setFinish(int token, double finish) {
		tokenFinish[token] = finish;
	}

	UniformRandomProvider random() {
		return random;
	}

	/** Whether a queue may keep an event in the list that comes too early and {@link #postpone} it: not when embedded. */
	boolean mayPostpone() {
		return clock == null;
	}

	/** A sequence number for an event added later in the order it would have had if added now ({@link #mayPostpone}). */
	long reserveSequence() {
		return events.reserveSequence();
	}

	/**
	 * The completion being fired came too early: it moves to {@code time} under the {@code sequence}
	 * reserved for it, as if it had been scheduled then ({@link #mayPostpone}).
	 */
	void postpone(double time, long sequence, int queue, int token) {
		firedStillFirst = false;
		events.replaceFirst(time, sequence, payload(queue, token));
	}

	private static long payload(int queue, int token) {
		return (long) queue << 32 | token & 0xFFFFFFFFL;
	}

	/** @return the event's sequence number */
	long schedule(double delay, int queue, int token) {
		if (clock == null) {
			long payload = payload(queue, token);
			if (firedStillFirst) {
				firedStillFirst = false;
				return events.replaceFirst(now + delay, payload);
			}
			return events.add(now + delay, payload);
		}
		long sequence = nextEmbeddedSequence++;
		// the handle is not kept: an outdated completion is recognised by its sequence number when it fires
		clock.schedule(delay, () -> {
			now = clock.now();
			complete(queue, token, sequence);
		});
		return sequence;
	}

	/** All priorities of the colours served by a queue, highest first. */
	int[] prioritiesOf(int queue) {
		TreeSet<Integer> priorities = new TreeSet<>();
		for (Slot slot : slots) {
			if (slot.queue() == queue) {
				priorities.add(slot.priority());
			}
		}
		return priorities.descendingSet().stream().mapToInt(Integer::intValue).toArray();
	}

	// ---- immediate transitions ----

	private void markDirty(int transition) {
		if (readyAlone >= 0) {
			int ready = readyAlone;
			readyAlone = -1;
			if (unrecordedSlot >= 0) {
				arrivalTimes[unrecordedSlot].add(now);
				unrecordedSlot = -1;
			}
			markDirty(ready);
		}
		if (!dirty[transition]) {
			dirty[transition] = true;
			dirtyStack[dirtyCount++] = transition;
		}
	}

	private void fireImmediateTransitions() {
		long firings = 0;
		while (true) {
			if (readyAlone >= 0) {
				if (++firings > MAX_FIRINGS_AT_ONE_INSTANT) {
					throw endlessFirings(readyAlone);
				}
				fireAlone();
				continue;
			}
			while (dirtyCount > 0) {
				int transition = dirtyStack[--dirtyCount];
				dirty[transition] = false;
				if (timed[transition]) {
					if (!timedDirty[transition]) {
						timedDirty[transition] = true;
						timedDirtyStack[timedDirtyCount++] = transition;
					}
				} else {
					setEnabled(transition, anyModeEnabled(transition));
				}
			}
			if (enabledCount == 0) {
				scheduleTimedTransitions();
				return;
			}
			if (++firings > MAX_FIRINGS_AT_ONE_INSTANT) {
				throw endlessFirings(enabledList[0]);
			}
			int transition = chooseTransition();
			fire(net.transitions[transition], chooseMode(transition));
			eventCount++;
		}
	}

	private UnsupportedNetException endlessFirings(int example) {
		return new UnsupportedNetException("net '" + net.name + "': immediate transitions fired more than "
				+ MAX_FIRINGS_AT_ONE_INSTANT + " times at time " + now + " without time advancing (e.g. '"
				+ net.transitions[example].name() + "'); a cycle of immediate transitions never lets time pass");
	}

	/**
	 * Fires the transition ready alone as the dirty stack would have: looked at, found the only one
	 * enabled (so neither it nor its mode is drawn), fired, and marked dirty by its taking, at the bottom
	 * of the stack. Only when its firing marked others is that state needed, since their order in the
	 * enabled list decides later draws; otherwise looking at it again would just disable it.
	 */
	private void fireAlone() {
		int transition = readyAlone;
		readyAlone = -1;
		CompiledTransition compiled = net.transitions[transition];
		fire(compiled, compiled.modes()[0]);
		eventCount++;
		if (dirtyCount > 0) {
			System.arraycopy(dirtyStack, 0, dirtyStack, 1, dirtyCount);
			dirtyStack[0] = transition;
			dirtyCount++;
			dirty[transition] = true;
			setEnabled(transition, true);
		}
	}

	/** Draws the next firing of every timed transition whose inputs changed, once time may pass. */
	private void scheduleTimedTransitions() {
		while (timedDirtyCount > 0) {
			int transition = timedDirtyStack[--timedDirtyCount];
			timedDirty[transition] = false;
			double rate = 0;
			CompiledMode[] modes = net.transitions[transition].modes();
			for (int mode = 0; mode < modes.length; mode++) {
				if (enabled(transition, mode)) {
					rate += modes[mode].weight();
				}
			}
			pendingFiring[transition] = rate > 0
					? schedule(standardExponential.sample() / rate, queues.length + transition, 0)
					: -1;
		}
	}

	private boolean anyModeEnabled(int transition) {
		int first = net.firstMode[transition];
		return first < 0 ? takesAvailableTokens(net.transitions[transition].modes()[0]) : enabledModes[transition] > 0;
	}

	private boolean enabled(int transition, int mode) {
		int first = net.firstMode[transition];
		return first < 0 ? takesAvailableTokens(net.transitions[transition].modes()[mode]) : missingInputs[first + mode] == 0;
	}

	/** Whether each of the mode's inputs holds the tokens it takes. */
	private boolean takesAvailableTokens(CompiledMode mode) {
		int[] inputSlots = mode.inputSlots();
		int[] inputCounts = mode.inputCounts();
		for (int input = 0; input < inputSlots.length; input++) {
			if (available[inputSlots[input]] < inputCounts[input]) {
				return false;
			}
		}
		return true;
	}

	private void setEnabled(int transition, boolean isEnabled) {
		if (isEnabled == enabled[transition]) {
			return;
		}
		enabled[transition] = isEnabled;
		if (isEnabled) {
			enabledPosition[transition] = enabledCount;
			enabledList[enabledCount++] = transition;
		} else {
			int position = enabledPosition[transition];
			int last = enabledList[--enabledCount];
			enabledList[position] = last;
			enabledPosition[last] = position;
		}
	}

	/** Among the enabled transitions of the highest priority, one drawn by weight. */
	private int chooseTransition() {
		if (enabledCount == 1) {
			return enabledList[0];
		}
		int highest = Integer.MIN_VALUE;
		double totalWeight = 0;
		for (int index = 0; index < enabledCount; index++) {
			CompiledTransition transition = net.transitions[enabledList[index]];
			if (transition.priority() > highest) {
				highest = transition.priority();
				totalWeight = 0;
			}
			if (transition.priority() == highest) {
				totalWeight += transition.weight();
			}
		}
		double draw = random.nextDouble() * totalWeight;
		int chosen = -1;
		for (int index = 0; index < enabledCount; index++) {
			CompiledTransition transition = net.transitions[enabledList[index]];
			if (transition.priority() == highest) {
				chosen = enabledList[index];
				draw -= transition.weight();
				if (draw < 0) {
					break;
				}
			}
		}
		return chosen;
	}

	private CompiledMode chooseMode(int transition) {
		CompiledMode[] modes = net.transitions[transition].modes();
		if (modes.length == 1) {
			return modes[0];
		}
		double totalWeight = 0;
		for (int mode = 0; mode < modes.length; mode++) {
			if (enabled(transition, mode)) {
				totalWeight += modes[mode].weight();
			}
		}
		double draw = random.nextDouble() * totalWeight;
		CompiledMode chosen = null;
		for (int mode = 0; mode < modes.length; mode++) {
			if (enabled(transition, mode)) {
				chosen = modes[mode];
				draw -= chosen.weight();
				if (draw < 0) {
					break;
				}
			}
		}
		return chosen;
	}

	private void fire(CompiledTransition transition, CompiledMode mode) {
		takenCount = 0;
		int[] inputSlots = mode.inputSlots();
		int[] inputCounts = mode.inputCounts();
		for (int input = 0; input < inputSlots.length; input++) {
			take(inputSlots[input], inputCounts[input]);
		}
		int[] outputSlots = mode.outputSlots();
		int[] outputCounts = mode.outputCounts();
		for (int output = 0; output < outputSlots.length; output++) {
			if (probes != null) {
				probes.produce(outputSlots[output], now);
			}
			for (int token = 0; token < outputCounts[output]; token++) {
				arrive(outputSlots[output], heldRequests == null ? NO_REQUEST : handOn(colourOf[outputSlots[output]]));
			}
		}
		if (probes != null) {
			probes.endFiring();
		}
	}

	/** The request of the first token taken by this firing of the colour, which no produced token has yet. */
	private int handOn(int colour) {
		for (int taken = 0; taken < takenCount; taken++) {
			if (takenColours[taken] == colour && takenRequests[taken] != NO_REQUEST) {
				int request = takenRequests[taken];
				takenRequests[taken] = NO_REQUEST;
				return request;
			}
		}
		return NO_REQUEST;
	}

	// ---- statistics ----

	/** Forgets everything before the end of the warm-up; nothing happens between the last event and it. */
	private void startMeasuring(double time) {
		forgetFigures(time);
		if (probes != null) {
			probes.startMeasuring();
		}
		measuring = true;
		measuredFrom = time;
	}

	/** The time-weighted populations, the queues' busy servers and the completions count from {@code time} on. */
	private void forgetFigures(double time) {
		now = time;
		Arrays.fill(queueCompletions, 0);
		for (int slot = 0; slot < slots.length; slot++) {
			placePopulation[slot].reset(time);
			if (queuePopulation[slot] != null) {
				queuePopulation[slot].reset(time);
			}
		}
		for (QueueState queue : queues) {
			queue.startMeasuring(time);
		}
	}

	/** Whether every checked mean is as precise as the stopping rule asks. */
	private boolean precise() {
		boolean relative = settings.stoppingRule() == StoppingRule.RELPRC;
		for (int slot = 0; slot < slots.length; slot++) {
			if (!precise(placeResidence[slot], slots[slot].placePrecision(), relative)
					|| slots[slot].queueing() && !precise(queueResidence[slot], slots[slot].queuePrecision(), relative)) {
				return false;
			}
		}
		return probes == null || probes.precise(relative);
	}

	/**
	 * A mean the stopping rule checks has the batches the net gives, as SimQPN's: of its batch size,
	 * tested for correlation as it asks, every batch counted. Any other mean, and one whose net gives
	 * no batch size, has batches that grow with the run; as they keep between half and all of their
	 * batches, twice the minimum the stopping rule asks for are kept.
	 */
	static SteadyStateMean batchMeans(Precision precision) {
		if (precision == null) {
			return new BatchMeans();
		}
		return precision.batchSize() > 0
				? new FixedBatchMeans(precision.batchSize(), precision.testedBatches(), 1 - level(precision))
				: new BatchMeans(Math.max(BatchMeans.DEFAULT_MAX_BATCHES, 2 * precision.minBatches()), 1);
	}

	/** The precision's confidence level, or 95 % for a net whose significance level lies outside (0, 1). */
	private static double level(Precision precision) {
		return precision.level() > 0 && precision.level() < 1 ? precision.level() : CI_LEVEL;
	}

	static boolean precise(SteadyStateMean residence, Precision precision, boolean relative) {
		if (precision == null) {
			return true;
		}
		int minBatches = Math.max(2, precision.minBatches());
		if (residence.completedBatches() < minBatches || !residence.correlationTestPassed()) {
			return false;
		}
		return residence.halfWidthAtMost(level(precision), relative ? precision.relativeHalfWidth() * Math.abs(residence.mean())
				: precision.absoluteHalfWidth());
	}

	private QpnResult result(String stopReason, double wallClockSeconds) {
		double measuredTime = now - measuredFrom;
		List<PlaceResult> places = new ArrayList<>();
		for (int slot = 0; slot < slots.length; slot++) {
			Slot spec = slots[slot];
			if (spec.queueing()) {
				QueueState queue = queues[spec.queue()];
				QueueSpec queueSpec = net.queues[spec.queue()];
				int servers = queueSpec.strategy() == Strategy.IS ? PlaceResult.INFINITE_SERVERS : queueSpec.servers();
				places.add(new PlaceResult(spec.place(), spec.placeId(), spec.colour(), Part.QUEUE,
						estimate(queueResidence[slot], queueQuantiles[slot]), queueCompletions[slot] / measuredTime,
						queuePopulation[slot].mean(now), queue.utilization(now), servers));
			}
			places.add(new PlaceResult(spec.place(), spec.placeId(), spec.colour(),
					spec.queueing() ? Part.DEPOSITORY : Part.PLACE, estimate(placeResidence[slot], placeQuantiles[slot]),
					placeDepartures[slot] / measuredTime, placePopulation[slot].mean(now)));
		}
		return new QpnResult(net.name, settings.seed(), 1, stopReason, now, eventCount, wallClockSeconds, places,
				probes == null ? List.of() : probes.results(measuredTime));
	}

	private static Estimate estimate(SteadyStateMean residence, Quantiles quantiles) {
		if (quantiles == null || quantiles.count() == 0) {
			return new Estimate(residence.mean(), residence.halfWidth(CI_LEVEL), residence.count());
		}
		return new Estimate(residence.mean(), residence.halfWidth(CI_LEVEL), residence.count(), quantiles.median(),
				quantiles.p95(), quantiles.p99());
	}
}
