package org.iosim.ui.internal.launch;

import static org.iosim.ui.internal.launch.LaunchSettings.existingFile;
import static org.iosim.ui.internal.launch.LaunchSettings.location;
import static org.iosim.ui.internal.launch.LaunchSettings.number;
import static org.iosim.ui.internal.launch.LaunchSettings.pathToWrite;
import static org.iosim.ui.internal.launch.LaunchSettings.text;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.iosim.calibration.CalibrationRun;

/**
 * What an "IOSim Calibration" launch configuration holds, as the command line's {@code calibrate}
 * options: the measurement database and the output folder (workspace paths, so a configuration moves
 * with its workspace), the model's name, the I/O mode, the plans and test plans (comma-separated), the
 * folds and the seed. Each run replaces the output folder it wrote before.
 */
public final class CalibrationAttributes {

	public static final String TYPE_ID = "org.iosim.ui.calibration";
	/** The calibration jobs belong to this family. */
	public static final Object JOB_FAMILY = TYPE_ID;

	public static final String DATABASE = "org.iosim.ui.calibration.database";
	public static final String OUTPUT_FOLDER = "org.iosim.ui.calibration.outputFolder";
	public static final String NAME = "org.iosim.ui.calibration.name";
	/** "buffered", "direct", or empty when the database holds one mode only. */
	public static final String IO_MODE = "org.iosim.ui.calibration.ioMode";
	public static final String PLANS = "org.iosim.ui.calibration.plans";
	public static final String TEST_PLANS = "org.iosim.ui.calibration.testPlans";
	public static final String FOLDS = "org.iosim.ui.calibration.folds";
	public static final String SEED = "org.iosim.ui.calibration.seed";

	/** The command line's defaults. */
	static final String DEFAULT_NAME = "calibrated-storage";
	static final String DEFAULT_FOLDS = "10";
	static final String DEFAULT_SEED = "1";

	private CalibrationAttributes() {
	}

	/** The command line's defaults, with the database (null for none) and a folder beside it for the model. */
	public static void setDefaults(ILaunchConfigurationWorkingCopy configuration, IFile database) {
		configuration.setAttribute(DATABASE, database == null ? "" : database.getFullPath().toString());
		configuration.setAttribute(OUTPUT_FOLDER, database == null || database.getParent().getType() == IResource.ROOT ? ""
				: database.getParent().getFullPath().append(database.getFullPath().removeFileExtension().lastSegment()
						+ "-model").toString());
		configuration.setAttribute(NAME, DEFAULT_NAME);
		configuration.setAttribute(IO_MODE, "");
		configuration.setAttribute(PLANS, "");
		configuration.setAttribute(TEST_PLANS, "");
		configuration.setAttribute(FOLDS, DEFAULT_FOLDS);
		configuration.setAttribute(SEED, DEFAULT_SEED);
	}

	/** @throws CoreException with a message naming the setting that is missing or wrong */
	static CalibrationRun.Request toRequest(ILaunchConfiguration configuration) throws CoreException {
		IFile database = existingFile(configuration, DATABASE, "measurement database");
		IFolder output = outputFolder(configuration);
		String name = text(configuration, NAME);
		if (name.isEmpty()) {
			throw new CoreException(Status.error("the model has no name"));
		}
		String mode = text(configuration, IO_MODE);
		CalibrationRun.IoMode ioMode = mode.isEmpty() ? null : CalibrationRun.IoMode.ofLabel(mode);
		if (!mode.isEmpty() && ioMode == null) {
			throw new CoreException(Status.error("the I/O mode must be buffered, direct or empty, not '" + mode + "'"));
		}
		long folds = number(configuration, FOLDS, "folds");
		if (folds < 2 || folds > Integer.MAX_VALUE) {
			throw new CoreException(Status.error("the folds must be at least 2, got " + folds));
		}
		return new CalibrationRun.Request(location(database), location(output), true, name, null, ioMode,
				names(configuration, PLANS), names(configuration, TEST_PLANS), (int) folds, number(configuration, SEED, "seed"));
	}

	/** @return what keeps the configuration from running, or null when it can run */
	public static String problem(ILaunchConfiguration configuration) {
		try {
			toRequest(configuration);
			return null;
		} catch (CoreException invalid) {
			return invalid.getStatus().getMessage();
		}
	}

	/** The output folder as a workspace folder, so that the workbench can refresh it and open its report. */
	static IFolder outputFolder(ILaunchConfiguration configuration) throws CoreException {
		return ResourcesPlugin.getWorkspace().getRoot()
				.getFolder(pathToWrite(configuration, OUTPUT_FOLDER, "output folder", "folder"));
	}

	private static List<String> names(ILaunchConfiguration configuration, String attribute) throws CoreException {
		return Arrays.stream(text(configuration, attribute).split(",")).map(String::strip).filter(name -> !name.isEmpty())
				.toList();
	}

}
