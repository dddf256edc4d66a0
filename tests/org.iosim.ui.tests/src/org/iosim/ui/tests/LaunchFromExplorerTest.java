package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.processEvents;
import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.ide.IDE;
import org.iosim.cli.Main;
import org.iosim.ui.IosimUi;
import org.iosim.ui.internal.launch.LaunchAttributes;
import org.iosim.ui.internal.launch.SimulationJob;
import org.iosim.ui.internal.launch.SimulationShortcut;
import org.iosim.ui.internal.results.ResultsView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * "Run As → IOSim Simulation" where the model is, in a real Project Explorer: offered in the context
 * menu of a model folder, a model file and an .ioconfig (not of a folder without a model), run from
 * there, and giving the command line's result for the same selection; the folder simulates the model
 * as it is, the .ioconfig applies itself, and a second Run As reuses the launch configuration the
 * first one made, from the explorer and from an open editor.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LaunchFromExplorerTest {

	private static final String RUN_AS_SIMULATION = "IOSim Simulation";

	private static IProject project;
	private static IFolder shop;

	@TempDir
	static Path commandLineResults;

	@BeforeAll
	static void shopInAFolder() throws Exception {
		project = Workbench.freshProject("launch-from-explorer");
		shop = project.getFolder("shop");
		shop.create(true, true, null);
		try (Stream<Path> files = Files.list(Workbench.repositoryRoot().resolve("examples/minimal"))) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				try (InputStream content = Files.newInputStream(file)) {
					shop.getFile(file.getFileName().toString()).create(content, true, null);
				}
			}
		}
		Workbench.showIosimPerspective();
	}

	@AfterEach
	void closeEditors() {
		uiRun(() -> page().closeAllEditors(false));
	}

	@Test
	@Order(1)
	void runAsOffersASimulationOnAModelFolderAModelFileAndAnIoconfigOnly() {
		assertTrue(Workbench.runAsItems(shop).contains(RUN_AS_SIMULATION), () -> "folder: " + Workbench.runAsItems(shop));
		IFile allocation = shop.getFile("shop.allocation");
		assertTrue(Workbench.runAsItems(allocation).contains(RUN_AS_SIMULATION), () -> "model file: " + Workbench.runAsItems(allocation));
		IFile config = shop.getFile("shop-virtualized.ioconfig");
		assertTrue(Workbench.runAsItems(config).contains(RUN_AS_SIMULATION), () -> ".ioconfig: " + Workbench.runAsItems(config));
		// the project holds the model only in a subfolder, and a README is no model
		assertFalse(Workbench.runAsItems(project).contains(RUN_AS_SIMULATION), () -> "project: " + Workbench.runAsItems(project));
		IFile readme = shop.getFile("README.md");
		assertFalse(Workbench.runAsItems(readme).contains(RUN_AS_SIMULATION), () -> "README: " + Workbench.runAsItems(readme));
	}

	@Test
	@Order(2)
	void aFolderRunFromTheExplorerSimulatesTheModelAsItIsAsTheCommandLineDoes() throws Exception {
		RunOutcomeFiles run = runFromExplorer(shop);
		assertTrue(run.results().get("ioConfiguration").isNull(), run.results()::toString);
		assertEquals("shop-virtualized.ioconfig", run.results().path("ioConfigurationsNotApplied").get(0).asText());
		assertEquals(mean(commandLine("folder", shop.getLocation().toString())), mean(run.results()), 0.0,
				"the command line gives the same mean for the same folder");

		ResultsView view = (ResultsView) ui(() -> page().findView(IosimUi.RESULTS_VIEW_ID));
		assertNotNull(view, "the results view opened when the run ended");
		uiRun(() -> view.show(run.folder()));
		String shown = ui(() -> summary(view, "I/O configuration"));
		assertTrue(shown.startsWith("none: the model as it is (not applied: shop-virtualized.ioconfig)"), shown);
	}

	@Test
	@Order(3)
	void anIoconfigRunFromTheExplorerAppliesItselfAsTheCommandLineDoes() throws Exception {
		IFile config = shop.getFile("shop-virtualized.ioconfig");
		RunOutcomeFiles run = runFromExplorer(config);
		assertEquals("shop-virtualized.ioconfig", run.results().path("ioConfiguration").asText());
		double mean = mean(run.results());
		assertEquals(mean(commandLine("ioconfig", config.getLocation().toString())), mean, 0.0,
				"the command line gives the same mean for the same .ioconfig");
		assertEquals(mean(commandLine("io-option", shop.getLocation().toString(), "--io", config.getLocation().toString())),
				mean, 0.0, "and so does --io on the folder");
		assertNotEquals(mean(commandLine("as-it-is", shop.getLocation().toString())), mean,
				"the SAN's delays replace the disk's");
		ResultsView view = (ResultsView) ui(() -> page().findView(IosimUi.RESULTS_VIEW_ID));
		uiRun(() -> view.show(run.folder()));
		assertEquals("shop-virtualized.ioconfig", ui(() -> summary(view, "I/O configuration")));
	}

	@Test
	@Order(4)
	void aSecondRunAsReusesTheLaunchConfigurationFromTheExplorerAndFromAnOpenEditor() throws Exception {
		List<ILaunchConfiguration> before = configurationsOf("/launch-from-explorer/shop", "");
		assertEquals(1, before.size(), before::toString);
		runFromExplorer(shop.getFile("shop.usagemodel")); // a Palladio file stands for its folder's model set
		assertEquals(before, configurationsOf("/launch-from-explorer/shop", ""));

		List<ILaunchConfiguration> ofConfig = configurationsOf("/launch-from-explorer/shop",
				"/launch-from-explorer/shop/shop-virtualized.ioconfig");
		assertEquals(1, ofConfig.size(), ofConfig::toString);
		IEditorPart configEditor = ui(() -> IDE.openEditor(page(), shop.getFile("shop-virtualized.ioconfig"),
				IosimUi.IO_CONFIGURATION_EDITOR_ID));
		assertEquals(ofConfig, List.of(ui(() -> new SimulationShortcut().getLaunchConfigurations(configEditor))));
		IEditorPart modelEditor = ui(() -> IDE.openEditor(page(), shop.getFile("shop.allocation"), IosimUi.MODEL_EDITOR_ID));
		assertEquals(before, List.of(ui(() -> new SimulationShortcut().getLaunchConfigurations(modelEditor))));
		assertEquals(shop.getFile("shop.allocation"), ui(() -> new SimulationShortcut().getLaunchableResource(modelEditor)));
	}

	/** The run's output folder and its results.json. */
	private record RunOutcomeFiles(Path folder, JsonNode results) {
	}

	/** Selects the resource in the Project Explorer, picks Run As → IOSim Simulation and waits for the run. */
	private static RunOutcomeFiles runFromExplorer(IResource resource) throws Exception {
		SimulationJob job = (SimulationJob) Workbench.jobScheduledBy(IosimUi.SIMULATION_JOB_FAMILY,
				() -> Workbench.runAs(resource, RUN_AS_SIMULATION));
		while (job.getResult() == null) {
			processEvents();
			Thread.sleep(100);
		}
		assertTrue(job.getResult().isOK(), job.getResult()::toString);
		Path folder = job.outcome().outputFolder();
		// output folders are named by the second a run started: the next run gets a folder of its own
		Thread.sleep(1100);
		return new RunOutcomeFiles(folder, new ObjectMapper().readTree(folder.resolve("results.json").toFile()));
	}

	private static List<ILaunchConfiguration> configurationsOf(String model, String ioConfiguration) throws Exception {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		return Arrays.stream(manager.getLaunchConfigurations(manager.getLaunchConfigurationType(IosimUi.LAUNCH_TYPE_ID)))
				.filter(configuration -> {
					try {
						return model.equals(configuration.getAttribute(LaunchAttributes.MODEL, ""))
								&& ioConfiguration.equals(configuration.getAttribute(LaunchAttributes.IO_CONFIGURATION, ""));
					} catch (Exception unreadable) {
						throw new IllegalStateException(unreadable);
					}
				}).toList();
	}

	/** Results of {@code iosim simulate} with the same defaults a new launch configuration has. */
	private static JsonNode commandLine(String name, String... arguments) throws Exception {
		Path out = commandLineResults.resolve(name);
		String[] args = Stream.concat(Stream.of("simulate"),
				Stream.concat(Arrays.stream(arguments), Stream.of("--quiet", "--out", out.toString()))).toArray(String[]::new);
		StringWriter err = new StringWriter();
		int status = Main.run(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
		assertEquals(0, status, err::toString);
		return new ObjectMapper().readTree(out.resolve("results.json").toFile());
	}

	private static double mean(JsonNode results) {
		return results.path("scenarios").get(0).path("responseTime").path("mean").asDouble();
	}

	/** The value beside a name in the results view's summary. */
	private static String summary(ResultsView view, String name) {
		Table table = view.table(ResultsView.SUMMARY);
		return Arrays.stream(table.getItems()).filter(item -> item.getText(0).equals(name)).map(item -> item.getText(1))
				.findFirst().orElseThrow(() -> new AssertionError("no " + name + " in the summary: "
						+ Arrays.stream(table.getItems()).map(TableItem::getText).toList()));
	}
}
