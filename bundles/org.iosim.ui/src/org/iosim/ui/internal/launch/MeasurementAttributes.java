package org.iosim.ui.internal.launch;

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

/**
 * What an "IOSim Measurement" launch configuration holds, as the command line's {@code measure} options:
 * the measurement plan and the database (workspace paths, so a configuration moves with its workspace),
 * and the scratch folder (a file system folder; empty for the command line's default, {@code <db>.files}
 * beside the database). The throttled volume ({@code --volume}) and the fio program are left to the
 * command line: the workbench runs fio from the PATH on the plain device.
 */
public final class MeasurementAttributes {

	public static final String TYPE_ID = "org.iosim.ui.measurement";
	/** The measurement jobs belong to this family. */
	public static final Object JOB_FAMILY = TYPE_ID;

	public static final String PLAN = "org.iosim.ui.measurement.plan";
	public static final String DATABASE = "org.iosim.ui.measurement.database";
	public static final String SCRATCH_FOLDER = "org.iosim.ui.measurement.scratchFolder";

	/** The fio program, found on the PATH as the command line's default. */
	static final String FIO = "fio";

	/** The files of a configuration, checked and resolved to the file system. */
	record Request(IFile plan, IFile database, Path planFile, Path databaseFile, Path scratchFolder) {
	}

	private MeasurementAttributes() {
	}

	/** The plan (null for none), a database beside it named after it, and the default scratch folder. */
	public static void setDefaults(ILaunchConfigurationWorkingCopy configuration, IFile plan) {
		configuration.setAttribute(PLAN, plan == null ? "" : plan.getFullPath().toString());
		configuration.setAttribute(DATABASE, plan == null ? ""
				: plan.getFullPath().removeFileExtension().addFileExtension("db").toString());
		configuration.setAttribute(SCRATCH_FOLDER, "");
	}

	/** @throws CoreException with a message naming the setting that is missing or wrong */
	static Request toRequest(ILaunchConfiguration configuration) throws CoreException {
		String planPath = text(configuration, PLAN);
		if (planPath.isEmpty()) {
			throw new CoreException(Status.error("no measurement plan is chosen"));
		}
		IResource plan = ResourcesPlugin.getWorkspace().getRoot().findMember(planPath);
		if (!(plan instanceof IFile planFile) || !plan.exists()) {
			throw new CoreException(Status.error("the measurement plan " + planPath + " is not a file of the workspace"));
		}
		IFile database = ResourcesPlugin.getWorkspace().getRoot()
				.getFile(pathToWrite(configuration, DATABASE, "measurement database", "file"));
		if (database.getParent().getType() != IResource.PROJECT && !database.getParent().exists()) {
			throw new CoreException(Status.error("the folder of the measurement database " + text(configuration, DATABASE) + " does not exist"));
		}
		Path databaseFile = location(database);
		String scratch = text(configuration, SCRATCH_FOLDER);
		Path scratchFolder = scratch.isEmpty() ? defaultScratchFolder(databaseFile) : Path.of(scratch);
		return new Request(planFile, database, location(planFile), databaseFile, scratchFolder);
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
