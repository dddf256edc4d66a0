package org.iosim.ui.diagram.tests;

import static org.iosim.ui.diagram.tests.Shells.center;
import static org.iosim.ui.diagram.tests.Shells.choose;
import static org.iosim.ui.diagram.tests.Shells.click;
import static org.iosim.ui.diagram.tests.Shells.doubleClick;
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

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.diagram.DiagramViewer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Editing an internal action's resource demand in place on the behaviour diagram: the expression is
 * parsed as it is typed, a valid one is set by one command of the editing domain's stack (so it is
 * undone, redone and saved), an invalid one is refused with the parser's column.
 */
class DemandEditingTest {

	@Test
	void doubleClickingADemandLineEditsItsExpressionAsOneUndoableCommandThatIsSaved(@TempDir Path folder) throws Exception {
		ArchitectureModel shop = example("minimal");
		Resource resource = new IosimResourceFactory().createResource(URI.createFileURI(folder.resolve("shop.iosim").toString()));
		resource.getContents().add(shop);
		InternalAction query = queryIndex(shop);
		ParametricResourceDemand cpu = query.getResourceDemands().get(0);
		ParametricResourceDemand hdd = query.getResourceDemands().get(1);
		assertEquals("5 + 2 * count.VALUE", cpu.getDemand());
		Shells.Opened opened = open(DiagramKind.RDSEFF, shop, query.eContainer());
		DiagramViewer viewer = opened.viewer();
		try {
			// the second demand's line opens the editor on that demand, not on the first, and not the rename editor
			doubleClick(viewer, middleOf(ui(() -> viewer.demandLine(hdd))));
			StyledText onHdd = ui(viewer::demandEditor);
			assertNotNull(onHdd, "a double click on a demand's line opens the demand editor");
			assertNull(ui(viewer::renameEditor));
			assertEquals("count.VALUE * 8192", ui(onHdd::getText));
			escape(onHdd);
			assertNull(ui(viewer::demandEditor), "Escape closes the editor");
			assertFalse(opened.stack().canUndo(), "nothing changed");

			// the action's name still renames it
			doubleClick(viewer, ui(() -> viewer.toControl(viewer.diagram().nodeOf(query).absoluteX() + 12,
					viewer.diagram().nodeOf(query).absoluteY() + 10)));
			assertNotNull(ui(viewer::renameEditor), "a double click on the name renames");
			assertNull(ui(viewer::demandEditor));
			escape(ui(viewer::renameEditor));

			doubleClick(viewer, middleOf(ui(() -> viewer.demandLine(cpu))));
			StyledText editor = ui(viewer::demandEditor);
			assertNotNull(editor);
			assertEquals("5 + 2 * count.VALUE", ui(editor::getText));
			enter(editor, "Exp(0.02) + count.VALUE");
			assertNull(ui(viewer::demandEditor), "Enter applies a valid expression and closes the editor");
			assertEquals("Exp(0.02) + count.VALUE", cpu.getDemand());
			assertEquals("count.VALUE * 8192", hdd.getDemand());
			assertTrue(ui(() -> viewer.diagram().nodeOf(query).label()).contains("Exp(0.02) + count.VALUE"),
					"the node draws the new demand");

			uiRun(() -> opened.stack().undo());
			assertEquals("5 + 2 * count.VALUE", cpu.getDemand(), "one undo restores the demand");
			assertFalse(opened.stack().canUndo(), "the edit was one command");
			uiRun(() -> opened.stack().redo());
			assertEquals("Exp(0.02) + count.VALUE", cpu.getDemand());

			resource.save(null);
			String saved = Files.readString(folder.resolve("shop.iosim"));
			assertTrue(saved.contains("Exp(0.02) + count.VALUE"), saved);
			assertFalse(saved.contains("5 + 2 * count.VALUE"), saved);
		} finally {
			opened.close();
		}
	}

	@Test
	void anInvalidExpressionIsRefusedWithTheColumnOfItsFirstError() {
		ArchitectureModel shop = example("minimal");
		InternalAction query = queryIndex(shop);
		ParametricResourceDemand cpu = query.getResourceDemands().get(0);
		Shells.Opened opened = open(DiagramKind.RDSEFF, shop, query.eContainer());
		DiagramViewer viewer = opened.viewer();
		try {
			// the context menu opens the editor too
			click(viewer, center(viewer, query));
			choose(viewer, "Edit Demand: CPU");
			StyledText editor = ui(viewer::demandEditor);
			assertNotNull(editor, "Edit Demand opens the demand editor");
			assertNull(ui(viewer::demandError), "the current expression parses");

			enter(editor, "2 * (count.VALUE + ");
			assertSame(editor, ui(viewer::demandEditor), "an invalid expression keeps the editor open");
			String error = ui(viewer::demandError);
			assertNotNull(error, "the editor says why the text is refused");
			assertTrue(error.startsWith("column 20:"), error);
			assertEquals(error, ui(editor::getToolTipText), "the reason is the editor's tooltip");
			assertEquals(new Point(19, 19), ui(editor::getSelection), "the caret is put at the column (the end here)");
			StyleRange[] underlined = ui(editor::getStyleRanges);
			assertEquals(1, underlined.length, "the error is underlined, as in the Properties view");
			assertEquals(SWT.UNDERLINE_ERROR, underlined[0].underlineStyle);
			assertEquals(18, underlined[0].start, "past the end, the last character is underlined");
			assertEquals("5 + 2 * count.VALUE", cpu.getDemand(), "the model is unchanged");
			assertFalse(opened.stack().canUndo());

			enter(editor, "2 * ) + 1");
			assertTrue(ui(viewer::demandError).startsWith("column 5:"), ui(viewer::demandError));
			assertEquals(new Point(4, 5), ui(editor::getSelection), "the character at the column is selected");
			assertEquals("5 + 2 * count.VALUE", cpu.getDemand());

			// typing a valid expression clears the error
			uiRun(() -> editor.setText("Exp(0.05)"));
			assertNull(ui(viewer::demandError));
			assertNull(ui(editor::getToolTipText));
			assertEquals(0, ui(editor::getStyleRanges).length, "corrected, the underline goes");
			escape(editor);
			assertEquals("5 + 2 * count.VALUE", cpu.getDemand(), "Escape drops the typed expression");
			assertFalse(opened.stack().canUndo());
		} finally {
			opened.close();
		}
	}

	/** The catalog's internal action, with a CPU and an HDD demand. */
	private static InternalAction queryIndex(ArchitectureModel shop) {
		ResourceDemandingSeff find = ((BasicComponent) shop.getRepositories().get(0).getComponents().get(1)).getSeffs().get(0);
		return (InternalAction) find.getSteps().stream().filter(InternalAction.class::isInstance).findFirst().orElseThrow();
	}

	private static Point middleOf(Rectangle line) {
		assertNotNull(line, "the demand's line is drawn");
		return new Point(line.x + line.width / 2, line.y + line.height / 2);
	}

	private static void enter(StyledText editor, String text) {
		uiRun(() -> {
			editor.setText(text);
			editor.notifyListeners(SWT.DefaultSelection, new Event());
		});
	}

	private static void escape(Control editor) {
		uiRun(() -> {
			Event escape = new Event();
			escape.detail = SWT.TRAVERSE_ESCAPE;
			escape.doit = true;
			editor.notifyListeners(SWT.Traverse, escape);
		});
	}
}
