package org.iosim.ui.internal.launch;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ElementTreeSelectionDialog;
import org.eclipse.ui.model.WorkbenchContentProvider;
import org.eclipse.ui.model.WorkbenchLabelProvider;

/**
 * A launch tab of labelled text fields, one per launch attribute, in a three-column grid (label,
 * field, Browse... for workspace paths), that says what is wrong with the configuration before a run.
 * The simulation, calibration and measurement tabs are made of it.
 */
public abstract class FieldsTab extends AbstractLaunchConfigurationTab {

	/** Widget data key naming a field by its launch attribute, for tests and accessibility tools. */
	public static final String ATTRIBUTE_KEY = "org.iosim.ui.attribute";

	private final String browseTitle;

	/** @param browseTitle the title of the dialogs that pick workspace paths */
	protected FieldsTab(String browseTitle) {
		this.browseTitle = browseTitle;
	}

	/**
	 * @param browseMessage what Browse... asks for, or null for a field without it (a value, not a path)
	 * @return the field, marked with its attribute
	 */
	protected final Text field(Composite area, String attribute, String label, String tip, String browseMessage) {
		new Label(area, SWT.NONE).setText(label);
		Text text = new Text(area, SWT.BORDER | SWT.SINGLE);
		text.setData(ATTRIBUTE_KEY, attribute);
		text.setToolTipText(tip);
		text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, browseMessage != null ? 1 : 2, 1));
		text.addModifyListener(event -> changed());
		if (browseMessage != null) {
			Button button = new Button(area, SWT.PUSH);
			button.setText("Browse...");
			button.addListener(SWT.Selection, event -> browse(text, browseMessage));
		}
		return text;
	}

	/** After the user changed a field: the dialog checks the configuration again. */
	protected final void changed() {
		setDirty(true);
		updateLaunchConfigurationDialog();
	}

	private void browse(Text target, String message) {
		ElementTreeSelectionDialog dialog = new ElementTreeSelectionDialog(getShell(), new WorkbenchLabelProvider(),
				new WorkbenchContentProvider());
		dialog.setTitle(browseTitle);
		dialog.setMessage(message);
		dialog.setInput(ResourcesPlugin.getWorkspace().getRoot());
		if (dialog.open() == ElementTreeSelectionDialog.OK && dialog.getFirstResult() instanceof IResource chosen) {
			target.setText(chosen.getFullPath().toString());
		}
	}

	/** Shows the attribute's text in the field; an unreadable configuration shows it empty. */
	protected static void read(ILaunchConfiguration configuration, String attribute, Text field) {
		try {
			field.setText(configuration.getAttribute(attribute, ""));
		} catch (CoreException unreadable) {
			field.setText("");
		}
	}

	/** @return what is wrong with the configuration, or null when it can run */
	protected abstract String problem(ILaunchConfiguration configuration);

	@Override
	public final boolean isValid(ILaunchConfiguration configuration) {
		String problem = problem(configuration);
		setErrorMessage(problem);
		return problem == null;
	}
}
