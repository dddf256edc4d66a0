package org.iosim.analysis.regression;

import org.iosim.analysis.regression.internal.CubistTechnique;
import org.iosim.analysis.regression.internal.M5Technique;

/** The model-tree techniques M5 and Cubist (001 §6.3.1.4–5), for callers outside the bundle's internals. */
public final class ModelTrees {

	private ModelTrees() {
	}

	/** M5 model trees, id {@code m5}, tuned by {@code maxRules}. */
	public static Technique m5() {
		return new M5Technique();
	}

	/** Cubist committees of rule models, id {@code cubist}, tuned by {@code rules}, {@code committees}, {@code neighbors}. */
	public static Technique cubist() {
		return new CubistTechnique();
	}
}
