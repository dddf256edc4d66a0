package org.iosim.ui.internal.launch;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.iosim.engine.RunCancelledException;
import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.RunOutcome;
import org.iosim.run.RunPipeline;
import org.iosim.ui.IosimUi;
import org.iosim.ui.internal.results.ResultsView;

/**
 * One simulation in the background, as {@code iosim simulate} runs it ({@link RunPipeline}): the
 * Progress view shows the pipeline's step and the measurements so far, Cancel stops it (nothing is
 * written), and when it ends the results view opens on its results. A run that cannot start or
 * fails ends with the pipeline's message, as the command line prints it.
 */
public final class SimulationJob extends Job {

	/** Progress ticks of the simulation step: its measurements, scaled to the stop condition. */
	private static final int SIMULATION_TICKS = 1000;

	private final RunConfiguration run;
	private final IResource output;
	private final AtomicReference<RunOutcome> outcome = new AtomicReference<>();

	SimulationJob(String name, RunConfiguration run, IResource output) {
		super("IOSim simulation of " + name);
		this.run = run;
		this.output = output;
		setUser(true);
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == IosimUi.SIMULATION_JOB_FAMILY;
	}

	/** @return what the run produced, or null while it runs or when it did not finish */
	public RunOutcome outcome() {
		return outcome.get();
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		RunPipeline pipeline = new RunPipeline(run);
		int steps = pipeline.steps().size();
		SubMonitor progress = SubMonitor.convert(monitor, getName(), steps * SIMULATION_TICKS);
		long measurementsWanted = run.simulation().maxMeasurements() * run.simulation().replications();
		PipelineMonitor follow = new PipelineMonitor() {
			private int reported;

			@Override
			public void step(String step, int number, int total) {
				progress.subTask("step " + number + " of " + total + ": " + step);
				progress.setWorkRemaining((total - number + 1) * SIMULATION_TICKS);
				reported = 0;
			}

			@Override
			public void progress(Progress replication) {
				// the replications report one at a time; the first one's share stands for the whole run
				if (replication.replication() != 0) {
					return;
				}
				int ticks = (int) Math.min(SIMULATION_TICKS,
						SIMULATION_TICKS * replication.measurements() * run.simulation().replications() / Math.max(1, measurementsWanted));
				progress.subTask(String.format("simulating: %,d measurements, simulated time %.1f", replication.measurements(),
						replication.simulatedTime()));
				if (ticks > reported) {
					progress.worked(ticks - reported);
					reported = ticks;
				}
			}

			@Override
			public boolean isCancelled() {
				return monitor.isCanceled();
			}
		};
		try {
			RunOutcome finished = pipeline.run(follow, List.of());
			outcome.set(finished);
			output.getProject().refreshLocal(IResource.DEPTH_INFINITE, null);
			showResults(finished);
			return Status.OK_STATUS;
		} catch (RunCancelledException cancelled) {
			return Status.CANCEL_STATUS;
		} catch (RunFailure failure) {
			return Status.error(failure.getMessage());
		} catch (CoreException notRefreshed) {
			return notRefreshed.getStatus();
		} finally {
			monitor.done();
		}
	}

	private static void showResults(RunOutcome finished) {
		if (!PlatformUI.isWorkbenchRunning()) {
			return;
		}
		Display.getDefault().asyncExec(() -> {
			var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
			if (window == null || window.getActivePage() == null) {
				return;
			}
			try {
				ResultsView view = (ResultsView) window.getActivePage().showView(IosimUi.RESULTS_VIEW_ID);
				view.show(finished.outputFolder());
			} catch (PartInitException cannotShow) {
				// the run succeeded and its results are on disk; the view stays closed
			}
		});
	}
}
