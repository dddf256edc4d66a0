package org.iosim.ui.internal.launch;

import java.time.LocalDateTime;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.LaunchConfigurationDelegate;
import org.iosim.run.RunConfiguration;

/** Starts an "IOSim Simulation" launch configuration as a {@link SimulationJob}. */
public final class SimulationLaunchDelegate extends LaunchConfigurationDelegate {

	@Override
	public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
			throws CoreException {
		IResource output = LaunchAttributes.outputResource(configuration, LocalDateTime.now());
		RunConfiguration run = LaunchAttributes.toRunConfiguration(configuration, output);
		new SimulationJob(configuration.getName(), run, output).schedule();
	}

	@Override
	public boolean buildForLaunch(ILaunchConfiguration configuration, String mode, IProgressMonitor monitor) {
		return false; // a simulation reads model files; nothing in the workspace needs building first
	}
}
