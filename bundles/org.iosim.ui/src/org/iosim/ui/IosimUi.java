package org.iosim.ui;

/** Ids of what the IOSim workbench contributes, for other plug-ins, launch configurations and tests. */
public final class IosimUi {

	public static final String PLUGIN_ID = "org.iosim.ui";
	public static final String PERSPECTIVE_ID = "org.iosim.ui.perspective";
	public static final String RESULTS_VIEW_ID = "org.iosim.ui.resultsView";
	public static final String ANALYSIS_MODELS_VIEW_ID = "org.iosim.ui.analysisModelsView";
	public static final String MODEL_EDITOR_ID = "org.iosim.ui.modelEditor";
	public static final String IO_CONFIGURATION_EDITOR_ID = "org.iosim.ui.ioConfigurationEditor";
	public static final String LAUNCH_TYPE_ID = "org.iosim.ui.simulation";
	/** Problem markers of IOSim's validator, naming their element by {@link #MARKER_ELEMENT_ID} or path and type. */
	public static final String PROBLEM_MARKER_ID = "org.iosim.ui.problem";
	public static final String MARKER_ELEMENT_ID = "elementId";
	/** The element's metamodel class, which with the marker's location (its path) finds elements without an id. */
	public static final String MARKER_ELEMENT_TYPE = "elementType";
	/** The code of the validation rule that found the problem (org.iosim.pcm.validation.Rule#code), if a rule did. */
	public static final String MARKER_RULE = "rule";
	/** The family of simulation jobs, for {@code Job.getJobManager().join(...)}. */
	public static final Object SIMULATION_JOB_FAMILY = LAUNCH_TYPE_ID;

	private IosimUi() {
	}
}
