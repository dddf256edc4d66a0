package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.processEvents;
import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.resources.IProject;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.UsageScenario;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExParseException;
import org.iosim.ui.IosimUi;
import org.iosim.ui.internal.editor.ModelEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the Properties view shows of an element includes what it contains and a modeller edits with
 * it: an internal action's demands, a usage scenario's workload. Edited through the same property
 * source and cell editors the view uses, on examples/minimal.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ContainedPropertiesTest {

	/** The first internal action's CPU demand in examples/minimal/shop.repository. */
	private static final String CPU_DEMAND = "Exp(0.05)";

	private static IProject project;

	@BeforeAll
	static void openExample() throws Exception {
		project = Workbench.exampleProject("minimal", "minimal-properties");
		Workbench.showIosimPerspective();
	}

	@AfterEach
	void closeEditorsUnsaved() {
		uiRun(() -> page().closeAllEditors(false));
	}

	@Test
	void anInternalActionsDemandIsARowOfTheActionEditedAndUndoneThroughTheCommandStack() {
		ModelEditor editor = open("shop.repository");
		InternalAction action = Workbench.first(editor, InternalAction.class);
		ParametricResourceDemand demand = action.getResourceDemands().get(0);
		assertEquals(CPU_DEMAND, demand.getDemand());

		IPropertySource properties = ui(() -> editor.propertySource(action));
		IPropertyDescriptor demandRow = row(properties, "Demand");
		assertEquals(CPU_DEMAND, ui(() -> properties.getPropertyValue(demandRow.getId())));
		assertNotNull(row(properties, "Required Resource"), "the demand's resource type is a row too");

		uiRun(() -> properties.setPropertyValue(demandRow.getId(), "Exp(0.1)"));
		processEvents();
		assertEquals("Exp(0.1)", demand.getDemand());
		assertTrue(ui(editor::isDirty));

		uiRun(() -> editor.editingDomain().getCommandStack().undo());
		assertEquals(CPU_DEMAND, demand.getDemand());
		uiRun(() -> editor.editingDomain().getCommandStack().redo());
		assertEquals("Exp(0.1)", demand.getDemand());

		// the action selected in the model tree, as a user sees its demand in the Properties view
		uiRun(() -> {
			try {
				page().showView("org.eclipse.ui.views.PropertySheet");
			} catch (Exception cannotShow) {
				throw new IllegalStateException(cannotShow);
			}
			page().activate(editor);
			editor.viewer().setSelection(new StructuredSelection(action), true);
		});
		processEvents();
		Workbench.screenshot("properties-demand");
	}

	@Test
	void anUnparsableDemandIsRefusedByTheCellEditorWithItsColumnUnderlined() {
		ModelEditor editor = open("shop.repository");
		InternalAction action = Workbench.first(editor, InternalAction.class);
		IPropertySource properties = ui(() -> editor.propertySource(action));
		IPropertyDescriptor demandRow = row(properties, "Demand");
		String typed = "Exp(0.05 +";
		StoExParseException parserError = assertThrows(StoExParseException.class, () -> StoEx.parse(typed));
		ui(() -> {
			Shell shell = new Shell();
			try {
				CellEditor cell = demandRow.createPropertyEditor(shell);
				cell.setValue(CPU_DEMAND);
				StyledText field = (StyledText) cell.getControl();
				assertEquals(0, field.getStyleRanges().length, "a valid expression is not underlined");
				field.setText(typed); // as typed: the modify event checks it
				assertFalse(cell.isValueValid());
				String error = cell.getErrorMessage();
				assertEquals("column " + parserError.column() + ": ", error.substring(0, error.indexOf(": ") + 2),
						() -> "the cell editor's error names the parser's column: " + error);
				assertEquals(error, field.getToolTipText());
				StyleRange[] underlined = field.getStyleRanges();
				assertEquals(1, underlined.length, "the error is underlined");
				assertEquals(Math.min(parserError.column() - 1, typed.length() - 1), underlined[0].start,
						"from the parser's column");
				assertEquals(SWT.UNDERLINE_ERROR, underlined[0].underlineStyle);
				field.setText("Exp(0.05)");
				assertTrue(cell.isValueValid());
				assertEquals(0, field.getStyleRanges().length, "corrected, the underline goes");
				return null;
			} finally {
				shell.dispose();
			}
		});
		assertEquals(CPU_DEMAND, action.getResourceDemands().get(0).getDemand());
	}

	@Test
	void aScenariosWorkloadPopulationIsARowOfTheScenarioEditedAndUndone() {
		ModelEditor editor = open("shop.usagemodel");
		UsageScenario scenario = Workbench.first(editor, UsageScenario.class);
		ClosedWorkload workload = (ClosedWorkload) scenario.getWorkload();
		int population = workload.getPopulation();
		IPropertySource properties = ui(() -> editor.propertySource(scenario));
		IPropertyDescriptor populationRow = row(properties, "Population");

		uiRun(() -> properties.setPropertyValue(populationRow.getId(), 0));
		processEvents();
		assertEquals(0, workload.getPopulation());
		uiRun(() -> editor.editingDomain().getCommandStack().undo());
		processEvents();
		assertEquals(population, workload.getPopulation());
	}

	private ModelEditor open(String fileName) {
		return (ModelEditor) ui(() -> IDE.openEditor(page(), project.getFile(fileName), IosimUi.MODEL_EDITOR_ID));
	}

	private static IPropertyDescriptor row(IPropertySource properties, String displayName) {
		return ui(() -> Arrays.stream(properties.getPropertyDescriptors())
				.filter(descriptor -> descriptor.getDisplayName().equals(displayName)).findFirst()
				.orElseThrow(() -> new AssertionError("no row " + displayName + " among " + Arrays
						.stream(properties.getPropertyDescriptors()).map(IPropertyDescriptor::getDisplayName).toList())));
	}
}
