package org.iosim.sweep.internal;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.Workload;
import org.iosim.run.ModelTransformation;

/**
 * Sets a sweep point's parameter values in the model, as a transformation of the run pipeline: the
 * pipeline hands it a copy of the model and validates the result, as it does for the user's own
 * transformations. One instance per stage: values of the model as read, and values of the model
 * refined by the I/O configuration.
 */
public final class PointTransformation implements ModelTransformation {

	private final List<String> parameters;
	private final ParameterTarget.Stage stage;

	public PointTransformation(List<String> parameters, ParameterTarget.Stage stage) {
		this.parameters = List.copyOf(parameters);
		this.stage = stage;
	}

	/** @return the id of the stage's transformation, as the pipeline names its step */
	public static String id(ParameterTarget.Stage stage) {
		return stage == ParameterTarget.Stage.REFINED_MODEL ? "sweep-point-io" : "sweep-point";
	}

	/** @return the point's values by parameter name, as the transformation's parameters */
	public static Map<String, String> settings(List<String> parameters, List<String> values) {
		Map<String, String> settings = new HashMap<>();
		for (int i = 0; i < parameters.size(); i++) {
			settings.put(parameters.get(i), values.get(i));
		}
		return settings;
	}

	/**
	 * Whether a parameter changes nothing but a usage scenario's workload: points that differ only in
	 * such parameters can share one compiled model ({@link #workloads}).
	 */
	public static boolean changesWorkloadOnly(String parameter) {
		return ParameterTarget.of(parameter) instanceof ParameterTarget.WorkloadFigure;
	}

	/**
	 * The workloads a point's workload parameters give: copies of the model's own workloads of the
	 * scenarios they name, with the point's values set as {@link #transform} sets them, by usage scenario id.
	 *
	 * @param model the model as read, before any point's values; only read
	 * @throws IllegalArgumentException naming the parameter, as {@link #transform} does
	 */
	public static Map<String, Workload> workloads(List<String> parameters, List<String> values, ArchitectureModel model) {
		Map<String, Workload> byScenario = new LinkedHashMap<>();
		for (int i = 0; i < parameters.size(); i++) {
			if (ParameterTarget.of(parameters.get(i)) instanceof ParameterTarget.WorkloadFigure figure) {
				UsageScenario scenario = figure.scenario(model);
				Workload workload = byScenario.computeIfAbsent(scenario.getId(),
						id -> EcoreUtil.copy(scenario.getWorkload()));
				figure.applyTo(workload, values.get(i));
			}
		}
		return byScenario;
	}

	@Override
	public String id() {
		return id(stage);
	}

	@Override
	public String description() {
		return "Sets the values of a point of 'iosim sweep' (used by the sweep itself).";
	}

	@Override
	public ArchitectureModel transform(ArchitectureModel model, Map<String, String> settings) {
		for (String name : parameters) {
			ParameterTarget target = ParameterTarget.of(name);
			if (target.stage() == stage) {
				target.apply(model, settings.get(name));
			}
		}
		return model;
	}
}
