package org.iosim.ui.internal.results;

import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.iosim.ui.IosimUi;

/**
 * <i>Show in Simulation Results</i> in the navigators' context menus: opens the results view on the
 * run or sweep whose folder (or {@code results.json}, {@code sweep.json}) is selected, so a sweep run
 * on the command line, or a run copied into the workspace, is read where it lies.
 */
public final class ShowInResultsHandler extends AbstractHandler {

	@Override
	public Object execute(ExecutionEvent event) throws ExecutionException {
		Path folder = resultsFolder(HandlerUtil.getCurrentSelection(event));
		if (folder == null) {
			return null;
		}
		try {
			ResultsView view = (ResultsView) HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage()
					.showView(IosimUi.RESULTS_VIEW_ID);
			view.show(folder);
		} catch (PartInitException cannotOpen) {
			throw new ExecutionException("The Simulation Results view cannot be opened: " + cannotOpen.getMessage(),
					cannotOpen);
		}
		return null;
	}

	private static Path resultsFolder(ISelection selection) {
		if (selection instanceof IStructuredSelection structured && structured.size() == 1) {
			return resultsFolder(Adapters.adapt(structured.getFirstElement(), IResource.class));
		}
		return null;
	}

	/** The folder of results a resource is or holds; null when it is neither a run's nor a sweep's. */
	static Path resultsFolder(IResource resource) {
		if (resource == null || resource.getLocation() == null) {
			return null;
		}
		Path location = resource.getLocation().toPath();
		Path folder = resource.getType() == IResource.FILE ? location.getParent() : location;
		if (resource.getType() == IResource.FILE && !location.getFileName().toString().equals(RunResults.FILE)
				&& !location.getFileName().toString().equals(SweepResults.FILE)) {
			return null;
		}
		return ResultsView.isRun(folder) || ResultsView.isSweep(folder) ? folder : null;
	}

	/** Whether a resource is, or is the folder of, a run's or a sweep's results: the menu entry's visibility. */
	public static final class Tester extends PropertyTester {
		@Override
		public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
			return receiver instanceof IResource resource && resultsFolder(resource) != null;
		}
	}
}
