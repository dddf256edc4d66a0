package org.iosim.ui.internal.launch;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.iosim.files.TimeLeft;
import org.iosim.measure.FioRunner;
import org.iosim.measure.Measurement;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlanException;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.pcm.io.IoType;

/**
 * One measurement in the background, as {@code iosim measure} runs it ({@link Measurement#run}): the
 * Progress view counts the runs and shows the run just finished with the time left. With a volume, the
 * Progress view and the error log say at the start whether its limits are applied, and how, or why not
 * (the plain device is then measured, as the command line does with a warning). Cancel interrupts
 * the job's thread, which stops fio; the runs recorded before stay in the database and a later launch
 * resumes after them. When it ends the database's folder is refreshed. A plan or measurement that fails
 * ends with the message the command line prints.
 */
public final class MeasurementJob extends Job {

	private final MeasurementAttributes.Request request;
	private final AtomicReference<String> shown = new AtomicReference<>();
	private final AtomicReference<String> volumeShown = new AtomicReference<>();
	private final AtomicReference<Measurement.Outcome> outcome = new AtomicReference<>();
	private final AtomicInteger runsFinished = new AtomicInteger();
	/** The thread measuring, so that Cancel can interrupt fio's run rather than wait for it. */
	private volatile Thread measuring;

	MeasurementJob(MeasurementAttributes.Request request) {
		super("IOSim measurement of " + request.plan().getName());
		this.request = request;
		setUser(true);
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == MeasurementAttributes.JOB_FAMILY;
	}

	/** @return the runs this job measured and recorded so far */
	public int runsFinished() {
		return runsFinished.get();
	}

	/** @return the progress the job showed last, or null before the first run finished */
	public String progressShown() {
		return shown.get();
	}

	/**
	 * @return what the job said about the volume: that it is applied and how, or why it is not; null
	 *         without a volume or before the measurement started
	 */
	public String volumeShown() {
		return volumeShown.get();
	}

	/** @return what the measurement gave, or null while it runs or when it did not finish */
	public Measurement.Outcome outcome() {
		return outcome.get();
	}

	@Override
	protected void canceling() {
		Thread thread = measuring;
		if (thread != null) {
			thread.interrupt();
		}
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		measuring = Thread.currentThread();
		SubMonitor progress = SubMonitor.convert(monitor, "Measuring " + request.plan().getName(), 1);
		try {
			if (monitor.isCanceled()) {
				return Status.CANCEL_STATUS;
			}
			MeasurementPlan plan = MeasurementPlan.load(request.planFile());
			try (MeasurementDatabase database = MeasurementDatabase.open(request.databaseFile(), true)) {
				outcome.set(Measurement.run(plan, database, new FioRunner(MeasurementAttributes.FIO),
						request.scratchFolder(), request.volume(), follow(progress)));
			}
			return Status.OK_STATUS;
		} catch (InterruptedException cancelled) {
			return Status.CANCEL_STATUS;
		} catch (PlanException | MeasurementException failure) {
			return Status.error(failure.getMessage());
		} finally {
			measuring = null;
			Thread.interrupted(); // an interrupt that came after the measurement ended must not reach the refresh or the next job
			refresh();
			monitor.done();
		}
	}

	private Measurement.Listener follow(SubMonitor progress) {
		return new Measurement.Listener() {
			private int measuredNow;

			@Override
			public void starting(MeasurementPlan plan, int runs, int alreadyFinished, String generator) {
				progress.setWorkRemaining(runs);
				progress.worked(alreadyFinished);
				// until the first run finishes, the line keeps saying what the runs work on
				String volume = volumeShown.get() == null ? "" : "; " + volumeShown.get();
				show(progress, alreadyFinished + " of " + runs + " runs recorded before, about "
						+ TimeLeft.clock(plan.plannedSeconds(runs - alreadyFinished)) + " to go" + volume);
			}

			@Override
			public void finished(PlannedRun run, RunResult result, int done, int total, double elapsed) {
				measuredNow++;
				runsFinished.incrementAndGet();
				progress.setWorkRemaining(total - done + 1);
				progress.worked(1);
				show(progress, "run " + (run.order() + 1) + " of " + total + " (" + run.workload() + "): "
						+ TimeLeft.elapsedAndLeft(elapsed, measuredNow, total - done));
			}

			@Override
			public void repeating(int configurations, double precision) {
				show(progress, configurations + " configurations not yet precise enough: another run each");
			}

			@Override
			public void volume(Measurement.VolumeUse use) {
				volumeShown.set(use.toString());
				show(progress, use.toString());
				// the progress line is soon replaced by the runs', so the log keeps what was measured on
				ILog log = ILog.of(MeasurementJob.class);
				if (use.applied()) {
					log.info(getName() + ": " + use);
				} else {
					log.warn(getName() + ": " + use);
				}
			}

			@Override
			public void disturbed(PlannedRun run, double cpus, int attempt, boolean kept) {
				show(progress, "run " + (run.order() + 1) + " disturbed by other processes"
						+ (kept ? "; kept after " + attempt + " attempts" : "; running it again"));
			}

			@Override
			public void nothingMeasured(PlannedRun run, IoType type, int attempt) {
				show(progress, "run " + (run.order() + 1) + " completed no " + RunResult.word(type)
						+ "; running it again");
			}
		};
	}

	private void show(SubMonitor progress, String text) {
		progress.subTask(text);
		shown.set(text);
	}

	/** The database's folder, where the database and the default scratch folder are. */
	private void refresh() {
		try {
			request.database().getParent().refreshLocal(IResource.DEPTH_ONE, null);
		} catch (CoreException notRefreshed) {
			// the measurement's outcome stands; the workspace shows the database at the next refresh
		}
	}
}
