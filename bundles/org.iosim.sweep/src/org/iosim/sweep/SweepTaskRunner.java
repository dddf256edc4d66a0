package org.iosim.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.engine.Engine;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationException;
import org.iosim.engine.SimulationResult;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.run.Engines;
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
 * each point changes its own copy) and compiles it, and simulates replications of it. Safe to use
 * from several threads.
 * <p>
 * Only the models of the last few points used stay compiled: a sweep's points run in order, so
 * those are the points whose replications are running or about to, and a sweep of a million points
 * needs no more memory than one of ten.
 */
public final class SweepTaskRunner {

	/** Points whose compiled models are kept: those in progress on every core, and as many next. */
	private static final int KEPT_POINTS = 2 * Runtime.getRuntime().availableProcessors() + 2;

	private final SweepDefinition definition;
	private final Transformations transformations;
	/** Discovered once for all points' pipelines. */
	private final Engines engines = Engines.standard();
	private final AnalysisModelRegistry analysisModels = AnalysisModelRegistry.standard();
	/** Read by the first {@link #prepare}, which is synchronized, as every use of it is. */
	private ModelSet modelSet;
	/**
	 * The compiled models of the points used last, in order of use (guarded by this runner): each holds
	 * the plan its replications are built from, no replication's state.
	 */
	private final Map<Integer, Engine.PreparedSimulation> prepared = new LinkedHashMap<>(16, 0.75f, true) {
		private static final long serialVersionUID = 1L;

		@Override
		protected boolean removeEldestEntry(Map.Entry<Integer, Engine.PreparedSimulation> eldest) {
			return size() > KEPT_POINTS;
		}
	};

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
	 * Makes and compiles the point's model, as the run pipeline would for a run of it, to find what
	 * is wrong with it before any point runs. The first points' models are kept for their runs.
	 *
	 * @throws RunFailure saying which point and what is wrong with it
	 */
	public synchronized void check(int pointIndex) throws RunFailure {
		if (!prepared.containsKey(pointIndex)) {
			Engine.PreparedSimulation simulation = compile(pointIndex);
			if (prepared.size() < KEPT_POINTS) {
				prepared.put(pointIndex, simulation);
			}
		}
	}

	/**
	 * The point's compiled model: kept from its last use or its check, or made again.
	 *
	 * @throws RunFailure saying which point and what is wrong with it
	 */
	private synchronized Engine.PreparedSimulation prepare(int pointIndex) throws RunFailure {
		Engine.PreparedSimulation simulation = prepared.get(pointIndex);
		if (simulation == null) {
			simulation = compile(pointIndex);
			prepared.put(pointIndex, simulation);
		}
		return simulation;
	}

	private Engine.PreparedSimulation compile(int pointIndex) throws RunFailure {
		SweepPoint point = definition.points().get(pointIndex);
		RunPipeline pipeline = pipeline(point);
		try {
			ArchitectureModel model = pipeline.refine(modelSet(pipeline));
			return pipeline.prepare(modelSet.name(), model);
		} catch (RunFailure failure) {
			throw new RunFailure(failure.kind(), "point " + (pointIndex + 1) + " (" + definition.describe(point) + "): "
					+ failure.getMessage(), failure.getCause());
		}
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
		return new RunPipeline(configuration.withTransformations(steps)).transformations(transformations)
				.services(engines, analysisModels);
	}
}
