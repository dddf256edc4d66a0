package org.iosim.ui.internal.launch;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.LaunchConfigurationDelegate;

/** Starts an "IOSim Measurement" launch configuration as a {@link MeasurementJob}. */
public final class MeasurementLaunchDelegate extends LaunchConfigurationDelegate {

	@Override
	public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
			throws CoreException {
		new MeasurementJob(MeasurementAttributes.toRequest(configuration)).schedule();
	}

	@Override
	public boolean buildForLaunch(ILaunchConfiguration configuration, String mode, IProgressMonitor monitor) {
		return false; // a measurement reads a plan and runs fio; nothing in the workspace needs building first
	}
}
