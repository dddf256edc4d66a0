package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.processEvents;
import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.ide.IDE;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.ModelDefinition;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FixedMemoryLength;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.transform.IoConfigurationFiles;
import org.iosim.ui.IosimUi;
import org.iosim.ui.testing.UiThread;
import org.iosim.ui.internal.editor.IoConfigurationEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The I/O configuration form on the file server's .ioconfig: fields show the storage (the containers
 * it serves by their names in the model beside the file), edits are
 * commands (undo), a bad number is refused with a message, and saving writes a configuration the
 * command line reads, with the file's explaining comment kept; stored analysis models (a calibration's
 * output) are copied in.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class IoConfigurationEditorTest {

	@AfterEach
	void closeEditors() {
		uiRun(() -> page().closeAllEditors(false));
	}

	@Test
	void theFormEditsTheStorageFileSetsAndMemoryLengthAndSavesWhatTheCommandLineReads() throws Exception {
		IProject project = Workbench.exampleProject("fileserver", "ioconfig-form");
		IFile file = project.getFile("fileserver.ioconfig");
		IoConfigurationEditor editor = (IoConfigurationEditor) ui(() -> IDE.openEditor(page(), file, IosimUi.IO_CONFIGURATION_EDITOR_ID));
		IoConfiguration configuration = editor.configuration();
		VirtualizedStorage storage = configuration.getStorages().get(0);
		assertEquals("DS8700", ui(() -> ((Text) editor.field("VirtualizedStorage.name")).getText()));
		// the container by its name in the model beside the file; its id, which the file holds, in the tooltip
		assertEquals(List.of("fs.vm"), storage.getContainers());
		assertEquals("FileServerVM", ui(() -> ((Text) editor.field("containers")).getText()));
		assertEquals("FileServerVM (id fs.vm)", ui(() -> ((Text) editor.field("containers")).getToolTipText()));

		uiRun(() -> ((Text) editor.field("VirtualizedStorage.name")).setText("DS8700 (edited)"));
		assertEquals("DS8700 (edited)", storage.getName());
		assertTrue(ui(editor::isDirty));
		uiRun(() -> editor.editingDomain().getCommandStack().undo());
		processEvents();
		assertEquals("DS8700", storage.getName());
		assertEquals("DS8700", ui(() -> ((Text) editor.field("VirtualizedStorage.name")).getText()));

		uiRun(() -> editor.field("add file set").notifyListeners(SWT.Selection, new Event()));
		processEvents();
		assertEquals(2, configuration.getFileSets().size());
		org.eclipse.swt.widgets.List fileSets = ui(() -> (org.eclipse.swt.widgets.List) editor.field("fileSets"));
		uiRun(() -> {
			fileSets.select(1);
			fileSets.notifyListeners(SWT.Selection, new Event());
		});
		uiRun(() -> ((Text) editor.field("FileSet.size")).setText("lots"));
		assertEquals(0, configuration.getFileSets().get(1).getSize(), "a size that is no number is not taken");
		uiRun(() -> ((Text) editor.field("FileSet.size")).setText("4096"));
		assertEquals(4096, configuration.getFileSets().get(1).getSize());

		uiRun(() -> {
			Combo memory = (Combo) editor.field("memoryLength");
			memory.select(1);
			memory.notifyListeners(SWT.Selection, new Event());
		});
		processEvents();
		assertTrue(storage.getMemoryLength() instanceof FixedMemoryLength);
		uiRun(() -> ((Text) editor.field("FixedMemoryLength.requests")).setText("48"));
		assertEquals(48, ((FixedMemoryLength) storage.getMemoryLength()).getRequests());
		uiRun(() -> page().setPartState(page().getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED));
		Workbench.screenshot("ioconfig-editor");
		uiRun(() -> page().setPartState(page().getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_RESTORED));

		uiRun(() -> editor.doSave(new NullProgressMonitor()));
		assertFalse(ui(editor::isDirty));
		Path saved = file.getLocation().toPath();
		String text = Files.readString(saved);
		assertTrue(text.contains("<!-- The file server's storage"), "the explaining comment is kept");
		IoConfiguration reread = IoConfigurationFiles.load(saved);
		assertEquals(48, ((FixedMemoryLength) reread.getStorages().get(0).getMemoryLength()).getRequests());
		assertEquals(List.of("fileserver", "files"), reread.getFileSets().stream().map(set -> set.getName()).toList());
		assertEquals(4096, reread.getFileSets().get(1).getSize());
		assertEquals("DS8700", reread.getStorages().get(0).getName());
	}

	@Test
	void storedAnalysisModelsOfAFolderAreCopiedInFindingTheirFilesWhereTheyWereStored() throws Exception {
		IProject project = Workbench.exampleProject("fileserver", "fileserver-stored-models");
		IFile file = project.getFile("fileserver.ioconfig");
		IoConfigurationEditor editor = (IoConfigurationEditor) ui(() -> IDE.openEditor(page(), file, IosimUi.IO_CONFIGURATION_EDITOR_ID));
		IoConfiguration configuration = editor.configuration();
		int before = configuration.getAnalysisModels().size();
		// a folder of stored models beside the configuration, as "iosim calibrate --out" writes one
		Path stored = Files.createDirectories(project.getLocation().toPath().resolve("calibrated"));
		Files.writeString(stored.resolve("flat.json"),
				"{\"name\": \"flat\", \"kind\": \"expression\", \"parameters\": {\"delay\": \"0.002\"}}");
		List<ModelDefinition> definitions = AnalysisModelRegistry.loadStored(stored);
		uiRun(() -> editor.addStoredModels(definitions));
		assertEquals(before + 1, configuration.getAnalysisModels().size());
		AnalysisModelDefinition added = configuration.getAnalysisModels().get(before);
		assertEquals("flat", added.getName());
		assertEquals("expression", added.getKind());
		assertEquals("0.002", added.getParameters().get(0).getValue());
		assertEquals("calibrated", added.getBaseDirectory(), "its files are found where it was stored, relative to the configuration");
		assertEquals(stored.resolve("delays.csv"),
				ModelDefinition.of(added, file.getLocation().toPath().getParent()).resolve("delays.csv").normalize()
						.toAbsolutePath());

		uiRun(() -> editor.addStoredModels(definitions));
		assertEquals("flat-2", configuration.getAnalysisModels().get(before + 1).getName(), "a name no other model has");
		uiRun(() -> editor.editingDomain().getCommandStack().undo());
		assertEquals(before + 1, configuration.getAnalysisModels().size(), "one command per addition");

		uiRun(() -> editor.doSave(new NullProgressMonitor()));
		IoConfiguration reread = IoConfigurationFiles.load(file.getLocation().toPath());
		AnalysisModelDefinition saved = reread.getAnalysisModels().get(before);
		assertEquals(List.of("flat", "expression", "calibrated"), List.of(saved.getName(), saved.getKind(), saved.getBaseDirectory()));
	}
}
