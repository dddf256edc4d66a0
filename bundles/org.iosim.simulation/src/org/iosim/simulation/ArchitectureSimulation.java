package org.iosim.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.simulation.internal.ModelCompiler;
import org.iosim.simulation.internal.Replication;
import org.iosim.simulation.internal.ResultPooling;

/**
 * Simulates an architecture model: the model is compiled once per replication into runtime objects
 * (on the calling thread, since EMF models are not meant for concurrent reading), then the
 * replications run in parallel on the available cores and their results are pooled.
 */
public final class ArchitectureSimulation {

	private final ArchitectureModel model;
	private final List<StorageSetup> storages;

	private ArchitectureSimulation(ArchitectureModel model, List<StorageSetup> storages) {
		this.model = model;
		this.storages = List.copyOf(storages);
	}

	/**
	 * Checks that the model can be simulated by compiling it once.
	 *
	 * @throws ModelCompilationException naming the first element that cannot be simulated
	 */
	public static ArchitectureSimulation of(ArchitectureModel model) throws ModelCompilationException {
		return of(model, List.of());
	}

	/**
	 * As {@link #of(ArchitectureModel)}, with virtualized storages serving the I/O requests of the
	 * model's I/O actions (the model refined by the completion transformation).
	 */
	public static ArchitectureSimulation of(ArchitectureModel model, List<StorageSetup> storages)
			throws ModelCompilationException {
		ModelCompiler.compile(model, SimulationConfig.defaults(), storages, 0);
		return new ArchitectureSimulation(model, storages);
	}

	/**
	 * Runs the simulation.
	 *
	 * @throws SimulationException when the model asks for something impossible during the run, e.g.
	 *                             a demand that evaluates to a negative value
	 */
	public SimulationResult run(SimulationConfig config, ProgressListener progress) throws ModelCompilationException {
		long started = System.nanoTime();
		List<Replication> replications = new ArrayList<>();
		for (int index = 0; index < config.replications(); index++) {
			replications.add(ModelCompiler.compile(model, config, storages, index));
		}
		List<SimulationResult.StopReason> stopReasons = new ArrayList<>();
		if (replications.size() == 1) {
			stopReasons.add(ResultPooling.run(replications.get(0), progress));
		} else {
			int threads = Math.min(replications.size(), Runtime.getRuntime().availableProcessors());
			ExecutorService executor = Executors.newFixedThreadPool(threads, runnable -> {
				Thread thread = new Thread(runnable, "iosim-replication");
				thread.setDaemon(true);
				return thread;
			});
			try {
				List<Future<SimulationResult.StopReason>> running = new ArrayList<>();
				for (Replication replication : replications) {
					running.add(executor.submit(() -> ResultPooling.run(replication, progress)));
				}
				for (Future<SimulationResult.StopReason> replication : running) {
					stopReasons.add(replication.get());
				}
			} catch (InterruptedException interrupted) {
				replications.forEach(Replication::cancel);
				Thread.currentThread().interrupt();
				throw new SimulationException("the simulation was interrupted");
			} catch (ExecutionException failed) {
				replications.forEach(Replication::cancel);
				if (failed.getCause() instanceof RuntimeException cause) {
					throw cause;
				}
				throw new SimulationException(failed.getCause().toString());
			} finally {
				executor.shutdownNow();
			}
		}
		double wallClock = (System.nanoTime() - started) / 1e9;
		return ResultPooling.pool(modelName(), config, replications, stopReasons.get(0), wallClock);
	}

	private String modelName() {
		return model.getName() != null && !model.getName().isBlank() ? model.getName()
				: model.getId() != null ? model.getId() : "model";
	}
}
