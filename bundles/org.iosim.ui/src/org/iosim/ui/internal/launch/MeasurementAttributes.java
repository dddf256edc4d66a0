package org.iosim.ui.internal.launch;

import static org.iosim.ui.internal.launch.LaunchSettings.existingFile;
import static org.iosim.ui.internal.launch.LaunchSettings.location;
import static org.iosim.ui.internal.launch.LaunchSettings.pathToWrite;
import static org.iosim.ui.internal.launch.LaunchSettings.text;

import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.iosim.measure.PlanException;
import org.iosim.measure.Volume;

/**
 * What an "IOSim Measurement" launch configuration holds, as the command line's {@code measure} options:
 * the measurement plan and the database (workspace paths, so a configuration moves with its workspace),
 * the scratch folder (a file system folder; empty for the command line's default, {@code <db>.files}
 * beside the database), and the volume file ({@code --volume}, a workspace path; empty for the plain
 * device). The fio program is left to the command line: the workbench runs fio from the PATH.
 */
public final class MeasurementAttributes {

	public static final String TYPE_ID = "org.iosim.ui.measurement";
	/** The measurement jobs belong to this family. */
	public static final Object JOB_FAMILY = TYPE_ID;

	public static final String PLAN = "org.iosim.ui.measurement.plan";
	public static final String DATABASE = "org.iosim.ui.measurement.database";
	public static final String SCRATCH_FOLDER = "org.iosim.ui.measurement.scratchFolder";
	/** A volume file of the workspace, or empty to measure the plain device. */
	public static final String VOLUME = "org.iosim.ui.measurement.volume";

	/** The fio program, found on the PATH as the command line's default. */
	static final String FIO = "fio";

	/**
	 * The files of a configuration, checked and resolved to the file system.
	 *
	 * @param volume the volume read from the configuration's volume file, or null for the plain device
	 */
	record Request(IFile plan, IFile database, Path planFile, Path databaseFile, Path scratchFolder, Volume volume) {
	}

	private MeasurementAttributes() {
	}

	/** The plan (null for none), a database beside it named after it, the default scratch folder, and no volume. */
	public static void setDefaults(ILaunchConfigurationWorkingCopy configuration, IFile plan) {
		configuration.setAttribute(PLAN, plan == null ? "" : plan.getFullPath().toString());
		configuration.setAttribute(DATABASE, plan == null ? ""
				: plan.getFullPath().removeFileExtension().addFileExtension("db").toString());
		configuration.setAttribute(SCRATCH_FOLDER, "");
		configuration.setAttribute(VOLUME, "");
	}

	/** @throws CoreException with a message naming the setting that is missing or wrong */
	static Request toRequest(ILaunchConfiguration configuration) throws CoreException {
		IFile plan = existingFile(configuration, PLAN, "measurement plan");
		IFile database = ResourcesPlugin.getWorkspace().getRoot()
				.getFile(pathToWrite(configuration, DATABASE, "measurement database", "file"));
		if (database.getParent().getType() != IResource.PROJECT && !database.getParent().exists()) {
			throw new CoreException(Status.error("the folder of the measurement database " + text(configuration, DATABASE) + " does not exist"));
		}
		Path databaseFile = location(database);
		String scratch = text(configuration, SCRATCH_FOLDER);
		Path scratchFolder = scratch.isEmpty() ? defaultScratchFolder(databaseFile) : Path.of(scratch);
		return new Request(plan, database, location(plan), databaseFile, scratchFolder, volume(configuration));
	}

	/**
	 * Read when the configuration is checked, so that the dialog shows what is wrong with the file
	 * before a run, as the command line refuses it before measuring.
	 *
	 * @return null when no volume file is chosen
	 * @throws CoreException naming the volume file when it is missing or cannot be used
	 */
	private static Volume volume(ILaunchConfiguration configuration) throws CoreException {
		if (text(configuration, VOLUME).isEmpty()) {
			return null;
		}
		IFile file = existingFile(configuration, VOLUME, "volume file");
		try {
			return Volume.load(location(file));
		} catch (PlanException unusable) {
			throw new CoreException(Status.error("the volume file " + file.getFullPath() + " cannot be used: "
					+ unusable.getMessage()));
		}
	}

	/** As the command line's: {@code <database without extension>.files} beside the database. */
	static Path defaultScratchFolder(Path database) {
		String name = database.getFileName().toString();
		int dot = name.lastIndexOf('.');
		return database.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".files");
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

}
