package org.iosim.ui.internal.launch;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.LaunchConfigurationDelegate;

/** Starts an "IOSim Calibration" launch configuration as a {@link CalibrationJob}. */
public final class CalibrationLaunchDelegate extends LaunchConfigurationDelegate {

	@Override
	public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
			throws CoreException {
		new CalibrationJob(configuration.getName(), CalibrationAttributes.toRequest(configuration),
				CalibrationAttributes.outputFolder(configuration)).schedule();
	}

	@Override
	public boolean buildForLaunch(ILaunchConfiguration configuration, String mode, IProgressMonitor monitor) {
		return false; // a calibration reads a measurement database; nothing in the workspace needs building first
	}
}
