package org.iosim.ui.internal.launch;

import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;

/**
 * The measurement's settings, as {@code iosim measure} takes them: the plan, the database (made when
 * missing), the scratch folder and the volume. The dialog says what is wrong before it lets the user run.
 */
public final class MeasurementTab extends FieldsTab {

	public MeasurementTab() {
		super("IOSim Measurement");
	}

	@Override
	public void createControl(Composite parent) {
		Composite area = new Composite(parent, SWT.NONE);
		area.setLayout(new GridLayout(3, false));
		field(area, MeasurementAttributes.PLAN, "Measurement &plan:", "A plan file of the workspace: the configurations fio measures", "Choose the measurement plan:");
		field(area, MeasurementAttributes.DATABASE, "&Database:", "A file of the workspace the runs are recorded in, made when missing; a launch resumes after the runs it holds", "Choose the measurement database:");
		field(area, MeasurementAttributes.SCRATCH_FOLDER, "&Scratch folder:", "A folder on the storage to measure, where fio lays out its files; empty for <database>.files beside the database", null);
		field(area, MeasurementAttributes.VOLUME, "&Volume:", "A volume file of the workspace (JSON limits: name, readIops, writeIops, readBps, writeBps) that fio's runs work under, set with the kernel's block throttling (needs root; without it the plain device is measured); empty for the plain device", "Choose the volume file:");
		setControl(area);
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		MeasurementAttributes.setDefaults(configuration, null);
	}

	@Override
	protected String problem(ILaunchConfiguration configuration) {
		return MeasurementAttributes.problem(configuration);
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
