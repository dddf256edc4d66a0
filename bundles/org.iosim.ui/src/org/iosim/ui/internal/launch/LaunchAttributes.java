package org.iosim.ui.internal.launch;

import static org.iosim.ui.internal.launch.LaunchSettings.location;
import static org.iosim.ui.internal.launch.LaunchSettings.number;
import static org.iosim.ui.internal.launch.LaunchSettings.text;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.iosim.engine.SimulationConfig;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.SimulationTarget;

/**
 * What an "IOSim Simulation" launch configuration holds, as the command line's {@code simulate}
 * options: the model (a file or folder of the workspace), the I/O configuration, the seed, the
 * stop conditions, the replications and the output folder. Paths are workspace paths
 * ({@code /project/folder/file}), so a configuration moves with its workspace.
 */
public final class LaunchAttributes {

	public static final String MODEL = "org.iosim.ui.model";
	public static final String IO_CONFIGURATION = "org.iosim.ui.ioConfiguration";
	public static final String SEED = "org.iosim.ui.seed";
	public static final String MAX_MEASUREMENTS = "org.iosim.ui.maxMeasurements";
	/** Simulated time after which a replication stops; empty for no limit. */
	public static final String STOP_TIME = "org.iosim.ui.stopTime";
	public static final String REPLICATIONS = "org.iosim.ui.replications";
	/**
	 * Where results go, replaced by each run; empty for a new folder per run,
	 * {@code results/<model>-<date>-<time>} in the model's project, so earlier runs stay.
	 */
	public static final String OUTPUT_FOLDER = "org.iosim.ui.outputFolder";

	private static final DateTimeFormatter RUN_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

	private LaunchAttributes() {
	}

	/** The command line's defaults, and the model and its I/O configuration (null for none) as chosen. */
	static void setDefaults(ILaunchConfigurationWorkingCopy configuration, IResource model, IResource ioConfiguration) {
		SimulationConfig defaults = SimulationConfig.defaults();
		configuration.setAttribute(MODEL, model == null ? "" : model.getFullPath().toString());
		configuration.setAttribute(IO_CONFIGURATION, ioConfiguration == null ? "" : ioConfiguration.getFullPath().toString());
		configuration.setAttribute(SEED, Long.toString(defaults.seed()));
		configuration.setAttribute(MAX_MEASUREMENTS, Long.toString(defaults.maxMeasurements()));
		configuration.setAttribute(STOP_TIME, "");
		configuration.setAttribute(REPLICATIONS, defaults.replications());
		configuration.setAttribute(OUTPUT_FOLDER, "");
	}

	/** @throws CoreException with a message naming the attribute that is missing or wrong */
	static RunConfiguration toRunConfiguration(ILaunchConfiguration configuration, IResource output) throws CoreException {
		IResource model = resource(configuration, MODEL, "model", true);
		IResource ioConfiguration = resource(configuration, IO_CONFIGURATION, "I/O configuration", false);
		SimulationConfig simulation = SimulationConfig.defaults();
		try {
			simulation = simulation.withSeed(number(configuration, SEED, "seed"))
					.withMaxMeasurements(number(configuration, MAX_MEASUREMENTS, "maximum measurements"))
					.withReplications(configuration.getAttribute(REPLICATIONS, 1));
			String stopTime = text(configuration, STOP_TIME);
			if (!stopTime.isEmpty()) {
				simulation = simulation.withStopTime(parse(stopTime, "stop time"));
			}
		} catch (IllegalArgumentException invalid) {
			throw new CoreException(Status.error(invalid.getMessage()));
		}
		boolean chosen = !configuration.getAttribute(OUTPUT_FOLDER, "").isBlank();
		SimulationTarget target;
		try {
			target = SimulationTarget.of(List.of(location(model)), ioConfiguration == null ? null : location(ioConfiguration));
		} catch (RunFailure twoConfigurations) {
			throw new CoreException(Status.error(twoConfigurations.getMessage()));
		}
		return target.configuration().withSimulation(simulation).withOutputFolder(location(output), chosen);
	}

	/** @return what keeps the configuration from running, or null when it can run */
	static String problem(ILaunchConfiguration configuration) {
		try {
			toRunConfiguration(configuration, outputResource(configuration, LocalDateTime.now()));
			return null;
		} catch (CoreException invalid) {
			return invalid.getStatus().getMessage();
		}
	}

	/** The output folder as a workspace resource, so that the workbench can refresh and show it. */
	static IResource outputResource(ILaunchConfiguration configuration, LocalDateTime started) throws CoreException {
		IResource model = resource(configuration, MODEL, "model", true);
		String chosen = text(configuration, OUTPUT_FOLDER);
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		if (!chosen.isEmpty()) {
			IPath path = IPath.fromPortableString(chosen);
			if (path.segmentCount() < 2) {
				throw new CoreException(Status.error("the output folder " + chosen + " must be a folder inside a project"));
			}
			return root.getFolder(path);
		}
		String name = model.getType() == IResource.FILE ? model.getFullPath().removeFileExtension().lastSegment()
				: model.getName();
		return model.getProject().getFolder("results").getFolder(name + "-" + RUN_TIME.format(started));
	}

	private static IResource resource(ILaunchConfiguration configuration, String attribute, String what, boolean required)
			throws CoreException {
		String path = text(configuration, attribute);
		if (path.isEmpty()) {
			if (required) {
				throw new CoreException(Status.error("no " + what + " is chosen"));
			}
			return null;
		}
		IResource resource = ResourcesPlugin.getWorkspace().getRoot().findMember(path);
		if (resource == null || !resource.exists()) {
			throw new CoreException(Status.error("the " + what + " " + path + " does not exist in the workspace"));
		}
		return resource;
	}

	private static double parse(String text, String what) throws CoreException {
		try {
			return Double.parseDouble(text);
		} catch (NumberFormatException notANumber) {
			throw new CoreException(Status.error("the " + what + " '" + text + "' is not a number"));
		}
	}
}
