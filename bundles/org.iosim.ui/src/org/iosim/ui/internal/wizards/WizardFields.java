package org.iosim.ui.internal.wizards;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.iosim.ui.IosimUi;

/** Fields and steps the wizards share. */
final class WizardFields {

	/** Widget data key naming a wizard field, for tests and accessibility tools. */
	static final String FIELD_KEY = "org.iosim.ui.field";

	private WizardFields() {
	}

	static Text text(Composite parent, String key, String label, int span) {
		new Label(parent, SWT.NONE).setText(label);
		Text text = new Text(parent, SWT.BORDER | SWT.SINGLE);
		text.setData(FIELD_KEY, key);
		text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, span, 1));
		return text;
	}

	static Button radio(Composite parent, String key, String label, int span) {
		Button button = new Button(parent, SWT.RADIO);
		button.setText(label);
		button.setData(FIELD_KEY, key);
		button.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, span, 1));
		return button;
	}

	/** The workspace container (project or folder) at the path, or null when there is none. */
	static IContainer container(String path) {
		IPath parsed = IPath.fromPortableString(path.strip());
		if (parsed.isEmpty() || parsed.isRoot()) {
			return null;
		}
		IResource found = ResourcesPlugin.getWorkspace().getRoot().findMember(parsed);
		return found instanceof IContainer container && container.isAccessible() ? container : null;
	}

	/** Opens the model editor on the file; a file it cannot open (an invalid model) opens in its place an error part. */
	static IEditorPart openEditor(IWorkbench workbench, org.eclipse.core.resources.IFile file) {
		var window = workbench.getActiveWorkbenchWindow();
		if (window == null || window.getActivePage() == null) {
			return null;
		}
		try {
			return IDE.openEditor(window.getActivePage(), file, IosimUi.MODEL_EDITOR_ID);
		} catch (PartInitException cannotOpen) {
			return null;
		}
	}
}
