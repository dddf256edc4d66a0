package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.processEvents;
import static org.iosim.ui.testing.UiThread.ui;
import static org.iosim.ui.testing.UiThread.uiRun;
import static org.iosim.ui.tests.Workbench.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.views.properties.IPropertySheetPage;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.tabbed.TabbedPropertySheetPage;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.ui.IosimUi;
import org.iosim.ui.testing.UiThread;
import org.iosim.ui.internal.editor.ModelEditor;
import org.iosim.ui.internal.launch.LaunchAttributes;
import org.iosim.ui.internal.results.ResultsView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * IOSim in a real Eclipse workbench on a virtual display: the file server example is edited in the
 * model editor and the Properties view, validated into problem markers, simulated through its launch
 * configuration (one run cancelled, one completed) and shown in the results view, whose numbers are
 * those of the run's results.json.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class WorkbenchTest {

	/** The first read request's size distribution in examples/fileserver/fileserver.repository. */
	private static final String READ_SIZE = "IntPMF[(66437;0.3)(132874;0.4)(199311;0.3)]";
	private static final String CHANGED_READ_SIZE = "IntPMF[(65536;0.5)(131072;0.5)]";

	private static IProject project;

	@BeforeAll
	static void openExample() throws Exception {
		project = Workbench.exampleProject("fileserver", "fileserver");
		Workbench.showIosimPerspective();
	}

	@AfterEach
	void closeEditorsUnsaved() {
		uiRun(() -> page().closeAllEditors(false));
	}

	@Test
	@Order(1)
	void theIosimPerspectiveShowsModelsPropertiesProblemsAndResults() {
		assertEquals(IosimUi.PERSPECTIVE_ID, ui(() -> page().getPerspective().getId()));
		List<String> views = ui(() -> Arrays.stream(page().getViewReferences()).map(view -> view.getId()).toList());
		assertTrue(views.contains("org.eclipse.ui.navigator.ProjectExplorer"), views::toString);
		assertTrue(views.contains("org.eclipse.ui.views.PropertySheet"), views::toString);
		assertTrue(views.contains("org.eclipse.ui.views.ProblemView"), views::toString);
		assertTrue(views.contains(IosimUi.RESULTS_VIEW_ID), views::toString);
	}

	@Test
	@Order(2)
	void anIoRequestSizeEditedInThePropertiesIsUndoneRedoneAndSavedAsPcm() throws Exception {
		IFile repository = project.getFile("fileserver.repository");
		ModelEditor editor = (ModelEditor) ui(() -> IDE.openEditor(page(), repository, IosimUi.MODEL_EDITOR_ID));
		VariableCharacterisation size = characterisation(editor, READ_SIZE);
		uiRun(() -> editor.viewer().setSelection(new org.eclipse.jface.viewers.StructuredSelection(size), true));
		uiRun(() -> {
			try {
				page().showView("org.eclipse.ui.views.PropertySheet");
			} catch (Exception cannotShow) {
				throw new IllegalStateException(cannotShow);
			}
		});
		IPropertySource properties = propertySource(editor, size);
		Object specification = Arrays.stream(properties.getPropertyDescriptors())
				.filter(descriptor -> descriptor.getDisplayName().equals("Specification")).findFirst().orElseThrow().getId();
		assertEquals(READ_SIZE, ui(() -> properties.getPropertyValue(specification)));

		uiRun(() -> properties.setPropertyValue(specification, CHANGED_READ_SIZE));
		processEvents();
		assertEquals(CHANGED_READ_SIZE, size.getSpecification());
		assertTrue(ui(editor::isDirty));
		assertEquals(CHANGED_READ_SIZE, ui(() -> properties.getPropertyValue(specification)));
		Workbench.screenshot("model-editor");

		uiRun(() -> editor.editingDomain().getCommandStack().undo());
		assertEquals(READ_SIZE, size.getSpecification());
		assertFalse(ui(editor::isDirty));
		uiRun(() -> editor.editingDomain().getCommandStack().redo());
		assertEquals(CHANGED_READ_SIZE, size.getSpecification());

		uiRun(() -> editor.doSave(new org.eclipse.core.runtime.NullProgressMonitor()));
		assertFalse(ui(editor::isDirty));
		String saved = Files.readString(repository.getLocation().toPath());
		assertTrue(saved.contains(CHANGED_READ_SIZE), "the saved repository holds the new size");
		assertFalse(saved.contains(READ_SIZE), "the old size is gone from the file");
		ImportResult reread = new PalladioImporter().importPath(project.getLocation().toPath());
		assertFalse(reread.hasErrors(), () -> reread.errors().toString());
		assertEquals(1, reread.modelSets().size(), "the saved files are one model set");
		assertEquals(1, java.util.Collections.frequency(characterisations(reread.modelSets().get(0).model()), CHANGED_READ_SIZE));
	}

	@Test
	@Order(3)
	void theEditorsDiagramPagesDrawTheModelAndSaveTheirLayoutWithTheModel() throws Exception {
		IFile system = project.getFile("fileserver.system");
		ModelEditor editor = (ModelEditor) ui(() -> IDE.openEditor(page(), system, IosimUi.MODEL_EDITOR_ID));
		uiRun(() -> page().setPartState(page().getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED));
		var model = editor.model();
		for (String name : List.of(ModelEditor.REPOSITORY_PAGE, ModelEditor.SYSTEM_PAGE, ModelEditor.ALLOCATION_PAGE,
				ModelEditor.BEHAVIOUR_PAGE, ModelEditor.USAGE_PAGE)) {
			org.iosim.ui.diagram.DiagramViewer diagram = ui(() -> editor.showPage(name));
			assertNotNull(diagram, name);
			List<EObject> drawn = ui(() -> diagram.diagram().nodes().stream().map(node -> node.element()).toList());
			switch (name) {
			case ModelEditor.REPOSITORY_PAGE -> assertTrue(drawn.containsAll(model.getRepositories().get(0).getComponents()), name);
			case ModelEditor.SYSTEM_PAGE -> assertTrue(drawn.containsAll(model.getSystem().getAssemblyContexts()), name);
			case ModelEditor.ALLOCATION_PAGE -> assertTrue(drawn.containsAll(model.getResourceEnvironment().getContainers()), name);
			case ModelEditor.USAGE_PAGE -> assertTrue(drawn.containsAll(model.getUsageModel().getScenarios()), name);
			default -> assertTrue(drawn.stream().anyMatch(org.iosim.pcm.AbstractAction.class::isInstance), name);
			}
			Workbench.screenshot("editor-" + name.toLowerCase(java.util.Locale.ROOT));
		}
		// the palette beside the repository diagram adds a component through an undoable command
		org.iosim.ui.diagram.DiagramViewer repositoryDiagram = ui(() -> editor.showPage(ModelEditor.REPOSITORY_PAGE));
		uiRun(() -> repositoryDiagram.setSelection(org.eclipse.jface.viewers.StructuredSelection.EMPTY));
		var components = model.getRepositories().get(0).getComponents();
		int before = components.size();
		org.eclipse.swt.widgets.ToolItem newComponent = ui(() -> Arrays.stream(repositoryDiagram.getControl().getParent().getChildren())
				.filter(org.eclipse.swt.widgets.ToolBar.class::isInstance).map(org.eclipse.swt.widgets.ToolBar.class::cast)
				.flatMap(palette -> Arrays.stream(palette.getItems()))
				.filter(item -> item.getText().contains("Basic Component")).findFirst()
				.orElseThrow(() -> new AssertionError("no palette entry for a basic component beside the repository diagram")));
		uiRun(() -> newComponent.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event()));
		assertEquals(before + 1, components.size(), "the palette entry added a component");
		uiRun(() -> editor.editingDomain().getCommandStack().undo());
		assertEquals(before, components.size(), "undo removed it");
		// the Properties view follows the diagram: selecting the assembly there selects it for the workbench
		org.iosim.ui.diagram.DiagramViewer systemDiagram = ui(() -> editor.showPage(ModelEditor.SYSTEM_PAGE));
		EObject assembly = model.getSystem().getAssemblyContexts().get(0);
		uiRun(() -> systemDiagram.setSelection(new org.eclipse.jface.viewers.StructuredSelection(assembly)));
		assertEquals(assembly, ui(() -> ((IStructuredSelection) editor.getSite().getSelectionProvider().getSelection()).getFirstElement()));
		// a moved node makes the editor dirty and is kept beside the model when it is saved
		uiRun(() -> systemDiagram.move(assembly, 400, 300));
		assertTrue(ui(editor::isDirty));
		uiRun(() -> editor.doSave(new org.eclipse.core.runtime.NullProgressMonitor()));
		Path layout = org.iosim.ui.diagram.DiagramViewer.layoutFileOf(system.getLocation().toPath());
		assertTrue(Files.readString(layout).contains(((org.iosim.pcm.Identified) assembly).getId()), "the moved assembly's place is saved");
		uiRun(() -> page().setPartState(page().getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_RESTORED));
	}

	@Test
	@Order(4)
	void aSavedInvalidPopulationBecomesAProblemMarkerThatSelectsTheWorkload() throws Exception {
		IFile usage = project.getFile("fileserver.usagemodel");
		ModelEditor editor = (ModelEditor) ui(() -> IDE.openEditor(page(), usage, IosimUi.MODEL_EDITOR_ID));
		ClosedWorkload workload = Workbench.first(editor, ClosedWorkload.class);
		int population = workload.getPopulation();
		IPropertySource properties = propertySource(editor, workload);
		Object populationId = Arrays.stream(properties.getPropertyDescriptors())
				.filter(descriptor -> descriptor.getDisplayName().equals("Population")).findFirst().orElseThrow().getId();
		uiRun(() -> properties.setPropertyValue(populationId, 0));
		processEvents(); // the editor follows its command stack after the command, on the UI thread
		// validated at once: the element's findings know before saving; markers stand for the saved file
		assertTrue(editor.findingsOf(workload).stream().anyMatch(found -> found.message().contains("population must be at least 1")),
				"validated when changed");
		assertFalse(Arrays.stream(usage.findMarkers(IosimUi.PROBLEM_MARKER_ID, false, IResource.DEPTH_ZERO))
				.anyMatch(found -> found.getAttribute(IMarker.MESSAGE, "").contains("population must be at least 1")),
				"no marker before saving");
		uiRun(() -> editor.doSave(new org.eclipse.core.runtime.NullProgressMonitor()));
		IMarker[] markers = usage.findMarkers(IosimUi.PROBLEM_MARKER_ID, false, IResource.DEPTH_ZERO);
		IMarker marker = Arrays.stream(markers)
				.filter(found -> found.getAttribute(IMarker.MESSAGE, "").contains("population must be at least 1"))
				.findFirst().orElseThrow(() -> new AssertionError("no marker for the population: " + Arrays.toString(markers)));
		assertEquals(IMarker.SEVERITY_ERROR, marker.getAttribute(IMarker.SEVERITY, -1));
		assertEquals("value-range", marker.getAttribute(IosimUi.MARKER_RULE, null));
		assertTrue(marker.getAttribute(IMarker.MESSAGE, "").endsWith(" [value-range]"), marker.getAttribute(IMarker.MESSAGE, ""));
		uiRun(() -> IDE.gotoMarker(editor, marker));
		assertEquals(workload, ui(() -> ((IStructuredSelection) editor.viewer().getSelection()).getFirstElement()));
		// the Properties view's Problems tab lists the workload's problem
		assertTrue(editor.findingsOf(workload).stream().anyMatch(found -> found.message().contains("population must be at least 1")));
		uiRun(() -> {
			try {
				page().showView("org.eclipse.ui.views.PropertySheet");
			} catch (Exception cannotShow) {
				throw new IllegalStateException(cannotShow);
			}
			page().activate(editor);
			editor.viewer().setSelection(new org.eclipse.jface.viewers.StructuredSelection(workload), true);
		});
		processEvents();
		TabbedPropertySheetPage sheet = (TabbedPropertySheetPage) ui(() -> editor.getAdapter(IPropertySheetPage.class));
		uiRun(() -> sheet.setSelectedTab("org.iosim.ui.problemsTab"));
		processEvents();
		List<String> problems = ui(() -> UiThread.widgets(sheet.getControl()).stream()
				.filter(widget -> widget.getData(org.iosim.ui.internal.editor.ElementProblemsSection.TABLE_KEY) != null)
				.flatMap(widget -> Arrays.stream(((Table) widget).getItems()).map(item -> item.getText(1))).toList());
		assertTrue(problems.stream().anyMatch(problem -> problem.contains("population must be at least 1")), problems::toString);
		Workbench.screenshot("properties-problems");
		// the usage diagram marks the workload with an error
		org.iosim.ui.diagram.DiagramViewer usageDiagram = ui(() -> editor.showPage(ModelEditor.USAGE_PAGE));
		assertEquals(Boolean.TRUE, ui(() -> usageDiagram.problemMarkOf(workload)));
		Workbench.screenshot("diagram-problem");
		uiRun(() -> editor.showPage(ModelEditor.MODEL_PAGE));
		Workbench.screenshot("problems");

		uiRun(() -> properties.setPropertyValue(populationId, population));
		processEvents();
		assertEquals(null, ui(() -> usageDiagram.problemMarkOf(workload)), "the mark goes with the error, before saving");
		uiRun(() -> editor.doSave(new org.eclipse.core.runtime.NullProgressMonitor()));
		assertEquals(0, Arrays.stream(usage.findMarkers(IosimUi.PROBLEM_MARKER_ID, false, IResource.DEPTH_ZERO))
				.filter(IMarker::exists).filter(found -> found.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR)
				.count());
	}

	@Test
	@Order(5)
	void aCancelledRunStopsAndWritesNothing() throws Exception {
		ILaunchConfiguration configuration = configuration("fileserver-long", 1_000_000_000L, "/fileserver/results/cancelled");
		Job job = launch(configuration, started -> {
			// cancel once the simulation itself is running, not while the model loads
			while (started.getResult() == null) {
				if (started.getState() == Job.RUNNING) {
					sleep(1500);
					started.cancel();
					return;
				}
				sleep(50);
			}
		});
		assertEquals(IStatus.CANCEL, job.getResult().getSeverity(), job.getResult()::toString);
		assertFalse(Files.exists(project.getLocation().toPath().resolve("results/cancelled")), "nothing is written");
	}

	@Test
	@Order(6)
	void aCompletedRunOpensTheResultsViewWithTheNumbersOfItsResultsFile() throws Exception {
		ILaunchConfiguration configuration = configuration("fileserver", 3_000, "/fileserver/results/run");
		Job job = launch(configuration, started -> {
		});
		assertTrue(job.getResult().isOK(), job.getResult()::toString);
		Path folder = project.getLocation().toPath().resolve("results/run");
		assertTrue(Files.isRegularFile(folder.resolve("results.json")));
		processEvents();
		ResultsView view = (ResultsView) ui(() -> page().findView(IosimUi.RESULTS_VIEW_ID));
		assertNotNull(view, "the results view opened when the run ended");
		JsonNode results = new ObjectMapper().readTree(folder.resolve("results.json").toFile());
		JsonNode scenario = results.path("scenarios").get(0);
		List<String> row = ui(() -> cells(view.table(ResultsView.SCENARIOS), 0));
		assertEquals(scenario.path("name").asText(), row.get(0));
		assertClose(scenario.path("responseTime").path("mean").asDouble(), row.get(1));
		assertClose(scenario.path("responseTime").path("ci95").asDouble(), row.get(2));
		assertClose(scenario.path("responseTime").path("p95").asDouble(), row.get(5));
		assertClose(scenario.path("throughput").asDouble(), row.get(7));
		assertEquals(scenario.path("responseTime").path("count").asLong(), Long.parseLong(row.get(8)));
		JsonNode io = results.path("io").get(0);
		List<String> ioRow = ui(() -> cells(view.table(ResultsView.IO), 0));
		assertTrue(ioRow.get(0).startsWith(io.path("storage").asText()), ioRow::toString);
		assertClose(io.path("delay").path("mean").asDouble(), ioRow.get(1));
		JsonNode resource = results.path("resources").get(0);
		assertClose(resource.path("utilization").asDouble(), ui(() -> cells(view.table(ResultsView.RESOURCES), 0)).get(1));
		uiRun(() -> page().findViewReference(IosimUi.RESULTS_VIEW_ID).getPage().setPartState(
				page().findViewReference(IosimUi.RESULTS_VIEW_ID), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED));
		uiRun(() -> view.showTab(ResultsView.SCENARIOS));
		Workbench.screenshot("results-view");
		uiRun(() -> view.showTab(ResultsView.CHARTS));
		List<String> bars = ui(view::utilizationBars);
		assertEquals(results.path("resources").size(), bars.size());
		assertTrue(bars.contains(resource.path("container").asText() + " " + resource.path("type").asText() + "="
				+ resource.path("utilization").asDouble()), bars::toString);
		List<String> ioBars = ui(view::ioDelayBars);
		assertEquals(results.path("io").size(), ioBars.size(), ioBars::toString);
		assertTrue(ioBars.get(0).startsWith(io.path("storage").asText())
				&& ioBars.get(0).endsWith("=" + io.path("delay").path("mean").asDouble()), ioBars::toString);
		// the utilization over time: one line per resource the results followed, the busiest first
		List<JsonNode> followed = new ArrayList<>();
		results.path("resources").forEach(each -> {
			if (each.path("utilizationOverTime").size() > 0) {
				followed.add(each);
			}
		});
		followed.sort(Comparator.comparingDouble((JsonNode each) -> each.path("utilization").asDouble()).reversed());
		assertFalse(followed.isEmpty(), "the fileserver's resources are followed over time");
		assertEquals(followed.stream().limit(6).map(each -> each.path("container").asText() + " " + each.path("type").asText())
				.toList(), ui(view::utilizationOverTimeLines));
		List<String> percentTicks = ui(view::utilizationOverTimeTicks).get(1);
		assertEquals("100", percentTicks.get(percentTicks.size() - 1), "a utilization is read against 100 %");
		Workbench.screenshot("results-charts");

		// a second run on another seed, compared with the first
		ILaunchConfigurationWorkingCopy reseeded = configuration("fileserver-seed-8", 3_000, "/fileserver/results/seed-8")
				.getWorkingCopy();
		reseeded.setAttribute(LaunchAttributes.SEED, "8");
		assertTrue(launch(reseeded.doSave(), started -> {
		}).getResult().isOK());
		Path other = project.getLocation().toPath().resolve("results/seed-8");
		uiRun(() -> view.show(folder));
		uiRun(() -> view.compareWith(other));
		uiRun(() -> view.showTab(ResultsView.COMPARISON));
		JsonNode second = new ObjectMapper().readTree(other.resolve("results.json").toFile()).path("scenarios").get(0);
		List<String> comparison = ui(() -> cells(view.table(ResultsView.COMPARISON), 0));
		assertTrue(comparison.get(0).startsWith(scenario.path("name").asText() + ": mean response time"), comparison::toString);
		assertClose(second.path("responseTime").path("mean").asDouble(), comparison.get(1));
		double change = 100 * (second.path("responseTime").path("mean").asDouble() / scenario.path("responseTime").path("mean").asDouble() - 1);
		assertEquals(change, Double.parseDouble(comparison.get(2).replace("%", "").strip()), 0.051);
		Workbench.screenshot("results-comparison");
		uiRun(() -> page().setPartState(page().findViewReference(IosimUi.RESULTS_VIEW_ID), org.eclipse.ui.IWorkbenchPage.STATE_RESTORED));
	}

	@Test
	@Order(8)
	void theAnalysisModelsViewListsTheInstalledKindsAndAFoldersStoredModels() throws Exception {
		var view = (org.iosim.ui.internal.results.AnalysisModelsView) ui(() -> page().showView(IosimUi.ANALYSIS_MODELS_VIEW_ID));
		List<String> shown = ui(() -> Arrays.stream(view.kinds().getItems()).map(item -> item.getText(0)).toList());
		List<String> installed = org.iosim.analysis.AnalysisModelRegistry.standard().kinds().stream().map(kind -> kind.id()).toList();
		assertEquals(installed, shown);
		assertTrue(shown.containsAll(List.of("expression", "regression", "qpn")), shown::toString);
		org.eclipse.core.resources.IFolder stored = project.getFolder("stored-models");
		stored.create(true, true, null);
		stored.getFile("flat.json").create(new java.io.ByteArrayInputStream(
				"{\"name\": \"flat\", \"kind\": \"expression\", \"parameters\": {\"delay\": \"0.002\"}}".getBytes()), true, null);
		uiRun(() -> view.listStored(stored.getFullPath().toString()));
		List<String> models = ui(() -> Arrays.stream(view.stored().getItems()).map(item -> item.getText(0) + ":" + item.getText(1)).toList());
		List<String> expected = org.iosim.analysis.AnalysisModelRegistry.loadStored(stored.getLocation().toPath()).stream()
				.map(definition -> definition.name() + ":" + definition.kind()).toList();
		assertEquals(List.of("flat:expression"), expected);
		assertEquals(expected, models);
	}

	@Test
	@Order(7)
	void theLaunchDialogShowsTheSettingsAndSaysWhatIsWrongBeforeARun() throws Exception {
		ILaunchConfiguration configuration = configuration("fileserver-dialog", 5_000, "");
		org.eclipse.swt.widgets.Shell dialog = Workbench.openLaunchDialog(configuration, LaunchAttributes.SEED);
		assertNotNull(dialog, "the launch dialog opened with the simulation tab");
		org.eclipse.swt.widgets.Shell shown = dialog;
		try {
			assertEquals("/fileserver", ui(() -> Workbench.launchField(shown, LaunchAttributes.MODEL).getText()));
			assertEquals("/fileserver/fileserver.ioconfig", ui(() -> Workbench.launchField(shown, LaunchAttributes.IO_CONFIGURATION).getText()));
			assertEquals("7", ui(() -> Workbench.launchField(shown, LaunchAttributes.SEED).getText()));
			assertEquals("5000", ui(() -> Workbench.launchField(shown, LaunchAttributes.MAX_MEASUREMENTS).getText()));
			Workbench.screenshot("launch-dialog", () -> shown);

			uiRun(() -> Workbench.launchField(shown, LaunchAttributes.SEED).setText("seven"));
			processEvents();
			assertTrue(ui(() -> Workbench.texts(shown)).stream().anyMatch(text -> text.contains("the seed 'seven' is not a whole number")),
					() -> ui(() -> Workbench.texts(shown)).toString());
		} finally {
			Workbench.disposeLaunchDialog(shown);
		}
	}

	private static void assertClose(double expected, String cell) {
		double shown = Double.parseDouble(cell);
		assertEquals(expected, shown, Math.abs(expected) * 1e-5, () -> "cell " + cell + " for " + expected);
	}

	private static List<String> cells(Table table, int row) {
		TableItem item = table.getItem(row);
		return java.util.stream.IntStream.range(0, table.getColumnCount()).mapToObj(item::getText).toList();
	}

	private static ILaunchConfiguration configuration(String name, long maxMeasurements, String outputFolder)
			throws Exception {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(IosimUi.LAUNCH_TYPE_ID).newInstance(null, name);
		copy.setAttribute(LaunchAttributes.MODEL, "/fileserver");
		copy.setAttribute(LaunchAttributes.IO_CONFIGURATION, "/fileserver/fileserver.ioconfig");
		copy.setAttribute(LaunchAttributes.SEED, "7");
		copy.setAttribute(LaunchAttributes.MAX_MEASUREMENTS, Long.toString(maxMeasurements));
		copy.setAttribute(LaunchAttributes.STOP_TIME, "");
		copy.setAttribute(LaunchAttributes.REPLICATIONS, 1);
		copy.setAttribute(LaunchAttributes.OUTPUT_FOLDER, outputFolder);
		return copy.doSave();
	}

	/** Launches and waits for the simulation job to end; {@code whileRunning} sees the job once it is scheduled. */
	private static Job launch(ILaunchConfiguration configuration, java.util.function.Consumer<Job> whileRunning)
			throws Exception {
		Job job = Workbench.jobScheduledBy(IosimUi.SIMULATION_JOB_FAMILY, () -> uiRun(() -> {
			try {
				configuration.launch(ILaunchManager.RUN_MODE, null);
			} catch (Exception cannotLaunch) {
				throw new IllegalStateException(cannotLaunch);
			}
		}));
		whileRunning.accept(job);
		while (job.getResult() == null) {
			processEvents();
			sleep(100);
		}
		return job;
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(interrupted);
		}
	}

	private static VariableCharacterisation characterisation(ModelEditor editor, String specification) {
		for (var contents = editor.model().eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof VariableCharacterisation found && specification.equals(found.getSpecification())) {
				return found;
			}
		}
		throw new AssertionError("no variable characterisation " + specification + " in the example");
	}

	private static List<String> characterisations(EObject model) {
		List<String> found = new ArrayList<>();
		model.eAllContents().forEachRemaining(element -> {
			if (element instanceof VariableCharacterisation characterisation) {
				found.add(characterisation.getSpecification());
			}
		});
		return found;
	}

	/** The Properties view's source for the element, as the editor provides it to its property sheet page. */
	private static IPropertySource propertySource(ModelEditor editor, Object element) {
		assertTrue(ui(() -> editor.getAdapter(IPropertySheetPage.class)) instanceof TabbedPropertySheetPage);
		return ui(() -> editor.propertySource(element));
	}
}
