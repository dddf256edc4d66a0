package org.iosim.ui.internal.launch;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
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
 * Each field shows its attribute and is written back to it, so a field added to a tab is read and
 * applied without more code; a tab reads and applies only what is not a text field (a choice). The
 * simulation, calibration and measurement tabs are made of it.
 */
public abstract class FieldsTab extends AbstractLaunchConfigurationTab {

	/** Widget data key naming a field by its launch attribute, for tests and accessibility tools. */
	public static final String ATTRIBUTE_KEY = "org.iosim.ui.attribute";

	private final String browseTitle;
	/** The fields holding a text attribute, by their attribute. */
	private final Map<String, Text> textFields = new LinkedHashMap<>();
	/** The fields holding a whole-number attribute, by their attribute. */
	private final Map<String, WholeNumberField> wholeNumberFields = new LinkedHashMap<>();

	/** @param whenUnset what the field shows when the configuration has no value, or one that cannot be read */
	private record WholeNumberField(Text text, int whenUnset) {
	}

	/** @param browseTitle the title of the dialogs that pick workspace paths */
	protected FieldsTab(String browseTitle) {
		this.browseTitle = browseTitle;
	}

	/**
	 * A field showing a text attribute, read from and applied to the configuration by this tab.
	 *
	 * @param browseMessage what Browse... asks for, or null for a field without it (a value, not a path)
	 */
	protected final void field(Composite area, String attribute, String label, String tip, String browseMessage) {
		textFields.put(attribute, labelledText(area, attribute, label, tip, browseMessage));
	}

	/**
	 * A field showing a whole-number attribute; text that is no whole number is applied as -1, which
	 * the configuration's check then reports.
	 *
	 * @param whenUnset what the field shows when the configuration has no value, or one that cannot be read
	 */
	protected final void wholeNumberField(Composite area, String attribute, String label, String tip, int whenUnset) {
		wholeNumberFields.put(attribute, new WholeNumberField(labelledText(area, attribute, label, tip, null), whenUnset));
	}

	private Text labelledText(Composite area, String attribute, String label, String tip, String browseMessage) {
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

	/** Shows each field's attribute; a text attribute that cannot be read shows empty, a number its value when unset. */
	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		textFields.forEach((attribute, field) -> {
			try {
				field.setText(configuration.getAttribute(attribute, ""));
			} catch (CoreException unreadable) {
				field.setText("");
			}
		});
		wholeNumberFields.forEach((attribute, field) -> {
			int value;
			try {
				value = configuration.getAttribute(attribute, field.whenUnset());
			} catch (CoreException unreadable) {
				value = field.whenUnset();
			}
			field.text().setText(Integer.toString(value));
		});
	}

	/** Writes each field's text, without surrounding blanks, to its attribute. */
	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		textFields.forEach((attribute, field) -> configuration.setAttribute(attribute, field.getText().strip()));
		wholeNumberFields.forEach((attribute, field) -> {
			try {
				configuration.setAttribute(attribute, Integer.parseInt(field.text().getText().strip()));
			} catch (NumberFormatException notANumber) {
				configuration.setAttribute(attribute, -1); // isValid reports it
			}
		});
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
