package org.iosim.ui.internal.launch;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
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
public final class SimulationShortcut extends IosimLaunchShortcut {

	private static final Set<String> PALLADIO_EXTENSIONS = Set.of("repository", "system", "resourceenvironment",
			"allocation", "usagemodel");
	private static final String IOSIM_EXTENSION = "iosim";

	public SimulationShortcut() {
		super("IOSim Simulation", "simulate");
	}

	@Override
	boolean launches(IResource resource) {
		return isSimulatable(resource);
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

	/** A new configuration for the model and I/O configuration the resource stands for. */
	@Override
	ILaunchConfiguration created(IResource resource) throws CoreException {
		Target target = targetOf(resource);
		IResource named = target.ioConfiguration() == null ? target.model() : target.ioConfiguration();
		return newConfiguration(IosimUi.LAUNCH_TYPE_ID, named.getType() == IResource.FILE
				? named.getFullPath().removeFileExtension().lastSegment() : named.getName(),
				configuration -> LaunchAttributes.setDefaults(configuration, target.model(), target.ioConfiguration()));
	}

	/** The launch configurations of the resource's model and I/O configuration, whatever their other settings. */
	@Override
	ILaunchConfiguration[] existing(IResource resource) {
		Target target = targetOf(resource);
		return configurations(IosimUi.LAUNCH_TYPE_ID, Map.of(LaunchAttributes.MODEL, target.model().getFullPath().toString(),
				LaunchAttributes.IO_CONFIGURATION,
				target.ioConfiguration() == null ? "" : target.ioConfiguration().getFullPath().toString()));
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
