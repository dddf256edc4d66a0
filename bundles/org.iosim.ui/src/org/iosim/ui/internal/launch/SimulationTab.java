package org.iosim.ui.internal.launch;

import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.iosim.ui.IosimUi;

/**
 * The simulation's settings, as {@code iosim simulate} takes them: the model (a model file or a folder
 * of Palladio files), the I/O configuration, the seed, the stop conditions, the replications and the
 * output folder. The dialog says what is wrong before it lets the user run.
 */
public final class SimulationTab extends FieldsTab {

	public SimulationTab() {
		super("IOSim Simulation");
	}

	@Override
	public void createControl(Composite parent) {
		Composite area = new Composite(parent, SWT.NONE);
		area.setLayout(new GridLayout(3, false));
		field(area, LaunchAttributes.MODEL, "&Model (file or folder):", "A model file (.iosim, or any file of a Palladio model set) or a folder of Palladio files", "Choose a file or folder of the workspace:");
		field(area, LaunchAttributes.IO_CONFIGURATION, "&I/O configuration:", "The .ioconfig that puts the model's storage on virtualized storage; empty to simulate the model as it is", "Choose a file or folder of the workspace:");
		field(area, LaunchAttributes.SEED, "&Seed:", "The same seed reproduces a run exactly", null);
		field(area, LaunchAttributes.MAX_MEASUREMENTS, "Maximum &measurements:", "Completed usage-scenario runs per replication after which it stops", null);
		field(area, LaunchAttributes.STOP_TIME, "S&top time:", "Simulated time after which a replication stops; empty for none", null);
		wholeNumberField(area, LaunchAttributes.REPLICATIONS, "&Replications:", "Independent replications, each on its own random streams", 1);
		field(area, LaunchAttributes.OUTPUT_FOLDER, "&Output folder:", "A folder of the workspace, replaced by each run; empty for a new folder per run under results/", "Choose a file or folder of the workspace:");
		setControl(area);
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		LaunchAttributes.setDefaults(configuration, null, null);
	}

	@Override
	protected String problem(ILaunchConfiguration configuration) {
		return LaunchAttributes.problem(configuration);
	}

	@Override
	public String getName() {
		return "Simulation";
	}

	@Override
	public String getId() {
		return IosimUi.LAUNCH_TYPE_ID + ".tab";
	}
}
