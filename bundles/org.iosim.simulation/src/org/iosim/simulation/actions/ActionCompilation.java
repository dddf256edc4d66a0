package org.iosim.simulation.actions;

import java.util.function.Consumer;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.stoex.CompiledExpression;

/**
 * One behaviour of one component instance being compiled, as a contributed action compiler
 * ({@link ActionCompilerContribution}) sees it: what an action may turn into, appended in the order
 * the actions are met. What a contribution asks for is resolved here, against the component
 * instance's container (its resources, the virtualized storage serving it), so a contribution needs
 * to know only its own metamodel.
 */
public interface ActionCompilation {

	/** @return the action as messages name it, with its component instance, e.g. {@code IoAction 'store' (id _a1) in 'shop.db'} */
	String origin(EObject action);

	/**
	 * @param owner the element the expression belongs to, named if it does not parse
	 * @param what  what the expression gives, e.g. {@code I/O request size}
	 * @return the expression, parsed and compiled once
	 */
	CompiledExpression expression(EObject owner, String what, String text);

	/** Appends what every internal action does: its resource demands, resource calls and infrastructure calls. */
	void internalAction(AbstractInternalControlFlowAction action);

	/** Appends a wait for a sampled time that uses no resource. */
	void delay(EObject action, CompiledExpression duration);

	/**
	 * Appends an I/O request to the virtualized storage serving the instance's container; the request
	 * waits for the delay the storage's analysis model predicts (processed by the container's resource
	 * the storage names, if it names one).
	 */
	void storageRequest(EObject action, StorageRequest request);

	/** Appends {@code body}'s steps, run a sampled number of times. */
	void repeat(EObject action, CompiledExpression count, Consumer<ActionCompilation> body);

	/**
	 * @param problem what is wrong with the element, as a predicate, e.g. {@code has no file set}
	 * @return the exception to throw, which stops the compilation and names the element
	 */
	RuntimeException unsimulatable(EObject element, String problem);
}
