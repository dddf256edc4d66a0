package org.iosim.ui.internal.launch;

import java.util.Arrays;
import java.util.Comparator;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut2;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;

/**
 * "Run As" on the one file a kind of IOSim launch starts from (a measurement plan, a measurement
 * database), in the Project Explorer or any navigator and on an open editor of it: it runs the launch
 * configuration made before for that file if there is one (the first by name), else a new one with the
 * command line's defaults, as Run As on a model runs its simulation.
 */
abstract class FileLaunchShortcut implements ILaunchShortcut2 {

	private final String typeId;
	private final String fileAttribute;
	private final String kind;

	/**
	 * @param typeId        the launch configuration type
	 * @param fileAttribute the configuration's attribute holding the file's workspace path
	 * @param kind          the launch's name for error dialogs, e.g. "IOSim Measurement"
	 */
	FileLaunchShortcut(String typeId, String fileAttribute, String kind) {
		this.typeId = typeId;
		this.fileAttribute = fileAttribute;
		this.kind = kind;
	}

	/** Whether the launch starts from this file; asked by menus on every selection, so it must be cheap. */
	abstract boolean launches(IFile file);

	/** The settings of a new configuration for the file, the command line's defaults. */
	abstract void setDefaults(ILaunchConfigurationWorkingCopy configuration, IFile file);

	@Override
	public void launch(ISelection selection, String mode) {
		launch(getLaunchableResource(selection), mode);
	}

	@Override
	public void launch(IEditorPart editor, String mode) {
		launch(getLaunchableResource(editor), mode);
	}

	@Override
	public ILaunchConfiguration[] getLaunchConfigurations(ISelection selection) {
		return existing(getLaunchableResource(selection));
	}

	@Override
	public ILaunchConfiguration[] getLaunchConfigurations(IEditorPart editor) {
		return existing(getLaunchableResource(editor));
	}

	@Override
	public IResource getLaunchableResource(ISelection selection) {
		if (selection instanceof IStructuredSelection structured && structured.size() == 1) {
			return launchable(Adapters.adapt(structured.getFirstElement(), IResource.class));
		}
		return null;
	}

	@Override
	public IResource getLaunchableResource(IEditorPart editor) {
		return launchable(Adapters.adapt(editor.getEditorInput(), IResource.class));
	}

	private IFile launchable(IResource resource) {
		return resource instanceof IFile file && launches(file) ? file : null;
	}

	private void launch(IResource resource, String mode) {
		if (!(resource instanceof IFile file)) {
			return;
		}
		try {
			DebugUITools.launch(configurationFor(file), mode);
		} catch (CoreException cannotLaunch) {
			ErrorDialog.openError(Display.getDefault().getActiveShell(), kind, "Cannot launch " + file.getName(),
					cannotLaunch.getStatus());
		}
	}

	/** The configuration made before for the file, or a new one named after it. */
	ILaunchConfiguration configurationFor(IFile file) throws CoreException {
		ILaunchConfiguration[] existing = existing(file);
		if (existing.length > 0) {
			return existing[0];
		}
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy created = manager.getLaunchConfigurationType(typeId).newInstance(null,
				manager.generateLaunchConfigurationName(file.getFullPath().removeFileExtension().lastSegment()));
		setDefaults(created, file);
		return created.doSave();
	}

	private ILaunchConfiguration[] existing(IResource file) {
		if (file == null) {
			return new ILaunchConfiguration[0];
		}
		String path = file.getFullPath().toString();
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		try {
			return Arrays.stream(manager.getLaunchConfigurations(manager.getLaunchConfigurationType(typeId)))
					.filter(configuration -> names(configuration, path))
					.sorted(Comparator.comparing(ILaunchConfiguration::getName)).toArray(ILaunchConfiguration[]::new);
		} catch (CoreException unreadable) {
			return new ILaunchConfiguration[0];
		}
	}

	/** A configuration that cannot be read names no file: Run As then makes a new one. */
	private boolean names(ILaunchConfiguration configuration, String path) {
		try {
			return path.equals(LaunchSettings.text(configuration, fileAttribute));
		} catch (CoreException unreadable) {
			return false;
		}
	}
}
