package org.iosim.ui.diagram.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.eclipse.emf.ecore.EObject;

/**
 * One box of a diagram: a model element, its label, how it is drawn, and where, relative to the
 * region it sits in. Regions (containers, loop bodies, branch transitions) hold nodes of their own.
 */
public final class DiagramNode {

	private final EObject element;
	private final EObject named;
	private final String label;
	private final NodeShape shape;
	private final DiagramNode parent;
	private final List<DiagramNode> children = new ArrayList<>();
	private double x;
	private double y;
	private double width;
	private double height;

	/**
	 * @param element what selecting the node selects and deleting it deletes
	 * @param named   the element whose name renaming the node changes (an allocation context's node
	 *                renames its assembly); null when the node has no name to change
	 */
	DiagramNode(EObject element, EObject named, String label, NodeShape shape, DiagramNode parent) {
		this.element = element;
		this.named = named;
		this.label = label;
		this.shape = shape;
		this.parent = parent;
		if (parent != null) {
			parent.children.add(this);
		}
	}

	public EObject element() {
		return element;
	}

	public EObject named() {
		return named;
	}

	public String label() {
		return label;
	}

	public NodeShape shape() {
		return shape;
	}

	public DiagramNode parent() {
		return parent;
	}

	public List<DiagramNode> children() {
		return Collections.unmodifiableList(children);
	}

	public boolean isRegion() {
		return shape == NodeShape.REGION;
	}

	/** Left edge relative to the parent region's top left corner (the diagram's for a top-level node). */
	public double x() {
		return x;
	}

	public double y() {
		return y;
	}

	public double width() {
		return width;
	}

	public double height() {
		return height;
	}

	void setLocation(double x, double y) {
		this.x = x;
		this.y = y;
	}

	void setSize(double width, double height) {
		this.width = width;
		this.height = height;
	}

	public double absoluteX() {
		return parent == null ? x : parent.absoluteX() + x;
	}

	public double absoluteY() {
		return parent == null ? y : parent.absoluteY() + y;
	}

	public boolean contains(double absoluteX, double absoluteY) {
		double left = absoluteX();
		double top = absoluteY();
		return absoluteX >= left && absoluteX <= left + width && absoluteY >= top && absoluteY <= top + height;
	}

	@Override
	public String toString() {
		return label.replace('\n', ' ') + " at (" + x + ", " + y + ")";
	}
}
