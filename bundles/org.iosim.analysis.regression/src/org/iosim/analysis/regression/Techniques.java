package org.iosim.analysis.regression;

import java.util.List;
import java.util.stream.Collectors;

import org.iosim.analysis.regression.internal.CartTechnique;
import org.iosim.analysis.regression.internal.CubistTechnique;
import org.iosim.analysis.regression.internal.LinearTechnique;
import org.iosim.analysis.regression.internal.M5Technique;
import org.iosim.analysis.regression.internal.MarsTechnique;

/** The available regression techniques, found by id (the implementations are internal). */
public final class Techniques {

	private static final List<Technique> ALL = List.of(
			new LinearTechnique(false),
			new LinearTechnique(true),
			new MarsTechnique(false),
			new MarsTechnique(true),
			new CartTechnique(),
			new M5Technique(),
			new CubistTechnique());

	private Techniques() {
	}

	/** Every technique, in the order of 001 §6.3.1. */
	public static List<Technique> all() {
		return ALL;
	}

	/** @throws IllegalArgumentException for an unknown id, naming the known ones */
	public static Technique byId(String id) {
		return ALL.stream().filter(technique -> technique.id().equals(id)).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("unknown regression technique '" + id + "'; known: "
						+ ALL.stream().map(Technique::id).collect(Collectors.joining(", "))));
	}
}
