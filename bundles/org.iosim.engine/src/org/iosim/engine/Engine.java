package org.iosim.engine;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.validation.Diagnostic;

/**
 * A simulation engine: the architecture simulation today, a queueing Petri net simulation next.
 * The run pipeline hands a model to the engine that {@link #accepts} it, prepares it once (which
 * reports whatever cannot be simulated before any run starts), and runs it. Engines are found
 * through {@link java.util.ServiceLoader} on a plain classpath and through the extension point
 * {@value #EXTENSION_POINT} in Eclipse.
 */
public interface Engine {

	/** The extension point through which Eclipse plug-ins contribute engines ({@code <engine class="..."/>}). */
	String EXTENSION_POINT = "org.iosim.engine.engines";

	/** @return a short id, e.g. {@code architecture} */
	String id();

	/** @return whether this engine simulates models like this one */
	boolean accepts(EObject model);

	/**
	 * Compiles the model once, to find what cannot be simulated.
	 *
	 * @throws ModelCompilationException naming the first element that cannot be simulated
	 */
	PreparedSimulation prepare(EObject model) throws ModelCompilationException;

	/** A model ready to run, as often as wanted, each run from the same start. */
	interface PreparedSimulation {

		/**
		 * @return what preparing the model found that does not stop it but changes what is simulated (e.g. a
		 *         scheduling policy simulated as another), each naming its model element; front ends show them
		 *         as warnings, 'validate' as 'simulate' does
		 */
		default List<Diagnostic> warnings() {
			return List.of();
		}

		/**
		 * @param observers watch the run; may be empty
		 * @throws ModelCompilationException if a replication cannot be built (e.g. it needs more memory than there is)
		 * @throws SimulationException       if the model asks for something impossible while it runs
		 * @throws RunCancelledException     if the monitor cancelled the run
		 */
		SimulationResult run(SimulationConfig config, ProgressMonitor monitor, List<SimulationObserver> observers)
				throws ModelCompilationException, RunCancelledException;
	}
}
