package org.iosim.qpn.simulation.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.Place;
import org.iosim.qpn.PlaceStatistics;
import org.iosim.qpn.Probe;
import org.iosim.qpn.ProbeColourReference;
import org.iosim.qpn.ProbeTrigger;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.qpe.ProbePaths;
import org.iosim.qpn.qpe.Subnets;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.iosim.qpn.simulation.internal.CompiledNet.Precision;

/**
 * The probes of a net as the event loop needs them: for every slot (a colour of a place) the probes
 * that act there and how, as SimQPN instruments the places of a probe. The start place starts a
 * measurement as a token enters or leaves it, the places between carry a token's start time on, the
 * end place ends the measurement; a place that starts and ends a probe does both.
 */
final class CompiledProbes {

	/** What a probe does with a token of a slot. */
	enum Action {
		/** A token entering the place starts a measurement (unless the firing hands on a start time). */
		START_ON_ENTRY,
		/** A token leaving the place starts a measurement (unless another taken token has a start time). */
		START_ON_EXIT,
		/** A token of a place between carries its start time on. */
		CARRY,
		/** A token entering the place ends its measurement. */
		END_ON_ENTRY,
		/** A token leaving the place ends its measurement. */
		END_ON_EXIT,
		/** One place: the time a token spends in it. */
		START_ON_ENTRY_END_ON_EXIT,
		/** One place: the time from a token leaving it until a token it became comes back. */
		START_ON_EXIT_END_ON_ENTRY;

		/** Whether tokens of the slot keep a start time while they are there. */
		boolean keepsStartTime() {
			return this == START_ON_ENTRY || this == CARRY || this == END_ON_EXIT || this == START_ON_ENTRY_END_ON_EXIT;
		}
	}

	/**
	 * A probe: its colours by name and the precision the stopping rule asks of each colour's mean
	 * ({@code null}: not checked).
	 */
	record Spec(String name, String id, String[] colours, Precision[] precisions) {
	}

	final Spec[] probes;
	/** Per slot, the probes acting there ({@code null}: none), what each does and which of its colours the slot's is. */
	final int[][] probesOfSlot;
	final Action[][] actionsOfSlot;
	final int[][] coloursOfSlot;
	/** The most probes acting at one slot. */
	final int mostPerSlot;

	private CompiledProbes(Spec[] probes, int[][] probesOfSlot, Action[][] actionsOfSlot, int[][] coloursOfSlot) {
		this.probes = probes;
		this.probesOfSlot = probesOfSlot;
		this.actionsOfSlot = actionsOfSlot;
		this.coloursOfSlot = coloursOfSlot;
		int most = 0;
		for (int[] acting : probesOfSlot) {
			most = Math.max(most, acting == null ? 0 : acting.length);
		}
		this.mostPerSlot = most;
	}

	/**
	 * @param slotOf        the slot of every colour reference of a place that holds tokens
	 * @param configuration the configuration whose statistics settings decide what the stopping rule checks
	 * @return the probes, or null if the list is empty
	 * @throws UnsupportedNetException naming the first probe that cannot be simulated
	 */
	static CompiledProbes compile(List<Probe> probes, Map<ColourReference, Integer> slotOf, int slotCount,
			String configuration) {
		if (probes.isEmpty()) {
			return null;
		}
		List<List<int[]>> acting = new ArrayList<>();
		List<List<Action>> actions = new ArrayList<>();
		for (int slot = 0; slot < slotCount; slot++) {
			acting.add(new ArrayList<>());
			actions.add(new ArrayList<>());
		}
		Spec[] specs = new Spec[probes.size()];
		for (int index = 0; index < specs.length; index++) {
			Probe probe = probes.get(index);
			String where = "probe '" + probe.getName() + "' (" + probe.getId() + ")";
			List<Colour> colours = colours(probe, where);
			Place start = place(probe.getStartPlace(), "start", where);
			Place end = place(probe.getEndPlace(), "end", where);
			boolean startOnEntry = probe.getStartTrigger() == ProbeTrigger.ENTRY;
			boolean endOnEntry = probe.getEndTrigger() == ProbeTrigger.ENTRY;
			if (start == end && startOnEntry == endOnEntry) {
				throw new UnsupportedNetException(where + ": it starts and ends at one place both on "
						+ probe.getStartTrigger().getLiteral() + ", which measures no time");
			}
			Optional<Set<Place>> between = ProbePaths.between(probe);
			if (between.isEmpty()) {
				throw new UnsupportedNetException(where + ": no transition path moves tokens of its colours from its start"
						+ " place '" + start.getName() + "' to its end place '" + end.getName() + "'");
			}
			int probeIndex = index;
			Instrument instrument = (place, action) -> {
				for (ColourReference reference : place.getColourReferences()) {
					int colour = colours.indexOf(reference.getColour());
					Integer slot = slotOf.get(reference);
					if (colour >= 0 && slot != null) {
						acting.get(slot).add(new int[] { probeIndex, colour });
						actions.get(slot).add(action);
					}
				}
			};
			if (start == end) {
				instrument.at(start, startOnEntry ? Action.START_ON_ENTRY_END_ON_EXIT : Action.START_ON_EXIT_END_ON_ENTRY);
			} else {
				instrument.at(start, startOnEntry ? Action.START_ON_ENTRY : Action.START_ON_EXIT);
				instrument.at(end, endOnEntry ? Action.END_ON_ENTRY : Action.END_ON_EXIT);
			}
			between.get().forEach(place -> instrument.at(place, Action.CARRY));
			specs[index] = new Spec(probe.getName(), probe.getId(),
					colours.stream().map(colour -> Subnets.qualifiedName(colour, colour.getName())).toArray(String[]::new),
					precisions(probe, colours, configuration, where));
		}
		int[][] probesOfSlot = new int[slotCount][];
		Action[][] actionsOfSlot = new Action[slotCount][];
		int[][] coloursOfSlot = new int[slotCount][];
		for (int slot = 0; slot < slotCount; slot++) {
			if (!acting.get(slot).isEmpty()) {
				probesOfSlot[slot] = acting.get(slot).stream().mapToInt(pair -> pair[0]).toArray();
				coloursOfSlot[slot] = acting.get(slot).stream().mapToInt(pair -> pair[1]).toArray();
				actionsOfSlot[slot] = actions.get(slot).toArray(Action[]::new);
			}
		}
		return new CompiledProbes(specs, probesOfSlot, actionsOfSlot, coloursOfSlot);
	}

	@FunctionalInterface
	private interface Instrument {
		void at(Place place, Action action);
	}

	private static List<Colour> colours(Probe probe, String where) {
		List<Colour> colours = new ArrayList<>();
		for (ProbeColourReference reference : probe.getColourReferences()) {
			if (reference.getColour() == null) {
				throw new UnsupportedNetException(where + ": a colour reference (" + reference.getId() + ") names no colour");
			}
			if (!colours.contains(reference.getColour())) {
				colours.add(reference.getColour());
			}
		}
		if (colours.isEmpty()) {
			throw new UnsupportedNetException(where + ": it measures no colour (SimQPN refuses such a probe too)");
		}
		return colours;
	}

	private static Place place(Place place, String role, String where) {
		if (place == null) {
			throw new UnsupportedNetException(where + ": it has no " + role + " place");
		}
		if (place instanceof SubnetPlace) {
			throw new UnsupportedNetException(where + ": its " + role + " place '" + place.getName() + "' is a subnet place,"
					+ " which holds no tokens itself; choose a place of its subnet");
		}
		return place;
	}

	/** As for places: the colours' batch-means settings count from statsLevel 3 on. */
	private static Precision[] precisions(Probe probe, List<Colour> colours, String configuration, String where) {
		Precision[] precisions = new Precision[colours.size()];
		int statsLevel = probe.getStatistics().stream()
				.filter(statistics -> statistics.getConfiguration() != null && statistics.getConfiguration().equals(configuration))
				.mapToInt(PlaceStatistics::getStatsLevel).findFirst().orElse(0);
		if (statsLevel < 3) {
			return precisions;
		}
		for (ProbeColourReference reference : probe.getColourReferences()) {
			int colour = colours.indexOf(reference.getColour());
			for (ColourStatistics settings : reference.getStatistics()) {
				if (settings.getConfiguration() != null && settings.getConfiguration().equals(configuration)) {
					try {
						precisions[colour] = Precision.of(settings.getSignLev(), settings.getReqRelPrc(),
								settings.getReqAbsPrc(), settings.getMinBatches(), settings.getBatchSize(),
								settings.getNumBMeansCorlTested());
					} catch (UnsupportedNetException tooMany) {
						throw new UnsupportedNetException(where + ", colour '" + reference.getColour().getName() + "': "
								+ tooMany.getMessage());
					}
				}
			}
		}
		return precisions;
	}
}
