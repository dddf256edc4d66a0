package org.iosim.engine;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.Workload;
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

	/**
	 * As {@link #prepare(EObject)}, with what the caller already has and the engine would otherwise find
	 * again, e.g. the analysis model kinds the run pipeline bound the model with: an engine takes what
	 * it knows by type and ignores the rest.
	 *
	 * @throws ModelCompilationException naming the first element that cannot be simulated
	 */
	default PreparedSimulation prepare(EObject model, Services services) throws ModelCompilationException {
		return prepare(model);
	}

	/** Objects an engine may use, looked up by type; the engine module does not know their types. */
	interface Services {

		/** @return the first of the objects that is a {@code type}, if any */
		<T> Optional<T> get(Class<T> type);

		/** @return services holding these objects */
		static Services of(Object... objects) {
			List<Object> held = List.of(objects);
			return new Services() {
				@Override
				public <T> Optional<T> get(Class<T> type) {
					return held.stream().filter(type::isInstance).map(type::cast).findFirst();
				}
			};
		}
	}

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

		/**
		 * This simulation for its model with other workloads in some usage scenarios, without compiling
		 * the rest of the model again: what each point of a sweep along a load curve needs. Its runs
		 * give exactly what runs of the changed model, prepared on its own, give.
		 *
		 * @param workloadsByScenarioId the new workloads (valid ones), by the id of their usage scenario;
		 *                              read, not kept
		 * @return empty when the engine cannot do this, and the caller prepares the changed model
		 * @throws ModelCompilationException naming the element when a workload cannot be simulated
		 */
		default Optional<PreparedSimulation> withWorkloads(Map<String, ? extends Workload> workloadsByScenarioId)
				throws ModelCompilationException {
			return Optional.empty();
		}
	}
}
