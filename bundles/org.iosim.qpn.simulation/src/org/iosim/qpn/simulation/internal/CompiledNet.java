package org.iosim.qpn.simulation.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.DepartureDiscipline;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Place;
import org.iosim.qpn.PlaceStatistics;
import org.iosim.qpn.PlaceTransitionNet;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.Transition;
import org.iosim.qpn.qpe.Subnets;
import org.iosim.qpn.simulation.PreparedNet;
import org.iosim.qpn.simulation.UnsupportedNetException;

/**
 * A net turned into arrays for the event loop: every (place, colour) is a <em>slot</em> with an
 * index; queueing slots know their queue and service time; transitions are lists of modes, each a
 * list of (slot, count) to take and to produce. Nothing on the event path touches the EMF model.
 * Hierarchical nets are flattened as SimQPN flattens them: subnet places give way to the places and
 * transitions of their subnets, named {@code Subnet.Inner}. Probes say what they do at which slot
 * ({@link CompiledProbes}).
 */
public final class CompiledNet {

	/**
	 * A colour of a place.
	 *
	 * @param placeIndex the place's index in the net
	 * @param fifo       whether the place lets its tokens leave only in the order they arrived
	 */
	/** @param percentiles whether residence-time percentiles are measured (statsLevel 4 or more, SimQPN's histograms) */
	record Slot(String place, String placeId, int placeIndex, boolean fifo, String colour, int initialPopulation,
			int queue, ServiceTime serviceTime, int priority, Precision placePrecision, Precision queuePrecision,
			boolean percentiles) {

		boolean queueing() {
			return queue >= 0;
		}
	}

	/**
	 * What the stopping rule asks of a slot's mean residence time: confidence level, relative or
	 * absolute half-width, minimum batches of {@code batchSize} observations (0: the net gives no
	 * size), the first {@code testedBatches} of them tested for correlation (0: none); {@code null}
	 * when the slot is not checked (as in SimQPN, a colour whose minimum batches are 0 or fewer is not).
	 */
	record Precision(double level, double relativeHalfWidth, double absoluteHalfWidth, int minBatches, int batchSize,
			int testedBatches) {

		/**
		 * Batch means a slot may keep: the ones the correlation test looks at, until it passes, or,
		 * without a batch size, twice the minimum the stopping rule asks for.
		 */
		static final int MAX_BATCH_MEANS = 100_000;

		static Precision of(double significance, double relativeHalfWidth, double absoluteHalfWidth, int minBatches,
				int batchSize, int testedBatches) {
			if (testedBatches > MAX_BATCH_MEANS) {
				throw new UnsupportedNetException("a correlation test of " + testedBatches + " batch means is more than the "
						+ MAX_BATCH_MEANS + " the simulator keeps");
			}
			if (batchSize <= 0 && minBatches > MAX_BATCH_MEANS / 2) {
				throw new UnsupportedNetException("a minimum of " + minBatches + " batches without a batch size is more"
						+ " than the " + MAX_BATCH_MEANS / 2 + " the simulator keeps");
			}
			return minBatches <= 0 ? null
					: new Precision(1 - significance, relativeHalfWidth, absoluteHalfWidth, minBatches, Math.max(0, batchSize),
							Math.max(0, testedBatches));
		}
	}

	record QueueSpec(String name, Strategy strategy, int servers) {
		/** Whether an embedded net reports the queue: one with a number of servers, not an infinite-server one. */
		boolean reported() {
			return strategy != Strategy.IS;
		}
	}

	/**
	 * A mode: tokens taken (slot, count) and produced.
	 *
	 * @param weight the firing weight of an immediate transition's mode; the firing rate (1 / mean delay)
	 *               of a timed one's
	 */
	record CompiledMode(double weight, int[] inputSlots, int[] inputCounts, int[] outputSlots, int[] outputCounts) {
	}

	record CompiledTransition(String name, boolean timed, int priority, double weight, CompiledMode[] modes) {
	}

	/** Initial tokens of a net at most: each is deposited one by one and may be held for the whole run. */
	static final long MAX_INITIAL_TOKENS = 10_000_000;
	/**
	 * Tokens in places, or in queues, beyond which a run takes the population to grow without bound
	 * (it ends with a message); a mode that takes or produces more than this in one firing is refused
	 * before the run, as it could never fire or would end the run at once.
	 */
	static final int MAX_TOKENS = 20_000_000;

	final String name;
	final int placeCount;
	final Slot[] slots;
	final QueueSpec[] queues;
	final CompiledTransition[] transitions;
	/** For each slot, the transitions that take tokens from it. */
	final int[][] consumers;
	/**
	 * For each slot, the transition that passes its tokens on one by one, or -1: the slot's only taker,
	 * immediate, with one mode that takes one token of this slot and nothing else and puts none back into
	 * it, the slot's place letting its tokens leave in any order. A token arriving there while no other
	 * transition is enabled makes this the only transition that can fire, which lets a run skip looking
	 * at which are enabled ({@link NetRun}).
	 */
	final int[] passer;
	/**
	 * For each transition with more than one mode (in QPME nets mostly one per colour), the number of its
	 * first mode when the modes of all such transitions are numbered, transition by transition; -1 for a
	 * transition with one mode. A run counts which numbered modes can fire as tokens come and go, rather
	 * than reading every mode's inputs each time it looks at the transition; one mode's inputs are read
	 * faster than they are counted.
	 */
	final int[] firstMode;
	/** The transition of each numbered mode. */
	final int[] transitionOfMode;
	/** For each numbered mode, the number of its inputs that take tokens. */
	final int[] takingInputs;
	/**
	 * For each slot, the numbered modes that take tokens from it, as pairs of the mode's number and the
	 * tokens it takes: whether such a mode can fire changes only when one of its slots passes its count.
	 */
	final int[][] modesTaking;
	/** The net's probes; null if it has none, so that runs of such nets do no probe work at all. */
	final CompiledProbes probes;

	private CompiledNet(String name, int placeCount, Slot[] slots, QueueSpec[] queues, CompiledTransition[] transitions,
			CompiledProbes probes) {
		this.name = name;
		this.placeCount = placeCount;
		this.slots = slots;
		this.queues = queues;
		this.transitions = transitions;
		this.probes = probes;
		List<List<Integer>> bySlot = new ArrayList<>();
		for (int slot = 0; slot < slots.length; slot++) {
			bySlot.add(new ArrayList<>());
		}
		for (int transition = 0; transition < transitions.length; transition++) {
			for (CompiledMode mode : transitions[transition].modes()) {
				for (int slot : mode.inputSlots()) {
					if (!bySlot.get(slot).contains(transition)) {
						bySlot.get(slot).add(transition);
					}
				}
			}
		}
		consumers = bySlot.stream().map(list -> list.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
		firstMode = new int[transitions.length];
		List<Integer> transitionOf = new ArrayList<>();
		List<Integer> taking = new ArrayList<>();
		List<List<Integer>> takers = new ArrayList<>();
		for (int slot = 0; slot < slots.length; slot++) {
			takers.add(new ArrayList<>());
		}
		for (int transition = 0; transition < transitions.length; transition++) {
			if (transitions[transition].modes().length == 1) {
				firstMode[transition] = -1;
				continue;
			}
			firstMode[transition] = transitionOf.size();
			for (CompiledMode mode : transitions[transition].modes()) {
				int number = transitionOf.size();
				transitionOf.add(transition);
				int inputs = 0;
				for (int input = 0; input < mode.inputSlots().length; input++) {
					if (mode.inputCounts()[input] > 0) {
						inputs++;
						takers.get(mode.inputSlots()[input]).addAll(List.of(number, mode.inputCounts()[input]));
					}
				}
				taking.add(inputs);
			}
		}
		transitionOfMode = transitionOf.stream().mapToInt(Integer::intValue).toArray();
		takingInputs = taking.stream().mapToInt(Integer::intValue).toArray();
		modesTaking = takers.stream().map(list -> list.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
		passer = new int[slots.length];
		for (int slot = 0; slot < slots.length; slot++) {
			passer[slot] = consumers[slot].length == 1 && passesOn(transitions[consumers[slot][0]], slot) && !slots[slot].fifo()
					? consumers[slot][0]
					: -1;
		}
	}

	private static boolean passesOn(CompiledTransition transition, int slot) {
		if (transition.timed() || transition.modes().length != 1) {
			return false;
		}
		CompiledMode mode = transition.modes()[0];
		return Arrays.equals(mode.inputSlots(), new int[] { slot }) && mode.inputCounts()[0] == 1
				&& Arrays.stream(mode.outputSlots()).noneMatch(output -> output == slot);
	}

	/**
	 * @param configuration the simulator configuration whose statistics settings decide what the
	 *                      stopping rule checks ({@code null}: nothing is checked)
	 * @throws UnsupportedNetException naming the first element that cannot be simulated
	 */
	public static CompiledNet compile(Net net, String configuration) {
		// subnet places are replaced by their subnets' places and transitions, as SimQPN flattens them
		List<Place> places = new ArrayList<>();
		List<Transition> allTransitions = new ArrayList<>();
		flatten(net, places, allTransitions);
		Map<ColourReference, Integer> slotOf = new IdentityHashMap<>();
		long initialTokens = 0;
		Map<Queue, Integer> queueOf = new LinkedHashMap<>();
		List<Slot> slots = new ArrayList<>();
		for (int placeIndex = 0; placeIndex < places.size(); placeIndex++) {
			Place place = places.get(placeIndex);
			String where = describe(place);
			boolean fifo = place.getDepartureDiscipline() == DepartureDiscipline.FIFO;
			int queue = -1;
			if (place instanceof QueueingPlace queueing) {
				if (queueing.getQueue() == null) {
					throw new UnsupportedNetException(where + ": a queueing place needs a queue");
				}
				queue = queueOf.computeIfAbsent(queueing.getQueue(), key -> queueOf.size());
			}
			int statsLevel = statsLevel(place, configuration);
			for (ColourReference reference : place.getColourReferences()) {
				String colour = reference.getColour() == null ? "?" : colourName(reference.getColour());
				String slotWhere = where + ", colour '" + colour + "'";
				if (reference.getColour() == null) {
					throw new UnsupportedNetException(slotWhere + ": the colour reference names no colour");
				}
				refuseCapacity(reference, slotWhere);
				if (reference.getInitialPopulation() < 0) {
					throw new UnsupportedNetException(slotWhere + ": negative initial population "
							+ reference.getInitialPopulation());
				}
				ServiceTime serviceTime = null;
				int priority = 0;
				if (queue >= 0) {
					if (!(reference instanceof QueueingColourReference queueingReference)) {
						throw new UnsupportedNetException(slotWhere + ": a colour of a queueing place needs a service time");
					}
					serviceTime = ServiceTime.of(queueingReference.getServiceTime(), slotWhere);
					priority = queueingReference.getPriority();
				}
				ColourStatistics settings = statsLevel >= 3 ? settings(reference, configuration) : null;
				Precision placePrecision;
				Precision queuePrecision;
				try {
					placePrecision = settings == null ? null
							: Precision.of(settings.getSignLev(), settings.getReqRelPrc(), settings.getReqAbsPrc(),
									settings.getMinBatches(), settings.getBatchSize(), settings.getNumBMeansCorlTested());
					queuePrecision = settings == null || queue < 0 ? null
							: Precision.of(settings.getQueueSignLev(), settings.getQueueReqRelPrc(),
									settings.getQueueReqAbsPrc(), settings.getQueueMinBatches(), settings.getQueueBatchSize(),
									settings.getQueueNumBMeansCorlTested());
				} catch (UnsupportedNetException tooMany) {
					throw new UnsupportedNetException(slotWhere + ": " + tooMany.getMessage());
				}
				initialTokens += reference.getInitialPopulation();
				if (initialTokens > MAX_INITIAL_TOKENS) {
					throw new UnsupportedNetException(slotWhere + ": the net starts with more than " + MAX_INITIAL_TOKENS
							+ " tokens in all");
				}
				slotOf.put(reference, slots.size());
				slots.add(new Slot(placeName(place), place.getId(), placeIndex, fifo, colour, reference.getInitialPopulation(),
						queue, serviceTime, priority, placePrecision, queuePrecision, statsLevel >= 4));
			}
		}
		List<QueueSpec> queues = new ArrayList<>();
		for (Queue queue : queueOf.keySet()) {
			if (queue.getNumberOfServers() < 1) {
				throw new UnsupportedNetException("queue '" + queue.getName() + "' (" + queue.getId()
						+ "): the number of servers must be at least 1, got " + queue.getNumberOfServers());
			}
			queues.add(new QueueSpec(queue.getName(), queue.getStrategy(), queue.getNumberOfServers()));
		}
		List<CompiledTransition> transitions = new ArrayList<>();
		for (Transition transition : allTransitions) {
			String name = Subnets.qualifiedName(transition, transition.getName());
			String where = "transition '" + name + "' (" + transition.getId() + ")";
			boolean timed = !(transition instanceof ImmediateTransition);
			double weight = timed ? 1 : ((ImmediateTransition) transition).getWeight();
			if (!(weight > 0)) {
				throw new UnsupportedNetException(where + ": the weight must be positive, got " + weight);
			}
			List<CompiledMode> modes = new ArrayList<>();
			for (Mode mode : transition.getModes()) {
				String modeWhere = where + ", mode '" + mode.getName() + "'";
				double modeWeight = timed ? 1 / mode.getMeanFiringDelay() : mode.getFiringWeight();
				if (timed && !(mode.getMeanFiringDelay() > 0 && Double.isFinite(modeWeight))) {
					throw new UnsupportedNetException(modeWhere + ": the mean firing delay must be positive, got "
							+ mode.getMeanFiringDelay());
				}
				if (!timed && !(mode.getFiringWeight() > 0)) {
					throw new UnsupportedNetException(modeWhere + ": the firing weight must be positive, got "
							+ mode.getFiringWeight());
				}
				if (!timed && mode.getInputs().isEmpty()) {
					throw new UnsupportedNetException(modeWhere
							+ ": an immediate mode that takes no token could fire without end");
				}
				int[][] inputs = flows(mode.getInputs(), false, slotOf, modeWhere);
				int[][] outputs = flows(mode.getOutputs(), true, slotOf, modeWhere);
				modes.add(new CompiledMode(modeWeight, inputs[0], inputs[1], outputs[0], outputs[1]));
			}
			if (!modes.isEmpty()) {
				transitions.add(new CompiledTransition(name, timed, transition.getPriority(), weight,
						modes.toArray(CompiledMode[]::new)));
			}
		}
		CompiledProbes probes = CompiledProbes.compile(net.getProbes(), slotOf, slots.size(), configuration);
		return new CompiledNet(net.getName(), places.size(), slots.toArray(Slot[]::new), queues.toArray(QueueSpec[]::new),
				transitions.toArray(CompiledTransition[]::new), probes);
	}

	/**
	 * The places that hold tokens and all transitions, those of subnets included: a subnet place
	 * itself holds none (its colour references only say which colours cross its border), so, as in
	 * SimQPN, it is replaced by its subnet's places, and its initial population is not simulated.
	 */
	private static void flatten(PlaceTransitionNet owner, List<Place> places, List<Transition> transitions) {
		transitions.addAll(owner.getTransitions());
		for (Place place : owner.getPlaces()) {
			if (place instanceof SubnetPlace subnetPlace) {
				for (ColourReference reference : place.getColourReferences()) {
					refuseCapacity(reference, describe(place) + ", colour '"
							+ (reference.getColour() == null ? "?" : colourName(reference.getColour())) + "'");
				}
				if (subnetPlace.getSubnet() == null) {
					throw new UnsupportedNetException(describe(place) + ": the subnet place holds no subnet");
				}
				flatten(subnetPlace.getSubnet(), places, transitions);
			} else {
				places.add(place);
			}
		}
	}

	/**
	 * SimQPN refuses every net with a capacity ("Max population attribute currently not supported"),
	 * so there is no reference semantics to follow (e.g. whether a full place disables the transitions
	 * putting tokens into it); such nets are refused here too.
	 */
	private static void refuseCapacity(ColourReference reference, String where) {
		if (reference.getMaximumCapacity() > 0) {
			throw new UnsupportedNetException(where + ": a maximum capacity is not simulated yet (maximum-capacity "
					+ reference.getMaximumCapacity() + "; SimQPN, whose semantics IOSim follows, refuses such nets too);"
					+ " set it to 0, no limit");
		}
	}

	/** A place's name in results: that of a subnet's place is prefixed by its subnet places' names, as in SimQPN ({@code DBS.DBS-CPU}). */
	private static String placeName(Place place) {
		return Subnets.qualifiedName(place, place.getName());
	}

	/** A colour defined in a subnet is named like the subnet's places, as in SimQPN. */
	private static String colourName(Colour colour) {
		return Subnets.qualifiedName(colour, colour.getName());
	}

	/** @return the slot of the colour of the place, by their names */
	public OptionalInt slotOf(String place, String colour) {
		for (int slot = 0; slot < slots.length; slot++) {
			if (slots[slot].place().equals(place) && slots[slot].colour().equals(colour)) {
				return OptionalInt.of(slot);
			}
		}
		return OptionalInt.empty();
	}

	/** @return the index of the ordinary place of that name */
	/** @return the queues an embedded net reports, with nothing measured yet */
	public List<PreparedNet.QueueFigures> idleQueues() {
		return Arrays.stream(queues).filter(QueueSpec::reported)
				.map(queue -> new PreparedNet.QueueFigures(queue.name(), queue.strategy().name(), queue.servers(), 0, 0, 0))
				.toList();
	}

	public OptionalInt ordinaryPlaceIndex(String place) {
		for (Slot slot : slots) {
			if (slot.place().equals(place) && !slot.queueing()) {
				return OptionalInt.of(slot.placeIndex());
			}
		}
		return OptionalInt.empty();
	}

	/**
	 * @param populations initial tokens by slot, for the slots to change
	 * @throws IllegalArgumentException for an unknown slot or a negative population
	 */
	public CompiledNet withInitialPopulations(Map<Integer, Integer> populations) {
		Slot[] changed = slots.clone();
		populations.forEach((slot, population) -> {
			if (slot < 0 || slot >= slots.length || population < 0) {
				throw new IllegalArgumentException("no slot " + slot + " or a negative population " + population);
			}
			Slot old = slots[slot];
			changed[slot] = new Slot(old.place(), old.placeId(), old.placeIndex(), old.fifo(), old.colour(), population,
					old.queue(), old.serviceTime(), old.priority(), old.placePrecision(), old.queuePrecision(),
					old.percentiles());
		});
		return new CompiledNet(name, placeCount, changed, queues, transitions, probes);
	}

	/**
	 * Token flows merged per slot: {slots, counts}. Tokens put into a subnet place go to its subnet's
	 * input-place, tokens taken from one come from its output-place.
	 *
	 * @param entering whether the flows put tokens into places (a mode's outputs)
	 */
	private static int[][] flows(List<TokenFlow> flows, boolean entering, Map<ColourReference, Integer> slotOf, String where) {
		Map<Integer, Integer> countBySlot = new LinkedHashMap<>();
		long total = 0;
		for (TokenFlow flow : flows) {
			ColourReference reference = flow.getColourReference();
			ColourReference holder = reference == null ? null : Subnets.tokenHolder(reference, entering);
			if (reference != null && holder == null) {
				throw new UnsupportedNetException(where + ": a token flow " + (entering ? "into" : "out of") + " subnet place '"
						+ ((Place) reference.eContainer()).getName() + "' finds no place '" + (entering ? "input-place" : "output-place")
						+ "' of colour '" + (reference.getColour() == null ? "?" : reference.getColour().getName()) + "' in its subnet");
			}
			Integer slot = slotOf.get(holder);
			if (slot == null) {
				throw new UnsupportedNetException(where + ": a token flow refers to a colour of no place of the net");
			}
			if (flow.getCount() < 1) {
				throw new UnsupportedNetException(where + ": a token count must be at least 1, got " + flow.getCount());
			}
			total += flow.getCount();
			if (total > MAX_TOKENS) {
				throw new UnsupportedNetException(String.format(java.util.Locale.ROOT, "%s: it %s %,d tokens in one firing,"
						+ " more than the %,d the simulator holds in places (or in queues) at once", where,
						entering ? "produces" : "takes", total, MAX_TOKENS));
			}
			countBySlot.merge(slot, flow.getCount(), Integer::sum);
		}
		return new int[][] { countBySlot.keySet().stream().mapToInt(Integer::intValue).toArray(),
				countBySlot.values().stream().mapToInt(Integer::intValue).toArray() };
	}

	private static int statsLevel(Place place, String configuration) {
		for (PlaceStatistics statistics : place.getStatistics()) {
			if (statistics.getConfiguration() != null && statistics.getConfiguration().equals(configuration)) {
				return statistics.getStatsLevel();
			}
		}
		return 0;
	}

	private static ColourStatistics settings(ColourReference reference, String configuration) {
		for (ColourStatistics statistics : reference.getStatistics()) {
			if (statistics.getConfiguration() != null && statistics.getConfiguration().equals(configuration)) {
				return statistics;
			}
		}
		return null;
	}

	static String describe(Place place) {
		String kind = place instanceof QueueingPlace ? "queueing place '" : place instanceof SubnetPlace ? "subnet place '" : "place '";
		return kind + placeName(place) + "' (" + place.getId() + ")";
	}
}
