package org.iosim.simulation.internal;

import java.util.List;

/**
 * A behaviour of one component instance, ready to be called. Its steps are filled in after it is
 * created so that components calling each other recursively compile.
 */
final class CallTarget {

	private Step[] steps;
	private final Steps.Assignment[] componentParameters;

	CallTarget(List<Steps.Assignment> componentParameters) {
		this.componentParameters = componentParameters.toArray(Steps.Assignment[]::new);
	}

	void define(Step[] compiled) {
		this.steps = compiled;
	}

	Step[] steps() {
		return steps;
	}

	Steps.Assignment[] componentParameters() {
		return componentParameters;
	}
}
