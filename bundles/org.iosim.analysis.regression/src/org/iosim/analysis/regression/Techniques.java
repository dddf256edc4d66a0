package org.iosim.analysis.regression;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.iosim.analysis.regression.internal.CartTechnique;
import org.iosim.analysis.regression.internal.CubistTechnique;
import org.iosim.analysis.regression.internal.LinearTechnique;
import org.iosim.analysis.regression.internal.M5Technique;
import org.iosim.analysis.regression.internal.MarsTechnique;
import org.iosim.files.FileProblems;

/**
 * The available regression techniques, found by id (the implementations are internal), and the
 * searches that tune their parameters, found by name.
 */
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

	/** The names of the tuning searches, {@link #tuning} takes them. */
	public static final List<String> TUNINGS = List.of("s3", "grid", "random", "none");

	/**
	 * The search a tuning name stands for: {@code s3} (001 §6.3.2), {@code grid} (6 values per
	 * parameter), {@code random} (100 points drawn with the seed), or none for {@code none}, which
	 * keeps a technique's default parameters.
	 *
	 * @throws IllegalArgumentException for an unknown name, naming the known ones
	 */
	public static Optional<Optimizer> tuning(String name, long seed) {
		return switch (name) {
		case "s3" -> Optional.of(S3Search.defaults());
		case "grid" -> Optional.of(new GridSearch(6));
		case "random" -> Optional.of(new RandomSearch(100, seed));
		case "none" -> Optional.empty();
		default -> throw new IllegalArgumentException("unknown tuning '" + FileProblems.excerpt(name) + "'; known: "
				+ String.join(", ", TUNINGS));
		};
	}
}
