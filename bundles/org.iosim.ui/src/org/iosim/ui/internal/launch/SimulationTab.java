package org.iosim.ui.internal.launch;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;
import org.iosim.ui.IosimUi;

/**
 * The simulation's settings, as {@code iosim simulate} takes them: the model (a model file or a folder
 * of Palladio files), the I/O configuration, the seed, the stop conditions, the replications and the
 * output folder. The dialog says what is wrong before it lets the user run.
 */
public final class SimulationTab extends FieldsTab {

	private Text model;
	private Text ioConfiguration;
	private Text seed;
	private Text maxMeasurements;
	private Text stopTime;
	private Text replications;
	private Text outputFolder;

	public SimulationTab() {
		super("IOSim Simulation");
	}

	@Override
	public void createControl(Composite parent) {
		Composite area = new Composite(parent, SWT.NONE);
		area.setLayout(new GridLayout(3, false));
		model = field(area, LaunchAttributes.MODEL, "&Model (file or folder):", "A model file (.iosim, or any file of a Palladio model set) or a folder of Palladio files", "Choose a file or folder of the workspace:");
		ioConfiguration = field(area, LaunchAttributes.IO_CONFIGURATION, "&I/O configuration:", "The .ioconfig that puts the model's storage on virtualized storage; empty to simulate the model as it is", "Choose a file or folder of the workspace:");
		seed = field(area, LaunchAttributes.SEED, "&Seed:", "The same seed reproduces a run exactly", null);
		maxMeasurements = field(area, LaunchAttributes.MAX_MEASUREMENTS, "Maximum &measurements:", "Completed usage-scenario runs per replication after which it stops", null);
		stopTime = field(area, LaunchAttributes.STOP_TIME, "S&top time:", "Simulated time after which a replication stops; empty for none", null);
		replications = field(area, LaunchAttributes.REPLICATIONS, "&Replications:", "Independent replications, each on its own random streams", null);
		outputFolder = field(area, LaunchAttributes.OUTPUT_FOLDER, "&Output folder:", "A folder of the workspace, replaced by each run; empty for a new folder per run under results/", "Choose a file or folder of the workspace:");
		setControl(area);
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		LaunchAttributes.setDefaults(configuration, null, null);
	}

	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		read(configuration, LaunchAttributes.MODEL, model);
		read(configuration, LaunchAttributes.IO_CONFIGURATION, ioConfiguration);
		read(configuration, LaunchAttributes.SEED, seed);
		read(configuration, LaunchAttributes.MAX_MEASUREMENTS, maxMeasurements);
		read(configuration, LaunchAttributes.STOP_TIME, stopTime);
		try {
			replications.setText(Integer.toString(configuration.getAttribute(LaunchAttributes.REPLICATIONS, 1)));
		} catch (CoreException unreadable) {
			replications.setText("1");
		}
		read(configuration, LaunchAttributes.OUTPUT_FOLDER, outputFolder);
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(LaunchAttributes.MODEL, model.getText().strip());
		configuration.setAttribute(LaunchAttributes.IO_CONFIGURATION, ioConfiguration.getText().strip());
		configuration.setAttribute(LaunchAttributes.SEED, seed.getText().strip());
		configuration.setAttribute(LaunchAttributes.MAX_MEASUREMENTS, maxMeasurements.getText().strip());
		configuration.setAttribute(LaunchAttributes.STOP_TIME, stopTime.getText().strip());
		try {
			configuration.setAttribute(LaunchAttributes.REPLICATIONS, Integer.parseInt(replications.getText().strip()));
		} catch (NumberFormatException notANumber) {
			configuration.setAttribute(LaunchAttributes.REPLICATIONS, -1); // isValid reports it
		}
		configuration.setAttribute(LaunchAttributes.OUTPUT_FOLDER, outputFolder.getText().strip());
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
