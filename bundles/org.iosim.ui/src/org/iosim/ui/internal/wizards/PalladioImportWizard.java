package org.iosim.ui.internal.wizards;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IImportWizard;
import org.eclipse.ui.IWorkbench;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.validation.Diagnostic;

/**
 * File → Import → IOSim → Palladio Model Folder: a folder of Palladio PCM files from the file system
 * is copied into a project, linked into it where it is (the workbench then edits the user's files),
 * or converted into one {@code .iosim} file per model set. The page says which model sets the folder
 * holds and their first problems before anything is written.
 */
public final class PalladioImportWizard extends Wizard implements IImportWizard {

	/** How the folder comes into the workspace. */
	public enum Mode {
		COPY, LINK, CONVERT
	}

	private static final int LISTED_PROBLEMS = 3;

	private IWorkbench workbench;
	private IContainer selected;
	private Page page;
	private List<IFile> created = List.of();

	@Override
	public void init(IWorkbench chosenWorkbench, IStructuredSelection selection) {
		this.workbench = chosenWorkbench;
		Object first = selection == null || selection.isEmpty() ? null : selection.getFirstElement();
		selected = first instanceof IResource resource ? resource instanceof IContainer container ? container : resource.getParent()
				: null;
		setWindowTitle("Import Palladio Model Folder");
	}

	@Override
	public void addPages() {
		page = new Page();
		addPage(page);
	}

	/** @return the model files the import made or linked, after Finish */
	public List<IFile> created() {
		return created;
	}

	@Override
	public boolean performFinish() {
		Path source = Path.of(page.source.getText().strip());
		IContainer target = WizardFields.container(page.target.getText());
		String name = page.name.getText().strip();
		try {
			switch (page.mode()) {
			case COPY -> created = ModelSetFiles.repositories(ModelSetFiles.copyPalladioFolder(source, target, name, new NullProgressMonitor()));
			case LINK -> created = ModelSetFiles.repositories(ModelSetFiles.linkPalladioFolder(source, (IProject) target, name, new NullProgressMonitor()));
			case CONVERT -> created = ModelSetFiles.convertPalladioFolder(source, target, new NullProgressMonitor());
			}
		} catch (CoreException failed) {
			page.setErrorMessage(failed.getStatus().getMessage());
			return false;
		}
		if (!created.isEmpty() && workbench != null) {
			WizardFields.openEditor(workbench, created.get(0));
		}
		return true;
	}


	private final class Page extends WizardPage {
		private Text source;
		private Label found;
		private Text target;
		private Text name;
		private Button copy;
		private Button link;
		private Button convert;
		private ImportResult inspected;
		private String inspectedSource = "";

		Page() {
			super("palladioFolder", "Import a Palladio model folder", null);
			setDescription("A folder of Palladio PCM 5.2 model files, as Palladio Bench writes them.");
		}

		@Override
		public void createControl(Composite parent) {
			Composite area = new Composite(parent, SWT.NONE);
			area.setLayout(new GridLayout(3, false));
			source = WizardFields.text(area, "source", "&Folder:", 1);
			Button browse = new Button(area, SWT.PUSH);
			browse.setText("Browse...");
			browse.addListener(SWT.Selection, event -> {
				String chosen = new DirectoryDialog(getShell()).open();
				if (chosen != null) {
					source.setText(chosen);
				}
			});
			found = new Label(area, SWT.WRAP);
			found.setData(WizardFields.FIELD_KEY, "found");
			found.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
			target = WizardFields.text(area, "target", "Into &project or folder:", 2);
			target.setText(selected == null ? "" : selected.getFullPath().toString());
			name = WizardFields.text(area, "name", "As &folder:", 2);
			copy = WizardFields.radio(area, "copy", "&Copy the model files into the workspace", 3);
			copy.setSelection(true);
			link = WizardFields.radio(area, "link", "&Link the folder where it is (edits change the original files; into a project)", 3);
			convert = WizardFields.radio(area, "convert", "Con&vert each model set into an .iosim file", 3);
			for (Text text : List.of(source, target, name)) {
				text.addModifyListener(event -> check());
			}
			for (Button mode : List.of(copy, link, convert)) {
				mode.addListener(SWT.Selection, event -> check());
			}
			setControl(area);
			check();
		}

		Mode mode() {
			return link.getSelection() ? Mode.LINK : convert.getSelection() ? Mode.CONVERT : Mode.COPY;
		}

		private void check() {
			String folder = source.getText().strip();
			if (!folder.equals(inspectedSource)) {
				inspectedSource = folder;
				inspected = !folder.isEmpty() && Files.isDirectory(Path.of(folder)) ? ModelSetFiles.inspect(Path.of(folder)) : null;
				found.setText(describe(inspected));
				if (name.getText().isBlank() && inspected != null) {
					name.setText(Path.of(folder).getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "-"));
				}
				found.getParent().layout(true, true);
			}
			setErrorMessage(problem());
			setPageComplete(getErrorMessage() == null);
			name.setEnabled(mode() != Mode.CONVERT);
		}

		private String problem() {
			if (inspected == null) {
				return "choose a folder of Palladio model files";
			}
			if (inspected.modelSets().isEmpty()) {
				return "the folder holds no complete model set";
			}
			IContainer into = WizardFields.container(target.getText());
			if (into == null) {
				return "choose an open project or a folder of the workspace to import into";
			}
			if (mode() == Mode.LINK && !(into instanceof IProject)) {
				return "a linked folder goes directly into a project";
			}
			if (mode() == Mode.CONVERT) {
				return inspected.hasErrors() ? "a model set with errors cannot be converted; copy or link it and mend it in the editor" : null;
			}
			return ModelSetFiles.nameProblem(name.getText().strip());
		}

		private String describe(ImportResult result) {
			if (result == null) {
				return "";
			}
			String sets = result.modelSets().stream().map(ModelSet::name).collect(Collectors.joining(", "));
			String problems = result.errors().stream().limit(LISTED_PROBLEMS).map(Diagnostic::format)
					.collect(Collectors.joining("\n"));
			return (result.modelSets().isEmpty() ? "No model set found." : "Model sets: " + sets + ".")
					+ (problems.isEmpty() ? "" : "\nProblems:\n" + problems);
		}
	}
}
