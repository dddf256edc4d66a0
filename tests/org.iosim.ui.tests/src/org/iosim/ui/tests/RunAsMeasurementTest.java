package org.iosim.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.iosim.ui.internal.launch.CalibrationAttributes;
import org.iosim.ui.internal.launch.CalibrationJob;
import org.iosim.ui.internal.launch.MeasurementAttributes;
import org.iosim.ui.internal.launch.MeasurementJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * "Run As → IOSim Measurement" on a measurement plan and "Run As → IOSim Calibration" on the
 * measurement database it gave, in a real Project Explorer: offered on those files only (not on a
 * volume file, which is JSON too, nor on a .db file that is no SQLite database), each starting its job
 * on a launch configuration made for the file, and a second Run As reusing that configuration.
 */
// the measurement runs the real fio: skipped, not failed, without it (.ci/run installs it)
@EnabledIf("org.iosim.ui.tests.MeasurementLaunchTest#fioOnThePath")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RunAsMeasurementTest {

	private static final String MEASUREMENT = "IOSim Measurement";
	private static final String CALIBRATION = "IOSim Calibration";

	private static IProject project;
	private static IFile plan;

	@BeforeAll
	static void planBesideAVolumeAndAFileNamedDb() throws Exception {
		project = Workbench.freshProject("run-as-measurement");
		// one configuration, 8 KiB random reads on a 1 MiB file set, measured twice for 1 s each
		plan = write("disk.json", """
				{"name": "disk", "design": "factorial", "seed": 1, "repetitions": 2, "warmup": 0, "duration": 1,
				 "factors": {"requestSize": "8 KiB", "fileSetSize": "1 MiB"}}""");
		write("gp-500.json", """
				{"name": "gp-500", "writeIops": 500}""");
		write("notes.db", "not a database");
		Workbench.showIosimPerspective();
	}

	@Test
	@Order(1)
	void runAsOffersAMeasurementOnAPlanOnly() {
		List<String> onPlan = Workbench.runAsItems(plan);
		assertTrue(onPlan.contains(MEASUREMENT), onPlan::toString);
		assertFalse(onPlan.contains(CALIBRATION) || onPlan.contains("IOSim Simulation"), onPlan::toString);
		List<String> onVolume = Workbench.runAsItems(project.getFile("gp-500.json"));
		assertFalse(onVolume.contains(MEASUREMENT), onVolume::toString);
		List<String> onText = Workbench.runAsItems(project.getFile("notes.db"));
		assertFalse(onText.contains(CALIBRATION), onText::toString);
	}

	@Test
	@Order(2)
	void runAsMeasuresThePlanIntoADatabaseBesideItAndCalibratesThatDatabase() throws Exception {
		MeasurementJob measuring = (MeasurementJob) runAs(plan, MEASUREMENT, MeasurementAttributes.JOB_FAMILY);
		measuring.join();
		assertEquals(IStatus.OK, measuring.getResult().getSeverity(), measuring.getResult().getMessage());
		IFile database = project.getFile("disk.db");
		assertTrue(database.exists(), "the measurement wrote the database beside the plan");
		assertEquals(2, measuring.outcome().measuredNow());

		// again: the same configuration, which finds every run recorded
		MeasurementJob again = (MeasurementJob) runAs(plan, MEASUREMENT, MeasurementAttributes.JOB_FAMILY);
		again.join();
		assertEquals(IStatus.OK, again.getResult().getSeverity(), again.getResult().getMessage());
		assertEquals(0, again.outcome().measuredNow(), "the second Run As resumed the first one's database");
		assertEquals(1, configurations(MeasurementAttributes.TYPE_ID, MeasurementAttributes.PLAN, plan).size());

		List<String> onDatabase = Workbench.runAsItems(database);
		assertTrue(onDatabase.contains(CALIBRATION), onDatabase::toString);
		assertFalse(onDatabase.contains(MEASUREMENT), onDatabase::toString);
		CalibrationJob calibrating = (CalibrationJob) runAs(database, CALIBRATION, CalibrationAttributes.JOB_FAMILY);
		// two runs of one configuration are too few to calibrate from; what counts is what was started on what
		calibrating.cancel();
		calibrating.join();
		List<ILaunchConfiguration> made = configurations(CalibrationAttributes.TYPE_ID, CalibrationAttributes.DATABASE,
				database);
		assertEquals(1, made.size(), "Run As made a calibration of this database");
		assertEquals("/run-as-measurement/disk-model", made.get(0).getAttribute(CalibrationAttributes.OUTPUT_FOLDER, ""),
				"as a new configuration of the dialog, it writes beside the database");
	}

	private static IFile write(String name, String content) throws Exception {
		IFile file = project.getFile(name);
		Files.writeString(file.getLocation().toPath(), content);
		file.refreshLocal(0, null);
		return file;
	}

	/** Picks Run As → {@code launch} on the file and returns the job it scheduled. */
	private static Job runAs(IFile file, String launch, Object family) throws Exception {
		return Workbench.jobScheduledBy(family, () -> Workbench.runAs(file, launch));
	}

	/** The launch configurations of the type whose attribute names the file. */
	private static List<ILaunchConfiguration> configurations(String type, String attribute, IFile file) throws Exception {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		return Arrays.stream(manager.getLaunchConfigurations(manager.getLaunchConfigurationType(type)))
				.filter(configuration -> {
					try {
						return file.getFullPath().toString().equals(configuration.getAttribute(attribute, ""));
					} catch (Exception unreadable) {
						throw new IllegalStateException(unreadable);
					}
				}).toList();
	}
}
