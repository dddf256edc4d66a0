package org.iosim.qpn.qpe;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Place;
import org.iosim.qpn.Probe;
import org.iosim.qpn.ProbeColourReference;
import org.iosim.qpn.ProbeTrigger;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.Transition;

/**
 * The places through which a probe's tokens carry their start time, found as SimQPN finds them: a
 * mode that takes a token of one of the probe's colours from place A and produces one of its colours
 * in place B leads from A to B (a subnet place stands for its input-place and output-place). The
 * places between are those on such a path from the start place to the end place: reached from the
 * start place without coming back to it, and reaching the end place without passing the start place.
 * A probe that starts and ends at one place, on entry and on exit, needs no path: it measures the
 * time in that place.
 */
public final class ProbePaths {

	private ProbePaths() {
	}

	/**
	 * @return the places strictly between the probe's start and end place (in the same order for the
	 *         same net); empty if no path leads from the start to the end place (SimQPN refuses such a probe:
	 *         "Start and end place of probe not connected")
	 */
	public static Optional<Set<Place>> between(Probe probe) {
		Place start = probe.getStartPlace();
		Place end = probe.getEndPlace();
		if (start == null || end == null) {
			return Optional.empty();
		}
		if (start == end && probe.getStartTrigger() == ProbeTrigger.ENTRY && probe.getEndTrigger() == ProbeTrigger.EXIT) {
			return Optional.of(Set.of());
		}
		Set<Colour> colours = new HashSet<>();
		for (ProbeColourReference reference : probe.getColourReferences()) {
			if (reference.getColour() != null) {
				colours.add(reference.getColour());
			}
		}
		Map<Place, Set<Place>> successors = new HashMap<>();
		Map<Place, Set<Place>> predecessors = new HashMap<>();
		EObject root = EcoreUtil.getRootContainer(probe);
		if (root instanceof Net net) {
			for (var contents = net.eAllContents(); contents.hasNext();) {
				if (contents.next() instanceof Transition transition) {
					for (Mode mode : transition.getModes()) {
						Set<Place> from = holders(mode.getInputs(), colours, false);
						for (Place to : holders(mode.getOutputs(), colours, true)) {
							for (Place source : from) {
								successors.computeIfAbsent(source, key -> new LinkedHashSet<>()).add(to);
								predecessors.computeIfAbsent(to, key -> new LinkedHashSet<>()).add(source);
							}
						}
					}
				}
			}
		}
		// forwards from the start place, never entering it again
		Set<Place> reached = reachable(successors.getOrDefault(start, Set.of()), successors, start);
		// backwards from the end place, never passing the start place
		Set<Place> reaching = reachable(predecessors.getOrDefault(end, Set.of()), predecessors, start);
		if (!reaching.contains(start)) {
			return Optional.empty();
		}
		reached.retainAll(reaching);
		reached.remove(start);
		reached.remove(end);
		return Optional.of(reached);
	}

	/** @return the places the first ones lead to, themselves included; {@code barrier} is reached but not passed */
	private static Set<Place> reachable(Set<Place> first, Map<Place, Set<Place>> next, Place barrier) {
		Set<Place> seen = new LinkedHashSet<>(first);
		Deque<Place> open = new ArrayDeque<>(first);
		while (!open.isEmpty()) {
			Place place = open.pop();
			if (place == barrier) {
				continue;
			}
			for (Place following : next.getOrDefault(place, Set.of())) {
				if (seen.add(following)) {
					open.push(following);
				}
			}
		}
		return seen;
	}

	/** @return the places whose tokens of the colours the flows take ({@code entering}: put) */
	private static Set<Place> holders(List<TokenFlow> flows, Set<Colour> colours, boolean entering) {
		Set<Place> places = new LinkedHashSet<>();
		for (TokenFlow flow : flows) {
			ColourReference reference = flow.getColourReference();
			ColourReference holder = reference == null ? null : Subnets.tokenHolder(reference, entering);
			if (holder != null && colours.contains(holder.getColour()) && holder.eContainer() instanceof Place place) {
				places.add(place);
			}
		}
		return places;
	}
}
