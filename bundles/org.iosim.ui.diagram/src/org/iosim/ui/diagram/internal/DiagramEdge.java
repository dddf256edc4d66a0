package org.iosim.ui.diagram.internal;

import java.util.List;

import org.eclipse.emf.ecore.EObject;

/**
 * A line between two nodes: a connector, a role, a successor, a link. Its element is what selecting
 * the line selects (a connector or role), or null for a line that stands for a reference only. The
 * layout gives it its route and its label's place.
 */
public final class DiagramEdge {

	/** How a line is drawn. */
	public enum EdgeStyle {
		/** An arrow: a connector, a successor, a required interface. */
		ARROW,
		/** A dashed arrow: a required interface, a delegation. */
		DASHED_ARROW,
		/** A plain line: a provided interface, a network link, a storage serving a container. */
		LINE
	}

	private final EObject element;
	private final DiagramNode source;
	private final DiagramNode target;
	private final String label;
	private final EdgeStyle style;
	private List<double[]> route;
	private double[] labelBox;

	DiagramEdge(EObject element, DiagramNode source, DiagramNode target, String label, EdgeStyle style) {
		this.element = element;
		this.source = source;
		this.target = target;
		this.label = label;
		this.style = style;
	}

	public EObject element() {
		return element;
	}

	public DiagramNode source() {
		return source;
	}

	public DiagramNode target() {
		return target;
	}

	public String label() {
		return label;
	}

	public EdgeStyle style() {
		return style;
	}

	/**
	 * The points the line runs through in diagram coordinates, from source to target, as ELK routed
	 * it; null when the line is drawn straight between its nodes (a node was moved since ELK's layout).
	 */
	public List<double[]> route() {
		return route;
	}

	/** Where the label is drawn: x, y, width and height in diagram coordinates; null without a label. */
	public double[] labelBox() {
		return labelBox;
	}

	void setRoute(List<double[]> route) {
		this.route = route == null ? null : List.copyOf(route);
	}

	void setLabelBox(double[] labelBox) {
		this.labelBox = labelBox;
	}

	@Override
	public String toString() {
		return source + " -> " + target + (label.isEmpty() ? "" : " '" + label + "'");
	}
}
