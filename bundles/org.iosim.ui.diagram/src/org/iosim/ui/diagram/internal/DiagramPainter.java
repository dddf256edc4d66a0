package org.iosim.ui.diagram.internal;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.ui.diagram.internal.DiagramEdge.EdgeStyle;

/**
 * Draws a laid-out diagram in diagram coordinates (the caller's transform zooms and scrolls): regions
 * behind the nodes they hold, lines between node borders with arrow heads and labels, the selection
 * outlined.
 */
public final class DiagramPainter {

	private static final Color INK = new Color(0x33, 0x33, 0x33);
	private static final Color LINE = new Color(0x55, 0x5f, 0x6b);
	private static final Color SELECTED = new Color(0x1f, 0x6f, 0xd0);
	private static final Color REGION = new Color(0xf4, 0xf6, 0xf9);
	private static final Color NESTED_REGION = new Color(0xe8, 0xed, 0xf3);
	private static final Color REGION_BORDER = new Color(0xa0, 0xaa, 0xb8);
	private static final Color COMPONENT = new Color(0xd6, 0xe6, 0xfa);
	private static final Color ASSEMBLY = new Color(0xd8, 0xf0, 0xd8);
	private static final Color RESOURCE = new Color(0xfb, 0xec, 0xcf);
	private static final Color STORAGE = new Color(0xe8, 0xdc, 0xf6);
	private static final Color ACTION = new Color(0xff, 0xff, 0xff);
	private static final Color IO_ACTION = new Color(0xfd, 0xe3, 0xe0);
	private static final Color INTERFACE = new Color(0xff, 0xf6, 0xc8);
	private static final Color LABEL_BACKGROUND = new Color(0xff, 0xff, 0xff);
	private static final double ARROW = 9;
	private static final Color ERROR = new Color(0xd0, 0x2b, 0x2b);
	private static final Color WARNING = new Color(0xe0, 0x9a, 0x10);

	private final Font font;
	private final Font titleFont;

	public DiagramPainter(Font font, Font titleFont) {
		this.font = font;
		this.titleFont = titleFont;
	}

	/**
	 * @param dragged a node being dragged, drawn moved by (dx, dy); null when none
	 */
	public void paint(GC gc, Diagram diagram, Collection<EObject> selection, DiagramNode dragged, double dx, double dy,
			Map<DiagramNode, Boolean> problems) {
		gc.setAntialias(SWT.ON);
		gc.setTextAntialias(SWT.ON);
		for (DiagramNode node : diagram.nodes()) {
			if (node.isRegion()) {
				paintRegion(gc, node, selection.contains(node.element()), offset(node, dragged, dx), offset(node, dragged, dy));
			}
		}
		for (DiagramEdge edge : diagram.edges()) {
			paintEdge(gc, edge, edge.element() != null && selection.contains(edge.element()), dragged, dx, dy);
		}
		for (DiagramNode node : diagram.nodes()) {
			if (!node.isRegion()) {
				paintNode(gc, node, selection.contains(node.element()), offset(node, dragged, dx), offset(node, dragged, dy));
			}
		}
		problems.forEach((node, error) -> paintProblem(gc, node, error, offset(node, dragged, dx), offset(node, dragged, dy)));
	}

	/** A validator finding on the node's element (or one inside it): a red (error) or amber (warning) dot with '!' at its corner. */
	private void paintProblem(GC gc, DiagramNode node, boolean error, double dx, double dy) {
		int size = 14;
		int x = (int) Math.round(node.absoluteX() + node.width() + dx) - size / 2;
		int y = (int) Math.round(node.absoluteY() + dy) - size / 2;
		gc.setBackground(error ? ERROR : WARNING);
		gc.fillOval(x, y, size, size);
		gc.setFont(titleFont);
		gc.setForeground(LABEL_BACKGROUND);
		org.eclipse.swt.graphics.Point mark = gc.textExtent("!");
		gc.drawText("!", x + (size - mark.x) / 2, y + (size - mark.y) / 2, SWT.DRAW_TRANSPARENT);
	}

	/**
	 * How far a node is drawn from its place while a node (it, the node it is attached to, or a region
	 * holding either) is dragged.
	 */
	private static double offset(DiagramNode node, DiagramNode dragged, double delta) {
		DiagramNode owner = node.attachedTo() != null ? node.attachedTo() : node;
		for (DiagramNode inside = owner; inside != null; inside = inside.parent()) {
			if (inside == dragged) {
				return delta;
			}
		}
		return 0;
	}

	private void paintRegion(GC gc, DiagramNode node, boolean selected, double dx, double dy) {
		int x = (int) Math.round(node.absoluteX() + dx);
		int y = (int) Math.round(node.absoluteY() + dy);
		int width = (int) Math.round(node.width());
		int height = (int) Math.round(node.height());
		gc.setBackground(depth(node) % 2 == 0 ? REGION : NESTED_REGION);
		gc.fillRoundRectangle(x, y, width, height, 12, 12);
		outline(gc, selected, REGION_BORDER);
		gc.drawRoundRectangle(x, y, width, height, 12, 12);
		gc.setFont(titleFont);
		gc.setForeground(INK);
		gc.drawText(node.label(), x + 8, y + 6, SWT.DRAW_DELIMITER | SWT.DRAW_TRANSPARENT);
	}

	private static int depth(DiagramNode node) {
		int depth = 0;
		for (DiagramNode parent = node.parent(); parent != null; parent = parent.parent()) {
			depth++;
		}
		return depth;
	}

	private void paintNode(GC gc, DiagramNode node, boolean selected, double dx, double dy) {
		int x = (int) Math.round(node.absoluteX() + dx);
		int y = (int) Math.round(node.absoluteY() + dy);
		int width = (int) Math.round(node.width());
		int height = (int) Math.round(node.height());
		int circle = (int) DiagramLayout.CIRCLE;
		gc.setFont(font);
		switch (node.shape()) {
			case START -> {
				gc.setBackground(selected ? SELECTED : INK);
				gc.fillOval(x + 3, y + 3, circle, circle);
			}
			case STOP -> {
				outline(gc, selected, INK);
				gc.setBackground(LABEL_BACKGROUND);
				gc.fillOval(x + 3, y + 3, circle, circle);
				gc.drawOval(x + 3, y + 3, circle, circle);
				gc.setBackground(selected ? SELECTED : INK);
				gc.fillOval(x + 8, y + 8, circle - 10, circle - 10);
			}
			case INTERFACE, ROLE -> {
				int top = y + (height - circle) / 2;
				gc.setBackground(node.shape() == NodeShape.ROLE ? ASSEMBLY : INTERFACE);
				gc.fillOval(x, top, circle, circle);
				outline(gc, selected, LINE);
				gc.drawOval(x, top, circle, circle);
				text(gc, node.label(), x + circle + (int) DiagramLayout.TEXT_MARGIN, y);
			}
			case PROVIDED_ROLE, REQUIRED_ROLE -> paintRole(gc, node, selected, x, y);
			case ACTION -> {
				gc.setBackground(fill(node.element()));
				gc.fillRoundRectangle(x, y, width, height, 16, 16);
				outline(gc, selected, LINE);
				gc.drawRoundRectangle(x, y, width, height, 16, 16);
				text(gc, node.label(), x + (int) DiagramLayout.TEXT_MARGIN, y + (int) DiagramLayout.TEXT_MARGIN);
			}
			case WORKLOAD -> {
				int corner = 10;
				int[] outline = { x, y, x + width - corner, y, x + width, y + corner, x + width, y + height, x, y + height };
				gc.setBackground(INTERFACE);
				gc.fillPolygon(outline);
				outline(gc, selected, LINE);
				gc.drawPolygon(outline);
				text(gc, node.label(), x + (int) DiagramLayout.TEXT_MARGIN, y + (int) DiagramLayout.TEXT_MARGIN);
			}
			case BOX, REGION -> {
				gc.setBackground(fill(node.element()));
				gc.fillRectangle(x, y, width, height);
				outline(gc, selected, LINE);
				gc.drawRectangle(x, y, width, height);
				text(gc, node.label(), x + (int) DiagramLayout.TEXT_MARGIN, y + (int) DiagramLayout.TEXT_MARGIN);
			}
		}
		gc.setLineWidth(1);
	}

	/**
	 * Palladio's notation for a role: a stick from the owner's border, then a lollipop's circle
	 * (provided) or a socket's half circle open away from the owner (required), where a connector
	 * meets it.
	 */
	private static void paintRole(GC gc, DiagramNode node, boolean selected, int x, int y) {
		int stick = (int) DiagramLayout.ROLE_STICK;
		int head = (int) DiagramLayout.ROLE_HEAD;
		int middle = y + head / 2;
		outline(gc, selected, LINE);
		if (node.isOnLeftBorder()) {
			// owner to the right: circle at the left end
			gc.drawLine(x + head, middle, x + head + stick, middle);
			gc.setBackground(LABEL_BACKGROUND);
			gc.fillOval(x, y, head, head);
			gc.drawOval(x, y, head, head);
		} else {
			// owner to the left: the half circle opens to the right
			gc.drawLine(x, middle, x + stick, middle);
			gc.drawArc(x + stick, y, head, head, 90, 180);
		}
	}

	private static Color fill(EObject element) {
		return switch (element) {
			case RepositoryComponent component -> COMPONENT;
			case AssemblyContext assembly -> ASSEMBLY;
			case AllocationContext deployment -> ASSEMBLY;
			case ProcessingResourceSpecification resource -> RESOURCE;
			case ResourceContainer container -> RESOURCE;
			case LinkingResource link -> RESOURCE;
			case VirtualizedStorage storage -> STORAGE;
			case IoAction action -> IO_ACTION;
			default -> ACTION;
		};
	}

	private static void outline(GC gc, boolean selected, Color color) {
		gc.setForeground(selected ? SELECTED : color);
		gc.setLineWidth(selected ? 3 : 1);
		gc.setLineStyle(SWT.LINE_SOLID);
	}

	private static void text(GC gc, String text, int x, int y) {
		gc.setForeground(INK);
		gc.drawText(text, x, y, SWT.DRAW_DELIMITER | SWT.DRAW_TRANSPARENT);
	}

	private void paintEdge(GC gc, DiagramEdge edge, boolean selected, DiagramNode dragged, double dx, double dy) {
		// while one of its nodes is dragged a line goes straight, its label at its middle
		boolean dragging = offset(edge.source(), dragged, dx) != 0 || offset(edge.source(), dragged, dy) != 0
				|| offset(edge.target(), dragged, dx) != 0 || offset(edge.target(), dragged, dy) != 0;
		List<double[]> points = dragging || edge.route() == null ? straight(edge, dragged, dx, dy) : edge.route();
		gc.setForeground(selected ? SELECTED : LINE);
		gc.setBackground(selected ? SELECTED : LINE);
		gc.setLineWidth(selected ? 3 : 1);
		gc.setLineStyle(edge.style() == EdgeStyle.DASHED_ARROW ? SWT.LINE_DASH : SWT.LINE_SOLID);
		int[] polyline = new int[points.size() * 2];
		for (int index = 0; index < points.size(); index++) {
			polyline[2 * index] = (int) Math.round(points.get(index)[0]);
			polyline[2 * index + 1] = (int) Math.round(points.get(index)[1]);
		}
		gc.drawPolyline(polyline);
		gc.setLineStyle(SWT.LINE_SOLID);
		gc.setLineWidth(1);
		if (edge.style() != EdgeStyle.LINE) {
			arrowHead(gc, points.get(points.size() - 2), points.get(points.size() - 1));
		}
		if (!edge.label().isEmpty()) {
			gc.setFont(font);
			Point extent = gc.textExtent(edge.label());
			double[] box = edge.labelBox();
			double centerX = dragging || box == null ? (points.get(0)[0] + points.get(points.size() - 1)[0]) / 2 : box[0] + box[2] / 2;
			double centerY = dragging || box == null ? (points.get(0)[1] + points.get(points.size() - 1)[1]) / 2 : box[1] + box[3] / 2;
			int x = (int) Math.round(centerX - extent.x / 2.0);
			int y = (int) Math.round(centerY - extent.y / 2.0);
			gc.setBackground(LABEL_BACKGROUND);
			gc.fillRectangle(x - 2, y, extent.x + 4, extent.y);
			gc.setForeground(selected ? SELECTED : LINE);
			gc.drawText(edge.label(), x, y, SWT.DRAW_TRANSPARENT);
		}
	}

	private static List<double[]> straight(DiagramEdge edge, DiagramNode dragged, double dx, double dy) {
		double[] from = center(edge.source(), dragged, dx, dy);
		double[] to = center(edge.target(), dragged, dx, dy);
		return List.of(border(edge.source(), from, to), border(edge.target(), to, from));
	}

	/** The points a line runs through as drawn when nothing is dragged: ELK's route, or straight between its nodes. */
	public static List<double[]> path(DiagramEdge edge) {
		return edge.route() != null ? edge.route() : straight(edge, null, 0, 0);
	}

	private static void arrowHead(GC gc, double[] start, double[] end) {
		double angle = Math.atan2(end[1] - start[1], end[0] - start[0]);
		int[] head = { (int) Math.round(end[0]), (int) Math.round(end[1]),
				(int) Math.round(end[0] - ARROW * Math.cos(angle - 0.4)), (int) Math.round(end[1] - ARROW * Math.sin(angle - 0.4)),
				(int) Math.round(end[0] - ARROW * Math.cos(angle + 0.4)), (int) Math.round(end[1] - ARROW * Math.sin(angle + 0.4)) };
		gc.fillPolygon(head);
	}

	private static double[] center(DiagramNode node, DiagramNode dragged, double dx, double dy) {
		return new double[] { node.absoluteX() + offset(node, dragged, dx) + node.width() / 2,
				node.absoluteY() + offset(node, dragged, dy) + node.height() / 2 };
	}

	/** Where an edge's line starts and ends, on its nodes' borders, as drawn when nothing is dragged. */
	public static double[][] ends(DiagramEdge edge) {
		double[] from = center(edge.source(), null, 0, 0);
		double[] to = center(edge.target(), null, 0, 0);
		return new double[][] { border(edge.source(), from, to), border(edge.target(), to, from) };
	}

	/**
	 * Where the line from a node's center towards a point leaves the node's box; a role's line leaves
	 * from its lollipop's or socket's outer end.
	 */
	static double[] border(DiagramNode node, double[] center, double[] towards) {
		if (node.attachedTo() != null) {
			return new double[] { center[0] + (node.isOnLeftBorder() ? -1 : 1) * node.width() / 2, center[1] };
		}
		double dx = towards[0] - center[0];
		double dy = towards[1] - center[1];
		if (dx == 0 && dy == 0) {
			return center;
		}
		double halfWidth = node.width() / 2;
		double halfHeight = node.height() / 2;
		double scale = Math.min(dx == 0 ? Double.MAX_VALUE : halfWidth / Math.abs(dx),
				dy == 0 ? Double.MAX_VALUE : halfHeight / Math.abs(dy));
		return new double[] { center[0] + dx * Math.min(1, scale), center[1] + dy * Math.min(1, scale) };
	}
}
