package org.iosim.ui.diagram.tests;

import static org.iosim.ui.diagram.tests.Shells.center;
import static org.iosim.ui.diagram.tests.Shells.choose;
import static org.iosim.ui.diagram.tests.Shells.click;
import static org.iosim.ui.diagram.tests.Shells.doubleClick;
import static org.iosim.ui.diagram.tests.Shells.drag;
import static org.iosim.ui.diagram.tests.Shells.example;
import static org.iosim.ui.diagram.tests.Shells.key;
import static org.iosim.ui.diagram.tests.Shells.open;
import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.Connector;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.Repository;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.StartAction;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.diagram.DiagramViewer;
import org.iosim.ui.diagram.internal.DiagramEdge;
import org.iosim.ui.diagram.internal.DiagramNode;
import org.iosim.ui.diagram.internal.DiagramPainter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Editing through the diagrams as a user does it, with mouse, keys, the inline editor and the context
 * menu: every change is a command on the editing domain's stack, undone and redone there; moved nodes
 * are kept in the layout file.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class EditingTest {

	@Test
	void aMovedNodeStaysWhereItIsPutIsUndoneAndSurvivesSavingAndLoadingTheLayout(@TempDir Path folder) throws Exception {
		ArchitectureModel shop = example("minimal");
		RepositoryComponent catalog = shop.getRepositories().get(0).getComponents().get(1);
		Shells.Opened opened = open(DiagramKind.REPOSITORY, shop, shop);
		DiagramViewer viewer = opened.viewer();
		Path layoutFile = DiagramViewer.layoutFileOf(folder.resolve("shop.repository"));
		assertEquals(folder.resolve("shop.repository.layout.json"), layoutFile);
		try {
			double[] placed = location(viewer, catalog);
			double zoom = ui(viewer::zoom);
			Point from = center(viewer, catalog);
			drag(viewer, from, new Point(from.x + 150, from.y + 120), 0);
			double[] moved = location(viewer, catalog);
			assertEquals(placed[0] + 150 / zoom, moved[0], 1.5);
			assertEquals(placed[1] + 120 / zoom, moved[1], 1.5);
			assertTrue(opened.stack().isSaveNeeded(), "a move makes the editor dirty");
			assertEquals(moved[0], ui(() -> viewer.savedLocation(catalog))[0], 1e-9);

			uiRun(() -> opened.stack().undo());
			assertEquals(placed[0], location(viewer, catalog)[0], 1e-6);
			assertEquals(placed[1], location(viewer, catalog)[1], 1e-6);
			assertNull(ui(() -> viewer.savedLocation(catalog)));
			uiRun(() -> opened.stack().redo());
			assertEquals(moved[0], location(viewer, catalog)[0], 1e-6);

			save(viewer, layoutFile);
			String saved = Files.readString(layoutFile);
			assertTrue(saved.contains("\"REPOSITORY\"") && saved.contains("\"shop.catalog\""), saved);
		} finally {
			opened.close();
		}

		// another kind's diagram of the same model writes its own entries beside the repository's
		Shells.Opened system = open(DiagramKind.SYSTEM, shop, shop);
		try {
			AssemblyContext frontend = shop.getSystem().getAssemblyContexts().get(0);
			Point from = center(system.viewer(), frontend);
			drag(system.viewer(), from, new Point(from.x + 40, from.y + 200), 0);
			save(system.viewer(), layoutFile);
			String saved = Files.readString(layoutFile);
			assertTrue(saved.contains("\"SYSTEM\"") && saved.contains("\"shop.assembly.frontend\""), saved);
			assertTrue(saved.contains("\"REPOSITORY\"") && saved.contains("\"shop.catalog\""), saved);
		} finally {
			system.close();
		}

		// the model read again, its repository diagram opened afresh: Catalog is where it was put
		ArchitectureModel reread = example("minimal");
		RepositoryComponent catalogAgain = reread.getRepositories().get(0).getComponents().get(1);
		Shells.Opened reopened = open(DiagramKind.REPOSITORY, reread, reread);
		try {
			double[] placedByElk = location(reopened.viewer(), catalogAgain);
			load(reopened.viewer(), layoutFile);
			double[] loaded = location(reopened.viewer(), catalogAgain);
			assertFalse(placedByElk[0] == loaded[0] && placedByElk[1] == loaded[1], "the saved location is not ELK's");
			assertEquals(ui(() -> reopened.viewer().savedLocation(catalogAgain))[0], loaded[0], 1e-9);
			assertEquals(ui(() -> reopened.viewer().savedLocation(catalogAgain))[1], loaded[1], 1e-9);
			assertFalse(reopened.stack().isSaveNeeded(), "loading a layout changes nothing to save");
		} finally {
			reopened.close();
		}
	}

	@Test
	void aDiagramWhoseNodesWereNotMovedWritesNoLayoutFile(@TempDir Path folder) throws Exception {
		ArchitectureModel shop = example("minimal");
		Shells.Opened opened = open(DiagramKind.ALLOCATION, shop, shop);
		try {
			Path layoutFile = folder.resolve("shop.allocation.layout.json");
			save(opened.viewer(), layoutFile);
			assertFalse(Files.exists(layoutFile));
			assertEquals(0, folder.toFile().list().length, "nothing else is written either");
		} finally {
			opened.close();
		}
	}

	@Test
	void renamingInPlaceSetsTheNameAndUndoRestoresIt() {
		ArchitectureModel shop = example("minimal");
		AssemblyContext frontend = shop.getSystem().getAssemblyContexts().get(0);
		Shells.Opened opened = open(DiagramKind.SYSTEM, shop, shop);
		DiagramViewer viewer = opened.viewer();
		try {
			doubleClick(viewer, center(viewer, frontend));
			Text editor = ui(viewer::renameEditor);
			assertNotNull(editor, "a double click opens the inline editor");
			assertEquals("Frontend", ui(editor::getText));
			uiRun(() -> {
				editor.setText("Storefront");
				editor.notifyListeners(SWT.DefaultSelection, new Event());
			});
			assertEquals("Storefront", frontend.getName());
			assertNull(ui(viewer::renameEditor), "Enter closes the inline editor");
			assertTrue(ui(() -> viewer.diagram().nodeOf(frontend).label()).contains("Storefront"));

			uiRun(() -> opened.stack().undo());
			assertEquals("Frontend", frontend.getName());
			assertTrue(ui(() -> viewer.diagram().nodeOf(frontend).label()).contains("Frontend"));

			// F2 opens it too; Escape leaves the name as it was
			click(viewer, center(viewer, frontend));
			key(viewer.getControl(), SWT.F2);
			Text again = ui(viewer::renameEditor);
			assertNotNull(again, "F2 opens the inline editor");
			uiRun(() -> {
				again.setText("Discarded");
				Event escape = new Event();
				escape.detail = SWT.TRAVERSE_ESCAPE;
				escape.doit = true;
				again.notifyListeners(SWT.Traverse, escape);
			});
			assertEquals("Frontend", frontend.getName());
			assertFalse(opened.stack().canUndo(), "nothing to undo after an escaped rename");
		} finally {
			opened.close();
		}
	}

	@Test
	void deletingAnActionJoinsItsNeighboursAndUndoBringsItBack() {
		ArchitectureModel shop = example("minimal");
		ResourceDemandingSeff browse = ((BasicComponent) shop.getRepositories().get(0).getComponents().get(0)).getSeffs().get(0);
		AbstractAction start = browse.getSteps().get(0);
		InternalAction render = (InternalAction) start.getSuccessor();
		AbstractAction lookup = render.getSuccessor();
		assertEquals(List.of(), Shells.errors(shop));
		Shells.Opened opened = open(DiagramKind.RDSEFF, shop, browse);
		DiagramViewer viewer = opened.viewer();
		try {
			click(viewer, center(viewer, render));
			assertEquals(List.of(render), ui(() -> viewer.getSelection().toList()));
			key(viewer.getControl(), SWT.DEL);
			assertFalse(browse.getSteps().contains(render));
			assertSame(lookup, start.getSuccessor(), "the start leads to the action after the deleted one");
			assertNull(ui(() -> viewer.diagram().nodeOf(render)));
			assertEquals(List.of(), Shells.errors(shop));

			uiRun(() -> opened.stack().undo());
			assertTrue(browse.getSteps().contains(render));
			assertSame(render, start.getSuccessor());
			assertSame(lookup, render.getSuccessor());
			assertNotNull(ui(() -> viewer.diagram().nodeOf(render)));
			assertEquals(List.of(), Shells.errors(shop));
		} finally {
			opened.close();
		}
	}

	@Test
	void clickingAConnectorsLineSelectsItAndDeleteRemovesIt() {
		ArchitectureModel shop = example("minimal");
		SoftwareSystem system = shop.getSystem();
		Connector connector = system.getConnectors().stream().filter(AssemblyConnector.class::isInstance).findFirst()
				.orElseThrow();
		Shells.Opened opened = open(DiagramKind.SYSTEM, shop, shop);
		DiagramViewer viewer = opened.viewer();
		try {
			Point middle = ui(() -> {
				DiagramEdge line = viewer.diagram().edges().stream().filter(edge -> edge.element() == connector).findFirst()
						.orElseThrow();
				List<double[]> path = DiagramPainter.path(line);
				double[] start = path.get(0);
				double[] next = path.get(1);
				// a quarter along the first segment, off the label
				return viewer.toControl(start[0] + (next[0] - start[0]) / 4, start[1] + (next[1] - start[1]) / 4);
			});
			click(viewer, middle);
			assertEquals(List.of(connector), ui(() -> viewer.getSelection().toList()));
			key(viewer.getControl(), SWT.DEL);
			assertFalse(system.getConnectors().contains(connector));
			assertTrue(ui(() -> viewer.diagram().edges().stream().noneMatch(edge -> edge.element() == connector)));
			uiRun(() -> opened.stack().undo());
			assertTrue(system.getConnectors().contains(connector));
		} finally {
			opened.close();
		}
	}

	@Test
	void draggingWithCtrlFromARequiringAssemblyToAProvidingOneCreatesAnAssemblyConnector() {
		ArchitectureModel model = twoAssemblies();
		AssemblyContext shop = model.getSystem().getAssemblyContexts().get(0);
		AssemblyContext backend = model.getSystem().getAssemblyContexts().get(1);
		Shells.Opened opened = open(DiagramKind.SYSTEM, model, model);
		DiagramViewer viewer = opened.viewer();
		try {
			// the providing assembly requires nothing: no connector from it
			drag(viewer, center(viewer, backend), center(viewer, shop), SWT.MOD1);
			assertEquals(List.of(), model.getSystem().getConnectors());
			assertFalse(opened.stack().canUndo());

			drag(viewer, center(viewer, shop), center(viewer, backend), SWT.MOD1);
			assertEquals(1, model.getSystem().getConnectors().size());
			AssemblyConnector connector = (AssemblyConnector) model.getSystem().getConnectors().get(0);
			assertSame(shop, connector.getRequiringContext());
			assertSame(backend, connector.getProvidingContext());
			assertSame(shop.getComponent().getRequiredRoles().get(0), connector.getRequiredRole());
			assertSame(backend.getComponent().getProvidedRoles().get(0), connector.getProvidedRole());
			assertNotNull(connector.getId());
			DiagramEdge line = ui(() -> viewer.diagram().edges().stream().filter(edge -> edge.element() == connector)
					.findFirst().orElseThrow());
			assertSame(shop.getComponent().getRequiredRoles().get(0), line.source().element(), "from the socket");
			assertSame(shop, line.source().attachedTo().element());
			assertSame(backend, line.target().attachedTo().element(), "to the providing assembly's lollipop");
			assertEquals("Orders", line.label());
			// the required role is bound now: a second drag adds no second connector
			drag(viewer, center(viewer, shop), center(viewer, backend), SWT.MOD1);
			assertEquals(1, model.getSystem().getConnectors().size());

			uiRun(() -> opened.stack().undo());
			assertEquals(List.of(), model.getSystem().getConnectors());
			assertTrue(ui(() -> viewer.diagram().edges().isEmpty()));
		} finally {
			opened.close();
		}
	}

	@Test
	void anActionAddedAfterAnotherGoesIntoTheSuccessorChain() {
		ArchitectureModel shop = example("minimal");
		ResourceDemandingSeff browse = ((BasicComponent) shop.getRepositories().get(0).getComponents().get(0)).getSeffs().get(0);
		StartAction start = (StartAction) browse.getSteps().get(0);
		AbstractAction render = start.getSuccessor();
		AbstractAction lookup = render.getSuccessor();
		Shells.Opened opened = open(DiagramKind.RDSEFF, shop, browse);
		DiagramViewer viewer = opened.viewer();
		try {
			click(viewer, center(viewer, render));
			List<String> offered = Shells.menuItems(viewer, "Add");
			assertTrue(offered.contains("After This: I/O Action"), offered::toString);
			assertFalse(offered.contains("After This: Start Action"), offered::toString);
			choose(viewer, "Add", "After This: Internal Action");
			assertEquals(5, browse.getSteps().size());
			AbstractAction added = render.getSuccessor();
			assertTrue(added instanceof InternalAction, () -> String.valueOf(added));
			assertSame(lookup, added.getSuccessor());
			assertEquals(List.of(added), ui(() -> viewer.getSelection().toList()), "the new action is selected");
			DiagramNode node = ui(() -> viewer.diagram().nodeOf(added));
			assertNotNull(node);
			assertEquals(List.of(), Shells.errors(shop));
			DrawingTest.assertNoOverlap(ui(viewer::diagram));

			uiRun(() -> opened.stack().undo());
			assertEquals(4, browse.getSteps().size());
			assertSame(lookup, render.getSuccessor());
			assertEquals(List.of(), Shells.errors(shop));
		} finally {
			opened.close();
		}
	}

	@Test
	void theContextMenuAddsAComponentToTheRepository() {
		ArchitectureModel shop = example("minimal");
		Repository repository = shop.getRepositories().get(0);
		Shells.Opened opened = open(DiagramKind.REPOSITORY, shop, shop);
		DiagramViewer viewer = opened.viewer();
		try {
			List<String> offered = Shells.menuItems(viewer, "Add");
			String basicComponent = offered.stream().filter(text -> text.contains("Basic Component")).findFirst()
					.orElseThrow(() -> new AssertionError(offered.toString()));
			assertTrue(offered.stream().noneMatch(text -> text.contains("Data Type")), "data types are not drawn: " + offered);
			choose(viewer, "Add", basicComponent);
			assertEquals(3, repository.getComponents().size());
			RepositoryComponent added = repository.getComponents().get(2);
			assertNotNull(ui(() -> viewer.diagram().nodeOf(added)));
			uiRun(() -> opened.stack().undo());
			assertEquals(2, repository.getComponents().size());
			assertNull(ui(() -> viewer.diagram().nodeOf(added)));
		} finally {
			opened.close();
		}
	}

	@Test
	void thePaletteAddsAComponentThroughTheContextMenusCommandAndFollowsTheSelection() {
		ArchitectureModel shop = example("minimal");
		Repository repository = shop.getRepositories().get(0);
		Shells.Opened opened = open(DiagramKind.REPOSITORY, shop, shop);
		DiagramViewer viewer = opened.viewer();
		try {
			ToolBar palette = ui(() -> {
				opened.shell().setLayout(new org.eclipse.swt.layout.RowLayout());
				return viewer.createPalette(opened.shell());
			});
			List<String> offered = Shells.menuItems(viewer, "Add");
			assertEquals(offered, ui(() -> Arrays.stream(palette.getItems()).map(ToolItem::getText).toList()),
					"the palette offers what the context menu's Add offers");
			org.iosim.ui.testing.UiThread.processEvents();
			uiRun(() -> {
				org.eclipse.swt.graphics.Rectangle area = palette.getBounds();
				org.eclipse.swt.graphics.Image image = new org.eclipse.swt.graphics.Image(palette.getDisplay(), area.width, area.height);
				org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(palette);
				gc.copyArea(image, 0, 0);
				gc.dispose();
				org.iosim.ui.testing.UiThread.saveScreenshot("diagram-palette", image);
				image.dispose();
			});
			uiRun(() -> Arrays.stream(palette.getItems()).filter(item -> item.getText().contains("Basic Component"))
					.findFirst().orElseThrow().notifyListeners(SWT.Selection, new Event()));
			assertEquals(3, repository.getComponents().size());
			RepositoryComponent added = repository.getComponents().get(2);
			assertNotNull(ui(() -> viewer.diagram().nodeOf(added)));
			assertEquals(List.of(added), ui(() -> viewer.getSelection().toList()), "the new component is selected");
			assertEquals(List.of("Provided Role", "Required Role"),
					ui(() -> Arrays.stream(palette.getItems()).map(ToolItem::getText).toList()),
					"the palette follows the selection: for a component it offers its roles (PaletteTest adds one)");
			uiRun(() -> viewer.setSelection(org.eclipse.jface.viewers.StructuredSelection.EMPTY));
			assertEquals(offered, ui(() -> Arrays.stream(palette.getItems()).map(ToolItem::getText).toList()));
			uiRun(() -> opened.stack().undo());
			assertEquals(2, repository.getComponents().size());
			assertNull(ui(() -> viewer.diagram().nodeOf(added)));
		} finally {
			opened.close();
		}
	}

	private static void save(DiagramViewer viewer, Path layoutFile) {
		uiRun(() -> {
			try {
				viewer.saveLayout(layoutFile);
			} catch (IOException failed) {
				throw new UncheckedIOException(failed);
			}
		});
	}

	private static void load(DiagramViewer viewer, Path layoutFile) {
		uiRun(() -> {
			try {
				viewer.loadLayout(layoutFile);
			} catch (IOException failed) {
				throw new UncheckedIOException(failed);
			}
		});
	}

	private static double[] location(DiagramViewer viewer, EObject element) {
		return ui(() -> {
			DiagramNode node = viewer.diagram().nodeOf(element);
			return new double[] { node.x(), node.y() };
		});
	}

	/** A shop assembly requiring Orders and a backend assembly providing it, not yet connected. */
	private static ArchitectureModel twoAssemblies() {
		PcmFactory factory = PcmFactory.eINSTANCE;
		ArchitectureModel model = factory.createArchitectureModel();
		model.setId("connect");
		model.setName("connect");
		Repository repository = factory.createRepository();
		repository.setId("connect.repository");
		repository.setName("Orders");
		OperationInterface orders = factory.createOperationInterface();
		orders.setId("connect.orders");
		orders.setName("Orders");
		repository.getInterfaces().add(orders);
		BasicComponent shop = factory.createBasicComponent();
		shop.setId("connect.shop");
		shop.setName("Shop");
		OperationRequiredRole requires = factory.createOperationRequiredRole();
		requires.setId("connect.shop.requires");
		requires.setName("Shop requires Orders");
		requires.setRequiredInterface(orders);
		shop.getRequiredRoles().add(requires);
		BasicComponent backend = factory.createBasicComponent();
		backend.setId("connect.backend");
		backend.setName("Backend");
		OperationProvidedRole provides = factory.createOperationProvidedRole();
		provides.setId("connect.backend.provides");
		provides.setName("Backend provides Orders");
		provides.setProvidedInterface(orders);
		backend.getProvidedRoles().add(provides);
		repository.getComponents().add(shop);
		repository.getComponents().add(backend);
		model.getRepositories().add(repository);
		SoftwareSystem system = factory.createSoftwareSystem();
		system.setId("connect.system");
		system.setName("Shop system");
		for (BasicComponent component : List.of(shop, backend)) {
			AssemblyContext assembly = factory.createAssemblyContext();
			assembly.setId("connect.assembly." + component.getName());
			assembly.setName(component.getName());
			assembly.setComponent(component);
			system.getAssemblyContexts().add(assembly);
		}
		model.setSystem(system);
		return model;
	}
}
