package org.iosim.simulation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.engine.Engine;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationException;
import org.iosim.engine.SimulationObserver;
import org.iosim.engine.SimulationResult;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.Workload;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.simulation.internal.ModelCompiler;
import org.iosim.simulation.internal.ModelPlan;
import org.iosim.simulation.internal.Replication;
import org.iosim.simulation.internal.ResultPooling;

/**
 * Simulates an architecture model (refined or not): the model is compiled once into a
 * {@link ModelPlan}, every replication of every run is built from that plan with its own state, then
 * the replications run in parallel on the available cores and their results are pooled. Only
 * compiling reads the EMF model; a run does not (unless it asks for the linking resources the plan
 * was compiled without, which compiles a second plan once).
 */
public final class ArchitectureSimulation implements Engine.PreparedSimulation {

	private final ArchitectureModel model;
	private final SchedulingPolicies policies;
	private final AnalysisModelRegistry analysisModels;
	private final ActionCompilers actionCompilers;
	private final String modelName;
	private final List<Diagnostic> warnings;
	/** The workloads that replace the model's own, by usage scenario id ({@link #withWorkloads}); read-only. */
	private final Map<String, Workload> workloads;
	/** The plans with and without the linking resources ({@link SimulationConfig#simulateLinkingResources}). */
	private final ModelPlan[] plans = new ModelPlan[2];

	private ArchitectureSimulation(ArchitectureModel model, SchedulingPolicies policies,
			AnalysisModelRegistry analysisModels, ActionCompilers actionCompilers, Map<String, Workload> workloads,
			ModelPlan[] plans) {
		this.model = model;
		this.policies = policies;
		this.analysisModels = analysisModels;
		this.actionCompilers = actionCompilers;
		this.modelName = model.getName() != null && !model.getName().isBlank() ? model.getName()
				: model.getId() != null ? model.getId() : "model";
		this.workloads = workloads;
		System.arraycopy(plans, 0, this.plans, 0, plans.length);
		this.warnings = (plans[0] != null ? plans[0] : plans[1]).warnings();
	}

	private static ModelPlan[] onePlan(boolean simulateLinkingResources, ModelPlan plan) {
		ModelPlan[] plans = new ModelPlan[2];
		plans[simulateLinkingResources ? 1 : 0] = plan;
		return plans;
	}

	/**
	 * Checks that the model can be simulated by compiling it, with the standard scheduling policies
	 * and analysis model kinds.
	 *
	 * @throws ModelCompilationException naming the first element that cannot be simulated
	 */
	public static ArchitectureSimulation of(ArchitectureModel model) throws ModelCompilationException {
		return of(model, SchedulingPolicies.standard(), AnalysisModelRegistry.standard());
	}

	/** As {@link #of(ArchitectureModel)}, with the given scheduling policies and analysis model kinds. */
	public static ArchitectureSimulation of(ArchitectureModel model, SchedulingPolicies policies,
			AnalysisModelRegistry analysisModels) throws ModelCompilationException {
		return of(model, policies, analysisModels, ActionCompilers.standard());
	}

	/** As {@link #of(ArchitectureModel)}, with the given scheduling policies, analysis model kinds and action compilers. */
	public static ArchitectureSimulation of(ArchitectureModel model, SchedulingPolicies policies,
			AnalysisModelRegistry analysisModels, ActionCompilers actionCompilers) throws ModelCompilationException {
		SimulationConfig defaults = SimulationConfig.defaults();
		ModelPlan plan = compile(model, defaults.simulateLinkingResources(), policies, analysisModels, actionCompilers);
		// What only building a replication finds (an analysis model its kind cannot create, a passive
		// resource's capacity that is no whole number) is found here too, before anything runs.
		plan.instantiate(defaults, 0);
		return new ArchitectureSimulation(model, policies, analysisModels, actionCompilers, Map.of(),
				onePlan(defaults.simulateLinkingResources(), plan));
	}

	/**
	 * The model with other workloads, sharing everything else this simulation compiled: only the
	 * workloads are compiled, and a replication is built once to find what only that finds (e.g. a
	 * population that does not fit in memory), as {@link #of} does. The copies of the workloads this
	 * keeps are its own.
	 */
	@Override
	public synchronized Optional<Engine.PreparedSimulation> withWorkloads(
			Map<String, ? extends Workload> workloadsByScenarioId) throws ModelCompilationException {
		Map<String, Workload> combined = new HashMap<>(workloads);
		workloadsByScenarioId.forEach((scenarioId, workload) -> combined.put(scenarioId, EcoreUtil.copy(workload)));
		ModelPlan[] changed = new ModelPlan[2];
		for (int variant = 0; variant < plans.length; variant++) {
			if (plans[variant] != null) {
				changed[variant] = plans[variant].withWorkloads(workloadsByScenarioId);
			}
		}
		SimulationConfig defaults = SimulationConfig.defaults();
		// the plan of the defaults is the one 'of' compiled
		changed[defaults.simulateLinkingResources() ? 1 : 0].instantiate(defaults, 0);
		return Optional.of(new ArchitectureSimulation(model, policies, analysisModels, actionCompilers,
				Map.copyOf(combined), changed));
	}

	/** Compilations take turns, since EMF models are not meant for concurrent reading. */
	private static ModelPlan compile(ArchitectureModel model, boolean simulateLinkingResources,
			SchedulingPolicies policies, AnalysisModelRegistry analysisModels, ActionCompilers actionCompilers)
			throws ModelCompilationException {
		synchronized (model) {
			return ModelCompiler.compile(model, simulateLinkingResources, policies, analysisModels, actionCompilers);
		}
	}

	private synchronized ModelPlan plan(SimulationConfig config) throws ModelCompilationException {
		int variant = config.simulateLinkingResources() ? 1 : 0;
		if (plans[variant] == null) {
			plans[variant] = compile(model, config.simulateLinkingResources(), policies, analysisModels, actionCompilers)
					.withWorkloads(workloads);
		}
		return plans[variant];
	}

	/** @return what compiling the model found that changes what is simulated, e.g. a policy simulated as another */
	@Override
	public List<Diagnostic> warnings() {
		return warnings;
	}

	/** Runs the simulation without observers. */
	public SimulationResult run(SimulationConfig config, ProgressMonitor monitor)
			throws ModelCompilationException, RunCancelledException {
		return run(config, monitor, List.of());
	}

	/**
	 * @throws SimulationException   when the model asks for something impossible during the run, e.g.
	 *                               a demand that evaluates to a negative value
	 * @throws RunCancelledException when the monitor cancelled the run
	 */
	@Override
	public SimulationResult run(SimulationConfig config, ProgressMonitor monitor, List<SimulationObserver> observers)
			throws ModelCompilationException, RunCancelledException {
		long started = System.nanoTime();
		ModelPlan plan = plan(config);
		List<Replication> replications = new ArrayList<>();
		List<SimulationResult.StopReason> stopReasons = new ArrayList<>();
		if (config.replications() == 1) {
			Replication replication = instantiate(plan, config, 0, observers);
			replications.add(replication);
			stopReasons.add(ResultPooling.run(replication, monitor));
		} else {
			runInParallel(plan, config, monitor, observers, replications, stopReasons);
		}
		if (monitor.isCancelled()) {
			throw new RunCancelledException();
		}
		double wallClock = (System.nanoTime() - started) / 1e9;
		return ResultPooling.pool(modelName, config, replications, stopReasons.get(0), wallClock);
	}

	private static Replication instantiate(ModelPlan plan, SimulationConfig config, int index,
			List<SimulationObserver> observers) throws ModelCompilationException {
		Replication replication = plan.instantiate(config, index);
		replication.observe(observers);
		return replication;
	}

	private record Finished(Replication replication, SimulationResult.StopReason stopReason) {
	}

	/**
	 * Each replication is built just before it runs, so only as many are in memory at full size as
	 * there are cores at work.
	 */
	private static void runInParallel(ModelPlan plan, SimulationConfig config, ProgressMonitor monitor, List<SimulationObserver> observers,
			List<Replication> replications, List<SimulationResult.StopReason> stopReasons)
			throws ModelCompilationException {
		int threads = Math.min(config.replications(), Runtime.getRuntime().availableProcessors());
		ExecutorService executor = Executors.newFixedThreadPool(threads, runnable -> {
			Thread thread = new Thread(runnable, "iosim-replication");
			thread.setDaemon(true);
			return thread;
		});
		List<Replication> compiled = Collections.synchronizedList(new ArrayList<>());
		try {
			List<Future<Finished>> running = new ArrayList<>();
			for (int index = 0; index < config.replications(); index++) {
				int replicationIndex = index;
				running.add(executor.submit(() -> {
					if (monitor.isCancelled()) {
						return null;
					}
					Replication replication = instantiate(plan, config, replicationIndex, observers);
					compiled.add(replication);
					return new Finished(replication, ResultPooling.run(replication, monitor));
				}));
			}
			for (Future<Finished> replication : running) {
				Finished finished = replication.get();
				if (finished != null) {
					replications.add(finished.replication());
					stopReasons.add(finished.stopReason());
				}
			}
		} catch (InterruptedException interrupted) {
			compiled.forEach(Replication::cancel);
			Thread.currentThread().interrupt();
			throw new SimulationException("the simulation was interrupted");
		} catch (ExecutionException failed) {
			compiled.forEach(Replication::cancel);
			if (failed.getCause() instanceof ModelCompilationException unsimulatable) {
				throw unsimulatable;
			}
			if (failed.getCause() instanceof RuntimeException cause) {
				throw cause;
			}
			if (failed.getCause() instanceof Error error) {
				// e.g. the heap exhausted: its own message is Java's, the front end says it in the user's words
				throw error;
			}
			throw new SimulationException(String.valueOf(failed.getCause().getMessage()));
		} finally {
			executor.shutdownNow();
		}
	}
}
