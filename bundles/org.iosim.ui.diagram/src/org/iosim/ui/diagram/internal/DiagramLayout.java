package org.iosim.ui.diagram.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.math.KVector;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.HierarchyHandling;
import org.eclipse.elk.core.options.SizeConstraint;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.core.options.PortConstraints;
import org.eclipse.elk.core.options.PortSide;
import org.eclipse.elk.graph.ElkConnectableShape;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkPort;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;
import org.eclipse.emf.ecore.EObject;

/**
 * Places a diagram's nodes: ELK's layered algorithm sizes regions around their contents and lays
 * out the whole hierarchy at once (lines may cross regions), then nodes the user moved go where the
 * user put them, and regions grow to keep what they hold inside.
 */
public final class DiagramLayout {

	/** Space between a box's text and its border. */
	public static final double TEXT_MARGIN = 8;
	/** Diameter of an interface's, role's, start's or stop's circle. */
	static final double CIRCLE = 18;
	/** Length of a lollipop's or socket's stick, from its owner's border to its head. */
	static final double ROLE_STICK = 10;
	/** Diameter of a lollipop's circle and a socket's half circle. */
	static final double ROLE_HEAD = 14;
	private static final double MIN_BOX_WIDTH = 90;
	private static final double MIN_BOX_HEIGHT = 34;
	private static final double REGION_PADDING = 14;

	/** The size of a text as drawn: width and height. */
	public interface TextMeasure {
		double[] extent(String text, boolean title);
	}

	private static boolean registered;

	private final TextMeasure measure;

	public DiagramLayout(TextMeasure measure) {
		this.measure = measure;
	}

	/** ELK finds layout algorithms through its meta data service; outside Eclipse's ELK UI nobody registers them. */
	private static synchronized void registerLayered() {
		if (!registered) {
			LayoutMetaDataService service = LayoutMetaDataService.getInstance();
			if (service.getAlgorithmData(LayeredOptions.ALGORITHM_ID) == null) {
				service.registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
			}
			registered = true;
		}
	}

	/**
	 * @param flowsDown     lines run top to bottom (behaviours) instead of left to right (structures)
	 * @param userLocations where the user put nodes, relative to their region: x and y by element
	 */
	public void layout(Diagram diagram, boolean flowsDown, Function<EObject, double[]> userLocations) {
		registerLayered();
		ElkNode graph = ElkGraphUtil.createGraph();
		graph.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
		graph.setProperty(CoreOptions.DIRECTION, flowsDown ? Direction.DOWN : Direction.RIGHT);
		graph.setProperty(CoreOptions.HIERARCHY_HANDLING, HierarchyHandling.INCLUDE_CHILDREN);
		graph.setProperty(CoreOptions.SPACING_NODE_NODE, 28.0);
		graph.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 44.0);
		graph.setProperty(CoreOptions.SPACING_COMPONENT_COMPONENT, 40.0);
		graph.setProperty(CoreOptions.PADDING, new ElkPadding(20));
		// orthogonal lines with their labels placed by ELK between the layers, so that no label lies on
		// another label or line
		graph.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.ORTHOGONAL);
		graph.setProperty(CoreOptions.SPACING_EDGE_LABEL, 4.0);
		graph.setProperty(LayeredOptions.SPACING_EDGE_NODE_BETWEEN_LAYERS, 16.0);
		Map<DiagramNode, ElkConnectableShape> shapes = new HashMap<>();
		addNodes(graph, diagram.topLevelNodes(), shapes);
		Map<DiagramEdge, ElkEdge> lines = new HashMap<>();
		for (DiagramEdge edge : diagram.edges()) {
			if (edge.source() != edge.target()) {
				ElkEdge elkEdge = ElkGraphUtil.createSimpleEdge(shapes.get(edge.source()), shapes.get(edge.target()));
				ElkGraphUtil.updateContainment(elkEdge);
				lines.put(edge, elkEdge);
				if (!edge.label().isEmpty()) {
					// a labelled line gets room for its label between the nodes it joins
					double[] extent = labelExtent(edge);
					ElkLabel label = ElkGraphUtil.createLabel(edge.label(), elkEdge);
					label.setDimensions(extent[0], extent[1]);
					label.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
				}
			}
		}
		new RecursiveGraphLayoutEngine().layout(graph, new BasicProgressMonitor());
		shapes.forEach((node, shape) -> {
			node.setLocation(shape.getX(), shape.getY());
			node.setSize(shape.getWidth(), shape.getHeight());
			if (node.attachedTo() != null) {
				// ELK places a port along its side; the lollipop or socket touches the border from outside
				double outside = node.isOnLeftBorder() ? -node.width() : ((ElkPort) shape).getParent().getWidth();
				node.setLocation(outside, shape.getY());
			}
		});
		Map<DiagramNode, double[]> placedByElk = new HashMap<>();
		diagram.nodes().forEach(node -> placedByElk.put(node, new double[] { node.absoluteX(), node.absoluteY() }));
		Set<DiagramNode> placedByUser = new HashSet<>();
		for (DiagramNode node : diagram.nodes()) {
			if (node.attachedTo() != null) {
				continue; // a role goes with its owner
			}
			double[] location = userLocations.apply(node.element());
			if (location != null) {
				// lollipops on the left border stay inside the region too
				double leftRoles = diagram.nodes().stream().filter(role -> role.attachedTo() == node && role.isOnLeftBorder())
						.mapToDouble(DiagramNode::width).max().orElse(0);
				node.setLocation(Math.max(leftRoles, location[0]), Math.max(0, location[1]));
				placedByUser.add(node);
			}
		}
		diagram.topLevelNodes().forEach(node -> enclose(node, placedByUser));
		moveApart(diagram.topLevelNodes(), placedByUser);
		for (DiagramEdge edge : diagram.edges()) {
			ElkEdge line = lines.get(edge);
			if (line != null && !line.getSections().isEmpty() && !moved(edge.source(), placedByElk)
					&& !moved(edge.target(), placedByElk)) {
				route(edge, line);
			} else {
				straight(edge);
			}
		}
	}

	/**
	 * Wherever a node was moved (by the user, or aside for a region that grew) ELK's routes to it no
	 * longer fit: such a line is drawn straight.
	 */
	private static boolean moved(DiagramNode node, Map<DiagramNode, double[]> placedByElk) {
		double[] placed = placedByElk.get(node);
		return placed[0] != node.absoluteX() || placed[1] != node.absoluteY();
	}

	/** Takes ELK's route and label place; ELK gives both relative to the node that holds the line. */
	private void route(DiagramEdge edge, ElkEdge line) {
		double offsetX = 0;
		double offsetY = 0;
		for (ElkNode holder = line.getContainingNode(); holder != null && holder.getParent() != null; holder = holder.getParent()) {
			offsetX += holder.getX();
			offsetY += holder.getY();
		}
		ElkEdgeSection section = line.getSections().get(0);
		List<double[]> points = new ArrayList<>();
		points.add(new double[] { offsetX + section.getStartX(), offsetY + section.getStartY() });
		for (ElkBendPoint bend : section.getBendPoints()) {
			points.add(new double[] { offsetX + bend.getX(), offsetY + bend.getY() });
		}
		points.add(new double[] { offsetX + section.getEndX(), offsetY + section.getEndY() });
		// a role's line meets the outer end of its lollipop or socket
		double[][] ends = DiagramPainter.ends(edge);
		if (edge.source().attachedTo() != null) {
			points.set(0, ends[0]);
		}
		if (edge.target().attachedTo() != null) {
			points.set(points.size() - 1, ends[1]);
		}
		edge.setRoute(points);
		if (!line.getLabels().isEmpty()) {
			ElkLabel label = line.getLabels().get(0);
			edge.setLabelBox(new double[] { offsetX + label.getX(), offsetY + label.getY(), label.getWidth(), label.getHeight() });
		}
	}

	/** A straight line between the nodes' borders, its label at its middle. */
	private void straight(DiagramEdge edge) {
		edge.setRoute(null);
		if (!edge.label().isEmpty()) {
			double[][] ends = DiagramPainter.ends(edge);
			double[] extent = labelExtent(edge);
			edge.setLabelBox(new double[] { (ends[0][0] + ends[1][0] - extent[0]) / 2, (ends[0][1] + ends[1][1] - extent[1]) / 2,
					extent[0], extent[1] });
		}
	}

	/** A label's box: its text with a little room either side, so that the line does not touch the text. */
	private double[] labelExtent(DiagramEdge edge) {
		double[] text = measure.extent(edge.label(), false);
		return new double[] { text[0] + 4, text[1] };
	}

	private void addNodes(ElkNode parent, List<DiagramNode> nodes, Map<DiagramNode, ElkConnectableShape> shapes) {
		for (DiagramNode node : nodes) {
			if (node.attachedTo() != null) {
				// the builder adds a role after its owner
				ElkNode owner = (ElkNode) shapes.get(node.attachedTo());
				owner.setProperty(CoreOptions.PORT_CONSTRAINTS, PortConstraints.FIXED_SIDE);
				// an owner grows to hold its roles side by side along its borders
				owner.setProperty(CoreOptions.NODE_SIZE_CONSTRAINTS, EnumSet.of(SizeConstraint.PORTS, SizeConstraint.MINIMUM_SIZE));
				owner.setProperty(CoreOptions.NODE_SIZE_MINIMUM, new KVector(owner.getWidth(), owner.getHeight()));
				ElkPort port = ElkGraphUtil.createPort(owner);
				port.setDimensions(ROLE_STICK + ROLE_HEAD, ROLE_HEAD);
				port.setProperty(CoreOptions.PORT_SIDE, node.isOnLeftBorder() ? PortSide.WEST : PortSide.EAST);
				shapes.put(node, port);
				continue;
			}
			ElkNode shape = ElkGraphUtil.createNode(parent);
			shapes.put(node, shape);
			double[] size = preferredSize(node);
			shape.setDimensions(size[0], size[1]);
			if (node.isRegion()) {
				double[] title = measure.extent(node.label(), true);
				shape.setProperty(CoreOptions.PADDING,
						new ElkPadding(title[1] + REGION_PADDING, REGION_PADDING, REGION_PADDING, REGION_PADDING));
				shape.setProperty(CoreOptions.NODE_SIZE_CONSTRAINTS, EnumSet.of(SizeConstraint.MINIMUM_SIZE));
				shape.setProperty(CoreOptions.NODE_SIZE_MINIMUM, new KVector(size[0], size[1]));
				addNodes(shape, node.children(), shapes);
			}
		}
	}

	/** A leaf's size; a region's least size (its title and some room), which ELK grows to hold its nodes. */
	double[] preferredSize(DiagramNode node) {
		double[] text = measure.extent(node.label(), node.isRegion());
		return switch (node.shape()) {
			case START, STOP -> new double[] { CIRCLE + 6, CIRCLE + 6 };
			case PROVIDED_ROLE, REQUIRED_ROLE -> new double[] { ROLE_STICK + ROLE_HEAD, ROLE_HEAD };
			case INTERFACE, ROLE -> new double[] { CIRCLE + TEXT_MARGIN + text[0], Math.max(CIRCLE, text[1]) };
			case REGION -> new double[] { text[0] + 2 * REGION_PADDING, text[1] + 2 * REGION_PADDING + MIN_BOX_HEIGHT };
			case BOX, ACTION, WORKLOAD -> new double[] { Math.max(MIN_BOX_WIDTH, text[0] + 2 * TEXT_MARGIN),
					Math.max(MIN_BOX_HEIGHT, text[1] + 2 * TEXT_MARGIN) };
		};
	}

	/**
	 * Grows a region so that it shows its title (ELK sizes a region by what it holds) and, after the
	 * user moved nodes in it, still holds them; nodes ELK placed beside a region that grew move aside.
	 */
	private void enclose(DiagramNode node, Set<DiagramNode> placedByUser) {
		if (!node.isRegion()) {
			return;
		}
		node.children().forEach(child -> enclose(child, placedByUser));
		moveApart(node.children(), placedByUser);
		double width = Math.max(node.width(), measure.extent(node.label(), true)[0] + 2 * REGION_PADDING);
		double height = node.height();
		for (DiagramNode child : node.children()) {
			width = Math.max(width, child.x() + child.width() + REGION_PADDING);
			height = Math.max(height, child.y() + child.height() + REGION_PADDING);
		}
		node.setSize(width, height);
	}

	/** Moves nodes ELK placed to the right of a node they overlap (one that grew, or one the user put there). */
	private static void moveApart(List<DiagramNode> siblings, Set<DiagramNode> placedByUser) {
		List<DiagramNode> byX = new ArrayList<>(siblings);
		byX.sort(Comparator.comparingDouble(DiagramNode::x));
		for (int later = 0; later < byX.size(); later++) {
			DiagramNode node = byX.get(later);
			if (placedByUser.contains(node) || node.attachedTo() != null) {
				continue;
			}
			for (int earlier = 0; earlier < later; earlier++) {
				DiagramNode other = byX.get(earlier);
				if (other.attachedTo() != null) {
					continue;
				}
				boolean overlap = node.x() < other.x() + other.width() && other.x() < node.x() + node.width()
						&& node.y() < other.y() + other.height() && other.y() < node.y() + node.height();
				if (overlap) {
					node.setLocation(other.x() + other.width() + REGION_PADDING, node.y());
				}
			}
		}
	}
}
