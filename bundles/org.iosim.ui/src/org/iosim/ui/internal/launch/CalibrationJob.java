package org.iosim.ui.internal.launch;

import java.net.MalformedURLException;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.browser.IWorkbenchBrowserSupport;
import org.eclipse.ui.ide.IDE;
import org.iosim.analysis.regression.ModelSelection;
import org.iosim.analysis.regression.Optimizer;
import org.iosim.analysis.regression.Technique;
import org.iosim.calibration.CalibrationCancelledException;
import org.iosim.calibration.CalibrationException;
import org.iosim.calibration.CalibrationFolder;
import org.iosim.calibration.CalibrationRun;

/**
 * One calibration in the background, as {@code iosim calibrate} runs it ({@link CalibrationRun}): the
 * Progress view shows the step (reads, then writes) and within it the techniques cross-validated and
 * the tuning evaluations; Cancel stops it between two evaluations and nothing is written. When it ends
 * the output folder is refreshed and the calibration report opens. A calibration that cannot start or
 * fails ends with the message the command line prints.
 */
public final class CalibrationJob extends Job {

	/** Progress ticks of one step (reads or writes). */
	private static final int STEP_TICKS = 1000;
	/** Of a step's ticks, those of cross-validating every technique with its defaults; the rest go to tuning. */
	private static final int CROSS_VALIDATION_TICKS = 250;
	/** Ticks of one tuning search, spread over its evaluations as the search estimates them. */
	private static final int SEARCH_TICKS = 1000;

	private final CalibrationRun.Request request;
	private final IFolder output;
	private final AtomicReference<CalibrationRun.Outcome> outcome = new AtomicReference<>();
	private final AtomicReference<String> shown = new AtomicReference<>();

	CalibrationJob(String name, CalibrationRun.Request request, IFolder output) {
		super("IOSim calibration of " + name);
		this.request = request;
		this.output = output;
		setUser(true);
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == CalibrationAttributes.JOB_FAMILY;
	}

	/** @return what the calibration gave, or null while it runs or when it did not finish */
	public CalibrationRun.Outcome outcome() {
		return outcome.get();
	}

	/** @return the progress the job showed last (step, techniques, evaluations), or null before the first */
	public String progressShown() {
		return shown.get();
	}

	/** @return the report in the workspace; it exists once the job ended well */
	public IFile report() {
		return output.getFile(CalibrationFolder.REPORT);
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		SubMonitor progress = SubMonitor.convert(monitor, getName(), CalibrationRun.STEPS.size() * STEP_TICKS);
		CalibrationRun.Listener follow = new CalibrationRun.Listener() {
			@Override
			public ModelSelection.Listener selecting(String step, int number, int total) {
				show(progress, "step " + number + " of " + total + ": " + step);
				// newChild, not split: split would throw on a cancel, which the run itself notices and ends
				return selection(step + " (" + number + " of " + total + ")", progress.newChild(STEP_TICKS));
			}

			@Override
			public boolean isCancelled() {
				return monitor.isCanceled();
			}
		};
		try {
			CalibrationRun.Outcome finished = CalibrationRun.run(request, follow);
			outcome.set(finished);
			output.getParent().refreshLocal(IResource.DEPTH_INFINITE, null);
			openReport(report());
			return Status.OK_STATUS;
		} catch (CalibrationCancelledException cancelled) {
			return Status.CANCEL_STATUS;
		} catch (CalibrationException failure) {
			return Status.error(failure.getMessage());
		} catch (CoreException notRefreshed) {
			return notRefreshed.getStatus();
		} finally {
			monitor.done();
		}
	}

	/** Shows one step's model selection: the techniques cross-validated, then each tuning search. */
	private ModelSelection.Listener selection(String step, SubMonitor stepProgress) {
		stepProgress.setWorkRemaining(CROSS_VALIDATION_TICKS + ModelSelection.TUNED * SEARCH_TICKS);
		return new ModelSelection.Listener() {
			private int crossValidationReported;

			@Override
			public void crossValidated(int done, int total) {
				show(stepProgress, step + ": " + done + " of " + total + " techniques cross-validated");
				int ticks = CROSS_VALIDATION_TICKS * done / total;
				stepProgress.worked(ticks - crossValidationReported);
				crossValidationReported = ticks;
			}

			@Override
			public Optimizer.Listener tuning(Technique technique, int index, int count) {
				String label = step + ": tuning " + technique.id() + " (" + index + " of " + count + ")";
				show(stepProgress, label);
				SubMonitor search = stepProgress.newChild(SEARCH_TICKS);
				search.setWorkRemaining(SEARCH_TICKS);
				int[] reported = { 0 };
				return evaluation -> {
					show(search, label + ", " + evaluation.evaluations() + " evaluations");
					double share = evaluation.evaluations() / (evaluation.evaluations() + evaluation.remainingEvaluations());
					int ticks = (int) Math.min(SEARCH_TICKS, SEARCH_TICKS * share);
					if (ticks > reported[0]) {
						search.worked(ticks - reported[0]);
						reported[0] = ticks;
					}
				};
			}
		};
	}

	private void show(SubMonitor monitor, String progress) {
		monitor.subTask(progress);
		shown.set(progress);
	}

	/**
	 * In the workbench's internal web browser when it has one; otherwise (no browser plug-in, or no
	 * WebKit on this machine) in the editor the workbench associates with .html files.
	 */
	private static void openReport(IFile report) {
		if (!PlatformUI.isWorkbenchRunning()) {
			return;
		}
		Display.getDefault().asyncExec(() -> {
			var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
			IWorkbenchPage page = window == null ? null : window.getActivePage();
			if (page == null) {
				return;
			}
			IWorkbenchBrowserSupport browsers = PlatformUI.getWorkbench().getBrowserSupport();
			try {
				if (browsers.isInternalWebBrowserAvailable()) {
					browsers.createBrowser(IWorkbenchBrowserSupport.AS_EDITOR, report.getFullPath().toString(),
							report.getParent().getName(), report.getFullPath().toString())
							.openURL(report.getLocationURI().toURL());
				} else {
					IDE.openEditor(page, report);
				}
			} catch (PartInitException | MalformedURLException cannotOpen) {
				// the calibration succeeded and its report is on disk, beside the model in the workspace
			}
		});
	}
}
