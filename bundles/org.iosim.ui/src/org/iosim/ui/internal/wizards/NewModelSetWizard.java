package org.iosim.ui.internal.wizards;

import java.util.List;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.INewWizard;
import org.eclipse.ui.IWorkbench;

/**
 * File → New → IOSim Model Set: an empty model set in an {@code .iosim} file, or a copy of one of
 * IOSim's examples (Palladio files) in a new folder; the model editor opens on it.
 */
public final class NewModelSetWizard extends Wizard implements INewWizard {

	private IWorkbench workbench;
	private IContainer selected;
	private Page page;
	private IFile created;

	@Override
	public void init(IWorkbench chosenWorkbench, IStructuredSelection selection) {
		this.workbench = chosenWorkbench;
		IResource resource = selection == null || selection.isEmpty() ? null
				: Adapters.adapt(selection.getFirstElement(), IResource.class);
		selected = resource instanceof IContainer container ? container : resource == null ? null : resource.getParent();
		setWindowTitle("New IOSim Model Set");
	}

	@Override
	public void addPages() {
		page = new Page();
		addPage(page);
	}

	/** @return the file the editor opened on, after Finish */
	public IFile created() {
		return created;
	}

	@Override
	public boolean performFinish() {
		IContainer container = WizardFields.container(page.container.getText());
		String name = page.name.getText().strip();
		try {
			if (page.fromExample.getSelection()) {
				String example = page.example.getText();
				IFolder folder = ModelSetFiles.copyExample(example, container, name, new NullProgressMonitor());
				created = ModelSetFiles.repositories(folder).stream().findFirst().orElse(null);
			} else {
				created = ModelSetFiles.createEmpty(container, name, new NullProgressMonitor());
			}
		} catch (CoreException failed) {
			page.setErrorMessage(failed.getStatus().getMessage());
			return false;
		}
		if (created != null && workbench != null) {
			WizardFields.openEditor(workbench, created);
		}
		return true;
	}


	private final class Page extends WizardPage {
		private Text container;
		private Text name;
		private Button empty;
		private Button fromExample;
		private Combo example;

		Page() {
			super("modelSet", "New IOSim model set", null);
			setDescription("An empty model set (NAME.iosim), or a copy of an example's Palladio files in the folder NAME.");
		}

		@Override
		public void createControl(Composite parent) {
			Composite area = new Composite(parent, SWT.NONE);
			area.setLayout(new GridLayout(2, false));
			container = WizardFields.text(area, "container", "&Project or folder:", 1);
			container.setText(selected == null ? "" : selected.getFullPath().toString());
			name = WizardFields.text(area, "name", "&Name:", 1);
			name.setText("model");
			empty = WizardFields.radio(area, "empty", "&Empty model set", 2);
			empty.setSelection(true);
			fromExample = WizardFields.radio(area, "example", "Copy of an IOSim e&xample:", 1);
			example = new Combo(area, SWT.READ_ONLY);
			example.setData(WizardFields.FIELD_KEY, "exampleName");
			example.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
			List<String> examples = ModelSetFiles.bundledExamples();
			example.setItems(examples.toArray(String[]::new));
			if (!examples.isEmpty()) {
				example.select(0);
			}
			for (var control : List.of(container, name)) {
				control.addModifyListener(event -> check());
			}
			for (var control : List.of(empty, fromExample, example)) {
				control.addListener(SWT.Selection, event -> check());
			}
			setControl(area);
			check();
		}

		private void check() {
			String problem = null;
			IContainer target = WizardFields.container(container.getText());
			if (target == null) {
				problem = "choose an open project or a folder of the workspace";
			} else if (ModelSetFiles.nameProblem(name.getText().strip()) != null) {
				problem = ModelSetFiles.nameProblem(name.getText().strip());
			} else if (target.findMember(name.getText().strip()) != null
					|| target.findMember(name.getText().strip() + ".iosim") != null && empty.getSelection()) {
				problem = "'" + name.getText().strip() + (empty.getSelection() ? ".iosim" : "") + "' exists already there";
			} else if (fromExample.getSelection() && example.getText().isEmpty()) {
				problem = "choose an example";
			}
			example.setEnabled(fromExample.getSelection());
			setErrorMessage(problem);
			setPageComplete(problem == null);
		}
	}
}
