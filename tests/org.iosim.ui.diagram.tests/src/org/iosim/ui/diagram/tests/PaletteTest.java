package org.iosim.ui.diagram.tests;

import static org.iosim.ui.diagram.tests.Shells.center;
import static org.iosim.ui.diagram.tests.Shells.click;
import static org.iosim.ui.diagram.tests.Shells.example;
import static org.iosim.ui.diagram.tests.Shells.open;
import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.Repository;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.testing.ContainerBuilder;
import org.iosim.testing.ModelBuilder;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.diagram.DiagramViewer;
import org.iosim.ui.diagram.internal.DiagramNode;
import org.junit.jupiter.api.Test;

/**
 * The palette's tools beyond the context menu's Add: a provided or required role of a chosen
 * interface for the selected component, and the system diagram's connector tool (two clicks).
 */
class PaletteTest {

	@Test
	void thePaletteAddsARequiredRoleOfTheChosenInterfaceToTheSelectedComponent() {
		ArchitectureModel shop = example("minimal");
		Repository repository = shop.getRepositories().get(0);
		RepositoryComponent catalog = repository.getComponents().get(1);
		OperationInterface web = (OperationInterface) repository.getInterfaces().get(0);
		assertEquals("Web", web.getName());
		assertEquals(List.of(), catalog.getRequiredRoles());
		Shells.Opened opened = open(DiagramKind.REPOSITORY, shop, shop);
		DiagramViewer viewer = opened.viewer();
		try {
			ToolBar palette = palette(opened);
			assertFalse(texts(palette).contains("Required Role"), "no role without a selected component: " + texts(palette));
			click(viewer, center(viewer, catalog));
			assertEquals(List.of("Provided Role", "Required Role"), texts(palette));
			assertEquals(List.of("Provided Role", "Required Role"), Shells.menuItems(viewer, "Add"),
					"the context menu offers the same");

			Menu interfaces = choose(palette, "Required Role");
			assertEquals(List.of("Web", "CatalogService"),
					ui(() -> Arrays.stream(interfaces.getItems()).map(MenuItem::getText).toList()),
					"the choice is among the repository's interfaces");
			uiRun(() -> {
				interfaces.setVisible(false);
				interfaces.getItem(0).notifyListeners(org.eclipse.swt.SWT.Selection, new Event());
			});
			assertEquals(1, catalog.getRequiredRoles().size());
			OperationRequiredRole role = (OperationRequiredRole) catalog.getRequiredRoles().get(0);
			assertSame(web, role.getRequiredInterface());
			assertEquals("Catalog requires Web", role.getName());
			assertNotNull(role.getId());
			assertTrue(ui(() -> viewer.diagram().edges().stream().anyMatch(edge -> edge.element() == role
					&& edge.target() == viewer.diagram().nodeOf(web))), "the diagram draws the role to its interface");
			assertEquals(List.of(), Shells.errors(shop));

			uiRun(() -> opened.stack().undo());
			assertEquals(List.of(), catalog.getRequiredRoles());
			assertTrue(ui(() -> viewer.diagram().edges().stream().noneMatch(edge -> edge.element() == role)));
		} finally {
			opened.close();
		}
	}

	@Test
	void theConnectorToolConnectsARequiringAssemblyToAProvidingOneOfTheSameInterfaceOnly() {
		ArchitectureModel model = threeAssemblies();
		SoftwareSystem system = model.getSystem();
		AssemblyContext shop = system.getAssemblyContexts().get(0);
		AssemblyContext backend = system.getAssemblyContexts().get(1);
		AssemblyContext mailer = system.getAssemblyContexts().get(2);
		OperationRequiredRole requiresOrders = (OperationRequiredRole) shop.getComponent().getRequiredRoles().get(0);
		OperationProvidedRole providesOrders = (OperationProvidedRole) backend.getComponent().getProvidedRoles().get(0);
		Shells.Opened opened = open(DiagramKind.SYSTEM, model, model);
		DiagramViewer viewer = opened.viewer();
		try {
			ToolBar palette = palette(opened);
			assertTrue(texts(palette).contains(DiagramViewer.CONNECTOR_TOOL), texts(palette).toString());

			// the shop's socket requires Orders, the mailer provides Mail only
			useConnectorTool(palette);
			assertTrue(ui(viewer::isConnectorToolOn));
			click(viewer, roleCenter(viewer, shop, requiresOrders));
			click(viewer, center(viewer, mailer));
			assertEquals(List.of(), system.getConnectors(), "incompatible roles are not connected");
			assertFalse(opened.stack().canUndo());
			String why = ui(viewer::message);
			assertNotNull(why, "the diagram says why");
			assertTrue(why.contains("Shop requires Orders but Mailer provides Mail"), why);
			assertFalse(ui(viewer::isConnectorToolOn), "the tool is off after its second click");
			assertFalse(ui(() -> connectorItem(palette).getSelection()));

			// clicking where no assembly is connects nothing either
			useConnectorTool(palette);
			click(viewer, center(viewer, shop));
			click(viewer, new Point(2, 2));
			assertEquals(List.of(), system.getConnectors());

			useConnectorTool(palette);
			click(viewer, center(viewer, shop));
			assertEquals(List.of(shop), ui(() -> viewer.getSelection().toList()), "the first end is selected");
			click(viewer, roleCenter(viewer, backend, providesOrders));
			assertEquals(1, system.getConnectors().size());
			AssemblyConnector connector = (AssemblyConnector) system.getConnectors().get(0);
			assertSame(shop, connector.getRequiringContext());
			assertSame(requiresOrders, connector.getRequiredRole());
			assertSame(backend, connector.getProvidingContext());
			assertSame(providesOrders, connector.getProvidedRole());
			assertEquals(List.of(connector), ui(() -> viewer.getSelection().toList()), "the new connector is selected");
			assertTrue(ui(() -> viewer.diagram().edges().stream().anyMatch(edge -> edge.element() == connector)));

			uiRun(() -> opened.stack().undo());
			assertEquals(List.of(), system.getConnectors());
			assertNull(ui(() -> viewer.diagram().edges().stream().filter(edge -> edge.element() == connector).findFirst()
					.orElse(null)));
		} finally {
			opened.close();
		}
	}

	private static ToolBar palette(Shells.Opened opened) {
		return ui(() -> {
			opened.shell().setLayout(new RowLayout());
			return opened.viewer().createPalette(opened.shell());
		});
	}

	private static List<String> texts(ToolBar palette) {
		return ui(() -> Arrays.stream(palette.getItems()).map(ToolItem::getText).toList());
	}

	/** Clicks a palette tool offering a choice; its menu of choices is the tool's data. */
	private static Menu choose(ToolBar palette, String tool) {
		return ui(() -> {
			ToolItem item = Arrays.stream(palette.getItems()).filter(candidate -> candidate.getText().equals(tool)).findFirst()
					.orElseThrow();
			item.notifyListeners(org.eclipse.swt.SWT.Selection, new Event());
			assertTrue(item.getData() instanceof Menu, tool + " offers a choice");
			return (Menu) item.getData();
		});
	}

	private static ToolItem connectorItem(ToolBar palette) {
		return Arrays.stream(palette.getItems()).filter(item -> item.getText().equals(DiagramViewer.CONNECTOR_TOOL)).findFirst()
				.orElseThrow();
	}

	private static void useConnectorTool(ToolBar palette) {
		uiRun(() -> {
			ToolItem item = connectorItem(palette);
			item.setSelection(true);
			item.notifyListeners(org.eclipse.swt.SWT.Selection, new Event());
		});
	}

	/** The center of the socket or lollipop of a role on an assembly's border. */
	private static Point roleCenter(DiagramViewer viewer, AssemblyContext assembly, Object role) {
		return ui(() -> {
			DiagramNode node = viewer.diagram().nodes().stream()
					.filter(candidate -> candidate.element() == role && candidate.attachedTo() != null
							&& candidate.attachedTo().element() == assembly)
					.findFirst().orElseThrow(() -> new AssertionError(role + " is not drawn on " + assembly));
			return viewer.toControl(node.absoluteX() + node.width() / 2, node.absoluteY() + node.height() / 2);
		});
	}

	/** A shop requiring Orders, a backend providing Orders and a mailer providing Mail, not connected. */
	private static ArchitectureModel threeAssemblies() {
		ModelBuilder builder = new ModelBuilder("palette");
		OperationInterface orders = builder.operationInterface("Orders");
		OperationInterface mail = builder.operationInterface("Mail");
		ContainerBuilder host = builder.container("host");
		builder.deploy(builder.component("Shop").requires(orders), host);
		builder.deploy(builder.component("Backend").provides(orders), host);
		builder.deploy(builder.component("Mailer").provides(mail), host);
		return builder.build();
	}
}
