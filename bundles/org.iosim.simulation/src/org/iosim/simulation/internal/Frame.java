package org.iosim.simulation.internal;

import java.util.HashMap;
import java.util.Map;

import org.iosim.stoex.Bindings;

/**
 * One behaviour being executed by a {@link SimulatedProcess}: the steps, the position in them and
 * the variables in scope. Loop bodies and branches share their enclosing frame's variables; calls
 * open a fresh scope.
 */
final class Frame {

	final Step[] steps;
	final Map<String, Object> variables;
	final Bindings bindings;
	final Frame caller;
	/** What happens when the last step has run; null to simply return to {@link #caller}. */
	final FrameExit exit;
	int next;
	/** Further runs of the steps still to do (loops). */
	long repetitionsLeft;
	/** Simulated time at which a call frame was entered, for its response time. */
	double enteredAt;

	Frame(Step[] steps, Map<String, Object> variables, Frame caller, FrameExit exit) {
		this.steps = steps;
		this.variables = variables;
		this.bindings = Bindings.of(variables);
		this.caller = caller;
		this.exit = exit;
	}

	static Frame newScope(Step[] steps, Frame caller, FrameExit exit) {
		return new Frame(steps, new HashMap<>(), caller, exit);
	}

	Frame nested(Step[] body, FrameExit nestedExit) {
		return new Frame(body, variables, this, nestedExit);
	}

	/** Completion hook of a frame, e.g. binding return values or recording a call's response time. */
	@FunctionalInterface
	interface FrameExit {
		void exited(SimulatedProcess process, Frame finished);
	}
}
