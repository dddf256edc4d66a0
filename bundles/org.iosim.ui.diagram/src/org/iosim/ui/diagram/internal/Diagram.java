package org.iosim.ui.diagram.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;

/**
 * What one diagram shows: its nodes (top-level ones, each region holding its own), the lines
 * between them, and where new elements go when nothing is selected.
 */
public final class Diagram {

	private final List<DiagramNode> topLevel = new ArrayList<>();
	private final List<DiagramEdge> edges = new ArrayList<>();
	private final Map<EObject, DiagramNode> nodesByElement = new LinkedHashMap<>();
	private final EObject owner;
	private final String emptyMessage;

	/**
	 * @param owner        where the context menu adds elements when nothing is selected; null when the
	 *                     model has nothing of this diagram's kind to add to
	 * @param emptyMessage what the diagram says when it has no nodes
	 */
	Diagram(EObject owner, String emptyMessage) {
		this.owner = owner;
		this.emptyMessage = emptyMessage;
	}

	DiagramNode node(DiagramNode parent, EObject element, EObject named, String label, NodeShape shape) {
		DiagramNode node = new DiagramNode(element, named, label, shape, parent);
		if (parent == null) {
			topLevel.add(node);
		}
		nodesByElement.putIfAbsent(element, node);
		return node;
	}

	/**
	 * A role drawn on an owner's border (see {@link DiagramNode#attachedTo()}); it selects and renames
	 * the role.
	 */
	DiagramNode role(DiagramNode owner, EObject role, String label, NodeShape shape) {
		DiagramNode node = node(owner.parent(), role, role, label, shape);
		node.attachTo(owner);
		return node;
	}

	void edge(EObject element, DiagramNode source, DiagramNode target, String label, DiagramEdge.EdgeStyle style) {
		if (source != null && target != null) {
			edges.add(new DiagramEdge(element, source, target, label, style));
		}
	}

	public List<DiagramNode> topLevelNodes() {
		return Collections.unmodifiableList(topLevel);
	}

	/** Every node, each region before the nodes inside it. */
	public List<DiagramNode> nodes() {
		List<DiagramNode> all = new ArrayList<>();
		collect(topLevel, all);
		return all;
	}

	private static void collect(List<DiagramNode> nodes, List<DiagramNode> into) {
		for (DiagramNode node : nodes) {
			into.add(node);
			collect(node.children(), into);
		}
	}

	public List<DiagramEdge> edges() {
		return Collections.unmodifiableList(edges);
	}

	/** The node drawing an element, or null. */
	public DiagramNode nodeOf(EObject element) {
		return nodesByElement.get(element);
	}

	public EObject owner() {
		return owner;
	}

	public String emptyMessage() {
		return emptyMessage;
	}

	/** Width of the drawing: the right edge of the rightmost node. */
	public double width() {
		return topLevel.stream().mapToDouble(node -> node.x() + node.width()).max().orElse(0);
	}

	public double height() {
		return topLevel.stream().mapToDouble(node -> node.y() + node.height()).max().orElse(0);
	}
}
