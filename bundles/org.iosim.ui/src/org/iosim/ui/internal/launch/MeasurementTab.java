package org.iosim.ui.internal.launch;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ElementTreeSelectionDialog;
import org.eclipse.ui.model.WorkbenchContentProvider;
import org.eclipse.ui.model.WorkbenchLabelProvider;

/**
 * The measurement's settings, as {@code iosim measure} takes them: the plan, the database (made when
 * missing) and the scratch folder. The dialog says what is wrong before it lets the user run.
 */
public final class MeasurementTab extends AbstractLaunchConfigurationTab {

	private Text plan;
	private Text database;
	private Text scratchFolder;

	@Override
	public void createControl(Composite parent) {
		Composite area = new Composite(parent, SWT.NONE);
		area.setLayout(new GridLayout(3, false));
		plan = field(area, MeasurementAttributes.PLAN, "Measurement &plan:", "A plan file of the workspace: the configurations fio measures", true);
		database = field(area, MeasurementAttributes.DATABASE, "&Database:", "A file of the workspace the runs are recorded in, made when missing; a launch resumes after the runs it holds", true);
		scratchFolder = field(area, MeasurementAttributes.SCRATCH_FOLDER, "&Scratch folder:", "A folder on the storage to measure, where fio lays out its files; empty for <database>.files beside the database", false);
		setControl(area);
	}

	private Text field(Composite area, String attribute, String label, String tip, boolean browse) {
		new Label(area, SWT.NONE).setText(label);
		Text text = new Text(area, SWT.BORDER | SWT.SINGLE);
		text.setData(SimulationTab.ATTRIBUTE_KEY, attribute);
		text.setToolTipText(tip);
		text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, browse ? 1 : 2, 1));
		text.addModifyListener(event -> {
			setDirty(true);
			updateLaunchConfigurationDialog();
		});
		if (browse) {
			Button button = new Button(area, SWT.PUSH);
			button.setText("Browse...");
			button.addListener(SWT.Selection, event -> browse(text));
		}
		return text;
	}

	private void browse(Text target) {
		ElementTreeSelectionDialog dialog = new ElementTreeSelectionDialog(getShell(), new WorkbenchLabelProvider(),
				new WorkbenchContentProvider());
		dialog.setTitle("IOSim Measurement");
		dialog.setMessage(target == plan ? "Choose the measurement plan:" : "Choose the measurement database:");
		dialog.setInput(ResourcesPlugin.getWorkspace().getRoot());
		if (dialog.open() == ElementTreeSelectionDialog.OK && dialog.getFirstResult() instanceof IResource chosen) {
			target.setText(chosen.getFullPath().toString());
		}
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		MeasurementAttributes.setDefaults(configuration, null);
	}

	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		read(configuration, MeasurementAttributes.PLAN, plan);
		read(configuration, MeasurementAttributes.DATABASE, database);
		read(configuration, MeasurementAttributes.SCRATCH_FOLDER, scratchFolder);
	}

	private static void read(ILaunchConfiguration configuration, String attribute, Text field) {
		try {
			field.setText(configuration.getAttribute(attribute, ""));
		} catch (CoreException unreadable) {
			field.setText("");
		}
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(MeasurementAttributes.PLAN, plan.getText().strip());
		configuration.setAttribute(MeasurementAttributes.DATABASE, database.getText().strip());
		configuration.setAttribute(MeasurementAttributes.SCRATCH_FOLDER, scratchFolder.getText().strip());
	}

	@Override
	public boolean isValid(ILaunchConfiguration configuration) {
		String problem = MeasurementAttributes.problem(configuration);
		setErrorMessage(problem);
		return problem == null;
	}

	@Override
	public String getName() {
		return "Measurement";
	}

	@Override
	public String getId() {
		return MeasurementAttributes.TYPE_ID + ".tab";
	}
}
