package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PCM subsystems, flattened into the system as SimuCom simulates them. The repository has a Worker
 * (demand 10), a Front (demand 5, then a call of the next IWork), the subsystem Pair (a Front calling
 * a Worker), the subsystem Outer (one Pair inside), the subsystem Gateway (a Front whose next call
 * leaves the subsystem through its required role) and the subsystem Twin (two Fronts, each behind a
 * provided role of its own, whose next calls both leave through the one required role). Both servers' CPUs are delay resources, Fast at
 * rate 1000 and Slow at rate 500, so a run takes exactly the sum of its demands over the rates of the
 * servers they run on.
 */
class SubsystemTest {

	private static final Path FOLDER = TestModels.RESOURCES.resolve("subsystems");

	private static Map<String, ModelSet> modelSets;

	@TempDir
	Path folder;

	@BeforeAll
	static void importAll() {
		ImportResult imported = new PalladioImporter().importPath(FOLDER);
		assertEquals(List.of(), imported.diagnostics(), () -> describe(imported.diagnostics()));
		modelSets = imported.modelSets().stream()
				.collect(Collectors.toMap(ModelSet::name, Function.identity(), (a, b) -> a, TreeMap::new));
		assertEquals(List.of("gateway", "nested-inner", "nested-pair", "nested-whole", "twice", "twin"),
				List.copyOf(modelSets.keySet()));
		for (ModelSet modelSet : modelSets.values()) {
			List<Diagnostic> problems = TestModels.validate(modelSet.model());
			assertEquals(List.of(), problems, () -> modelSet.name() + describe(problems));
		}
	}

	@Test
	void subsystemInstantiatedTwiceGivesEachInstanceItsComponentsAndItsServer() throws Exception {
		ModelSet twice = modelSets.get("twice");

		assertEquals(List.of("A/front", "A/worker", "B/front", "B/worker"), contextNames(twice));
		assertEquals(List.of("A/front -> A/worker", "B/front -> B/worker"), assemblyConnectors(twice));
		assertEquals(Map.of("A/front", "Fast", "A/worker", "Fast", "B/front", "Slow", "B/worker", "Slow"),
				placements(twice));
		// A on Fast: (5 + 10) / 1000 = 0.015; then B on Slow: (5 + 10) / 500 = 0.03
		Simulations.assertMeanResponseTime(0.015 + 0.03, twice);
	}

	@Test
	void nestedSubsystemsAllocatedAsAWholeRunEveryComponentOnThatServer() throws Exception {
		ModelSet nested = modelSets.get("nested-whole");

		assertEquals(List.of("N/pair/front", "N/pair/worker"), contextNames(nested));
		ProvidedDelegationConnector entry = (ProvidedDelegationConnector) nested.model().getSystem().getConnectors()
				.stream().filter(ProvidedDelegationConnector.class::isInstance).findFirst().orElseThrow();
		assertEquals("N/pair/front", entry.getInnerContext().getName(), "the system's role leads through Outer and Pair");
		assertEquals(Map.of("N/pair/front", "Slow", "N/pair/worker", "Slow"), placements(nested));
		// both components on Slow: (5 + 10) / 500
		Simulations.assertMeanResponseTime(15 / 500.0, nested);
	}

	@Test
	void innerSubsystemAllocatedAsAWholeRunsItsComponentsOnThatServer() throws Exception {
		ModelSet nested = modelSets.get("nested-pair");

		assertEquals(Map.of("N/pair/front", "Fast", "N/pair/worker", "Fast"), placements(nested));
		// the Pair inside Outer allocated on Fast: (5 + 10) / 1000
		Simulations.assertMeanResponseTime(15 / 1000.0, nested);
	}

	@Test
	void componentsInsideNestedSubsystemsAllocatedOneByOne() throws Exception {
		ModelSet nested = modelSets.get("nested-inner");

		assertEquals(Map.of("N/pair/front", "Fast", "N/pair/worker", "Slow"), placements(nested));
		// the front on Fast: 5 / 1000 = 0.005; the worker on Slow: 10 / 500 = 0.02
		Simulations.assertMeanResponseTime(0.005 + 0.02, nested);
	}

	@Test
	void callLeavingASubsystemThroughItsRequiredRoleReachesTheSystemsComponent() throws Exception {
		ModelSet gateway = modelSets.get("gateway");

		assertEquals(List.of("G/front", "W"), contextNames(gateway));
		assertEquals(List.of("G/front -> W"), assemblyConnectors(gateway));
		// the gateway's front on Slow: 5 / 500 = 0.01; the worker W on Fast: 10 / 1000 = 0.01
		Simulations.assertMeanResponseTime(0.01 + 0.01, gateway);
	}

	@Test
	void requiredRoleSeveralComponentsInsideDelegateToIsConnectedForEach() throws Exception {
		ModelSet twin = modelSets.get("twin");

		assertEquals(List.of("T/one", "T/two", "W"), contextNames(twin));
		assertEquals(List.of("T/one -> W", "T/two -> W"), assemblyConnectors(twin));
		// each call: a front on Fast, 5 / 1000 = 0.005, then the worker W on Slow, 10 / 500 = 0.02
		Simulations.assertMeanResponseTime(2 * (0.005 + 0.02), twin);
	}

	@Test
	void aDelegationToASubsystemWithoutItsInnerRoleIsReportedNotAnInternalError() throws IOException {
		TestModels.copy(FOLDER, folder);
		Path system = folder.resolve("gateway.system");
		String text = Files.readString(system);
		String innerRole = "<innerProvidedRole_ProvidedDelegationConnector href=\"subsystems.repository#gateway.work\"/>";
		assertTrue(text.contains(innerRole), "the test model delegates to the subsystem's role");
		Files.writeString(system, text.replace(innerRole, ""));

		ImportResult imported = new PalladioImporter().importPath(folder);

		List<String> messages = imported.diagnostics().stream().map(Diagnostic::message).toList();
		assertTrue(messages.stream().noneMatch(message -> message.contains("internal error")), messages::toString);
		ModelSet gateway = imported.modelSets().stream().filter(set -> set.name().equals("gateway")).findFirst()
				.orElseThrow();
		List<Diagnostic> validation = TestModels.validate(gateway.model());
		assertTrue(validation.stream().anyMatch(problem -> problem.isError() && problem.message().contains("innerRole")),
				() -> describe(validation));
	}

	@Test
	void componentInsideASubsystemUsedTwiceCannotBeAllocatedOnItsOwn() throws IOException {
		TestModels.copy(FOLDER, folder);
		Path allocation = folder.resolve("twice.allocation");
		Files.writeString(allocation, Files.readString(allocation).replace("twice.system#twice.b",
				"subsystems.repository#pair.worker"));

		ImportResult imported = new PalladioImporter().importPath(folder);

		ModelSet twice = imported.modelSets().stream().filter(set -> set.name().equals("twice")).findFirst()
				.orElseThrow();
		assertEquals(List.of(allocation + ": line 9: b.on.slow (AllocationContext 'b.on.slow',"
				+ " b.on.slow): it allocates assembly context AssemblyContext 'worker' (pair.worker) inside subsystem"
				+ " 'Pair' (pair), which the system uses 2 times (A/worker, B/worker); an"
				+ " allocation context cannot tell them apart, so allocate the system's assembly contexts of the"
				+ " subsystem instead"), imported.errorsIn(twice).stream().map(Diagnostic::format).toList());
		// B's front is allocated nowhere; that the workers are not is only the consequence of the error above
		List<Diagnostic> validation = TestModels.validate(twice.model());
		assertEquals(List.of("B/front"), validation.stream().map(Diagnostic::elementName).toList(),
				() -> describe(validation));
	}

	@Test
	void placementsThatAgreeAreOneAndPlacementsInsideUnusedSubsystemsAreIgnored() throws Exception {
		TestModels.copy(FOLDER, folder);
		Path allocation = folder.resolve("nested-whole.allocation");
		Files.writeString(allocation, Files.readString(allocation).replace("</allocation:Allocation>", """
				  <allocationContexts_Allocation id="worker.on.slow" entityName="worker.on.slow">
				    <resourceContainer_AllocationContext href="subsystems.resourceenvironment#slow"/>
				    <assemblyContext_AllocationContext href="subsystems.repository#pair.worker"/>
				  </allocationContexts_Allocation>
				  <allocationContexts_Allocation id="gateway.front.on.fast" entityName="gateway.front.on.fast">
				    <resourceContainer_AllocationContext href="subsystems.resourceenvironment#fast"/>
				    <assemblyContext_AllocationContext href="subsystems.repository#gateway.front"/>
				  </allocationContexts_Allocation>
				</allocation:Allocation>"""));

		ImportResult imported = new PalladioImporter().importPath(folder);

		ModelSet nested = imported.modelSets().stream().filter(set -> set.name().equals("nested-whole")).findFirst()
				.orElseThrow();
		assertEquals(List.of(), imported.errorsIn(nested), () -> describe(imported.diagnostics()));
		assertEquals(List.of(allocation + ": line 13: gateway.front.on.fast (AllocationContext 'gateway.front.on.fast',"
				+ " gateway.front.on.fast): it allocates assembly context AssemblyContext 'front' (gateway.front) inside"
				+ " subsystem 'Gateway' (gateway), which the allocation's system does not use; it is ignored"),
				imported.diagnostics().stream().filter(diagnostic -> allocation.toString().equals(diagnostic.file()))
						.map(Diagnostic::format).toList());
		assertEquals(List.of(), TestModels.validate(nested.model()), () -> describe(TestModels.validate(nested.model())));
		assertEquals(Map.of("N/pair/front", "Slow", "N/pair/worker", "Slow"), placements(nested));
		// as allocated whole: (5 + 10) / 500
		Simulations.assertMeanResponseTime(15 / 500.0, nested);
	}

	@Test
	void flattenedModelsSurviveSavingAndLoading() throws Exception {
		// the ids of flattened contexts and of a connector's copies join ids with '/'
		for (Map.Entry<String, Double> derived : Map.of("twice", 0.015 + 0.03, "twin", 2 * (0.005 + 0.02))
				.entrySet()) {
			Path saved = folder.resolve(derived.getKey() + ".iosim");
			ArchitectureFiles.save(modelSets.get(derived.getKey()).model(), saved);

			ImportResult loaded = new PalladioImporter().importPath(saved);

			assertFalse(loaded.hasErrors(), () -> describe(loaded.diagnostics()));
			Simulations.assertMeanResponseTime(derived.getValue(), loaded.modelSets().get(0));
		}
	}

	private static List<String> contextNames(ModelSet modelSet) {
		return modelSet.model().getSystem().getAssemblyContexts().stream().map(AssemblyContext::getName).toList();
	}

	private static List<String> assemblyConnectors(ModelSet modelSet) {
		return modelSet.model().getSystem().getConnectors().stream().filter(AssemblyConnector.class::isInstance)
				.map(AssemblyConnector.class::cast)
				.map(connector -> connector.getRequiringContext().getName() + " -> "
						+ connector.getProvidingContext().getName())
				.sorted().toList();
	}

	private static Map<String, String> placements(ModelSet modelSet) {
		return modelSet.model().getAllocation().getContexts().stream().collect(Collectors.toMap(
				placement -> placement.getAssemblyContext().getName(), AllocationContext::getContainer)).entrySet()
				.stream().collect(Collectors.toMap(Map.Entry::getKey, entry -> entry.getValue().getName()));
	}
}
