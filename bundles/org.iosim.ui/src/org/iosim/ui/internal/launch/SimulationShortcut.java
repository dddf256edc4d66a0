package org.iosim.ui.internal.launch;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;
import org.iosim.ui.IosimUi;

/**
 * "Run As → IOSim Simulation" on a model file (or an I/O configuration): runs the launch
 * configuration of that model, made on first use with the command line's defaults. A Palladio file
 * stands for its folder's model set; an {@code .ioconfig} for the model beside it, with itself as
 * the I/O configuration; an I/O configuration beside the model is taken when there is exactly one.
 */
public final class SimulationShortcut implements ILaunchShortcut {

	@Override
	public void launch(ISelection selection, String mode) {
		if (selection instanceof IStructuredSelection structured && structured.size() == 1) {
			IResource resource = Adapters.adapt(structured.getFirstElement(), IResource.class);
			if (resource != null) {
				launch(resource, mode);
			}
		}
	}

	@Override
	public void launch(IEditorPart editor, String mode) {
		if (editor.getEditorInput() instanceof IFileEditorInput input) {
			launch(input.getFile(), mode);
		}
	}

	private static void launch(IResource resource, String mode) {
		try {
			DebugUITools.launch(configurationFor(resource), mode);
		} catch (CoreException cannotLaunch) {
			ErrorDialog.openError(Display.getDefault().getActiveShell(), "IOSim Simulation",
					"Cannot simulate " + resource.getName(), cannotLaunch.getStatus());
		}
	}

	/** The launch configuration of the resource's model: the one already made for it, or a new one. */
	public static ILaunchConfiguration configurationFor(IResource resource) throws CoreException {
		IResource model = modelOf(resource);
		IFile ioConfiguration = resource instanceof IFile file && isIoConfiguration(file) ? file : onlyIoConfigurationBeside(model);
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationType type = manager.getLaunchConfigurationType(IosimUi.LAUNCH_TYPE_ID);
		String modelPath = model.getFullPath().toString();
		String ioPath = ioConfiguration == null ? "" : ioConfiguration.getFullPath().toString();
		for (ILaunchConfiguration existing : manager.getLaunchConfigurations(type)) {
			if (modelPath.equals(existing.getAttribute(LaunchAttributes.MODEL, ""))
					&& ioPath.equals(existing.getAttribute(LaunchAttributes.IO_CONFIGURATION, ""))) {
				return existing;
			}
		}
		String name = manager.generateLaunchConfigurationName(
				ioConfiguration == null ? model.getName() : ioConfiguration.getFullPath().removeFileExtension().lastSegment());
		ILaunchConfigurationWorkingCopy created = type.newInstance(null, name);
		LaunchAttributes.setDefaults(created, model, ioConfiguration);
		return created.doSave();
	}

	/** An .iosim file is its own model; a Palladio file or an I/O configuration stands for its folder. */
	private static IResource modelOf(IResource resource) {
		if (resource instanceof IFile file && !"iosim".equals(extension(file))) {
			return file.getParent();
		}
		return resource;
	}

	private static IFile onlyIoConfigurationBeside(IResource model) throws CoreException {
		IContainer folder = model instanceof IContainer container ? container : model.getParent();
		IFile[] found = Arrays.stream(folder.members()).filter(member -> member instanceof IFile file && isIoConfiguration(file))
				.map(IFile.class::cast).sorted(Comparator.comparing(IFile::getName)).toArray(IFile[]::new);
		return found.length == 1 ? found[0] : null;
	}

	private static boolean isIoConfiguration(IFile file) {
		return "ioconfig".equals(extension(file));
	}

	private static String extension(IFile file) {
		return file.getFileExtension() == null ? "" : file.getFileExtension().toLowerCase(Locale.ROOT);
	}
}
