package org.iosim.ui.internal.launch;

import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;

/**
 * Reading the settings of IOSim's launch configurations, with the messages the launch dialogs show
 * when a setting is wrong (each names the setting and the value the user gave).
 */
final class LaunchSettings {

	private LaunchSettings() {
	}

	/** @return the attribute's text without surrounding blanks, empty when unset */
	static String text(ILaunchConfiguration configuration, String attribute) throws CoreException {
		return configuration.getAttribute(attribute, "").strip();
	}

	/** @throws CoreException naming the setting when its text is not a whole number */
	static long number(ILaunchConfiguration configuration, String attribute, String what) throws CoreException {
		String text = text(configuration, attribute);
		try {
			return Long.parseLong(text);
		} catch (NumberFormatException notANumber) {
			throw new CoreException(Status.error("the " + what + " '" + text + "' is not a whole number"));
		}
	}

	/** @throws CoreException naming the setting when it is empty or not an existing file of the workspace */
	static IFile existingFile(ILaunchConfiguration configuration, String attribute, String what) throws CoreException {
		String chosen = text(configuration, attribute);
		if (chosen.isEmpty()) {
			throw new CoreException(Status.error("no " + what + " is chosen"));
		}
		IResource file = ResourcesPlugin.getWorkspace().getRoot().findMember(chosen);
		if (!(file instanceof IFile existing) || !file.exists()) {
			throw new CoreException(Status.error("the " + what + " " + chosen + " is not a file of the workspace"));
		}
		return existing;
	}

	/**
	 * A workspace path a run writes to (it need not exist yet): given, below a project, and in an open one.
	 *
	 * @param kind "file" or "folder", as the message names what the path must be
	 */
	static IPath pathToWrite(ILaunchConfiguration configuration, String attribute, String what, String kind)
			throws CoreException {
		String chosen = text(configuration, attribute);
		if (chosen.isEmpty()) {
			throw new CoreException(Status.error("no " + what + " is chosen"));
		}
		IPath path = IPath.fromPortableString(chosen);
		if (path.segmentCount() < 2) {
			throw new CoreException(Status.error("the " + what + " " + chosen + " must be a " + kind + " inside a project"));
		}
		if (!ResourcesPlugin.getWorkspace().getRoot().getProject(path.segment(0)).isAccessible()) {
			throw new CoreException(Status.error("the " + what + " " + chosen + " is not in an open project"));
		}
		return path;
	}

	/** @return where the resource is on disk; refused for a resource of a project that is not local */
	static Path location(IResource resource) throws CoreException {
		if (resource.getLocation() == null) {
			throw new CoreException(Status.error(resource.getFullPath() + " is not in a local project"));
		}
		return resource.getLocation().toPath();
	}
}
