package org.iosim.ui.diagram.tests;

import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.ResourceImpl;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.emf.edit.provider.ReflectiveItemProviderAdapterFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.io.provider.IoItemProviderAdapterFactory;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.provider.PcmItemProviderAdapterFactory;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.testing.Repository;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.diagram.DiagramViewer;
import org.iosim.ui.diagram.internal.DiagramNode;
import org.iosim.ui.testing.UiThread;
import org.junit.jupiter.api.Assumptions;

/**
 * What the diagram tests share: the examples, a shell with a diagram viewer on a model
 * held by an editing domain as the model editor holds it, mouse and key events sent to the viewer's
 * canvas, and screenshots.
 */
final class Shells {

	private Shells() {
	}

	/** The model set of one of the repository's examples, read as the workbench reads Palladio files. */
	static ArchitectureModel example(String name) {
		Path folder = Repository.example(name);
		ImportResult imported = new PalladioImporter().importPath(folder);
		assertEquals(List.of(), imported.errors(), "errors reading " + folder);
		assertEquals(1, imported.modelSets().size(), "model sets in " + folder);
		return imported.modelSets().get(0).model();
	}

	/**
	 * The model set of a Palladio example beside the repository (../shared/palladio-examples), read
	 * as the workbench reads it; the test is skipped where that folder is absent.
	 */
	static ArchitectureModel palladioExample(String name) {
		Path folder = palladioFolder(name);
		ImportResult imported = new PalladioImporter().importPath(folder);
		assertEquals(List.of(), imported.errors(), "errors reading " + folder);
		return imported.modelSets().get(0).model();
	}

	/**
	 * The model set of a Palladio example beside the repository that a file belongs to (a folder may
	 * hold several, e.g. two systems); the test is skipped where the folder is absent.
	 */
	static ArchitectureModel palladioExample(String name, String file) {
		Path folder = palladioFolder(name);
		ImportResult imported = new PalladioImporter().importPath(folder);
		assertEquals(List.of(), imported.errors(), "errors reading " + folder);
		return imported.modelSets().stream()
				.filter(set -> set.files().stream().anyMatch(path -> path.getFileName().toString().equals(file))).findFirst()
				.orElseThrow(() -> new AssertionError("no model set with " + file + " in " + folder)).model();
	}

	/** The folder of a Palladio example beside the repository; the test is skipped where it is absent. */
	private static Path palladioFolder(String name) {
		Path folder = Repository.shared("palladio-examples").map(examples -> examples.resolve(name)).orElse(null);
		Assumptions.assumeTrue(folder != null && Files.isDirectory(folder), () -> "no Palladio example " + name
				+ " beside the repository (../shared/palladio-examples)");
		return folder;
	}

	/** The messages of the validator's errors on the model: what an edit must not leave behind. */
	static List<String> errors(ArchitectureModel model) {
		return new ModelValidator().validate(model).stream().filter(found -> found.severity() == Diagnostic.Severity.ERROR)
				.map(Diagnostic::message).toList();
	}

	/** A viewer in a shell of its own, on a model held as the model editor holds it. */
	record Opened(Shell shell, DiagramViewer viewer, AdapterFactoryEditingDomain domain, ComposedAdapterFactory labels) {

		BasicCommandStack stack() {
			return (BasicCommandStack) domain.getCommandStack();
		}

		void close() {
			uiRun(() -> {
				shell.dispose();
				labels.dispose();
			});
		}
	}

	/** Opens a diagram in a new shell; the model goes into a resource of a new editing domain. */
	static Opened open(DiagramKind kind, ArchitectureModel model, EObject subject) {
		ComposedAdapterFactory labels = new ComposedAdapterFactory(ComposedAdapterFactory.Descriptor.Registry.INSTANCE);
		labels.addAdapterFactory(new PcmItemProviderAdapterFactory());
		labels.addAdapterFactory(new IoItemProviderAdapterFactory());
		labels.addAdapterFactory(new ReflectiveItemProviderAdapterFactory());
		AdapterFactoryEditingDomain domain = new AdapterFactoryEditingDomain(labels, new BasicCommandStack());
		if (model.eResource() == null) {
			Resource resource = new ResourceImpl(URI.createFileURI("/models/" + model.getName() + ".iosim"));
			resource.getContents().add(model);
			domain.getResourceSet().getResources().add(resource);
		}
		return ui(() -> {
			Shell shell = new Shell(Display.getDefault());
			shell.setText(kind.title());
			shell.setLayout(new FillLayout());
			shell.setBounds(0, 0, 1200, 900);
			DiagramViewer viewer = new DiagramViewer(shell, kind, subject, domain, labels);
			shell.open();
			shell.layout(true, true);
			while (Display.getDefault().readAndDispatch()) {
				// until the shell is shown and laid out
			}
			return new Opened(shell, viewer, domain, labels);
		});
	}

	/** Saves a picture of a diagram, drawn at its natural size, into the screenshot folder. */
	static void screenshot(DiagramViewer viewer, String name) {
		uiRun(() -> {
			Image image = viewer.createImage();
			try {
				UiThread.saveScreenshot(name, image);
			} finally {
				image.dispose();
			}
		});
	}

	/** The center of an element's node in the viewer's control. */
	static Point center(DiagramViewer viewer, EObject element) {
		return ui(() -> {
			DiagramNode node = viewer.diagram().nodeOf(element);
			assertNotNull(node, () -> element + " is not drawn");
			return viewer.toControl(node.absoluteX() + node.width() / 2, node.absoluteY() + node.height() / 2);
		});
	}

	/** A point of an element's node in the viewer's control near its top left corner (inside a region's title). */
	static Point corner(DiagramViewer viewer, EObject element) {
		return ui(() -> {
			DiagramNode node = viewer.diagram().nodeOf(element);
			assertNotNull(node, () -> element + " is not drawn");
			return viewer.toControl(node.absoluteX() + 4, node.absoluteY() + 4);
		});
	}

	static void click(DiagramViewer viewer, Point at) {
		mouse(viewer, SWT.MouseDown, at, 0);
		mouse(viewer, SWT.MouseUp, at, 0);
	}

	static void doubleClick(DiagramViewer viewer, Point at) {
		click(viewer, at);
		mouse(viewer, SWT.MouseDoubleClick, at, 0);
	}

	/** Presses the first button at one point, moves in steps to another and releases it there. */
	static void drag(DiagramViewer viewer, Point from, Point to, int stateMask) {
		mouse(viewer, SWT.MouseDown, from, stateMask);
		for (int step = 1; step <= 4; step++) {
			mouse(viewer, SWT.MouseMove, new Point(from.x + (to.x - from.x) * step / 4, from.y + (to.y - from.y) * step / 4),
					stateMask | SWT.BUTTON1);
		}
		mouse(viewer, SWT.MouseUp, to, stateMask | SWT.BUTTON1);
	}

	private static void mouse(DiagramViewer viewer, int type, Point at, int stateMask) {
		uiRun(() -> {
			Event event = new Event();
			event.x = at.x;
			event.y = at.y;
			event.button = type == SWT.MouseMove ? 0 : 1;
			event.stateMask = stateMask;
			event.count = type == SWT.MouseDoubleClick ? 2 : 1;
			viewer.getControl().notifyListeners(type, event);
		});
	}

	/**
	 * Chooses an entry of the viewer's context menu as the user would, without showing the menu: the
	 * menu (and each submenu on the path) is filled as when it is shown, then the item is selected.
	 *
	 * @param path the texts of the items, e.g. "Add", "After This: Internal Action"
	 */
	static void choose(DiagramViewer viewer, String... path) {
		uiRun(() -> {
			Menu menu = viewer.getControl().getMenu();
			for (int index = 0; index < path.length; index++) {
				menu.notifyListeners(SWT.Show, new Event());
				MenuItem item = item(menu, path[index]);
				if (index < path.length - 1) {
					menu = item.getMenu();
				} else {
					assertTrue(item.isEnabled(), path[index] + " is enabled");
					item.notifyListeners(SWT.Selection, new Event());
				}
			}
		});
	}

	/** A menu's item by its text (without the key shown after a tab). */
	private static MenuItem item(Menu menu, String text) {
		List<MenuItem> items = Arrays.asList(menu.getItems());
		return items.stream().filter(candidate -> candidate.getText().split("\t")[0].equals(text)).findFirst()
				.orElseThrow(() -> new AssertionError("no menu item " + text + " among " + items.stream().map(MenuItem::getText).toList()));
	}

	/** The texts of the entries of a submenu of the viewer's context menu, as it is filled when shown. */
	static List<String> menuItems(DiagramViewer viewer, String submenu) {
		return ui(() -> {
			Menu menu = viewer.getControl().getMenu();
			menu.notifyListeners(SWT.Show, new Event());
			Menu items = Arrays.stream(menu.getItems()).filter(item -> item.getText().equals(submenu)).findFirst()
					.orElseThrow().getMenu();
			items.notifyListeners(SWT.Show, new Event());
			return Arrays.stream(items.getItems()).map(MenuItem::getText).toList();
		});
	}

	static void key(Control control, int keyCode) {
		uiRun(() -> {
			Event event = new Event();
			event.keyCode = keyCode;
			control.notifyListeners(SWT.KeyDown, event);
		});
	}
}
