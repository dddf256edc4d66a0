package org.iosim.ui.diagram.internal;

/** How a node is drawn. */
public enum NodeShape {
	/** A component, assembly, resource or linking resource. */
	BOX,
	/** An interface: a circle (a lollipop's head) beside its name. */
	INTERFACE,
	/** A role of the system: where its provided or required interfaces meet the outside. */
	ROLE,
	/**
	 * A provided role in Palladio's notation, a lollipop: a short stick from its component's left
	 * border ending in a circle.
	 */
	PROVIDED_ROLE,
	/**
	 * A required role in Palladio's notation, a socket: a short stick from its component's right
	 * border ending in a half circle open away from the component.
	 */
	REQUIRED_ROLE,
	/** An action or user action with rounded corners. */
	ACTION,
	/** The start of a behaviour: a filled circle. */
	START,
	/** The stop of a behaviour: a ringed circle. */
	STOP,
	/** A workload: a box with a slanted corner. */
	WORKLOAD,
	/** A node with nodes inside (repository, system, container, loop body, branch transition). */
	REGION
}
