package org.iosim.ui.internal.launch;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Set;

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
import org.eclipse.debug.ui.ILaunchShortcut2;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.iosim.run.SimulationTarget;
import org.iosim.ui.IosimUi;

/**
 * "Run As → IOSim Simulation" where the model is: on a model folder (one holding a model set's
 * allocation and usage model, a project too), on a model file, on an I/O configuration, in the Project
 * Explorer or any navigator, and on an open model or I/O configuration editor. It runs the launch
 * configuration of that target, the one made before for it if there is one, else a new one with the
 * command line's defaults.
 * <p>
 * The rule for I/O configurations is {@link SimulationTarget}'s, the command line's: a Palladio file
 * stands for its folder's model set, an {@code .iosim} file for itself, and both are simulated as they
 * are, whatever {@code .ioconfig} lies beside them; an {@code .ioconfig} is applied to the model in its
 * folder.
 */
public final class SimulationShortcut implements ILaunchShortcut2 {

	private static final Set<String> PALLADIO_EXTENSIONS = Set.of("repository", "system", "resourceenvironment",
			"allocation", "usagemodel");
	private static final String IOSIM_EXTENSION = "iosim";

	@Override
	public void launch(ISelection selection, String mode) {
		IResource resource = getLaunchableResource(selection);
		if (resource != null) {
			launch(resource, mode);
		}
	}

	@Override
	public void launch(IEditorPart editor, String mode) {
		IResource resource = getLaunchableResource(editor);
		if (resource != null) {
			launch(resource, mode);
		}
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
			IResource resource = Adapters.adapt(structured.getFirstElement(), IResource.class);
			return isSimulatable(resource) ? resource : null;
		}
		return null;
	}

	@Override
	public IResource getLaunchableResource(IEditorPart editor) {
		IResource resource = Adapters.adapt(editor.getEditorInput(), IResource.class);
		return isSimulatable(resource) ? resource : null;
	}

	private static void launch(IResource resource, String mode) {
		try {
			DebugUITools.launch(configurationFor(resource), mode);
		} catch (CoreException cannotLaunch) {
			ErrorDialog.openError(Display.getDefault().getActiveShell(), "IOSim Simulation",
					"Cannot simulate " + resource.getName(), cannotLaunch.getStatus());
		}
	}

	/**
	 * Whether Run As offers a simulation of the resource: a model file, an I/O configuration, or a folder
	 * (or project) directly holding an allocation and a usage model. Only the workspace's tree is looked
	 * at, nothing read, as menus ask this on every selection.
	 */
	public static boolean isSimulatable(IResource resource) {
		if (resource instanceof IFile file) {
			String extension = extension(file);
			return PALLADIO_EXTENSIONS.contains(extension) || IOSIM_EXTENSION.equals(extension)
					|| SimulationTarget.IO_CONFIGURATION_EXTENSION.equals(extension);
		}
		if (resource instanceof IContainer container && container.isAccessible()) {
			try {
				IResource[] members = container.members();
				return Arrays.stream(members).anyMatch(member -> member instanceof IFile file && "allocation".equals(extension(file)))
						&& Arrays.stream(members).anyMatch(member -> member instanceof IFile file && "usagemodel".equals(extension(file)));
			} catch (CoreException unreadable) {
				return false;
			}
		}
		return false;
	}

	/**
	 * The launch configuration of what the resource stands for: the one already made for the same model
	 * and I/O configuration (whatever its settings), or a new one.
	 */
	public static ILaunchConfiguration configurationFor(IResource resource) throws CoreException {
		ILaunchConfiguration[] existing = existing(resource);
		if (existing.length > 0) {
			return existing[0];
		}
		Target target = targetOf(resource);
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationType type = manager.getLaunchConfigurationType(IosimUi.LAUNCH_TYPE_ID);
		IResource named = target.ioConfiguration() == null ? target.model() : target.ioConfiguration();
		String name = manager.generateLaunchConfigurationName(named.getType() == IResource.FILE
				? named.getFullPath().removeFileExtension().lastSegment() : named.getName());
		ILaunchConfigurationWorkingCopy created = type.newInstance(null, name);
		LaunchAttributes.setDefaults(created, target.model(), target.ioConfiguration());
		return created.doSave();
	}

	/** The launch configurations of the resource's model and I/O configuration, oldest name first. */
	private static ILaunchConfiguration[] existing(IResource resource) {
		if (resource == null) {
			return new ILaunchConfiguration[0];
		}
		Target target = targetOf(resource);
		String modelPath = target.model().getFullPath().toString();
		String ioPath = target.ioConfiguration() == null ? "" : target.ioConfiguration().getFullPath().toString();
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		try {
			return Arrays.stream(manager.getLaunchConfigurations(manager.getLaunchConfigurationType(IosimUi.LAUNCH_TYPE_ID)))
					.filter(configuration -> {
						try {
							return modelPath.equals(configuration.getAttribute(LaunchAttributes.MODEL, ""))
									&& ioPath.equals(configuration.getAttribute(LaunchAttributes.IO_CONFIGURATION, ""));
						} catch (CoreException unreadable) {
							return false;
						}
					}).sorted(Comparator.comparing(ILaunchConfiguration::getName))
					.toArray(ILaunchConfiguration[]::new);
		} catch (CoreException unreadable) {
			return new ILaunchConfiguration[0];
		}
	}

	/** A model (file or folder) and the I/O configuration applied to it, or null for the model as it is. */
	private record Target(IResource model, IFile ioConfiguration) {
	}

	/** An .iosim file is its own model; a Palladio file or an I/O configuration stands for its folder. */
	private static Target targetOf(IResource resource) {
		if (resource instanceof IFile file && SimulationTarget.IO_CONFIGURATION_EXTENSION.equals(extension(file))) {
			return new Target(file.getParent(), file);
		}
		if (resource instanceof IFile file && !IOSIM_EXTENSION.equals(extension(file))) {
			return new Target(file.getParent(), null);
		}
		return new Target(resource, null);
	}

	private static String extension(IFile file) {
		return file.getFileExtension() == null ? "" : file.getFileExtension().toLowerCase(Locale.ROOT);
	}
}
