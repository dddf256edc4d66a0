package org.iosim.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.engine.Engine;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationException;
import org.iosim.engine.SimulationResult;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.Workload;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
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
 * <p>
 * Points that differ only in workloads (population, think time, arrival rate) share a compiled
 * model: the first such point's model is made and compiled through the pipeline, and each other
 * point only has its workloads set on copies of the model's own, validated and compiled into it
 * ({@link Engine.PreparedSimulation#withWorkloads}), which gives the results compiling the point's
 * whole model would. Should that fail, the point's model is made and compiled on its own, which
 * reports the problem as for any point.
 */
public final class SweepTaskRunner {

	/** Points whose compiled models are kept: those in progress on every core, and as many next. */
	private static final int KEPT_POINTS = 2 * Runtime.getRuntime().availableProcessors() + 2;

	private final SweepDefinition definition;
	private final Transformations transformations;
	/** By parameter: whether it changes nothing but a workload. */
	private final boolean[] workloadOnly;
	private final boolean sharesCompiledModels;
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

	/**
	 * The compiled models other points are made from, by the values of the parameters that change
	 * more than workloads (guarded by this runner).
	 */
	private final Map<List<String>, Engine.PreparedSimulation> shared = new LinkedHashMap<>(16, 0.75f, true) {
		private static final long serialVersionUID = 1L;

		@Override
		protected boolean removeEldestEntry(Map.Entry<List<String>, Engine.PreparedSimulation> eldest) {
			return size() > KEPT_POINTS;
		}
	};

	public SweepTaskRunner(SweepDefinition definition) {
		this.definition = definition;
		List<String> parameters = definition.parameters();
		this.workloadOnly = new boolean[parameters.size()];
		boolean anyWorkload = false;
		for (int i = 0; i < workloadOnly.length; i++) {
			workloadOnly[i] = PointTransformation.changesWorkloadOnly(parameters.get(i));
			anyWorkload |= workloadOnly[i];
		}
		this.sharesCompiledModels = anyWorkload;
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
		if (!sharesCompiledModels) {
			return compileAlone(pointIndex);
		}
		SweepPoint point = definition.points().get(pointIndex);
		List<String> otherValues = new ArrayList<>();
		for (int i = 0; i < workloadOnly.length; i++) {
			if (!workloadOnly[i]) {
				otherValues.add(point.values().get(i));
			}
		}
		Engine.PreparedSimulation base = shared.get(otherValues);
		if (base != null) {
			Optional<Engine.PreparedSimulation> withWorkloads = withWorkloadsOf(base, point);
			if (withWorkloads.isPresent()) {
				return withWorkloads.get();
			}
		}
		Engine.PreparedSimulation compiled = compileAlone(pointIndex);
		shared.put(otherValues, compiled);
		return compiled;
	}

	/** The compiled model with the point's workloads; empty when they fail (compiling the point alone says why). */
	private Optional<Engine.PreparedSimulation> withWorkloadsOf(Engine.PreparedSimulation base, SweepPoint point) {
		ArchitectureModel model = modelSet.model();
		try {
			Map<String, Workload> workloads = PointTransformation.workloads(definition.parameters(), point.values(),
					model);
			ModelValidator validator = new ModelValidator();
			for (Workload workload : workloads.values()) {
				if (validator.validate(model, workload).stream().anyMatch(Diagnostic::isError)) {
					return Optional.empty();
				}
			}
			return base.withWorkloads(workloads);
		} catch (IllegalArgumentException | ModelCompilationException failed) {
			return Optional.empty();
		}
	}

	private Engine.PreparedSimulation compileAlone(int pointIndex) throws RunFailure {
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
