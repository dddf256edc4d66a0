package org.iosim.ui.diagram;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CommandStack;
import org.eclipse.emf.common.command.CommandStackListener;
import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.graphics.Transform;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.Identified;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.stoex.StoEx;
import org.iosim.ui.diagram.internal.Diagram;
import org.iosim.ui.diagram.internal.DiagramBuilder;
import org.iosim.ui.diagram.internal.DiagramEdge;
import org.iosim.ui.diagram.internal.DiagramEditing;
import org.iosim.ui.diagram.internal.DiagramEditing.Addition;
import org.iosim.ui.diagram.internal.DiagramLayout;
import org.iosim.ui.diagram.internal.DiagramNode;
import org.iosim.ui.diagram.internal.DiagramPainter;
import org.iosim.ui.diagram.internal.LocationsCommand;
import org.iosim.ui.diagram.internal.SavedLocations;

/**
 * A diagram of an architecture model on an SWT canvas, laid out by ELK, and a JFace selection
 * provider whose selection is the model elements selected in it (for the Properties view). A
 * composite component (in the repository diagram) and an assembly of one (in the system diagram)
 * are boxes holding the composite's assemblies, their connectors and its delegations.
 *
 * <p>What the user does: click selects (a node or a line); dragging a node moves it (where it is put
 * is kept in the layout file); Ctrl-dragging from one node to another connects them (an assembly
 * connector, a delegation, a successor, a deployment on another container); a double click or F2
 * renames in place; a double click on one of an internal action's demand lines (or the context
 * menu's Edit Demand) edits that demand's stochastic expression in place, parsed as it is typed: an
 * invalid one is refused with the column of its first error; Delete deletes; the context menu adds
 * what the diagram draws (a new action goes after the selected one in its successor chain; a
 * selected component in the repository diagram gets a provided or required role of an interface
 * chosen from the model set's interfaces), deletes, renames, fits the diagram into the view and
 * puts moved nodes back where ELK places them. A palette ({@link #createPalette}) offers what Add
 * offers (a role's interfaces as a menu) and, on the system diagram, a Connector tool: a click on a
 * requiring assembly (or its socket), then one on a providing assembly (or its lollipop), adds the
 * assembly connector Ctrl-dragging adds, only between roles of the same interface; otherwise nothing
 * is added and the diagram says why. Ctrl and the mouse wheel zoom, dragging empty space scrolls.
 * Every change, moves included, is a command on the editing domain's command stack, so it is undone
 * and redone there and makes the host editor dirty; the diagram is drawn again after every command.
 *
 * <p>Where the user put nodes is kept in a layout file beside the model ({@link #layoutFileOf(Path)}):
 * the host calls {@link #loadLayout(Path)} when it opens the model and {@link #saveLayout(Path)}
 * when it saves it.
 */
public final class DiagramViewer implements ISelectionProvider {

	/** Pixels around the drawing. */
	private static final int MARGIN = 16;
	/** How far the pointer moves before a press becomes a drag, in pixels. */
	private static final int DRAG_THRESHOLD = 4;
	/** How close to a line a click selects it, in pixels. */
	private static final double LINE_TOLERANCE = 5;
	private static final double MIN_ZOOM = 0.1;
	private static final double MAX_ZOOM = 4;
	/** The system palette's tool connecting two assemblies by two clicks. */
	public static final String CONNECTOR_TOOL = "Connector";

	private final DiagramKind kind;
	private Map<EObject, Boolean> problems = Map.of();
	private final EditingDomain domain;
	private final Canvas canvas;
	private final DiagramBuilder builder;
	private final DiagramLayout layout;
	private final DiagramEditing editing;
	private final DiagramPainter painter;
	private final SavedLocations locations;
	private final MenuManager menu;
	private final List<ToolBar> palettes = new ArrayList<>();
	private final List<ISelectionChangedListener> selectionListeners = new CopyOnWriteArrayList<>();
	private final CommandStackListener commandStackListener = event -> modelChanged();

	private EObject subject;
	private Diagram diagram;
	private List<EObject> selection = List.of();
	private double zoom = 1;
	private double originX = MARGIN;
	private double originY = MARGIN;
	private boolean fitting = true;
	private String message;

	private Press press;
	private Text renaming;
	private ExpressionField demandEditing;
	/** Whether the palette's connector tool is on: clicks choose a connector's ends instead of selecting. */
	private boolean connectorTool;
	/** The end the connector tool's first click chose (a requiring assembly or its socket); null before it. */
	private DiagramNode connectorStart;

	/** A mouse button held down: on a node (to move or connect it) or on empty space (to scroll). */
	private static final class Press {
		final DiagramNode node;
		final int x;
		final int y;
		final boolean connecting;
		final double startOriginX;
		final double startOriginY;
		int currentX;
		int currentY;
		boolean dragging;

		Press(DiagramNode node, int x, int y, boolean connecting, double originX, double originY) {
			this.node = node;
			this.x = x;
			this.y = y;
			this.currentX = x;
			this.currentY = y;
			this.connecting = connecting;
			this.startOriginX = originX;
			this.startOriginY = originY;
		}
	}

	/**
	 * @param subject        what to draw: for {@link DiagramKind#REPOSITORY}, {@link DiagramKind#SYSTEM}
	 *                       and {@link DiagramKind#ALLOCATION} the model set (an {@code ArchitectureModel})
	 *                       or any element in it; for {@link DiagramKind#RDSEFF} a behaviour (an RDSEFF,
	 *                       a loop body) or a basic component (each of its RDSEFFs a region); for
	 *                       {@link DiagramKind#USAGE} a usage scenario, or the usage model or model set
	 *                       (each scenario a region)
	 * @param domain         the editing domain whose command stack every change goes through
	 * @param adapterFactory the item providers that label the model's elements
	 */
	public DiagramViewer(Composite parent, DiagramKind kind, EObject subject, EditingDomain domain,
			AdapterFactory adapterFactory) {
		this.kind = Objects.requireNonNull(kind, "kind");
		this.subject = Objects.requireNonNull(subject, "subject");
		this.domain = Objects.requireNonNull(domain, "domain");
		this.builder = new DiagramBuilder(adapterFactory);
		this.editing = new DiagramEditing(domain);
		this.locations = new SavedLocations(kind.name());
		locations.setDiagram(diagramKey());
		canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
		canvas.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
		canvas.setFont(JFaceResources.getDefaultFont());
		painter = new DiagramPainter(JFaceResources.getDefaultFont(), JFaceResources.getFontRegistry().getBold(JFaceResources.DEFAULT_FONT));
		layout = new DiagramLayout(this::measure);
		menu = new MenuManager();
		menu.setRemoveAllWhenShown(true);
		menu.addMenuListener(this::fillContextMenu);
		canvas.setMenu(menu.createContextMenu(canvas));
		canvas.addListener(SWT.Paint, event -> paint(event.gc));
		canvas.addListener(SWT.Resize, event -> {
			if (fitting) {
				zoomToFit();
			}
		});
		canvas.addListener(SWT.MouseDown, this::mouseDown);
		canvas.addListener(SWT.MouseMove, this::mouseMove);
		canvas.addListener(SWT.MouseUp, this::mouseUp);
		canvas.addListener(SWT.MouseDoubleClick, this::mouseDoubleClick);
		canvas.addListener(SWT.MouseVerticalWheel, this::mouseWheel);
		canvas.addListener(SWT.KeyDown, this::keyDown);
		canvas.addListener(SWT.Dispose, event -> domain.getCommandStack().removeCommandStackListener(commandStackListener));
		domain.getCommandStack().addCommandStackListener(commandStackListener);
		refresh();
	}

	/**
	 * Marks the elements the validator found problems with (true for an error, false for a warning).
	 * An element the diagram does not draw is marked on the nearest element containing it that it
	 * draws, e.g. a workload on its scenario.
	 */
	public void showProblems(Map<EObject, Boolean> errorByElement) {
		problems = Map.copyOf(errorByElement);
		canvas.redraw();
	}

	/** @return true (error) or false (warning) when the element's node carries a problem mark, else null */
	public Boolean problemMarkOf(EObject element) {
		DiagramNode node = diagram.nodeOf(element);
		return node == null ? null : problemNodes().get(node);
	}

	private Map<DiagramNode, Boolean> problemNodes() {
		Map<DiagramNode, Boolean> marked = new java.util.HashMap<>();
		problems.forEach((element, error) -> {
			for (EObject shown = element; shown != null; shown = shown.eContainer()) {
				DiagramNode node = diagram.nodeOf(shown);
				if (node != null) {
					marked.merge(node, error, Boolean::logicalOr);
					return;
				}
			}
		});
		return marked;
	}

	/** The layout file beside a model file: {@code <model file>.layout.json}. */
	public static Path layoutFileOf(Path modelFile) {
		return modelFile.resolveSibling(modelFile.getFileName() + ".layout.json");
	}

	public Control getControl() {
		return canvas;
	}

	public DiagramKind kind() {
		return kind;
	}

	public EObject subject() {
		return subject;
	}

	/** Draws another element (e.g. another RDSEFF); where the user put its nodes is kept separately. */
	public void setSubject(EObject subject) {
		this.subject = Objects.requireNonNull(subject, "subject");
		locations.setDiagram(diagramKey());
		fitting = true;
		refresh();
	}

	/** The menu of the canvas, for a host that registers it with its site so others can contribute. */
	public MenuManager getMenuManager() {
		return menu;
	}

	/** The key of the current diagram in the layout file: the kind, for behaviours with the id of what is drawn. */
	private String diagramKey() {
		boolean perElement = kind == DiagramKind.RDSEFF || kind == DiagramKind.USAGE;
		return perElement ? kind.name() + " " + SavedLocations.keyOf(subject) : kind.name();
	}

	// ------------------------------------------------------------------ drawing

	/** Builds and lays out the diagram from the model as it is now, and draws it. */
	public void refresh() {
		if (canvas.isDisposed()) {
			return;
		}
		diagram = builder.build(kind, subject);
		layout.layout(diagram, kind == DiagramKind.RDSEFF || kind == DiagramKind.USAGE, locations::get);
		List<EObject> drawn = selection.stream().filter(this::isDrawn).toList();
		if (!drawn.equals(selection)) {
			selection = drawn;
			fireSelectionChanged();
		}
		fillPalettes();
		if (fitting) {
			zoomToFit();
		}
		canvas.redraw();
	}

	private boolean isDrawn(EObject element) {
		return diagram.nodeOf(element) != null || diagram.edges().stream().anyMatch(edge -> edge.element() == element);
	}

	private void modelChanged() {
		if (canvas.isDisposed()) {
			return;
		}
		if (Display.getCurrent() == canvas.getDisplay()) {
			refresh();
		} else {
			canvas.getDisplay().asyncExec(this::refresh);
		}
	}

	private double[] measure(String text, boolean title) {
		GC gc = new GC(canvas);
		try {
			gc.setFont(title ? JFaceResources.getFontRegistry().getBold(JFaceResources.DEFAULT_FONT) : canvas.getFont());
			Point extent = gc.textExtent(text, SWT.DRAW_DELIMITER);
			return new double[] { extent.x, extent.y };
		} finally {
			gc.dispose();
		}
	}

	private void paint(GC gc) {
		Rectangle area = canvas.getClientArea();
		gc.setBackground(canvas.getBackground());
		gc.fillRectangle(area);
		if (diagram.nodes().isEmpty()) {
			gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
			gc.drawText(diagram.emptyMessage() + " Add elements through the context menu.", MARGIN, MARGIN, true);
		} else {
			Transform transform = new Transform(gc.getDevice());
			try {
				transform.translate((float) originX, (float) originY);
				transform.scale((float) zoom, (float) zoom);
				gc.setTransform(transform);
				boolean moving = press != null && press.dragging && !press.connecting && press.node != null;
				painter.paint(gc, diagram, selection, moving ? press.node : null,
						moving ? (press.currentX - press.x) / zoom : 0, moving ? (press.currentY - press.y) / zoom : 0, problemNodes());
			} finally {
				gc.setTransform(null);
				transform.dispose();
			}
			if (press != null && press.dragging && press.connecting) {
				gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_DARK_BLUE));
				gc.setLineStyle(SWT.LINE_DOT);
				gc.drawLine(press.x, press.y, press.currentX, press.currentY);
				gc.setLineStyle(SWT.LINE_SOLID);
			}
		}
		if (message != null) {
			gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_DARK_RED));
			gc.drawText(message, MARGIN, Math.max(MARGIN, area.height - MARGIN - gc.textExtent(message).y), true);
		}
	}

	/** Zooms so that the whole diagram fits into the view (never larger than its natural size) and keeps fitting it when the view changes. */
	public void zoomToFit() {
		fitting = true;
		Rectangle area = canvas.getClientArea();
		double width = Math.max(1, diagram.width());
		double height = Math.max(1, diagram.height());
		if (area.width > 2 * MARGIN && area.height > 2 * MARGIN) {
			zoom = Math.max(MIN_ZOOM, Math.min(1, Math.min((area.width - 2.0 * MARGIN) / width, (area.height - 2.0 * MARGIN) / height)));
		}
		originX = MARGIN;
		originY = MARGIN;
		canvas.redraw();
	}

	public double zoom() {
		return zoom;
	}

	/**
	 * Draws the whole diagram at its natural size into a new image (for screenshots and reports); the
	 * caller disposes it.
	 */
	public Image createImage() {
		int width = (int) Math.ceil(diagram.width()) + 2 * MARGIN;
		int height = (int) Math.ceil(diagram.height()) + 2 * MARGIN;
		Image image = new Image(canvas.getDisplay(), Math.max(width, 2 * MARGIN + 1), Math.max(height, 2 * MARGIN + 1));
		GC gc = new GC(image);
		Transform transform = new Transform(gc.getDevice());
		try {
			gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
			gc.fillRectangle(image.getBounds());
			transform.translate(MARGIN, MARGIN);
			gc.setTransform(transform);
			painter.paint(gc, diagram, selection, null, 0, 0, problemNodes());
		} finally {
			transform.dispose();
			gc.dispose();
		}
		return image;
	}

	// ------------------------------------------------------------------ what is drawn (for hosts and tests)

	/** The diagram as laid out: its nodes and lines, in diagram coordinates. */
	public Diagram diagram() {
		return diagram;
	}

	/** Where a diagram point is in the control, at the current zoom and scroll. */
	public Point toControl(double x, double y) {
		return new Point((int) Math.round(originX + x * zoom), (int) Math.round(originY + y * zoom));
	}

	private double[] toDiagram(int x, int y) {
		return new double[] { (x - originX) / zoom, (y - originY) / zoom };
	}

	/** The node at a control point: the innermost one, boxes before the regions around them; null when none. */
	private DiagramNode nodeAt(int x, int y) {
		double[] point = toDiagram(x, y);
		List<DiagramNode> nodes = diagram.nodes();
		DiagramNode region = null;
		for (int index = nodes.size() - 1; index >= 0; index--) {
			DiagramNode node = nodes.get(index);
			if (node.contains(point[0], point[1])) {
				if (!node.isRegion()) {
					return node;
				}
				if (region == null) {
					region = node;
				}
			}
		}
		return region;
	}

	/** The line at a control point that stands for an element (a connector or role); null when none. */
	private DiagramEdge edgeAt(int x, int y) {
		double[] point = toDiagram(x, y);
		double tolerance = LINE_TOLERANCE / zoom;
		for (DiagramEdge edge : diagram.edges()) {
			List<double[]> path = DiagramPainter.path(edge);
			for (int index = 1; edge.element() != null && index < path.size(); index++) {
				if (distance(point, new double[][] { path.get(index - 1), path.get(index) }) <= tolerance) {
					return edge;
				}
			}
		}
		return null;
	}

	private static double distance(double[] point, double[][] segment) {
		double dx = segment[1][0] - segment[0][0];
		double dy = segment[1][1] - segment[0][1];
		double length = dx * dx + dy * dy;
		double along = length == 0 ? 0
				: Math.max(0, Math.min(1, ((point[0] - segment[0][0]) * dx + (point[1] - segment[0][1]) * dy) / length));
		return Math.hypot(point[0] - segment[0][0] - along * dx, point[1] - segment[0][1] - along * dy);
	}

	// ------------------------------------------------------------------ mouse and keys

	private void mouseDown(Event event) {
		canvas.setFocus();
		message = null;
		if (connectorTool && event.button == 1) {
			connectorToolClicked(nodeAt(event.x, event.y));
			return;
		}
		if (event.button != 1) {
			if (event.button == 3) {
				selectAt(event.x, event.y, false);
			}
			return;
		}
		DiagramNode node = nodeAt(event.x, event.y);
		DiagramEdge edge = node == null || node.isRegion() ? edgeAt(event.x, event.y) : null;
		if (edge != null) {
			select(List.of(edge.element()), (event.stateMask & SWT.SHIFT) != 0);
		} else {
			selectAt(event.x, event.y, (event.stateMask & SWT.SHIFT) != 0);
		}
		press = new Press(edge == null ? owner(node) : null, event.x, event.y, (event.stateMask & SWT.MOD1) != 0, originX, originY);
	}

	/**
	 * What dragging a node moves or connects from: a role's lollipop or socket moves and connects its
	 * component or assembly.
	 */
	private static DiagramNode owner(DiagramNode node) {
		return node == null || node.attachedTo() == null ? node : node.attachedTo();
	}

	private void selectAt(int x, int y, boolean adding) {
		DiagramNode node = nodeAt(x, y);
		if (node == null) {
			DiagramEdge edge = edgeAt(x, y);
			select(edge == null ? List.of() : List.of(edge.element()), adding);
		} else if (!adding || !selection.contains(node.element())) {
			select(List.of(node.element()), adding);
		}
	}

	private void select(List<EObject> elements, boolean adding) {
		List<EObject> selected = new ArrayList<>(adding ? selection : List.of());
		elements.stream().filter(element -> !selected.contains(element)).forEach(selected::add);
		if (!selected.equals(selection)) {
			selection = List.copyOf(selected);
			fireSelectionChanged();
			canvas.redraw();
		}
	}

	private void mouseMove(Event event) {
		if (press == null) {
			return;
		}
		press.currentX = event.x;
		press.currentY = event.y;
		if (!press.dragging && Math.abs(event.x - press.x) + Math.abs(event.y - press.y) >= DRAG_THRESHOLD) {
			press.dragging = true;
		}
		if (press.dragging && press.node == null) {
			fitting = false;
			originX = press.startOriginX + event.x - press.x;
			originY = press.startOriginY + event.y - press.y;
		}
		if (press.dragging) {
			canvas.redraw();
		}
	}

	private void mouseUp(Event event) {
		Press released = press;
		press = null;
		if (released == null || released.node == null) {
			return;
		}
		released.currentX = event.x;
		released.currentY = event.y;
		if (!released.dragging && Math.abs(event.x - released.x) + Math.abs(event.y - released.y) < DRAG_THRESHOLD) {
			return;
		}
		if (released.connecting) {
			DiagramNode target = owner(nodeAt(event.x, event.y));
			if (target != null && target != released.node) {
				connect(released.node.element(), target.element());
			}
		} else {
			DiagramNode node = released.node;
			move(node.element(), node.x() + (event.x - released.x) / zoom, node.y() + (event.y - released.y) / zoom);
		}
		canvas.redraw();
	}

	private void mouseDoubleClick(Event event) {
		DiagramNode node = nodeAt(event.x, event.y);
		ParametricResourceDemand demand = node == null ? null : demandAt(node, event.y);
		if (demand != null) {
			press = null;
			select(List.of(node.element()), false);
			editDemand(demand);
		} else if (node != null && node.named() != null) {
			press = null;
			select(List.of(node.element()), false);
			startRename(node);
		}
	}

	private void mouseWheel(Event event) {
		if ((event.stateMask & SWT.MOD1) == 0 || event.count == 0) {
			return;
		}
		event.doit = false;
		double[] anchor = toDiagram(event.x, event.y);
		zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom * (event.count > 0 ? 1.2 : 1 / 1.2)));
		fitting = false;
		originX = event.x - anchor[0] * zoom;
		originY = event.y - anchor[1] * zoom;
		canvas.redraw();
	}

	private void keyDown(Event event) {
		if (event.keyCode == SWT.ESC && connectorTool) {
			stopConnectorTool(null);
		} else if (event.keyCode == SWT.DEL) {
			deleteSelection();
		} else if (event.keyCode == SWT.F2) {
			renameSelection();
		}
	}

	/** What the context menu's Add and the palette add to: the one selected element, else the diagram's owner. */
	private EObject additionTarget() {
		return selection.size() == 1 ? selection.get(0) : diagram.owner();
	}

	/**
	 * A palette for this diagram in a parent of the host's choosing: a button for each element the
	 * context menu's Add offers (for the selection, or the diagram's owner), creating it through the
	 * same command; it follows the selection and the model.
	 */
	public ToolBar createPalette(Composite parent) {
		ToolBar palette = new ToolBar(parent, SWT.VERTICAL | SWT.FLAT | SWT.RIGHT);
		palettes.add(palette);
		palette.addListener(SWT.Dispose, event -> palettes.remove(palette));
		fillPalette(palette);
		return palette;
	}

	private void fillPalettes() {
		palettes.forEach(this::fillPalette);
	}

	private void fillPalette(ToolBar palette) {
		for (ToolItem item : palette.getItems()) {
			item.dispose();
		}
		Map<String, Menu> groups = new java.util.HashMap<>();
		for (Addition addition : editing.additions(kind, additionTarget())) {
			if (addition.group() == null) {
				ToolItem item = new ToolItem(palette, SWT.PUSH);
				item.setText(addition.label());
				item.setEnabled(addition.command().canExecute());
				item.addListener(SWT.Selection, event -> executeAndSelect(addition.command()));
				continue;
			}
			Menu choices = groups.computeIfAbsent(addition.group(), group -> choiceTool(palette, group));
			MenuItem choice = new MenuItem(choices, SWT.PUSH);
			choice.setText(addition.label());
			choice.setEnabled(addition.command().canExecute());
			choice.addListener(SWT.Selection, event -> executeAndSelect(addition.command()));
		}
		if (kind == DiagramKind.SYSTEM) {
			ToolItem connector = new ToolItem(palette, SWT.CHECK);
			connector.setText(CONNECTOR_TOOL);
			connector.setToolTipText("Click a requiring assembly (or its socket), then a providing one (or its lollipop)");
			connector.setSelection(connectorTool);
			connector.addListener(SWT.Selection, event -> {
				if (connector.getSelection()) {
					startConnectorTool();
				} else {
					stopConnectorTool(null);
				}
			});
		}
		palette.getParent().layout(true, true);
	}

	/**
	 * A palette tool offering a choice (e.g. a provided role of one of the interfaces): clicking it
	 * shows the choices as a menu, which is the item's data.
	 */
	private Menu choiceTool(ToolBar palette, String group) {
		ToolItem item = new ToolItem(palette, SWT.PUSH);
		item.setText(group);
		Menu choices = new Menu(palette.getShell(), SWT.POP_UP);
		item.setData(choices);
		// the menu belongs to the shell: it goes with its tool, when the palette is filled again or disposed
		item.addListener(SWT.Dispose, event -> choices.dispose());
		item.addListener(SWT.Selection, event -> {
			Rectangle bounds = item.getBounds();
			choices.setLocation(palette.toDisplay(bounds.x, bounds.y + bounds.height));
			choices.setVisible(true);
		});
		return choices;
	}

	private void fillContextMenu(IMenuManager manager) {
		EObject target = additionTarget();
		MenuManager add = new MenuManager("Add");
		Map<String, MenuManager> groups = new java.util.HashMap<>();
		for (Addition addition : editing.additions(kind, target)) {
			Action action = action(addition.label(), () -> executeAndSelect(addition.command()));
			action.setEnabled(addition.command().canExecute());
			if (addition.group() == null) {
				add.add(action);
			} else {
				groups.computeIfAbsent(addition.group(), group -> {
					MenuManager choices = new MenuManager(group);
					add.add(choices);
					return choices;
				}).add(action);
			}
		}
		manager.add(add);
		Action rename = action("Rename\tF2", this::renameSelection);
		rename.setEnabled(selection.size() == 1 && diagram.nodeOf(selection.get(0)) != null
				&& diagram.nodeOf(selection.get(0)).named() != null);
		manager.add(rename);
		if (selection.size() == 1 && selection.get(0) instanceof AbstractInternalControlFlowAction action) {
			for (ParametricResourceDemand demand : action.getResourceDemands()) {
				manager.add(action("Edit Demand: " + resourceName(demand), () -> editDemand(demand)));
			}
		}
		Action delete = action("Delete", this::deleteSelection);
		delete.setEnabled(!selection.isEmpty());
		manager.add(delete);
		manager.add(new Separator());
		manager.add(action("Zoom to Fit", this::zoomToFit));
		Action reset = action("Reset Layout", this::resetLayout);
		reset.setEnabled(!locations.isEmpty());
		manager.add(reset);
	}

	private static Action action(String label, Runnable run) {
		return new Action(label) {
			@Override
			public void run() {
				run.run();
			}
		};
	}

	// ------------------------------------------------------------------ editing

	private CommandStack stack() {
		return domain.getCommandStack();
	}

	private void executeAndSelect(Command command) {
		stack().execute(command);
		Collection<?> affected = command.getAffectedObjects();
		select(affected.stream().filter(EObject.class::isInstance).map(EObject.class::cast).filter(this::isDrawn).toList(),
				false);
	}

	/**
	 * Puts an element's node at a place relative to its region (as a command, so it is undone like a
	 * model change); it stays there, instead of where ELK places it, once the layout is saved.
	 */
	public void move(EObject element, double x, double y) {
		SavedLocations after = new SavedLocations(kind.name());
		after.replaceAll(locations.snapshot());
		after.setDiagram(diagramKey());
		after.put(element, new double[] { Math.max(0, x), Math.max(0, y) });
		stack().execute(new LocationsCommand("Move", locations, after.snapshot(), List.of(element)));
	}

	/** Puts the nodes the user moved back where ELK places them. */
	public void resetLayout() {
		Map<String, Map<String, double[]>> after = locations.snapshot();
		after.remove(diagramKey());
		stack().execute(new LocationsCommand("Reset Layout", locations, after, List.of(subject)));
	}

	/** Deletes the selected elements (and what refers to them), joining the chain around deleted actions. */
	public void deleteSelection() {
		if (selection.isEmpty() || selection.contains(subject)) {
			return;
		}
		Command delete = editing.delete(selection);
		if (delete.canExecute()) {
			stack().execute(delete);
		}
	}

	/** Opens the inline editor on the selected node's name. */
	public void renameSelection() {
		if (selection.size() == 1 && diagram.nodeOf(selection.get(0)) instanceof DiagramNode node && node.named() != null) {
			startRename(node);
		}
	}

	/**
	 * Connects two drawn elements as dragging with Ctrl from one to the other does.
	 *
	 * @return whether they were connected; when not, the diagram says why not
	 */
	public boolean connect(EObject from, EObject to) {
		Command connect = editing.connect(from, to);
		if (connect == null) {
			message = "No connection fits between " + label(from) + " and " + label(to) + ".";
			canvas.redraw();
			return false;
		}
		executeAndSelect(connect);
		return true;
	}

	// ------------------------------------------------------------------ the palette's connector tool

	/** Turns on the connector tool: the next two clicks choose the requiring and the providing end. */
	public void startConnectorTool() {
		connectorTool = true;
		connectorStart = null;
		message = "Connector: click the requiring assembly or its socket (Escape cancels).";
		showConnectorTool();
	}

	/** Whether the connector tool waits for a click. */
	public boolean isConnectorToolOn() {
		return connectorTool;
	}

	private void stopConnectorTool(String saying) {
		connectorTool = false;
		connectorStart = null;
		message = saying;
		showConnectorTool();
	}

	private void showConnectorTool() {
		for (ToolBar palette : palettes) {
			for (ToolItem item : palette.getItems()) {
				if (CONNECTOR_TOOL.equals(item.getText())) {
					item.setSelection(connectorTool);
				}
			}
		}
		canvas.redraw();
	}

	private void connectorToolClicked(DiagramNode clicked) {
		if (clicked == null) {
			stopConnectorTool("Connector cancelled: the click was on no element.");
			return;
		}
		if (connectorStart == null) {
			connectorStart = clicked;
			select(List.of(owner(clicked).element()), false);
			message = "Connector: click the providing assembly or its lollipop (Escape cancels).";
			canvas.redraw();
			return;
		}
		DiagramNode first = connectorStart;
		stopConnectorTool(null);
		if (owner(first).element() instanceof AssemblyContext requiring
				&& owner(clicked).element() instanceof AssemblyContext providing) {
			// a socket or lollipop clicked names the role; the assembly itself leaves the choice to the command
			OperationRequiredRole required = first.attachedTo() != null && first.element() instanceof OperationRequiredRole role
					? role : null;
			OperationProvidedRole provided = clicked.attachedTo() != null
					&& clicked.element() instanceof OperationProvidedRole role ? role : null;
			Command connector = editing.assemblyConnector(requiring, required, providing, provided);
			if (connector == null) {
				message = "No connector: " + DiagramEditing.whyNoAssemblyConnector(requiring, required, providing, provided);
				canvas.redraw();
			} else {
				executeAndSelect(connector);
			}
		} else {
			// the tool connects what Ctrl-dragging connects, e.g. a system role and an assembly (a delegation)
			connect(owner(first).element(), owner(clicked).element());
		}
	}

	/** What the diagram says under its drawing (a refused connection, an invalid demand); null when nothing. */
	public String message() {
		return message;
	}

	private String label(EObject element) {
		DiagramNode node = diagram.nodeOf(element);
		return node == null ? element.eClass().getName() : node.label().lines().findFirst().orElse("");
	}

	/** The inline editor open on a node's name; null when none is open. */
	public Text renameEditor() {
		return renaming;
	}

	private void startRename(DiagramNode node) {
		if (renaming != null) {
			renaming.dispose();
		}
		EObject named = node.named();
		Object name = named.eGet(named.eClass().getEStructuralFeature("name"));
		Text text = new Text(canvas, SWT.BORDER | SWT.SINGLE);
		renaming = text;
		Point topLeft = toControl(node.absoluteX(), node.absoluteY());
		int width = Math.max(120, (int) Math.round(node.width() * zoom));
		text.setBounds(topLeft.x, topLeft.y, width, text.computeSize(width, SWT.DEFAULT).y);
		text.setText(name == null ? "" : name.toString());
		text.selectAll();
		text.setFocus();
		text.addListener(SWT.DefaultSelection, event -> finishRename(text, true));
		text.addListener(SWT.FocusOut, event -> finishRename(text, true));
		text.addListener(SWT.Traverse, event -> {
			if (event.detail == SWT.TRAVERSE_ESCAPE) {
				event.doit = false;
				finishRename(text, false);
			}
		});
		text.setData(named);
	}

	private void finishRename(Text text, boolean commit) {
		if (text.isDisposed() || renaming != text) {
			return;
		}
		renaming = null;
		EObject named = (EObject) text.getData();
		String name = text.getText();
		text.dispose();
		canvas.setFocus();
		Object current = named.eGet(named.eClass().getEStructuralFeature("name"));
		if (commit && !name.equals(current == null ? "" : current)) {
			Command rename = editing.rename(named, name);
			if (rename != null && rename.canExecute()) {
				stack().execute(rename);
			}
		}
	}

	// ------------------------------------------------------------------ resource demands in place

	/**
	 * The resource demand whose line of an action's node is at a control height; null when the
	 * point is on the action's name or another detail. The demands are the first details under the
	 * name, one a line (see Labels).
	 */
	private ParametricResourceDemand demandAt(DiagramNode node, int y) {
		if (!(node.element() instanceof AbstractInternalControlFlowAction action) || action.getResourceDemands().isEmpty()) {
			return null;
		}
		double lineHeight = lineHeight(node);
		double intoText = toDiagram(0, y)[1] - node.absoluteY() - DiagramLayout.TEXT_MARGIN;
		int line = (int) Math.floor(intoText / lineHeight);
		return line >= 1 && line <= action.getResourceDemands().size() ? action.getResourceDemands().get(line - 1) : null;
	}

	private double lineHeight(DiagramNode node) {
		return measure(node.label(), false)[1] / Math.max(1, node.label().lines().count());
	}

	/** Where a drawn action's demand line is in the control, at the current zoom and scroll; null when the action is not drawn. */
	public Rectangle demandLine(ParametricResourceDemand demand) {
		DiagramNode node = demand.eContainer() == null ? null : diagram.nodeOf(demand.eContainer());
		if (node == null || !(demand.eContainer() instanceof AbstractInternalControlFlowAction action)) {
			return null;
		}
		int line = action.getResourceDemands().indexOf(demand) + 1;
		double lineHeight = lineHeight(node);
		Point topLeft = toControl(node.absoluteX(), node.absoluteY() + DiagramLayout.TEXT_MARGIN + line * lineHeight);
		return new Rectangle(topLeft.x, topLeft.y, (int) Math.round(node.width() * zoom), (int) Math.ceil(lineHeight * zoom));
	}

	private static String resourceName(ParametricResourceDemand demand) {
		return demand.getRequiredResource() == null || demand.getRequiredResource().getName() == null ? "Resource"
				: demand.getRequiredResource().getName();
	}

	/** The inline editor open on a resource demand's expression; null when none is open. */
	public StyledText demandEditor() {
		return demandEditing == null ? null : demandEditing.text();
	}

	/**
	 * Why the text in the demand editor is not a stochastic expression, with the column of the first
	 * error (the parser's); null when it parses or no editor is open.
	 */
	public String demandError() {
		return demandEditing == null || demandEditing.error() == null ? null : demandEditing.error().getMessage();
	}

	/**
	 * Opens an inline editor on a drawn action's resource demand, over the demand's line. The text is
	 * parsed as the user types ({@link ExpressionField}, as in the Properties view): the error is
	 * underlined from its column, explained in the tooltip and under the diagram; Enter applies a valid
	 * expression as one command and refuses an invalid one, selecting the character at the error's
	 * column; Escape closes the editor without a change.
	 */
	public void editDemand(ParametricResourceDemand demand) {
		Rectangle line = demandLine(demand);
		if (line == null) {
			return;
		}
		closeDemandEditor();
		ExpressionField field = new ExpressionField(canvas, SWT.BORDER);
		demandEditing = field;
		StyledText text = field.text();
		int width = Math.max(160, line.width);
		text.setBounds(line.x, line.y, width, text.computeSize(width, SWT.DEFAULT).y);
		text.setText(demand.getDemand() == null ? "" : demand.getDemand());
		text.setData(demand);
		showDemandCheck(field, resourceName(demand));
		text.selectAll();
		text.setFocus();
		text.addListener(SWT.Modify, event -> showDemandCheck(field, resourceName(demand)));
		text.addListener(SWT.DefaultSelection, event -> applyDemand(field));
		text.addListener(SWT.KeyDown, event -> {
			if (event.character == SWT.CR) {
				applyDemand(field);
			}
		});
		text.addListener(SWT.FocusOut, event -> {
			// leaving the editor keeps a valid expression and drops an invalid one
			if (demandEditing == field && field.error() == null) {
				applyDemand(field);
			} else if (demandEditing == field) {
				message = "Demand not changed: " + field.error().getMessage();
				closeDemandEditor();
			}
		});
		text.addListener(SWT.Traverse, event -> {
			if (event.detail == SWT.TRAVERSE_ESCAPE) {
				event.doit = false;
				message = null;
				closeDemandEditor();
			} else if (event.detail == SWT.TRAVERSE_RETURN) {
				event.doit = false;
			}
		});
	}

	/** Says under the diagram what the editor holds: the error, or how to apply. */
	private void showDemandCheck(ExpressionField field, String resource) {
		message = field.error() == null ? resource + " demand: Enter applies, Escape cancels."
				: "Invalid demand, " + field.error().getMessage();
		canvas.redraw();
	}

	/** Applies a parsing expression as one command; an invalid one stays in the editor, the error's character selected. */
	private void applyDemand(ExpressionField field) {
		if (field.text().isDisposed() || demandEditing != field) {
			return;
		}
		if (field.error() != null) {
			field.selectError();
			return;
		}
		ParametricResourceDemand demand = (ParametricResourceDemand) field.text().getData();
		String expression = field.text().getText();
		message = null;
		closeDemandEditor();
		if (!expression.equals(demand.getDemand())) {
			stack().execute(editing.setDemand(demand, expression));
		}
	}

	private void closeDemandEditor() {
		ExpressionField field = demandEditing;
		demandEditing = null;
		if (field != null && !field.text().isDisposed()) {
			field.text().dispose();
			canvas.setFocus();
		}
		canvas.redraw();
	}

	// ------------------------------------------------------------------ saved layouts

	/** Reads where the user put this diagram's nodes from a layout file (none when it does not exist) and draws again. */
	public void loadLayout(Path file) throws IOException {
		locations.read(file);
		refresh();
	}

	/**
	 * Writes where the user put the nodes of this kind's diagrams into a layout file, keeping the
	 * entries of other kinds' diagrams; writes no file when no node was moved.
	 */
	public void saveLayout(Path file) throws IOException {
		locations.write(file);
	}

	/** Where the user put an element's node, relative to its region; null when ELK places it. */
	public double[] savedLocation(EObject element) {
		return locations.get(element);
	}

	// ------------------------------------------------------------------ selection provider

	@Override
	public void addSelectionChangedListener(ISelectionChangedListener listener) {
		if (!selectionListeners.contains(listener)) {
			selectionListeners.add(listener);
		}
	}

	@Override
	public void removeSelectionChangedListener(ISelectionChangedListener listener) {
		selectionListeners.remove(listener);
	}

	@Override
	public IStructuredSelection getSelection() {
		return selection.isEmpty() ? StructuredSelection.EMPTY : new StructuredSelection(selection);
	}

	/** Selects the drawn elements of a structured selection (others are left out). */
	@Override
	public void setSelection(ISelection newSelection) {
		List<EObject> elements = newSelection instanceof IStructuredSelection structured
				? ((List<?>) structured.toList()).stream().filter(EObject.class::isInstance).map(EObject.class::cast)
						.filter(this::isDrawn).toList()
				: List.of();
		select(elements, false);
	}

	private void fireSelectionChanged() {
		fillPalettes();
		SelectionChangedEvent event = new SelectionChangedEvent(this, getSelection());
		for (ISelectionChangedListener listener : selectionListeners) {
			listener.selectionChanged(event);
		}
	}

	@Override
	public String toString() {
		return kind.title() + " diagram of " + (subject instanceof Identified identified ? identified.getId() : subject);
	}
}
