package org.iosim.ui.diagram;

/** What a {@link DiagramViewer} draws of a model set. */
public enum DiagramKind {
	/** Components of the repositories with the interfaces they provide and require. */
	REPOSITORY("Repository"),
	/** The system's assemblies, their connectors and the delegation to the system's roles. */
	SYSTEM("System"),
	/**
	 * The resource environment and the allocation: containers with their processing resources,
	 * HDDs and deployed assemblies, linking resources, and the virtualized storages serving containers.
	 */
	ALLOCATION("Resource environment and allocation"),
	/** The action flow of an RDSEFF, loops, branches and forks as nested regions. */
	RDSEFF("RDSEFF"),
	/** Usage scenarios: workload, delays, system calls, loops and branches. */
	USAGE("Usage model");

	private final String title;

	DiagramKind(String title) {
		this.title = title;
	}

	/** The name a user reads, e.g. on an editor page. */
	public String title() {
		return title;
	}
}
