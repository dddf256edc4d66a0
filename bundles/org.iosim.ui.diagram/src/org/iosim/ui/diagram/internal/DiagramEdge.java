package org.iosim.ui.diagram.internal;

import org.eclipse.emf.ecore.EObject;

/**
 * A line between two nodes: a connector, a role, a successor, a link. Its element is what selecting
 * the line selects (a connector or role), or null for a line that stands for a reference only.
 */
public record DiagramEdge(EObject element, DiagramNode source, DiagramNode target, String label, EdgeStyle style) {

	/** How a line is drawn. */
	public enum EdgeStyle {
		/** An arrow: a connector, a successor, a provided interface. */
		ARROW,
		/** A dashed arrow: a required interface, a delegation. */
		DASHED_ARROW,
		/** A plain line: a network link, a storage serving a container. */
		LINE
	}
}
