package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.IWizard;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.ui.internal.editor.ModelEditor;
import org.iosim.ui.internal.launch.LaunchAttributes;
import org.iosim.ui.internal.launch.SimulationShortcut;
import org.iosim.ui.internal.wizards.NewModelSetWizard;
import org.iosim.ui.internal.wizards.PalladioImportWizard;
import org.iosim.ui.testing.UiThread;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The new-model and Palladio import wizards, filled in through their dialogs as a user fills them:
 * an empty model set and a copy of an example open in the model editor, and a Palladio folder
 * is copied, linked where it is, or converted into .iosim files; nothing existing is overwritten.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class WizardTest {

	private static IProject project;

	@BeforeAll
	static void project() throws Exception {
		project = Workbench.freshProject("wizards");
	}

	@AfterEach
	void closeEditors() {
		uiRun(() -> page().closeAllEditors(false));
	}

	@Test
	void anEmptyModelSetIsAnIosimFileThatOpensInTheEditor() throws Exception {
		NewModelSetWizard wizard = new NewModelSetWizard();
		WizardDialog dialog = open(wizard, project);
		set(dialog, "name", "empty-set");
		assertNull(ui(() -> dialog.getCurrentPage().getErrorMessage()));
		finish(dialog, wizard);
		assertEquals(project.getFile("empty-set.iosim"), wizard.created());
		ModelEditor editor = (ModelEditor) ui(() -> page().getActiveEditor());
		assertNotNull(editor, "the model editor opened on the new model set");
		assertEquals("empty-set", editor.model().getRepositories().get(0).getName());
		assertTrue(editor.model().getResourceRepository().getResourceTypes().size() >= 3, "Palladio's resource types are there");
		assertTrue(editor.model().getSystem() != null && editor.model().getAllocation() != null && editor.model().getUsageModel() != null);

		// the same name again is refused before anything is written
		NewModelSetWizard again = new NewModelSetWizard();
		WizardDialog second = open(again, project);
		set(second, "name", "empty-set");
		assertTrue(ui(() -> second.getCurrentPage().getErrorMessage()).contains("exists already"));
		assertFalse(ui(() -> second.getCurrentPage().isPageComplete()));
		uiRun(second::close);
	}

	@Test
	void aCopiedExampleOpensAndRunsWithItsIoConfiguration() throws Exception {
		NewModelSetWizard wizard = new NewModelSetWizard();
		WizardDialog dialog = open(wizard, project);
		set(dialog, "name", "shop");
		uiRun(() -> {
			Button fromExample = (Button) widget(dialog, "example");
			fromExample.setSelection(true);
			((Button) widget(dialog, "empty")).setSelection(false);
			Combo examples = (Combo) widget(dialog, "exampleName");
			examples.setText("minimal");
			fromExample.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
		});
		Workbench.screenshot("new-model-wizard", () -> dialog.getShell());
		finish(dialog, wizard);
		IFolder folder = project.getFolder("shop");
		Path original = Workbench.repositoryRoot().resolve("examples/minimal");
		for (String name : List.of("shop.repository", "shop.usagemodel", "shop-virtualized.ioconfig")) {
			assertEquals(Files.readString(original.resolve(name)), Files.readString(folder.getFile(name).getLocation().toPath()), name);
		}
		assertEquals("shop.repository", wizard.created().getName());
		// a model file runs the model as it is; the .ioconfig beside it applies itself (SimulationTarget's rule)
		ILaunchConfiguration asItIs = ui(() -> new SimulationShortcut().configurationFor(folder.getFile("shop.usagemodel")));
		assertEquals("/wizards/shop", asItIs.getAttribute(LaunchAttributes.MODEL, ""));
		assertEquals("", asItIs.getAttribute(LaunchAttributes.IO_CONFIGURATION, ""));
		ILaunchConfiguration configuration = ui(() -> new SimulationShortcut().configurationFor(folder.getFile("shop-virtualized.ioconfig")));
		assertEquals("/wizards/shop", configuration.getAttribute(LaunchAttributes.MODEL, ""));
		assertEquals("/wizards/shop/shop-virtualized.ioconfig", configuration.getAttribute(LaunchAttributes.IO_CONFIGURATION, ""));
	}

	@Test
	void aPalladioFolderIsCopiedLinkedOrConverted() throws Exception {
		Path source = Workbench.repositoryRoot().resolve("examples/fileserver").toAbsolutePath();
		ImportResult original = new PalladioImporter().importPath(source);

		PalladioImportWizard copy = importing(source, "copy", "fileserver-copy");
		IFolder copied = project.getFolder("fileserver-copy");
		assertTrue(copied.getFile("fileserver.repository").exists());
		assertTrue(copied.getFile("fileserver.ioconfig").exists());
		assertFalse(copied.getFile("README.md").exists(), "only model files are copied");
		assertEquals(copied.getFile("fileserver.repository"), copy.created().get(0));

		importing(source, "link", "fileserver-linked");
		IFolder linked = project.getFolder("fileserver-linked");
		assertTrue(linked.isLinked());
		assertEquals(source, linked.getLocation().toPath());

		PalladioImportWizard convert = importing(source, "convert", "");
		IFile converted = project.getFile("fileserver.iosim");
		assertEquals(List.of(converted), convert.created());
		ImportResult reread = org.iosim.pcm.palladio.ArchitectureFiles.load(converted.getLocation().toPath());
		assertFalse(reread.hasErrors(), () -> reread.errors().toString());
		assertTrue(EcoreUtil.equals(original.modelSets().get(0).model(), reread.modelSets().get(0).model()),
				"the .iosim file holds the model set as imported");

		// converting again would overwrite: refused, the file stays as it was
		long size = Files.size(converted.getLocation().toPath());
		PalladioImportWizard again = new PalladioImportWizard();
		WizardDialog dialog = open(again, project);
		set(dialog, "source", source.toString());
		choose(dialog, "convert");
		assertFalse(ui(again::performFinish));
		assertTrue(ui(() -> dialog.getCurrentPage().getErrorMessage()).contains("exists already"));
		uiRun(dialog::close);
		assertEquals(size, Files.size(converted.getLocation().toPath()));
		linked.delete(true, null); // removes the link only
		assertTrue(Files.exists(source.resolve("fileserver.repository")), "the linked folder's files stay");
	}

	@Test
	void aFolderWithoutAModelSetIsRefusedOnThePage() throws Exception {
		Path empty = Files.createTempDirectory("no-model");
		PalladioImportWizard wizard = new PalladioImportWizard();
		WizardDialog dialog = open(wizard, project);
		set(dialog, "source", empty.toString());
		assertEquals("the folder holds no complete model set", ui(() -> dialog.getCurrentPage().getErrorMessage()));
		assertFalse(ui(() -> dialog.getCurrentPage().isPageComplete()));
		uiRun(dialog::close);
	}

	private static PalladioImportWizard importing(Path source, String mode, String folder) {
		PalladioImportWizard wizard = new PalladioImportWizard();
		WizardDialog dialog = open(wizard, project);
		set(dialog, "source", source.toString());
		choose(dialog, mode);
		if (!folder.isEmpty()) {
			set(dialog, "name", folder);
		}
		assertTrue(ui(() -> ((Label) widget(dialog, "found")).getText()).contains("fileserver"));
		if (mode.equals("copy")) {
			Workbench.screenshot("import-wizard", () -> dialog.getShell());
		}
		finish(dialog, wizard);
		return wizard;
	}

	/** Opens the wizard's dialog without waiting for it, as the workbench's File menu does. */
	private static WizardDialog open(IWizard wizard, IProject selected) {
		return ui(() -> {
			if (wizard instanceof org.eclipse.ui.IWorkbenchWizard workbenchWizard) {
				workbenchWizard.init(PlatformUI.getWorkbench(), new StructuredSelection(selected));
			}
			WizardDialog dialog = new WizardDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), wizard);
			dialog.setBlockOnOpen(false);
			dialog.open();
			return dialog;
		});
	}

	private static void finish(WizardDialog dialog, IWizard wizard) {
		assertNull(ui(() -> dialog.getCurrentPage().getErrorMessage()));
		assertTrue(ui(wizard::performFinish), () -> ui(() -> dialog.getCurrentPage().getErrorMessage()));
		uiRun(dialog::close);
	}

	private static void set(WizardDialog dialog, String field, String value) {
		uiRun(() -> ((Text) widget(dialog, field)).setText(value));
	}

	private static void choose(WizardDialog dialog, String mode) {
		uiRun(() -> {
			for (String other : List.of("copy", "link", "convert")) {
				((Button) widget(dialog, other)).setSelection(other.equals(mode));
			}
			widget(dialog, mode).notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
		});
	}

	private static Control widget(WizardDialog dialog, String field) {
		return UiThread.widgets(dialog.getShell()).stream().filter(control -> field.equals(control.getData("org.iosim.ui.field")))
				.findFirst().orElseThrow(() -> new AssertionError("no field " + field));
	}

	static IPath path(String text) {
		return IPath.fromPortableString(text);
	}
}
