package org.iosim.ui.command.tests;

import static org.iosim.ui.testing.UiThread.processEvents;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.ui.console.ConsolePlugin;
import org.eclipse.ui.console.MessageConsole;
import org.iosim.ui.command.CommandLaunch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The "IOSim Command" launch in a real workbench: a command of the command line with Eclipse's
 * variables in its arguments, its output in a console, the folder it wrote refreshed, and its exit
 * status as the job's result.
 */
class CommandLaunchTest {

	private static IProject project;

	@BeforeAll
	static void createProject() throws Exception {
		project = ResourcesPlugin.getWorkspace().getRoot().getProject("commands");
		if (project.exists()) {
			project.delete(true, true, null);
		}
		project.create(null);
		project.open(null);
	}

	@AfterAll
	static void deleteProject() throws Exception {
		project.delete(true, true, null);
	}

	@Test
	void aRegressionFitRunsWithWorkspacePathsItsOutputInAConsoleAndItsFolderRefreshed() throws Exception {
		IFolder fit = project.getFolder("fit");
		fit.create(true, true, null);
		StringBuilder data = new StringBuilder("concurrency,requestSize,delay\n");
		for (int row = 0; row < 40; row++) {
			int concurrency = 1 + row % 8;
			int size = 4096 * (1 + row % 5);
			data.append(concurrency).append(',').append(size).append(',').append(0.001 + 0.0005 * concurrency + size / 2e8)
					.append('\n');
		}
		fit.getFile("data.csv").create(new ByteArrayInputStream(data.toString().getBytes(StandardCharsets.UTF_8)), true, null);
		ILaunchConfigurationWorkingCopy command = DebugPlugin.getDefault().getLaunchManager()
				.getLaunchConfigurationType(CommandLaunch.TYPE_ID).newInstance(null, "fit delay");
		command.setAttribute(CommandLaunch.ARGUMENTS,
				"regression fit --data ${workspace_loc:/commands/fit/data.csv} --target delay --technique lm --tune none"
						+ " --out \"${workspace_loc:/commands/fit}/delay model.json\"");
		command.setAttribute(CommandLaunch.REFRESH, "/commands/fit");

		Job job = launch(command);

		assertTrue(job.getResult().isOK(), job.getResult()::toString);
		assertTrue(fit.getFile("delay model.json").exists(), "the model is written and the folder refreshed");
		JsonNode model = new ObjectMapper().readTree(fit.getFile("delay model.json").getLocation().toFile());
		assertTrue(model.isObject() && model.size() > 0);
		// the console's streams write to its document asynchronously: the last line may come after the job ended
		String console = consoleText("IOSim: fit delay");
		for (int wait = 0; wait < 200 && !console.contains("(exit status"); wait++) {
			processEvents();
			TimeUnit.MILLISECONDS.sleep(50);
			console = consoleText("IOSim: fit delay");
		}
		assertTrue(console.startsWith("iosim regression fit --data " + fit.getFile("data.csv").getLocation()), console);
		assertTrue(console.contains("(exit status 0)"), console);
	}

	@Test
	void aCommandThatFailsEndsTheJobWithItsExitStatus() throws Exception {
		ILaunchConfigurationWorkingCopy command = DebugPlugin.getDefault().getLaunchManager()
				.getLaunchConfigurationType(CommandLaunch.TYPE_ID).newInstance(null, "nonsense");
		command.setAttribute(CommandLaunch.ARGUMENTS, "regression fit --technique nonsense");

		Job failed = launch(command);

		assertEquals(IStatus.ERROR, failed.getResult().getSeverity());
		assertTrue(failed.getResult().getMessage().contains("exit status 2"), failed.getResult()::getMessage);
	}

	/**
	 * Launches the configuration and waits for its command's job, which the launch schedules before it
	 * returns, to end: at most two minutes, as the job manager counts them.
	 */
	private static Job launch(ILaunchConfigurationWorkingCopy configuration) throws Exception {
		AtomicReference<Job> scheduled = new AtomicReference<>();
		JobChangeAdapter listener = new JobChangeAdapter() {
			@Override
			public void scheduled(IJobChangeEvent event) {
				if (event.getJob().belongsTo(CommandLaunch.JOB_FAMILY)) {
					scheduled.set(event.getJob());
				}
			}
		};
		Job.getJobManager().addJobChangeListener(listener);
		try {
			uiRun(() -> {
				try {
					configuration.doSave().launch(ILaunchManager.RUN_MODE, null);
				} catch (Exception cannotLaunch) {
					throw new IllegalStateException(cannotLaunch);
				}
			});
		} finally {
			Job.getJobManager().removeJobChangeListener(listener);
		}
		Job job = scheduled.get();
		assertTrue(job != null, "the launch scheduled the command's job");
		assertTrue(job.join(TimeUnit.MINUTES.toMillis(2), null), "the command's job ended within two minutes");
		return job;
	}

	/** What the console of that name shows; empty when there is none. */
	private static String consoleText(String name) {
		List<MessageConsole> consoles = Arrays.stream(ConsolePlugin.getDefault().getConsoleManager().getConsoles())
				.filter(shown -> shown.getName().equals(name)).map(MessageConsole.class::cast).toList();
		return consoles.isEmpty() ? "" : consoles.get(consoles.size() - 1).getDocument().get();
	}
}
