package org.iosim.ui.internal.launch;

import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.ui.actions.ILaunchable;

/**
 * What the navigators' Run As offers IOSim's launches on (plugin.xml): a model folder, model file or
 * I/O configuration is simulated, a measurement plan measured, a measurement database calibrated.
 */
public final class RunAsTargets {

	private RunAsTargets() {
	}

	/** Whether one of IOSim's launches starts from the resource. */
	static boolean launchable(IResource resource) {
		return SimulationShortcut.isSimulatable(resource) || resource instanceof IFile file
				&& (MeasurementShortcut.isPlan(file) || CalibrationShortcut.isDatabase(file));
	}

	/**
	 * Makes what IOSim launches launchable, so that the navigators' context menus have Run As: debug.ui
	 * shows it only for an object adapting to {@link ILaunchable}.
	 */
	public static final class Launchable implements IAdapterFactory {
		private static final ILaunchable LAUNCHABLE = new ILaunchable() {
		};

		@Override
		public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
			return adapterType == ILaunchable.class && adaptable instanceof IResource resource && launchable(resource)
					? adapterType.cast(LAUNCHABLE) : null;
		}

		@Override
		public Class<?>[] getAdapterList() {
			return new Class<?>[] { ILaunchable.class };
		}
	}

	/**
	 * The shortcuts' enablement: {@code simulatable} (a folder matches by what it holds, which extension
	 * tests cannot say), {@code measurementPlan} and {@code measurementDatabase} (by what the file holds).
	 */
	public static final class Tester extends PropertyTester {
		@Override
		public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
			IResource resource = Adapters.adapt(receiver, IResource.class);
			return switch (property) {
			case "simulatable" -> SimulationShortcut.isSimulatable(resource);
			case "measurementPlan" -> resource instanceof IFile file && MeasurementShortcut.isPlan(file);
			case "measurementDatabase" -> resource instanceof IFile file && CalibrationShortcut.isDatabase(file);
			default -> false;
			};
		}
	}
}
