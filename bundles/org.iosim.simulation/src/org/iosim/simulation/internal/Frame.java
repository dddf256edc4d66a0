package org.iosim.simulation.internal;

import java.util.HashMap;
import java.util.Map;

import org.iosim.stoex.Bindings;

/**
 * One behaviour being executed by a {@link SimulatedProcess}: the steps, the position in them and
 * the variables in scope. Loop bodies and branches share their enclosing frame's variables; calls
 * open a fresh scope. The frame is the bindings its expressions are evaluated against, and its
 * variable map is only created when a variable is set: most calls of performance models pass none,
 * and this sits on the event path.
 */
final class Frame implements Bindings {

	Step[] steps;
	Frame caller;
	/** What happens when the last step has run; null to simply return to {@link #caller}. */
	FrameExit exit;
	/** The frame whose variables this one shares, or this frame for a scope of its own. */
	private Frame scope;
	/**
	 * The variables, if this frame is a scope of its own; else an empty map it keeps, or null. A finished
	 * frame keeps its map, emptied, for the next scope it opens, so that a call passing parameters makes
	 * no new map once the process has run such a call.
	 */
	private Map<String, Object> variables;
	int next;
	/** Further runs of the steps still to do (loops). */
	long repetitionsLeft;
	/** Simulated time at which a call frame was entered, for its response time. */
	double enteredAt;

	private Frame(Step[] steps, Frame scope, Map<String, Object> variables, Frame caller, FrameExit exit) {
		reset(steps, scope, variables, caller, exit);
	}

	/** Makes this frame (a new or a finished one) the start of another behaviour. */
	private Frame reset(Step[] newSteps, Frame newScope, Map<String, Object> newVariables, Frame newCaller,
			FrameExit newExit) {
		steps = newSteps;
		scope = newScope == null ? this : newScope;
		variables = newVariables;
		caller = newCaller;
		exit = newExit;
		next = 0;
		repetitionsLeft = 0;
		enteredAt = 0;
		return this;
	}

	/** This finished frame as a frame with a scope of its own, initially without variables. */
	Frame reuseAsScope(Step[] newSteps, Frame newCaller, FrameExit newExit) {
		return reset(newSteps, null, variables, newCaller, newExit);
	}

	/**
	 * Forgets what this finished frame ran (its variables too, keeping their map empty) and keeps it as a
	 * spare, chained to the next spare through {@link #caller}. Nothing reads a finished frame's variables:
	 * a reply crossing a link holds its frame until it has arrived, and events and forks copy them.
	 */
	Frame releasedBefore(Frame nextSpare) {
		if (variables != null) {
			variables.clear();
		}
		return reset(null, null, variables, nextSpare, null);
	}

	/** This finished frame as one sharing the variables of {@code enclosing} (loop and branch bodies). */
	Frame reuseAsNested(Frame enclosing, Step[] body, FrameExit nestedExit) {
		return reset(body, enclosing.scope, variables, enclosing, nestedExit);
	}

	/** A frame with a scope of its own, initially without variables. */
	static Frame newScope(Step[] steps, Frame caller, FrameExit exit) {
		return new Frame(steps, null, null, caller, exit);
	}

	/** A frame with a scope of its own holding a copy of another frame's variables (forked behaviours). */
	static Frame copyOf(Frame original, Step[] steps) {
		Map<String, Object> copied = original.scope.variables == null ? null : new HashMap<>(original.scope.variables);
		return new Frame(steps, null, copied, null, null);
	}

	/** A frame sharing this frame's variables (loop and branch bodies). */
	Frame nested(Step[] body, FrameExit nestedExit) {
		return new Frame(body, scope, null, this, nestedExit);
	}

	void set(String name, Object value) {
		if (scope.variables == null) {
			scope.variables = new HashMap<>();
		}
		scope.variables.put(name, value);
	}

	/** The variables in scope; empty and read-only when none was set. */
	Map<String, Object> variables() {
		return scope.variables == null ? Map.of() : scope.variables;
	}

	@Override
	public Object lookup(String dottedName) {
		return scope.variables == null ? null : scope.variables.get(dottedName);
	}

	/** Completion hook of a frame, e.g. binding return values or recording a call's response time. */
	@FunctionalInterface
	interface FrameExit {
		/**
		 * @return whether the finished frame is free for reuse; false when something still holds it
		 *         (e.g. a reply on its way over a link)
		 */
		boolean exited(SimulatedProcess process, Frame finished);
	}
}
