package org.iosim.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.iosim.measure.BlockThrottle;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementPlan;
import org.iosim.ui.internal.launch.MeasurementAttributes;
import org.iosim.ui.internal.launch.MeasurementJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * "IOSim Measurement" launch configurations run a plan with the real fio into a real database: a plan
 * runs to its end and the database holds all its runs; a measurement cancelled after its first run ends
 * as cancelled and keeps the runs recorded before; a measurement on a volume records the volume with the
 * plan where block throttling applies it, and says why not where it does not.
 */
// skipped, not failed, without fio (.ci/run installs it)
@EnabledIf("fioOnThePath")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class MeasurementLaunchTest {

	private static IProject project;

	@BeforeAll
	static void projectForMeasurements() throws Exception {
		project = Workbench.freshProject("measurement-launch");
	}

	static boolean fioOnThePath() {
		return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
				.anyMatch(folder -> Files.isExecutable(Path.of(folder, "fio")));
	}

	@Test
	void aPlanRunsToItsEndAndTheDatabaseHoldsEveryRun() throws Exception {
		IFile plan = plan("complete", 2);
		MeasurementJob job = launch(plan, "complete");
		job.join();
		assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().getMessage());
		IFile database = project.getFile("complete.db");
		assertTrue(database.exists(), "the database's folder is refreshed, so the database is in the workspace");
		assertEquals(planned(plan), recorded(database));
		assertNotNull(job.progressShown());
		assertTrue(job.progressShown().startsWith("run "), job.progressShown());
	}

	@Test
	void aCancelledMeasurementKeepsTheRunsRecordedBefore() throws Exception {
		IFile plan = plan("cancelled", 4);
		MeasurementJob job = launch(plan, "cancelled");
		// a run disturbed by other processes is run again: wait for one recorded, not for any progress
		// (the class's timeout bounds the wait)
		while (job.runsFinished() == 0 && job.getState() != Job.NONE) {
			Thread.sleep(20);
		}
		assertTrue(job.runsFinished() >= 1, () -> "a first run finished: " + job.progressShown());
		job.cancel();
		job.join();
		assertEquals(IStatus.CANCEL, job.getResult().getSeverity(), job.getResult().getMessage());
		int recorded = recorded(project.getFile("cancelled.db"));
		assertTrue(recorded >= 1 && recorded < planned(plan), recorded + " of " + planned(plan) + " runs recorded");
	}

	@Test
	void aMeasurementOnAVolumeNamesTheVolumeAppliedOrWhyNot() throws Exception {
		IFile plan = plan("on-volume", 1);
		IFile volume = project.getFile("launch-test-volume.json");
		Files.writeString(volume.getLocation().toPath(), """
				{"name": "launch-test", "readIops": 5000}""");
		volume.refreshLocal(0, null);
		MeasurementJob job = launch(plan, "on-volume", configuration -> configuration
				.setAttribute(MeasurementAttributes.VOLUME, volume.getFullPath().toString()));
		job.join();
		assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().getMessage());
		Optional<String> recorded;
		try (MeasurementDatabase database = MeasurementDatabase.open(project.getFile("on-volume.db").getLocation().toPath(),
				false)) {
			recorded = database.volume("on-volume");
		}
		// the test passes where block throttling is unavailable too: the plain device is measured then
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		if (throttling.throttle().isPresent()) {
			assertEquals(Optional.of("launch-test (5000 read IOPS)"), recorded);
			assertEquals("volume launch-test (5000 read IOPS), set with " + throttling.throttle().get().describe(),
					job.volumeShown());
		} else {
			assertEquals(Optional.empty(), recorded, "the plain device is recorded as no volume");
			assertNotNull(job.volumeShown(), "the job says why the volume is not applied");
			assertTrue(job.volumeShown().contains(throttling.reason()), job.volumeShown());
		}
	}

	@Test
	void anUnusableVolumeFileIsNamedBeforeARun() throws Exception {
		IFile plan = plan("unusable-volume", 1);
		IFile volume = project.getFile("wrong-volume.json");
		Files.writeString(volume.getLocation().toPath(), """
				{"readIOPS": 5000}""");
		volume.refreshLocal(0, null);
		ILaunchConfigurationWorkingCopy configuration = DebugPlugin.getDefault().getLaunchManager()
				.getLaunchConfigurationType(MeasurementAttributes.TYPE_ID).newInstance(null, "unusable-volume");
		MeasurementAttributes.setDefaults(configuration, plan);

		configuration.setAttribute(MeasurementAttributes.VOLUME, volume.getFullPath().toString());
		String problem = MeasurementAttributes.problem(configuration);
		assertNotNull(problem);
		assertTrue(problem.startsWith("the volume file " + volume.getFullPath() + " cannot be used: ")
				&& problem.contains("'readIOPS': unknown entry"), problem);

		configuration.setAttribute(MeasurementAttributes.VOLUME, "/measurement-launch/missing-volume.json");
		assertEquals("the volume file /measurement-launch/missing-volume.json is not a file of the workspace",
				MeasurementAttributes.problem(configuration));
	}

	/** One configuration (8 KiB random reads on a 1 MiB file set) repeated, each run 1 s without warm-up. */
	private static IFile plan(String name, int repetitions) throws Exception {
		IFile plan = project.getFile(name + ".json");
		Files.writeString(project.getLocation().toPath().resolve(name + ".json"), """
				{"name": "%s", "design": "factorial", "seed": 1, "repetitions": %d, "warmup": 0, "duration": 1,
				 "factors": {"requestSize": "8 KiB", "fileSetSize": "1 MiB"}}""".formatted(name, repetitions));
		plan.refreshLocal(0, null);
		return plan;
	}

	private static MeasurementJob launch(IFile plan, String name) throws Exception {
		return launch(plan, name, configuration -> {
		});
	}

	/** @param settings changes the defaults before the launch */
	private static MeasurementJob launch(IFile plan, String name, Consumer<ILaunchConfigurationWorkingCopy> settings)
			throws Exception {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy configuration = manager
				.getLaunchConfigurationType(MeasurementAttributes.TYPE_ID).newInstance(null, name);
		MeasurementAttributes.setDefaults(configuration, plan);
		settings.accept(configuration);
		assertEquals(null, MeasurementAttributes.problem(configuration));
		configuration.doSave().launch(ILaunchManager.RUN_MODE, null);
		Job[] jobs = Job.getJobManager().find(MeasurementAttributes.JOB_FAMILY);
		assertEquals(1, jobs.length, "one measurement job runs");
		return (MeasurementJob) jobs[0];
	}

	private static int planned(IFile plan) throws Exception {
		return MeasurementPlan.load(plan.getLocation().toPath()).runs().size();
	}

	private static int recorded(IFile database) throws Exception {
		try (MeasurementDatabase opened = MeasurementDatabase.open(database.getLocation().toPath(), false)) {
			return opened.runs().size();
		}
	}
}
