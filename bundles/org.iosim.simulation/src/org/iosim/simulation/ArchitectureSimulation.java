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
		List<SimulationResult.StopReason> stopReasons = new ArrayList<>();
		if (config.replications() == 1) {
			Replication replication = ModelCompiler.compile(model, config, storages, 0);
			replications.add(replication);
			stopReasons.add(ResultPooling.run(replication, progress));
		} else {
			runInParallel(config, progress, replications, stopReasons);
		}
		double wallClock = (System.nanoTime() - started) / 1e9;
		return ResultPooling.pool(modelName(), config, replications, stopReasons.get(0), wallClock);
	}

	private record Finished(Replication replication, SimulationResult.StopReason stopReason) {
	}

	/**
	 * Each replication is compiled just before it runs, so only as many are in memory at full size
	 * as there are cores at work; compiling reads the EMF model, which is not meant for concurrent
	 * reading, so compilations take turns.
	 */
	private void runInParallel(SimulationConfig config, ProgressListener progress, List<Replication> replications,
			List<SimulationResult.StopReason> stopReasons) throws ModelCompilationException {
		int threads = Math.min(config.replications(), Runtime.getRuntime().availableProcessors());
		ExecutorService executor = Executors.newFixedThreadPool(threads, runnable -> {
			Thread thread = new Thread(runnable, "iosim-replication");
			thread.setDaemon(true);
			return thread;
		});
		List<Replication> compiled = java.util.Collections.synchronizedList(new ArrayList<>());
		try {
			List<Future<Finished>> running = new ArrayList<>();
			for (int index = 0; index < config.replications(); index++) {
				int replicationIndex = index;
				running.add(executor.submit(() -> {
					Replication replication;
					synchronized (model) {
						replication = ModelCompiler.compile(model, config, storages, replicationIndex);
					}
					compiled.add(replication);
					return new Finished(replication, ResultPooling.run(replication, progress));
				}));
			}
			for (Future<Finished> replication : running) {
				Finished finished = replication.get();
				replications.add(finished.replication());
				stopReasons.add(finished.stopReason());
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
			throw new SimulationException(failed.getCause().toString());
		} finally {
			executor.shutdownNow();
		}
	}

	private String modelName() {
		return model.getName() != null && !model.getName().isBlank() ? model.getName()
				: model.getId() != null ? model.getId() : "model";
	}
}
