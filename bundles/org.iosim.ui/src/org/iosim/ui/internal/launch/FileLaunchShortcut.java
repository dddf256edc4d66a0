package org.iosim.ui.internal.launch;

import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;

/**
 * Run As for a launch that starts from one file (a measurement plan, a measurement database), which its
 * configurations name in one attribute.
 */
abstract class FileLaunchShortcut extends IosimLaunchShortcut {

	private final String typeId;
	private final String fileAttribute;

	/**
	 * @param typeId        the launch configuration type
	 * @param fileAttribute the configuration's attribute holding the file's workspace path
	 */
	FileLaunchShortcut(String typeId, String fileAttribute, String kind, String verb) {
		super(kind, verb);
		this.typeId = typeId;
		this.fileAttribute = fileAttribute;
	}

	/** Whether the launch starts from this file; asked by menus on every selection, so it must be cheap. */
	abstract boolean launches(IFile file);

	/** The settings of a new configuration for the file, the command line's defaults. */
	abstract void setDefaults(ILaunchConfigurationWorkingCopy configuration, IFile file);

	@Override
	final boolean launches(IResource resource) {
		return resource instanceof IFile file && launches(file);
	}

	@Override
	final ILaunchConfiguration created(IResource file) throws CoreException {
		return newConfiguration(typeId, file.getFullPath().removeFileExtension().lastSegment(),
				configuration -> setDefaults(configuration, (IFile) file));
	}

	@Override
	final ILaunchConfiguration[] existing(IResource file) {
		return configurations(typeId, Map.of(fileAttribute, file.getFullPath().toString()));
	}
}
