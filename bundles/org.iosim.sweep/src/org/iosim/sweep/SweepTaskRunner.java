package org.iosim.sweep;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.iosim.engine.Engine;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationException;
import org.iosim.engine.SimulationResult;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunConfiguration.After;
import org.iosim.run.RunConfiguration.TransformationStep;
import org.iosim.run.RunFailure;
import org.iosim.run.RunPipeline;
import org.iosim.run.Transformations;
import org.iosim.sweep.internal.ParameterTarget;
import org.iosim.sweep.internal.PointTransformation;

/**
 * Runs tasks of one sweep where the work happens (this JVM's threads, or a cluster's worker): reads
 * the model once, makes each point's model through the run pipeline (the user's files are only read;
 * each point changes its own copy) and compiles it once, and simulates replications of it. Safe to
 * use from several threads.
 */
public final class SweepTaskRunner {

	private final SweepDefinition definition;
	private final Transformations transformations;
	/** Read by the first {@link #prepare}, which is synchronized, as every use of it is. */
	private ModelSet modelSet;
	private final Map<Integer, Engine.PreparedSimulation> prepared = new ConcurrentHashMap<>();

	public SweepTaskRunner(SweepDefinition definition) {
		this.definition = definition;
		this.transformations = Transformations.standard()
				.add(new PointTransformation(definition.parameters(), ParameterTarget.Stage.LOADED_MODEL))
				.add(new PointTransformation(definition.parameters(), ParameterTarget.Stage.REFINED_MODEL));
	}

	public SweepDefinition definition() {
		return definition;
	}

	/**
	 * Makes and compiles the point's model, as the run pipeline would for a run of it.
	 *
	 * @throws RunFailure saying which point and what is wrong with it
	 */
	public synchronized Engine.PreparedSimulation prepare(int pointIndex) throws RunFailure {
		Engine.PreparedSimulation simulation = prepared.get(pointIndex);
		if (simulation != null) {
			return simulation;
		}
		SweepPoint point = definition.points().get(pointIndex);
		RunPipeline pipeline = pipeline(point);
		try {
			ArchitectureModel model = pipeline.refine(modelSet(pipeline));
			simulation = pipeline.prepare(modelSet.name(), model);
		} catch (RunFailure failure) {
			throw new RunFailure(failure.kind(), "point " + (pointIndex + 1) + " (" + definition.describe(point) + "): "
					+ failure.getMessage(), failure.getCause());
		}
		prepared.put(pointIndex, simulation);
		return simulation;
	}

	/**
	 * Simulates one replication of one point.
	 *
	 * @throws RunCancelledException if the monitor cancelled it
	 */
	public ReplicationResult run(SweepTask task, ProgressMonitor monitor) throws RunFailure, RunCancelledException {
		Engine.PreparedSimulation simulation = prepare(task.point());
		SweepPoint point = definition.points().get(task.point());
		RunConfiguration configuration = definition.runConfiguration(point, task.seed());
		SimulationResult result;
		try {
			result = simulation.run(configuration.simulation(), monitor, List.of());
		} catch (ModelCompilationException | SimulationException failed) {
			throw new RunFailure(RunFailure.Kind.INVALID, "point " + (task.point() + 1) + " ("
					+ definition.describe(point) + "), replication " + (task.replication() + 1) + ": "
					+ failed.getMessage());
		}
		return ReplicationResult.of(task, result);
	}

	/** The model set as read, once; every point refines its own copy of it. */
	private ModelSet modelSet(RunPipeline pipeline) throws RunFailure {
		if (modelSet == null) {
			modelSet = pipeline.load();
		}
		return modelSet;
	}

	private RunPipeline pipeline(SweepPoint point) {
		RunConfiguration configuration = definition.runConfiguration(point, definition.seed());
		Map<String, String> settings = PointTransformation.settings(definition.parameters(), point.values());
		List<TransformationStep> steps = new java.util.ArrayList<>();
		steps.add(new TransformationStep(PointTransformation.id(ParameterTarget.Stage.LOADED_MODEL), After.LOAD,
				settings));
		if (definition.parameters().stream()
				.anyMatch(name -> ParameterTarget.of(name).stage() == ParameterTarget.Stage.REFINED_MODEL)) {
			steps.add(new TransformationStep(PointTransformation.id(ParameterTarget.Stage.REFINED_MODEL), After.BIND,
					settings));
		}
		return new RunPipeline(configuration.withTransformations(steps)).transformations(transformations);
	}
}
