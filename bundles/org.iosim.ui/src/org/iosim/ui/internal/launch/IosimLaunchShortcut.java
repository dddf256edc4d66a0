package org.iosim.ui.internal.launch;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.function.Consumer;

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
 * "Run As" for one of IOSim's launches, on the resource it starts from, in the Project Explorer or any
 * navigator and on an open editor of it: it runs the launch configuration made before for that resource
 * if there is one (the first by name), else a new one with the command line's defaults. Subclasses say
 * which resources they launch and how a configuration names them.
 */
abstract class IosimLaunchShortcut implements ILaunchShortcut2 {

	private final String kind;
	private final String verb;

	/**
	 * @param kind the launch's name, for error dialogs, e.g. "IOSim Simulation"
	 * @param verb what the launch does to the resource, e.g. "simulate", as in "Cannot simulate shop"
	 */
	IosimLaunchShortcut(String kind, String verb) {
		this.kind = kind;
		this.verb = verb;
	}

	/** Whether the launch starts from the resource; asked by menus on every selection, so it must be cheap. */
	abstract boolean launches(IResource resource);

	/** The configurations made before for the resource, the one to reuse first; empty for none. */
	abstract ILaunchConfiguration[] existing(IResource resource);

	/** A new configuration for the resource, with the command line's defaults, saved. */
	abstract ILaunchConfiguration created(IResource resource) throws CoreException;

	/** The configuration a Run As on the resource runs: the first made before, or a new one. */
	public final ILaunchConfiguration configurationFor(IResource resource) throws CoreException {
		ILaunchConfiguration[] existing = existing(resource);
		return existing.length > 0 ? existing[0] : created(resource);
	}

	@Override
	public final void launch(ISelection selection, String mode) {
		launch(getLaunchableResource(selection), mode);
	}

	@Override
	public final void launch(IEditorPart editor, String mode) {
		launch(getLaunchableResource(editor), mode);
	}

	@Override
	public final ILaunchConfiguration[] getLaunchConfigurations(ISelection selection) {
		IResource resource = getLaunchableResource(selection);
		return resource == null ? new ILaunchConfiguration[0] : existing(resource);
	}

	@Override
	public final ILaunchConfiguration[] getLaunchConfigurations(IEditorPart editor) {
		IResource resource = getLaunchableResource(editor);
		return resource == null ? new ILaunchConfiguration[0] : existing(resource);
	}

	@Override
	public final IResource getLaunchableResource(ISelection selection) {
		if (selection instanceof IStructuredSelection structured && structured.size() == 1) {
			return launchable(Adapters.adapt(structured.getFirstElement(), IResource.class));
		}
		return null;
	}

	@Override
	public final IResource getLaunchableResource(IEditorPart editor) {
		return launchable(Adapters.adapt(editor.getEditorInput(), IResource.class));
	}

	/**
	 * The configurations of the type whose attributes hold the given texts, by name.
	 *
	 * @param attributes attribute → the text it must hold
	 */
	static ILaunchConfiguration[] configurations(String typeId, Map<String, String> attributes) {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		try {
			return Arrays.stream(manager.getLaunchConfigurations(manager.getLaunchConfigurationType(typeId)))
					.filter(configuration -> holds(configuration, attributes))
					.sorted(Comparator.comparing(ILaunchConfiguration::getName)).toArray(ILaunchConfiguration[]::new);
		} catch (CoreException unreadable) {
			return new ILaunchConfiguration[0];
		}
	}

	/** A configuration that cannot be read holds nothing: Run As then makes a new one. */
	private static boolean holds(ILaunchConfiguration configuration, Map<String, String> attributes) {
		try {
			for (Map.Entry<String, String> attribute : attributes.entrySet()) {
				if (!attribute.getValue().equals(LaunchSettings.text(configuration, attribute.getKey()))) {
					return false;
				}
			}
			return true;
		} catch (CoreException unreadable) {
			return false;
		}
	}

	/** A new configuration of the type, named after {@code nameHint} (made unique), with the given settings, saved. */
	static ILaunchConfiguration newConfiguration(String typeId, String nameHint,
			Consumer<ILaunchConfigurationWorkingCopy> settings) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy created = manager.getLaunchConfigurationType(typeId).newInstance(null,
				manager.generateLaunchConfigurationName(nameHint));
		settings.accept(created);
		return created.doSave();
	}

	private IResource launchable(IResource resource) {
		return resource != null && launches(resource) ? resource : null;
	}

	private void launch(IResource resource, String mode) {
		if (resource == null) {
			return;
		}
		try {
			DebugUITools.launch(configurationFor(resource), mode);
		} catch (CoreException cannotLaunch) {
			ErrorDialog.openError(Display.getDefault().getActiveShell(), kind, "Cannot " + verb + " " + resource.getName(),
					cannotLaunch.getStatus());
		}
	}
}
