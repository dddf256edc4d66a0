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
	private DiagramNode attachedTo;
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

	/**
	 * The component or assembly on whose border this role's lollipop or socket sits; null for a node
	 * of its own. An attached node lies in its owner's region and its location is kept relative to
	 * its owner, so it goes wherever the owner goes.
	 */
	public DiagramNode attachedTo() {
		return attachedTo;
	}

	void attachTo(DiagramNode owner) {
		this.attachedTo = owner;
	}

	/** A provided role's lollipop sits on its owner's left border, a required role's socket on its right. */
	public boolean isOnLeftBorder() {
		return shape == NodeShape.PROVIDED_ROLE;
	}

	public boolean isRegion() {
		return shape == NodeShape.REGION;
	}

	/** Left edge relative to the parent region's top left corner (the diagram's for a top-level node). */
	public double x() {
		return attachedTo == null ? x : attachedTo.x() + x;
	}

	public double y() {
		return attachedTo == null ? y : attachedTo.y() + y;
	}

	public double width() {
		return width;
	}

	public double height() {
		return height;
	}

	/** For an attached node, the location relative to its owner's top left corner. */
	void setLocation(double x, double y) {
		this.x = x;
		this.y = y;
	}

	void setSize(double width, double height) {
		this.width = width;
		this.height = height;
	}

	public double absoluteX() {
		return parent == null ? x() : parent.absoluteX() + x();
	}

	public double absoluteY() {
		return parent == null ? y() : parent.absoluteY() + y();
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
