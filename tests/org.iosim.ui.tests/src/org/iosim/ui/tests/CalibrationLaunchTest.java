package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.processEvents;
import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorReference;
import org.iosim.calibration.Calibration;
import org.iosim.calibration.CalibrationFolder;
import org.iosim.calibration.CalibrationRun;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.measure.StorageWorkload;
import org.iosim.pcm.io.IoType;
import org.iosim.ui.internal.launch.CalibrationAttributes;
import org.iosim.ui.internal.launch.CalibrationJob;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * "IOSim Calibration" launch configurations run in the workbench: the calibration runs as a job with
 * progress, its output folder appears in the workspace with the same models the calibration service
 * gives for the same database and settings, and its report opens; a job cancelled after its first
 * progress ends as cancelled and writes nothing; the launch dialog and a configuration say what is wrong
 * with it before a run.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CalibrationLaunchTest {

	private static IProject project;
	private static IFile database;

	@TempDir
	static Path serviceOutput;

	@BeforeAll
	static void projectWithAMeasurementDatabase() throws Exception {
		project = Workbench.freshProject("calibration-launch");
		IFolder measurements = project.getFolder("measurements");
		measurements.create(true, true, null);
		recordDatabase(measurements.getLocation().toPath());
		measurements.refreshLocal(IResource.DEPTH_INFINITE, null);
		database = measurements.getFile("disk.db");
		assertTrue(database.exists(), "the database is a file of the workspace");
		Workbench.showIosimPerspective();
	}

	/**
	 * A database as {@code iosim measure} leaves it, with a storage law's delays (2 % noise) instead of
	 * fio's: 40 configurations of two repetitions, enough that the selection tunes for a while.
	 */
	private static void recordDatabase(Path folder) throws Exception {
		Path plan = Files.writeString(folder.resolve("plan.json"), """
				{"name": "disk", "design": "latin-hypercube", "points": 40, "seed": 7, "repetitions": 2, "warmup": 0,
				 "duration": 1, "factors": {"requestSize": {"min": "4 KiB", "max": "1 MiB", "scale": "log"},
				 "readRatio": {"min": 0.1, "max": 0.9}, "concurrency": {"min": 1, "max": 16}, "fileSetSize": "256 MiB"}}""");
		Random noise = new Random(3);
		try (MeasurementDatabase opened = MeasurementDatabase.open(folder.resolve("disk.db"), true)) {
			MeasurementPlan loaded = MeasurementPlan.load(plan);
			long id = opened.plan(loaded, loaded.runs().size(), "computed", null);
			for (PlannedRun run : loaded.runs()) {
				opened.record(id, run, new RunResult(delay(run.workload(), IoType.READ, noise),
						delay(run.workload(), IoType.WRITE, noise), 1, "{\"computed\": true}"));
			}
		}
	}

	/** Reads take a fixed time plus their transfer; both wait longer the more threads share the disk. */
	private static Optional<Latencies> delay(StorageWorkload workload, IoType type, Random noise) {
		if (!workload.issues(type)) {
			return Optional.empty();
		}
		double mean = (type == IoType.READ ? 80e-6 + workload.requestSize() / 2e8 : 20e-6 + workload.requestSize() / 6e8)
				* (1 + 0.4 * (workload.concurrency() - 1)) * (1 + 0.02 * noise.nextGaussian());
		return Optional.of(new Latencies(1000, 1 / mean, workload.requestSize() / mean, mean, mean, mean, mean));
	}

	@AfterEach
	void closeEditors() {
		uiRun(() -> page().closeAllEditors(false));
	}

	@Test
	void aCalibrationRunsToTheEndWritesTheServicesModelsAndOpensItsReport() throws Exception {
		ILaunchConfiguration configuration = configuration("complete", "/calibration-launch/model");
		assertNull(CalibrationAttributes.problem(configuration), "the configuration can run");
		CalibrationJob job = launch(configuration, null);
		IStatus result = waitFor(job);
		assertTrue(result.isOK(), result::toString);

		IFolder model = project.getFolder("model");
		assertTrue(model.exists(), "the output folder was refreshed into the workspace");
		for (String file : List.of("disk-model.json", CalibrationFolder.REPORT, CalibrationFolder.DATA,
				"models/read-delay.json", "models/write-delay.json")) {
			assertTrue(model.getFile(file).exists(), file);
		}
		assertEquals(model.getLocation().toPath(), job.outcome().folder());

		CalibrationRun.Outcome service = CalibrationRun.run(new CalibrationRun.Request(database.getLocation().toPath(),
				serviceOutput.resolve("model"), false, "disk-model", null, null, List.of(), List.of(), 10, 1),
				CalibrationRun.Listener.NONE);
		for (int type = 0; type < 2; type++) {
			Calibration.TypeModel launched = job.outcome().result().models().get(type);
			Calibration.TypeModel expected = service.result().models().get(type);
			assertEquals(expected.selection().selected().technique().id(), launched.selection().selected().technique().id());
			assertArrayEquals(expected.heldOut(), launched.heldOut(), 0.0);
		}
		for (String file : List.of("models/read-delay.json", "models/write-delay.json", CalibrationFolder.DATA)) {
			assertEquals(Files.readString(service.folder().resolve(file)),
					Files.readString(model.getFile(file).getLocation().toPath()), file + " is the service's");
		}

		IEditorReference report = waitForEditor(job.report());
		assertNotNull(report, () -> "no editor opened " + job.report() + "; open: " + openEditors());
		System.out.println("the report opened in " + report.getId());
	}

	@Test
	void whatIsWrongIsNamedBeforeARunAndARefusedRunEndsWithTheCommandLinesMessage() throws Exception {
		ILaunchConfigurationWorkingCopy copy = configuration("checked", "/calibration-launch/checked").getWorkingCopy();
		copy.setAttribute(CalibrationAttributes.DATABASE, "");
		assertEquals("no measurement database is chosen", CalibrationAttributes.problem(copy));
		copy.setAttribute(CalibrationAttributes.DATABASE, "/calibration-launch/measurements/plan.json.db");
		assertEquals("the measurement database /calibration-launch/measurements/plan.json.db is not a file of the"
				+ " workspace", CalibrationAttributes.problem(copy));
		copy.setAttribute(CalibrationAttributes.DATABASE, database.getFullPath().toString());
		copy.setAttribute(CalibrationAttributes.OUTPUT_FOLDER, "/calibration-launch");
		assertEquals("the output folder /calibration-launch must be a folder inside a project",
				CalibrationAttributes.problem(copy));
		copy.setAttribute(CalibrationAttributes.OUTPUT_FOLDER, "/calibration-launch/checked");
		copy.setAttribute(CalibrationAttributes.FOLDS, "1");
		assertEquals("the folds must be at least 2, got 1", CalibrationAttributes.problem(copy));
		copy.setAttribute(CalibrationAttributes.FOLDS, "ten");
		assertEquals("the folds 'ten' is not a whole number", CalibrationAttributes.problem(copy));
		copy.setAttribute(CalibrationAttributes.FOLDS, "10");
		assertNull(CalibrationAttributes.problem(copy));

		copy.setAttribute(CalibrationAttributes.TEST_PLANS, "disk, nope");
		IStatus refused = waitFor(launch(copy.doSave(), null));
		assertEquals(IStatus.ERROR, refused.getSeverity(), refused::toString);
		assertEquals(database.getLocation().toPath() + ": no plan 'nope' (it holds disk)", refused.getMessage());
		assertFalse(project.getFolder("checked").getLocation().toFile().exists());
	}

	@Test
	void aCalibrationCancelledAfterItsFirstProgressEndsCancelledAndWritesNothing() throws Exception {
		ILaunchConfiguration configuration = configuration("cancelled", "/calibration-launch/cancelled-model");
		CalibrationJob job = launch(configuration, running -> {
			while (running.progressShown() == null && running.getResult() == null) {
				Thread.onSpinWait();
			}
			running.cancel();
		});
		IStatus result = waitFor(job);
		assertEquals(IStatus.CANCEL, result.getSeverity(), result::toString);
		assertNull(job.outcome());
		assertTrue(job.progressShown().contains("calibrate reads"),
				() -> "cancelled while calibrating reads, not after: " + job.progressShown());
		IFolder measurements = (IFolder) database.getParent();
		measurements.getParent().refreshLocal(IResource.DEPTH_INFINITE, null);
		assertFalse(project.getFolder("cancelled-model").exists());
		try (Stream<Path> left = Files.list(project.getLocation().toPath())) {
			List<String> names = left.map(path -> path.getFileName().toString()).filter(name -> name.contains("cancelled"))
					.toList();
			assertEquals(List.of(), names, "neither the output folder nor a staging folder");
		}
	}

	@Test
	void theLaunchDialogShowsTheCalibrationsSettingsAndSaysWhatIsWrong() throws Exception {
		ILaunchConfiguration configuration = configuration("dialog", "/calibration-launch/dialog-model");
		Shell dialog = Workbench.openLaunchDialog(configuration, CalibrationAttributes.FOLDS);
		assertNotNull(dialog, "the launch dialog opened with the calibration tab");
		Shell shown = dialog;
		try {
			assertEquals(database.getFullPath().toString(), ui(() -> Workbench.launchField(shown, CalibrationAttributes.DATABASE).getText()));
			assertEquals("/calibration-launch/dialog-model",
					ui(() -> Workbench.launchField(shown, CalibrationAttributes.OUTPUT_FOLDER).getText()));
			assertEquals("disk-model", ui(() -> Workbench.launchField(shown, CalibrationAttributes.NAME).getText()));
			assertEquals("10", ui(() -> Workbench.launchField(shown, CalibrationAttributes.FOLDS).getText()));
			assertEquals("1", ui(() -> Workbench.launchField(shown, CalibrationAttributes.SEED).getText()));
			Workbench.screenshot("calibration-dialog", () -> shown);

			uiRun(() -> Workbench.launchField(shown, CalibrationAttributes.FOLDS).setText("one"));
			processEvents();
			assertTrue(ui(() -> Workbench.texts(shown)).stream().anyMatch(text -> text.contains("the folds 'one' is not a whole number")),
					() -> ui(() -> Workbench.texts(shown)).toString());
		} finally {
			Workbench.disposeLaunchDialog(shown);
		}
	}

	/** A saved configuration with the new configuration's defaults for the database, and the folder chosen. */
	private static ILaunchConfiguration configuration(String name, String outputFolder) throws Exception {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(CalibrationAttributes.TYPE_ID)
				.newInstance(null, manager.generateLaunchConfigurationName("calibration " + name));
		CalibrationAttributes.setDefaults(copy, database);
		assertEquals("/calibration-launch/measurements/disk-model", copy.getAttribute(CalibrationAttributes.OUTPUT_FOLDER, ""),
				"a new configuration writes beside the database");
		copy.setAttribute(CalibrationAttributes.OUTPUT_FOLDER, outputFolder);
		copy.setAttribute(CalibrationAttributes.NAME, "disk-model");
		return copy.doSave();
	}

	/** Launches the configuration and returns its job, handed to {@code whileRunning} on a thread of its own. */
	private static CalibrationJob launch(ILaunchConfiguration configuration,
			java.util.function.Consumer<CalibrationJob> whileRunning) throws Exception {
		CalibrationJob job = (CalibrationJob) Workbench.jobScheduledBy(CalibrationAttributes.JOB_FAMILY,
				() -> configuration.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor()));
		if (whileRunning != null) {
			Thread.ofPlatform().start(() -> whileRunning.accept(job));
		}
		return job;
	}

	private static IStatus waitFor(Job job) throws InterruptedException {
		while (job.getResult() == null) {
			processEvents();
			Thread.sleep(50);
		}
		return job.getResult();
	}

	/** The editor open on the file, waiting for the job's request to open it to reach the UI thread. */
	private static IEditorReference waitForEditor(IFile file) throws InterruptedException {
		for (int attempt = 0; attempt < 100; attempt++) {
			processEvents();
			IEditorReference found = ui(() -> Arrays.stream(page().getEditorReferences()).filter(reference -> {
				try {
					return file.equals(reference.getEditorInput().getAdapter(IFile.class))
							|| reference.getTitleToolTip().contains(file.getFullPath().toString());
				} catch (Exception unreadable) {
					return false;
				}
			}).findFirst().orElse(null));
			if (found != null) {
				return found;
			}
			Thread.sleep(100);
		}
		return null;
	}

	private static List<String> openEditors() {
		return ui(() -> Arrays.stream(page().getEditorReferences()).map(reference -> reference.getId() + " "
				+ reference.getTitleToolTip()).toList());
	}
}
